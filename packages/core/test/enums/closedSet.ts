import { describe, expect, it } from 'vitest';
import type { EnumDefinition } from '../../src/enums/define.js';

/** A description says more than the value when, ignoring case, separators and punctuation, it differs from it. */
export const normalise = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Keys every object inherits: a guard that asks `in` instead of `Object.hasOwn` would accept them. */
const PROTOTYPE_KEYS = ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'];

/** A closed set as the tables of the tests list it: a title, the definition, its guard and its values in order. */
export type ClosedSet = readonly [
  name: string,
  definition: EnumDefinition,
  guard: (value: unknown) => boolean,
  values: readonly string[],
];

/** What a closed set is checked against besides its own definition. */
export interface ClosedSetChecks {
  /** The values the set must have, exactly and in this order. Without it, the set's own keys are checked. */
  readonly values?: readonly string[];
  /** Inputs to reject on top of the generic ones: near misses, other spellings, values of neighbouring sets. */
  readonly alsoRejects?: readonly unknown[];
}

/** The inputs with repeats left out, so that no test is registered twice under the same title. */
function distinct(inputs: readonly unknown[]): unknown[] {
  const seen = new Set<string>();
  return inputs.filter((input) => {
    const key = `${typeof input} ${JSON.stringify(input)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Registers, in one `describe(name)`, the checks every closed set must pass: its values (exactly and in order, when
 * `checks.values` is given), the guard accepting each of them, each description saying more than its value, and the
 * guard rejecting prototype keys, the empty string, the first value padded or in the other case, non-strings
 * (including the first value wrapped in an array) and `checks.alsoRejects`.
 */
export function describeClosedSet(
  name: string,
  definition: EnumDefinition,
  guard: (value: unknown) => boolean,
  checks: ClosedSetChecks = {},
): void {
  const values = checks.values ?? Object.keys(definition);
  const [first] = values;
  if (first === undefined) throw new Error(`${name}: a closed set needs at least one value`);
  const otherCase = first.toUpperCase() === first ? first.toLowerCase() : first.toUpperCase();
  const rejected = distinct([
    ...PROTOTYPE_KEYS,
    '',
    `${first} `,
    ...(otherCase === first ? [] : [otherCase]),
    1,
    null,
    undefined,
    {},
    [first],
    ...(checks.alsoRejects ?? []),
  ]);

  describe(name, () => {
    if (checks.values) {
      const expected = checks.values;
      it('has exactly the listed values, in order', () => {
        expect(Object.keys(definition)).toEqual(expected);
      });
    }

    it.for(values)('accepts %s', (value) => {
      expect(guard(value)).toBe(true);
    });

    it.for(values)('%s has a description that says more than its name', (value) => {
      const description = definition[value]?.description ?? '';
      expect(description.trim()).not.toBe('');
      expect(normalise(description)).not.toBe(normalise(value));
    });

    it.for(rejected)('rejects %j', (value) => {
      expect(guard(value)).toBe(false);
    });
  });
}
