import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODES_FILE, renderCodes } from '../lib/codes.mjs';
import { brokenMarkdownLinks } from '../lib/links.mjs';
import { REPO_ROOT } from '../lib/repo.mjs';

describe('docs/codes.md', () => {
  it('is what the codes’ entries give (run `pnpm --filter @dbkit/docs gen`)', () => {
    const committed = readFileSync(join(REPO_ROOT, CODES_FILE), 'utf8');
    expect(committed === renderCodes(), `${CODES_FILE} is stale: run \`pnpm --filter @dbkit/docs gen\``).toBe(true);
  });

  it('links only to files and headings that exist', () => {
    expect(brokenMarkdownLinks([CODES_FILE])).toEqual([]);
  });

  it('has a section per code, with its wrong and right example', () => {
    const text = renderCodes();
    expect(text).toContain('## DBK202\n');
    expect(text).toMatch(
      /## DBK202\n[\s\S]*?### Wrong\n\nIn `replicaSets\[0\]\.members\[1\]`:\n\n```json\n\{\n {2}"_id": 1,\n {2}"host": "rs0-l"/,
    );
  });
});
