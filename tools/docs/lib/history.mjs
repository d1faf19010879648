// Lines that tell the history of the work (sessions, issue numbers, rounds, dated runs) instead of speaking of the
// project. The tree is a reference; the story of the work belongs in commit messages and closing notes.
import { REPO_ROOT, readRepoFile, walk } from './repo.mjs';

/** Each pattern, with what it catches; built from parts so this file does not match itself. @type {[RegExp, string][]} */
export const HISTORY_PATTERNS = [
  [new RegExp(`\\b${'sess'}ions? #?\\d+\\b`, 'i'), 'a numbered session'],
  [new RegExp(`\\bthis ${'sess'}ion\\b`, 'i'), 'the work of the moment'],
  [new RegExp(`\\b${'iss'}ues? #?\\d+\\b`, 'i'), 'an issue number'],
  [
    new RegExp(`\\b${'rou'}nd #?\\d+ of\\b|\\b${'rou'}nds? \\d+\\b(?! ?(ms|s|bytes|characters|times)\\b)`, 'i'),
    'a numbered round of work',
  ],
  [new RegExp(`\\bwhat ${'chan'}ged in\\b`, 'i'), 'a "what changed" list'],
  [new RegExp(`\\b${'meas'}ured at \\d{1,2}:\\d{2}\\b`, 'i'), 'a dated run'],
];

const SOURCE = /\.(md|ts|mts|cts|mjs|cjs|js|tsx|json)$/;

/**
 * Files the check reads: every hand-written source and doc in the repository but generated output.
 * @returns {string[]}
 */
export function historyCheckedFiles() {
  return walk(REPO_ROOT, (name) => SOURCE.test(name)).filter(
    (file) =>
      !file.endsWith('pnpm-lock.yaml') &&
      !/(^|\/)(schema|fixtures|__snapshots__)\//.test(file) &&
      !file.endsWith('openapi.json') &&
      !file.endsWith('.generated.ts') &&
      file !== 'docs/spec-coverage.md' &&
      file !== 'docs/benchmarks.md',
  );
}

/** `file:line: what — text` for every line that tells the history of the work. */
export function historyLines(files = historyCheckedFiles()) {
  const found = [];
  for (const file of files) {
    const lines = readRepoFile(file).split('\n');
    lines.forEach((text, index) => {
      for (const [pattern, what] of HISTORY_PATTERNS) {
        if (pattern.test(text)) {
          found.push(`${file}:${index + 1}: ${what} — ${text.trim().slice(0, 140)}`);
          break;
        }
      }
    });
  }
  return found;
}
