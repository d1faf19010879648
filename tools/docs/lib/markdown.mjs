// The repository's Markdown, told apart as hand-written or generated (a generated file says so in its first line).
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, readRepoFile, repoFiles } from './repo.mjs';

export const GENERATED_MARK = '<!-- Generated';

/**
 * Whether a Markdown file is generated: it says so in its first line, or it is a tool's output that cannot carry
 * the mark (changesets' `CHANGELOG.md`, API Extractor's `api/*.api.md` reports).
 * @param {string} file
 */
export function isGeneratedMarkdown(file) {
  return (
    /(^|\/)CHANGELOG\.md$/.test(file) ||
    /(^|\/)api\/[\w-]+\.api\.md$/.test(file) ||
    readRepoFile(file).startsWith(GENERATED_MARK)
  );
}

/**
 * `{ file, bytes }` of every hand-written Markdown file.
 * @returns {{ file: string, bytes: number }[]}
 */
export function handWrittenMarkdown() {
  return repoFiles((file) => file.endsWith('.md'))
    .filter((file) => !isGeneratedMarkdown(file))
    .map((file) => ({ file, bytes: statSync(join(REPO_ROOT, file)).size }));
}
