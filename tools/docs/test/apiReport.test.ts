import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ENTRY_POINTS, reportPath, runApiReport } from '../lib/apiReport.mjs';
import { handWrittenMarkdown } from '../lib/markdown.mjs';
import { REPO_ROOT } from '../lib/repo.mjs';

describe('the public API reports', () => {
  it.for(API_ENTRY_POINTS.map((entry) => [reportPath(entry), entry] as const))(
    '%s is what the built declarations export (review it, then run `pnpm --filter @dbkit/docs gen`)',
    { timeout: 60_000 },
    ([, entry]) => {
      expect(runApiReport(entry, { update: false })).toEqual({ entry, upToDate: true });
    },
  );

  it('fails when an export is gone and its report still lists it', { timeout: 60_000 }, () => {
    const entry = API_ENTRY_POINTS.find((e) => e.report === 'core-agents');
    if (entry === undefined) throw new Error('no core-agents entry');
    const folder = mkdtempSync(join(tmpdir(), 'dbkit-api-test-'));
    try {
      // The committed report with one more export than the code has: what a report not updated after a removal is.
      const committed = readFileSync(join(REPO_ROOT, reportPath(entry)), 'utf8');
      const planted = committed.replace('```ts\n', '```ts\n\n// @public\nexport function removedExport(): void;\n');
      writeFileSync(join(folder, `${entry.report}.api.md`), planted);
      expect(runApiReport(entry, { update: false, reportFolder: folder }).upToDate).toBe(false);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('are generated files, outside the hand-written Markdown budget', () => {
    expect(handWrittenMarkdown().filter((f) => f.file.endsWith('.api.md'))).toEqual([]);
  });
});
