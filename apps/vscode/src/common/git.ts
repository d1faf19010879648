/**
 * The Git HEAD version of a file through VS Code's built-in Git extension (`vscode.git`, API version 1): only the
 * few members "Compare with…" uses are declared here. No git process of our own: where the Git extension does not
 * run (VS Code for the Web), HEAD is not offered and the quick pick says why.
 */
import * as vscode from 'vscode';
import { type GitFacts, relativePath } from '../lib/compare.js';

// The subset of the Git extension's API (extensions/git/src/api/git.d.ts) used here.
interface GitChange {
  readonly uri: vscode.Uri;
  readonly status: number;
}
interface GitRepository {
  readonly rootUri: vscode.Uri;
  readonly state: {
    readonly HEAD: { readonly commit?: string } | undefined;
    readonly indexChanges: readonly GitChange[];
    readonly workingTreeChanges: readonly GitChange[];
    readonly untrackedChanges?: readonly GitChange[];
  };
  show(ref: string, path: string): Promise<string>;
  status(): Promise<void>;
}
interface GitApi {
  readonly state: 'uninitialized' | 'initialized';
  readonly onDidChangeState: vscode.Event<'uninitialized' | 'initialized'>;
  getRepository(uri: vscode.Uri): GitRepository | null;
  openRepository?(root: vscode.Uri): Promise<GitRepository | null>;
}
interface GitExtension {
  readonly enabled: boolean;
  getAPI(version: 1): GitApi;
}

/** The Git extension's status codes this file reads (`Status` in git.d.ts). */
const Status = { INDEX_ADDED: 1, UNTRACKED: 7 } as const;

/** How long to wait for the Git extension to find its repositories (it scans the workspace when it starts). */
const GIT_READY_MS = 10_000;
/** How long the whole question may take (activation, the scan, `git status`) before the pick says so. */
const GIT_ANSWER_MS = 20_000;

async function gitApi(): Promise<GitApi | 'missing' | 'disabled'> {
  const extension = vscode.extensions.getExtension<GitExtension>('vscode.git');
  if (extension === undefined) return 'missing';
  const exports = extension.isActive ? extension.exports : await extension.activate();
  if (!exports.enabled) return 'disabled';
  const api = exports.getAPI(1);
  if (api.state === 'initialized') return api;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, GIT_READY_MS);
    const listener = api.onDidChangeState((state) => {
      if (state === 'initialized') done();
    });
    function done(): void {
      clearTimeout(timer);
      listener.dispose();
      resolve();
    }
  });
  return api;
}

const same = (a: vscode.Uri, b: vscode.Uri): boolean => a.toString() === b.toString();

/** What git knows of a file, and the repository to read HEAD from. */
export interface GitLookup {
  readonly facts: GitFacts;
  readonly repository?: GitRepository;
}

/** What git knows of `uri`, and the repository to read HEAD from when it is tracked. Never rejects. */
export async function gitFacts(uri: vscode.Uri): Promise<GitLookup> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<GitLookup>((resolve) => {
    timer = setTimeout(() => resolve({ facts: { kind: 'no-answer', seconds: GIT_ANSWER_MS / 1000 } }), GIT_ANSWER_MS);
  });
  try {
    return await Promise.race([lookUp(uri), late]);
  } catch {
    return { facts: { kind: 'no-git-extension', web: isWebHost() } };
  } finally {
    clearTimeout(timer);
  }
}

/** The web worker extension host (VS Code for the Web) has no Node `process`. */
function isWebHost(): boolean {
  return vscode.env.uiKind === vscode.UIKind.Web && typeof process === 'undefined';
}

async function lookUp(uri: vscode.Uri): Promise<GitLookup> {
  const api = await gitApi().catch(() => 'missing' as const);
  if (api === 'missing') return { facts: { kind: 'no-git-extension', web: isWebHost() } };
  if (api === 'disabled') return { facts: { kind: 'git-disabled' } };
  if (uri.scheme !== 'file') return { facts: { kind: 'not-on-disk', scheme: uri.scheme } };
  let repository = api.getRepository(uri);
  if (repository === null && api.openRepository !== undefined) {
    // A repository the Git extension has not opened (a folder outside the workspace): ask it to.
    const folder = vscode.workspace.getWorkspaceFolder(uri)?.uri ?? vscode.Uri.joinPath(uri, '..');
    repository = (await api.openRepository(folder).catch(() => null)) ?? api.getRepository(uri);
  }
  if (repository === null) return { facts: { kind: 'no-repository' } };
  // The state is what the Git extension last read (nothing yet right after VS Code started): read it now.
  await repository.status().catch(() => undefined);
  if (repository.state.HEAD?.commit === undefined) return { facts: { kind: 'no-commit' }, repository };
  const { untrackedChanges = [], workingTreeChanges, indexChanges } = repository.state;
  if ([...untrackedChanges, ...workingTreeChanges].some((c) => c.status === Status.UNTRACKED && same(c.uri, uri))) {
    return { facts: { kind: 'untracked' }, repository };
  }
  if (indexChanges.some((c) => c.status === Status.INDEX_ADDED && same(c.uri, uri))) {
    return { facts: { kind: 'added' }, repository };
  }
  const relative = relativePath(repository.rootUri.path, uri.path);
  if (relative === undefined) return { facts: { kind: 'no-repository' } };
  return { facts: { kind: 'tracked', relativePath: relative }, repository };
}

/** The text of `uri` at HEAD. Throws the Git extension's error when git cannot show it. */
export function showHead(repository: GitRepository, uri: vscode.Uri): Promise<string> {
  return repository.show('HEAD', uri.fsPath);
}

export type { GitRepository };
