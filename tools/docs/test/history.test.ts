import { describe, expect, it } from 'vitest';
import { HISTORY_PATTERNS, historyCheckedFiles, historyLines } from '../lib/history.mjs';

describe('the tree speaks of the project, not of the work', () => {
  it('has no line in docs, READMEs, comments or bench output that tells the history of the work', () => {
    expect(historyLines()).toEqual([]);
  });

  it('reads the docs, the sources and the benches', () => {
    const files = historyCheckedFiles();
    for (const file of ['README.md', 'ARCHITECTURE.md', 'CONTRIBUTING.md', 'packages/core/src/index.ts']) {
      expect(files).toContain(file);
    }
    expect(files.some((file) => file.includes('/bench/'))).toBe(true);
    expect(files.some((file) => file.startsWith('docs/decisions/'))).toBe(true);
  });

  it.for([
    ['a numbered session', `measured in ${'sess'}ion 13`, true],
    ['an issue number', `the fast path (${'iss'}ue 12)`, true],
    ['a dated run', `${'meas'}ured at 16:53 UTC`, true],
    ['a "what changed" list', `What ${'chan'}ged in the server:`, true],
    ['a round trip', 'a GET→PUT round trip keeps unknown fields', false],
    ['an issue of the real service', 'the service answers 409 when someone published first', false],
  ] as const)('tells %s apart', ([, text, isHistory]) => {
    expect(HISTORY_PATTERNS.some(([pattern]) => pattern.test(text))).toBe(isHistory);
  });
});
