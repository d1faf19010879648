// The repository's Markdown, told apart as hand-written or generated (a generated file says so in its first line).
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, readRepoFile, repoFiles } from './repo.mjs';

export const GENERATED_MARK = '<!-- Generated';

/**
 * `{ file, bytes }` of every hand-written Markdown file.
 * @returns {{ file: string, bytes: number }[]}
 */
export function handWrittenMarkdown() {
  return repoFiles((file) => file.endsWith('.md'))
    .filter((file) => !readRepoFile(file).startsWith(GENERATED_MARK))
    .map((file) => ({ file, bytes: statSync(join(REPO_ROOT, file)).size }));
}
