// Lines that tell the history of the work (sessions, issue numbers, rounds, dated runs) instead of speaking of the
// project. The tree is a reference; the story of the work belongs in commit messages and closing notes.
import { readRepoFile, repoFiles } from './repo.mjs';

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
  [new RegExp(`\\b${'fr'}om \\d+(\\.\\d+)?× to \\d+(\\.\\d+)?×`, 'i'), 'a before/after measurement'],
  [new RegExp(`\\b(${'bef'}ore|after) this change\\b`, 'i'), 'a before/after remark'],
];

/** In hand-written Markdown a calendar date outside code is a dated run or a changelog entry, never a reference. */
const DATE = /\b20\d\d-[01]\d-[0-3]\d\b/;

const SOURCE = /\.(md|ts|mts|cts|mjs|cjs|js|tsx|json|tsv)$/;

/** Generated output and recorded data: they say what a run or a capture said, not what the project is. */
const GENERATED = [
  /^packages\/schema\/schema\//,
  /\/fixtures\//,
  /\/__snapshots__\//,
  /(^|\/)openapi\.json$/,
  /\.generated\.ts$/,
  /^docs\/(spec-coverage|benchmarks)\.md$/,
  /^examples\/api\//,
];

/**
 * Files the check reads: every hand-written source and doc in the repository but generated output.
 * @returns {string[]}
 */
export function historyCheckedFiles() {
  return repoFiles((file) => SOURCE.test(file) && !GENERATED.some((pattern) => pattern.test(file)));
}

/** `file:line: what — text` for every line that tells the history of the work. */
export function historyLines(files = historyCheckedFiles()) {
  const found = [];
  for (const file of files) {
    const lines = readRepoFile(file).split('\n');
    lines.forEach((text, index) => {
      const what =
        HISTORY_PATTERNS.find(([pattern]) => pattern.test(text))?.[1] ??
        (file.endsWith('.md') && !file.endsWith('CHANGELOG.md') && DATE.test(text.replace(/`[^`]*`/g, ''))
          ? 'a date'
          : undefined);
      if (what !== undefined) found.push(`${file}:${index + 1}: ${what} — ${text.trim().slice(0, 140)}`);
    });
  }
  return found;
}
