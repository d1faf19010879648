// "Are the types wrong?" results, judged against the packaging decision (docs/decisions/repository.md, "The packages
// are ES modules only, and CommonJS users require() them").

/** @typedef {{ kind: string, entrypoint?: string, resolutionKind?: string }} AttwProblem */

/**
 * The problems the ESM-only decision accepts, by resolution: a CommonJS TypeScript project (`node16-cjs`) is told
 * the package is ESM, and TypeScript's `node10` resolution, which ignores `exports`, finds no subpath entry.
 * @type {Readonly<Record<string, readonly string[]>>}
 */
export const ACCEPTED = {
  CJSResolvesToESM: ['node16-cjs'],
  NoResolution: ['node10'],
};

/**
 * Splits attw's problems (`analysis.problems` of `attw --format json`) into those the decision accepts and the rest.
 * @param {readonly AttwProblem[]} problems
 */
export function judgeAttw(problems) {
  const accepted = problems.filter((problem) => (ACCEPTED[problem.kind] ?? []).includes(problem.resolutionKind ?? ''));
  const rejected = problems.filter((problem) => !accepted.includes(problem));
  return { accepted, rejected };
}

/**
 * `kind (resolution) ×count` per kind and resolution, in first-seen order, for one report line.
 * @param {readonly AttwProblem[]} problems
 */
export function countProblems(problems) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const { kind, resolutionKind } of problems) {
    const key = resolutionKind ? `${kind} (${resolutionKind})` : kind;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, count]) => (count > 1 ? `${key} ×${count}` : key)).join(', ');
}

/**
 * One problem as a reader needs it: which entry point, which resolution, what went wrong.
 * @param {AttwProblem} problem
 */
export const describeAttwProblem = ({ kind, entrypoint, resolutionKind }) =>
  `${kind} at ${entrypoint ?? '(package)'}${resolutionKind ? ` under ${resolutionKind}` : ''}`;
