import { describe, expect, it } from 'vitest';
import {
  ALERT_STATUS_FILTER_VALUES,
  ALERT_STATUS_VALUES,
  AlertStatus,
  AlertStatusFilter,
  isAlertStatus,
  isAlertStatusFilter,
} from '../../src/enums/alerts.js';
import type { EnumDefinition } from '../../src/enums/define.js';

/** A description says more than the value when, ignoring case, separators and punctuation, it differs from it. */
const normalise = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

describe('alert status', () => {
  it("has the spec's four states in its order: TRACKING, OPEN, CLOSED, CANCELLED", () => {
    expect(ALERT_STATUS_VALUES).toEqual(['TRACKING', 'OPEN', 'CLOSED', 'CANCELLED']);
  });

  it('describes TRACKING as becoming OPEN once the notification delay has ended', () => {
    expect(AlertStatus.TRACKING.description).toMatch(/delay/);
    expect(AlertStatus.TRACKING.description).toMatch(/OPEN/);
  });

  it('describes CLOSED as the state in which `resolved` is set', () => {
    expect(AlertStatus.CLOSED.description).toMatch(/resolved/);
  });
});

describe('alert list status filter', () => {
  it('accepts TRACKING, OPEN and CLOSED, the values of the list endpoint', () => {
    expect(ALERT_STATUS_FILTER_VALUES).toEqual(['TRACKING', 'OPEN', 'CLOSED']);
  });

  it('rejects CANCELLED, which is an alert status but not a filter value', () => {
    expect(isAlertStatus('CANCELLED')).toBe(true);
    expect(isAlertStatusFilter('CANCELLED')).toBe(false);
  });

  it.for(ALERT_STATUS_FILTER_VALUES)('filter value %s is also an alert status', (value) => {
    expect(isAlertStatus(value)).toBe(true);
  });
});

const ENUMS: readonly (readonly [string, EnumDefinition, (value: unknown) => boolean])[] = [
  ['AlertStatus', AlertStatus, isAlertStatus],
  ['AlertStatusFilter', AlertStatusFilter, isAlertStatusFilter],
];

describe.for(ENUMS)('%s', ([, definition, guard]) => {
  const values = Object.keys(definition);

  it.for(values)('%s has a description that says more than its name', (value) => {
    const description = definition[value]?.description ?? '';
    expect(description.trim()).not.toBe('');
    expect(normalise(description)).not.toBe(normalise(value));
  });

  it.for(values)('accepts its member %s', (value) => {
    expect(guard(value)).toBe(true);
  });

  it.for<unknown>([
    'toString',
    'constructor',
    '__proto__',
    'hasOwnProperty',
    '',
    'open',
    'Open',
    'CANCELED',
    'RESOLVED',
    'ACKNOWLEDGED',
    1,
    null,
    undefined,
    {},
    ['OPEN'],
  ])('rejects %j', (value) => {
    expect(guard(value)).toBe(false);
  });
});
