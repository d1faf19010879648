// Every code's reference entry runs: its wrong example must bring its code at the stated path through the real
// rules (`validateAutomationConfig`, `planTransition` for DBK6xx), its right example must not bring it at all.
import { describe, expect, it } from 'vitest';
import {
  allCodes,
  EXAMPLE_BASE,
  exampleExcerpt,
  exampleValue,
  explainCode,
  type TransitionExample,
  type ValidationExample,
} from '../../src/explain/index.js';
import { planTransition } from '../../src/plan/plan.js';
import { validateAutomationConfig } from '../../src/validation/validate.js';

const codes = allCodes();
const documented = codes.flatMap((entry) => (entry.doc === undefined ? [] : [entry]));

/** Where a validation example's document brings `code`. */
function validationHits(example: ValidationExample, code: string) {
  return validateAutomationConfig(exampleValue(example.document))
    .filter((d) => d.code === code)
    .map((d) => d.path);
}

/** Where a transition example's pair brings `code`. */
function transitionHits(example: TransitionExample, code: string) {
  return planTransition(exampleValue(example.from), exampleValue(example.to))
    .diagnostics.filter((d) => d.code === code)
    .map((d) => ({ document: d.document, path: d.path }));
}

describe('the code reference', () => {
  it('edits a base document that has no diagnostic', () => {
    expect(validateAutomationConfig(EXAMPLE_BASE)).toEqual([]);
  });

  it('has an entry for every code dbkit reports', () => {
    expect(codes.filter((entry) => entry.doc === undefined).map((entry) => entry.code)).toEqual([]);
  });

  it.for(documented.map((entry) => [entry.code, entry] as const))(
    '%s: the wrong example brings it, the right one does not',
    ([code, entry]) => {
      const { examples } = entry.doc!;
      if ('none' in examples) {
        expect(examples.none.length).toBeGreaterThan(20);
        return;
      }
      if (entry.kind === 'validation') {
        const { wrong, right } = examples as { wrong: ValidationExample; right: ValidationExample };
        expect(validationHits(wrong, code), 'the wrong example').toContainEqual(wrong.at);
        expect(validationHits(right, code), 'the right example').toEqual([]);
      } else {
        const { wrong, right } = examples as { wrong: TransitionExample; right: TransitionExample };
        expect(transitionHits(wrong, code), 'the wrong example').toContainEqual(wrong.at);
        expect(transitionHits(right, code), 'the right example').toEqual([]);
      }
    },
  );

  it.for(documented.map((entry) => [entry.code, entry] as const))(
    '%s: names related codes that exist and sources in the repository',
    ([, entry]) => {
      for (const related of entry.doc!.related ?? []) expect(explainCode(related), related).toBeDefined();
      expect(entry.doc!.sources.length).toBeGreaterThan(0);
      for (const source of entry.doc!.sources)
        expect(source.path).toMatch(/^(docs|packages|apps|tools)\/[\w./-]+(#[\w-]+)?$/);
    },
  );

  it('finds a code written in any case, and nothing for a code it does not report', () => {
    expect(explainCode(' dbk202 ')?.code).toBe('DBK202');
    expect(explainCode('DBK999')).toBeUndefined();
  });

  it('prints the part of the example an edit changed', () => {
    const excerpt = exampleExcerpt({ edits: [{ at: ['replicaSets', 0, 'members', 1, 'host'], set: 'rs0-l' }] });
    expect(excerpt.path).toEqual(['replicaSets', 0, 'members', 1]);
    expect(JSON.parse(excerpt.json)).toEqual({ _id: 1, host: 'rs0-l', priority: 1, votes: 1 });
  });
});
