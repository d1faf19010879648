import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DECISIONS_DIR, decisionFiles, decisionLinkExists, decisionRecords } from '../lib/decisions.mjs';
import { REPO_ROOT, readRepoFile } from '../lib/repo.mjs';

// The last commit that held the single, long `docs/decisions.md` the records replace.
const LONG_FILE_COMMIT = 'cdb163ff9ffbcc6453bf5af017502b92d57f2426';
const MAP_DIR = join(import.meta.dirname, 'decision-map');

/** `[old title, target]` for every line of the decision maps: where each old decision went. */
function decisionMap(): [string, string][] {
  return readdirSync(MAP_DIR)
    .filter((name) => name.endsWith('.tsv'))
    .flatMap((name) =>
      readFileSync(join(MAP_DIR, name), 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => line.split('\t') as [string, string]),
    );
}

/** The long file's titles named the round of work some came from; the map keys leave that out. */
const withoutHistory = (title: string) => title.replace(/,\s*session \d+/i, '');

function longFileTitles(): string[] | undefined {
  try {
    const text = execFileSync('git', ['show', `${LONG_FILE_COMMIT}:docs/decisions.md`], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return [...text.matchAll(/^- \*\*(.+?)\*\*/gm)].map((match) => withoutHistory(match[1]!));
  } catch {
    return undefined; // a clone without history
  }
}

describe('decision records', () => {
  const files = decisionFiles();

  it('has one file per area, each listed in the index', () => {
    expect(files.length).toBeGreaterThanOrEqual(10);
    const index = readRepoFile(`${DECISIONS_DIR}/README.md`);
    for (const file of files) expect(index, `${file} is missing from the index`).toContain(`(${file})`);
  });

  it.for(decisionFiles())('gives every record of %s a decision and its reason', (file) => {
    const records = decisionRecords(file);
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) {
      const body = record.body.join('\n');
      const first = record.body.find((line) => line.trim() !== '') ?? '';
      expect(first, `${file}:${record.line} "${record.title}" opens with no decision`).toMatch(
        /^(?!```)[^\s\-|#>].*\S/,
      );
      expect(body, `${file}:${record.line} "${record.title}" gives no reason ("- Why: …")`).toMatch(/^- Why: \S/m);
    }
  });

  it('points every old decision at a record that exists, or drops it with a reason', () => {
    for (const [title, target] of decisionMap()) {
      expect(target, `"${title}" has no target`).toBeDefined();
      if (target.startsWith('dropped: ')) expect(target.length).toBeGreaterThan('dropped: '.length + 10);
      else expect(decisionLinkExists(target), `"${title}" → ${target}: no such record`).toBe(true);
    }
  });

  // Needs the history of the clone; a clone without it reports this test as skipped, never as passed.
  const titles = longFileTitles();
  it.skipIf(titles === undefined)('keeps every decision of the long file: each of its titles is in the map', () => {
    const mapped = new Set(decisionMap().map(([title]) => title));
    expect((titles ?? []).filter((title) => !mapped.has(title))).toEqual([]);
  });
});
