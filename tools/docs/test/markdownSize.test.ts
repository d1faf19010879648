import { describe, expect, it } from 'vitest';
import { handWrittenMarkdown } from '../lib/markdown.mjs';

// Docs a newcomer can read in an afternoon: the hand-written Markdown stays within this many bytes.
const BUDGET = 200_000;

describe('hand-written Markdown', () => {
  it(`stays within ${BUDGET / 1000} KB, generated files aside`, () => {
    const files = handWrittenMarkdown();
    const total = files.reduce((sum, file) => sum + file.bytes, 0);
    const largest = [...files].sort((a, b) => b.bytes - a.bytes).slice(0, 8);
    expect(total, `largest: ${largest.map((f) => `${f.file} ${f.bytes}`).join(', ')}`).toBeLessThanOrEqual(BUDGET);
  });

  it('counts the READMEs and the decisions, not generated files', () => {
    const names = handWrittenMarkdown().map((file) => file.file);
    expect(names).toContain('README.md');
    expect(names).toContain('docs/decisions/README.md');
    expect(names).not.toContain('docs/spec-coverage.md');
  });
});
