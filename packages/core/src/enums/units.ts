/**
 * Units of an alert's `currentValue.units`: the unit in which `currentValue.number`, the value of the metric that
 * crossed its threshold, is expressed.
 */
import { type EnumDefinition, enumGuard, enumValues } from './define.js';

/** The units of an alert's `currentValue.number`, in the spec's order. */
export const Unit = {
  RAW: { description: 'A plain count or ratio without a unit.' },
  BITS: { description: 'A quantity of data in bits.' },
  BYTES: { description: 'A quantity of data in bytes.' },
  KILOBITS: { description: 'A quantity of data in kilobits.' },
  KILOBYTES: { description: 'A quantity of data in kilobytes.' },
  MEGABITS: { description: 'A quantity of data in megabits.' },
  MEGABYTES: { description: 'A quantity of data in megabytes.' },
  GIGABITS: { description: 'A quantity of data in gigabits.' },
  GIGABYTES: { description: 'A quantity of data in gigabytes.' },
  TERABYTES: { description: 'A quantity of data in terabytes.' },
  PETABYTES: { description: 'A quantity of data in petabytes.' },
  MILLISECONDS: { description: 'A duration in thousandths of a second.' },
  SECONDS: { description: 'A duration in seconds.' },
  MINUTES: { description: 'A duration in minutes.' },
  HOURS: { description: 'A duration in hours.' },
  DAYS: { description: 'A duration in days.' },
} as const satisfies EnumDefinition;

/** A unit of an alert's `currentValue.units`. */
export type Unit = keyof typeof Unit;

/** Tells whether a value is a {@link Unit}. */
export const isUnit = enumGuard(Unit);

/** Every {@link Unit}, in the spec's order. */
export const UNIT_VALUES = enumValues(Unit);
