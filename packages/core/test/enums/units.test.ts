import { describe, expect, it } from 'vitest';
import { isUnit, UNIT_VALUES, Unit } from '../../src/enums/units.js';
import { describeClosedSet } from './closedSet.js';

/** The spec's alert table, `currentValue.units` row, copied verbatim. */
const SPEC_UNITS =
  'RAW, BITS, BYTES, KILOBITS, KILOBYTES, MEGABITS, MEGABYTES, GIGABITS, GIGABYTES, TERABYTES, PETABYTES, MILLISECONDS, SECONDS, MINUTES, HOURS, DAYS'.split(
    ', ',
  );

describe("the spec's currentValue.units row", () => {
  it("is exactly UNIT_VALUES: the spec's 16 units, in its order [spec:alert-units]", () => {
    expect(SPEC_UNITS).toHaveLength(16);
    expect(UNIT_VALUES).toEqual(SPEC_UNITS);
  });
});

/** Units the spec does not list: bits and bytes it leaves out, shorter and longer durations, a singular. */
describeClosedSet('Unit', Unit, isUnit, {
  values: SPEC_UNITS,
  alsoRejects: ['raw', 'TERABITS', 'PETABITS', 'MICROSECONDS', 'WEEKS', 'BYTE', 0, ['RAW']],
});
