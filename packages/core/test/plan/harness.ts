import { describe, expect, it } from 'vitest';
import { at } from '../../src/plan/context.js';
import { planTransition } from '../../src/plan/plan.js';
import type { Plan } from '../../src/plan/types.js';
import { formatJsonPath, type JsonPath } from '../../src/validation/diagnostic.js';
import { type Edit, makeDoc } from '../validation/harness.js';

export { type Edit, makeDoc };

/** Each diagnostic as `CODE path`; a path into the deployed document is written `from:path`. */
export function codesAndPaths(plan: Plan): string[] {
  return plan.diagnostics.map((d) => `${d.code} ${d.document === 'from' ? 'from:' : ''}${formatJsonPath(d.path)}`);
}

/** Each change as `area kind`. */
export function kinds(plan: Plan): string[] {
  return plan.changes.map((c) => `${c.area} ${c.kind}`);
}

/**
 * One table row: a title, the edits that make the new revision from the base document (its version is raised to 8
 * first), the exact `CODE path` lines expected, and optionally the edits that make the deployed revision and
 * `area kind` entries the plan must contain.
 */
export type Row = readonly [
  title: string,
  toEdits: readonly Edit[],
  expected: readonly string[],
  options?: { readonly from?: readonly Edit[]; readonly changes?: readonly string[] },
];

/** Plans base (+ `from` edits) → base (+ `from` edits, version 8, `toEdits`). */
export function planRow(toEdits: readonly Edit[], fromEdits: readonly Edit[] = []): Plan {
  return planTransition(makeDoc(fromEdits), makeDoc([...fromEdits, ['set', ['version'], 8], ...toEdits]));
}

/** Registers one `describe` per group and one test per row. */
export function describeRows(groups: readonly (readonly [string, readonly Row[]])[]): void {
  describe.for(groups)('%s', ([, rows]) => {
    it.for(rows)('%s', ([, toEdits, expected, options]) => {
      const plan = planRow(toEdits, options?.from);
      expect(codesAndPaths(plan)).toEqual(expected);
      for (const change of options?.changes ?? []) expect(kinds(plan)).toContain(change);
    });
  });
}

/** Every path of the plan that does not resolve in its document, as readable lines (empty when all resolve). */
export function unresolved(plan: Plan, from: unknown, to: unknown): string[] {
  const doc = (which: 'from' | 'to') => (which === 'from' ? from : to);
  const bad: string[] = [];
  const check = (which: 'from' | 'to', path: JsonPath | undefined, what: string) => {
    if (path && (path.length > 0 ? at(doc(which), path) === undefined : doc(which) === undefined))
      bad.push(`${what}: ${which} ${JSON.stringify(path)}`);
  };
  for (const c of plan.changes) {
    check('from', c.fromPath, c.summary);
    check('to', c.toPath, c.summary);
    if (!c.fromPath && !c.toPath) bad.push(`${c.summary}: no path`);
  }
  for (const d of plan.diagnostics) {
    check(d.document, d.path, d.code);
    for (const r of d.related ?? []) check(r.document, r.path, `${d.code} related`);
  }
  return bad;
}
