// The decision records under docs/decisions/: one file per area, one `##` record per decision.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { markdownAnchors, REPO_ROOT, readRepoFile } from './repo.mjs';

export const DECISIONS_DIR = 'docs/decisions';

/** The area files (`validation.md`, …), without the index. */
export function decisionFiles() {
  const dir = join(REPO_ROOT, DECISIONS_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md') && name !== 'README.md')
    .sort();
}

/**
 * The records of one area file: `{ title, line, body }` per `##` heading.
 * @param {string} file
 * @returns {{ title: string, line: number, body: string[] }[]}
 */
export function decisionRecords(file) {
  const lines = readRepoFile(`${DECISIONS_DIR}/${file}`).split('\n');
  const records = [];
  lines.forEach((text, index) => {
    const heading = /^## (.+)$/.exec(text);
    if (heading) records.push({ title: heading[1].trim(), line: index + 1, body: [] });
    else records.at(-1)?.body.push(text);
  });
  return records;
}

/** Whether `<file>.md#<anchor>` names a heading of a decision file. */
export function decisionLinkExists(link) {
  const [file, anchor] = link.split('#');
  const path = `${DECISIONS_DIR}/${file}`;
  return existsSync(join(REPO_ROOT, path)) && anchor !== undefined && markdownAnchors(readRepoFile(path)).has(anchor);
}
