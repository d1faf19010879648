/**
 * What "dbkit: Compare with…" decides by itself, without VS Code: whether the Git HEAD version can be offered and
 * why not, the names the plan prints, the one-line messages of a failed read and of a finished plan.
 */
import type { PlanResult } from '@dbkit/language-server/server';

/** What the client found out about the file and git, in the order it asks. */
export type GitFacts =
  | { readonly kind: 'no-git-extension'; readonly web: boolean }
  | { readonly kind: 'git-disabled' }
  | { readonly kind: 'no-answer'; readonly seconds: number }
  | { readonly kind: 'not-on-disk'; readonly scheme: string }
  | { readonly kind: 'no-repository' }
  | { readonly kind: 'no-commit' }
  | { readonly kind: 'untracked' }
  | { readonly kind: 'added' }
  | { readonly kind: 'tracked'; readonly relativePath: string };

export type HeadAvailability =
  | { readonly available: true; readonly name: string }
  | { readonly available: false; readonly reason: string; readonly hint: string };

const OR_A_FILE = 'or choose “A file…” to compare with a file instead.';

/**
 * Whether the Git HEAD version can be compared with, and if not, why (shown on the quick pick item) and what to do.
 *
 * @example
 * headAvailability({ kind: 'tracked', relativePath: 'deploy/a.automation.json' }); // name 'HEAD:deploy/a.automation.json'
 */
export function headAvailability(facts: GitFacts): HeadAvailability {
  const no = (reason: string, todo: string): HeadAvailability => ({
    available: false,
    reason,
    hint: `${todo}, ${OR_A_FILE}`,
  });
  switch (facts.kind) {
    case 'tracked':
      return { available: true, name: `HEAD:${facts.relativePath}` };
    case 'no-git-extension':
      return facts.web
        ? { available: false, reason: 'Git is not available in VS Code for the Web', hint: `Choose “A file…” instead.` }
        : no('the built-in Git extension (vscode.git) is disabled or missing', 'Enable the Git extension');
    case 'git-disabled':
      return no('Git is turned off (setting git.enabled)', 'Turn on git.enabled');
    case 'no-answer':
      return no(
        `the Git extension did not answer within ${facts.seconds} seconds`,
        'Run the command again in a moment',
      );
    case 'not-on-disk':
      return no(
        `the file is not on disk (${facts.scheme}:), so git has no version of it`,
        'Save it in a git repository',
      );
    case 'no-repository':
      return no(
        'the file is not in a git repository',
        'Open the folder of its repository (or run git init and commit the file)',
      );
    case 'no-commit':
      return no('the repository has no commit yet, so HEAD has no version of the file', 'Commit the file first');
    case 'untracked':
      return no('the file is not tracked by git (untracked), so HEAD has no version of it', 'Commit the file first');
    case 'added':
      return no('the file is added but not committed, so HEAD has no version of it', 'Commit the file first');
    default:
      return facts satisfies never;
  }
}

/** `deploy/a.json` for `/repo/deploy/a.json` in `/repo`; undefined when the file is not inside the root. */
export function relativePath(rootPath: string, filePath: string): string | undefined {
  const root = rootPath.endsWith('/') ? rootPath : `${rootPath}/`;
  return filePath.startsWith(root) ? filePath.slice(root.length) : undefined;
}

/** A file system error's code (VS Code's `FileSystemError.code`, or Node's) in a few words. */
export function readFailure(code: string | undefined, message: string): string {
  switch (code) {
    case 'FileNotFound':
    case 'ENOENT':
      return 'no such file';
    case 'FileIsADirectory':
    case 'EISDIR':
      return 'a folder, not a file';
    case 'NoPermissions':
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    default:
      return message.split('\n')[0] ?? message;
  }
}

/** One sentence for a revision that cannot be read: what, why, what to do. */
export function unreadableMessage(name: string, why: string): string {
  return `dbkit: cannot read ${name} (${why}). Choose a readable automation config and compare again.`;
}

/** The counts the server's plan answers with (core's `PlanCounts`); the notification leaves the infos out. */
type Counts = Omit<Extract<PlanResult, { readonly ok: true }>['counts'], 'infos'>;

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** The notification after a plan: `dbkit plan: HEAD:a.json → a.json: 2 to add, …; 1 error, 0 warnings.` */
export function planSummary(from: string, to: string, counts: Counts): string {
  const actions = counts.action > 0 ? `, ${plural(counts.action, 'action')}` : '';
  return `dbkit plan: ${from} → ${to}: ${counts.add} to add, ${counts.change} to change, ${counts.remove} to remove${actions}; ${plural(counts.errors, 'error')}, ${plural(counts.warnings, 'warning')}.`;
}

/** The plan document's path for a source document's path: one plan per source, refreshed by every run. */
export function planPath(sourcePath: string): string {
  return `${sourcePath}.plan`;
}
