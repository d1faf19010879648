// What each step found, as plain data, and how it is printed: one line per step with what it checked and the
// numbers, its details indented below, and each problem as what is wrong, why it matters and what to do.

/**
 * @typedef {{ what: string, why: string, fix: string }} Problem
 * @typedef {'pass' | 'fail' | 'skip'} Status
 * @typedef {{ name: string, status: Status, summary: string, details: string[], warnings: string[], problems: Problem[], ms: number }} StepResult
 * @typedef {{ detail: (line: string) => void, warn: (line: string) => void, fail: (problem: Problem) => void, skip: (reason: string) => void }} Recorder
 */

/**
 * A step's result under construction, and the recorder a step writes to.
 * @param {string} name
 * @returns {{ result: StepResult, recorder: Recorder }}
 */
export function newStep(name) {
  /** @type {StepResult} */
  const result = { name, status: 'pass', summary: '', details: [], warnings: [], problems: [], ms: 0 };
  return {
    result,
    recorder: {
      detail: (line) => result.details.push(line),
      warn: (line) => result.warnings.push(line),
      fail: (problem) => {
        result.problems.push(problem);
        result.status = 'fail';
      },
      skip: (reason) => {
        if (result.status === 'pass') result.status = 'skip';
        result.summary = reason;
      },
    },
  };
}

/** Bytes as people read them: `812 B`, `23.4 KiB`, `1.27 MiB`. */
export function formatBytes(/** @type {number} */ bytes) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
}

/** Milliseconds as seconds with one decimal: `2.4 s`. */
export const formatSeconds = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * A package's files grouped by their top folder, for one line: `dist/ 120, src/ 60, README.md, package.json`.
 * @param {readonly string[]} paths
 */
export function describeFiles(paths) {
  /** @type {Map<string, number>} */
  const groups = new Map();
  for (const path of paths) {
    const slash = path.indexOf('/');
    const key = slash === -1 ? path : `${path.slice(0, slash)}/`;
    groups.set(key, (groups.get(key) ?? 0) + 1);
  }
  return [...groups]
    .sort(([a], [b]) => Number(!a.endsWith('/')) - Number(!b.endsWith('/')) || a.localeCompare(b))
    .map(([key, count]) => (key.endsWith('/') ? `${key} ${count}` : key))
    .join(', ');
}

const LABEL = { pass: 'PASS', fail: 'FAIL', skip: 'SKIP' };

/**
 * The printed lines of one step.
 * @param {StepResult} result
 * @returns {string[]}
 */
export function renderStep(result) {
  const lines = [`${LABEL[result.status]}  ${result.name}: ${result.summary} (${formatSeconds(result.ms)})`];
  for (const detail of result.details) lines.push(`      ${detail}`);
  for (const warning of result.warnings) lines.push(`      warning: ${warning}`);
  for (const { what, why, fix } of result.problems) {
    lines.push(`      ✗ ${what}`, `        why: ${why}`, `        to do: ${fix}`);
  }
  return lines;
}

/**
 * The closing line: PASS when no step failed.
 * @param {readonly StepResult[]} results
 * @param {number} ms
 */
export function renderVerdict(results, ms) {
  const failed = results.filter((result) => result.status === 'fail');
  const skipped = results.filter((result) => result.status === 'skip');
  const counts = `${results.length} steps${skipped.length > 0 ? `, ${skipped.length} skipped` : ''}`;
  return failed.length === 0
    ? `release check: PASS (${counts}) in ${formatSeconds(ms)}`
    : `release check: FAIL (${failed.map((result) => result.name).join(', ')} failed; ${counts}) in ${formatSeconds(ms)}`;
}
