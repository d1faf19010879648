import { describe, expect, it } from 'vitest';
import { isUnit, UNIT_VALUES, Unit } from '../../src/enums/units.js';

/** The spec's alert table, `currentValue.units` row, copied verbatim. */
const SPEC_UNITS =
  'RAW, BITS, BYTES, KILOBITS, KILOBYTES, MEGABITS, MEGABYTES, GIGABITS, GIGABYTES, TERABYTES, PETABYTES, MILLISECONDS, SECONDS, MINUTES, HOURS, DAYS'.split(
    ', ',
  );

/** A description says more than the value when, ignoring case, separators and punctuation, it differs from it. */
const normalise = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

describe('Unit', () => {
  it("has exactly the spec's 16 units of currentValue.units, in its order", () => {
    expect(SPEC_UNITS).toHaveLength(16);
    expect(UNIT_VALUES).toEqual(SPEC_UNITS);
  });

  it.for(SPEC_UNITS)('accepts %s', (unit) => {
    expect(isUnit(unit)).toBe(true);
  });

  it.for(UNIT_VALUES)('%s has a description that says more than its name', (unit) => {
    expect(Unit[unit].description.trim()).not.toBe('');
    expect(normalise(Unit[unit].description)).not.toBe(normalise(unit));
  });

  it.for<unknown>([
    'toString',
    'constructor',
    '__proto__',
    'hasOwnProperty',
    '',
    'raw',
    'TERABITS',
    'PETABITS',
    'MICROSECONDS',
    'WEEKS',
    'BYTE',
    0,
    null,
    undefined,
    {},
    ['RAW'],
  ])('rejects %j, which is not a unit the spec lists', (value) => {
    expect(isUnit(value)).toBe(false);
  });
});
