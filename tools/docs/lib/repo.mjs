// Where things are in the repository, and the plain file walks the doc checks share.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, with a trailing slash. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.turbo', '.cache', '.git', 'artifacts', '.dbkit-data']);

/** Files under `dir` (absolute) whose names pass `keep`, as repository-relative paths with `/`, sorted. */
export function walk(dir, keep) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    if (SKIPPED_DIRS.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...walk(path, keep));
    else if (keep(name)) out.push(relative(REPO_ROOT, path).split('\\').join('/'));
  }
  return out;
}

/**
 * The repository's own files (tracked, or new and not ignored), repository-relative, sorted: what a clone holds, never
 * local output such as generated bench corpora. Without git (an exported tree), every file but the skipped folders.
 * @param {(path: string) => boolean} keep
 * @returns {string[]}
 */
export function repoFiles(keep) {
  let listed;
  try {
    listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .split('\0')
      .filter((file) => file !== '' && existsSync(join(REPO_ROOT, file)));
  } catch {
    listed = walk(REPO_ROOT, () => true);
  }
  return [...new Set(listed)].filter(keep).sort();
}

/** The workspace packages' folders (`packages/core`, `apps/cli`, …), repository-relative. */
export function workspaceFolders() {
  return ['packages', 'apps', 'tools', 'test'].flatMap((group) =>
    existsSync(join(REPO_ROOT, group))
      ? readdirSync(join(REPO_ROOT, group))
          .sort()
          .filter((name) => existsSync(join(REPO_ROOT, group, name, 'package.json')))
          .map((name) => `${group}/${name}`)
      : [],
  );
}

export function readRepoFile(path) {
  return readFileSync(join(REPO_ROOT, path), 'utf8');
}

/** GitHub's anchor for a Markdown heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingAnchor(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown file's headings (`#` to `######`), as GitHub makes them (repeats get `-1`, `-2`). */
export function markdownAnchors(text) {
  const seen = new Map();
  const anchors = new Set();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    if (fenced) continue;
    const match = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!match) continue;
    const base = headingAnchor(match[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}
