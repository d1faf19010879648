import { describe, expect, it } from 'vitest';
import {
  ALERT_STATUS_FILTER_VALUES,
  ALERT_STATUS_VALUES,
  AlertStatus,
  AlertStatusFilter,
  isAlertStatus,
  isAlertStatusFilter,
} from '../../src/enums/alerts.js';
import { describeClosedSet } from './closedSet.js';

describe('alert status', () => {
  it("has the spec's four states in its order: TRACKING, OPEN, CLOSED, CANCELLED [spec:alert-status-values]", () => {
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
  it('accepts TRACKING, OPEN and CLOSED, the values of the list endpoint [spec:alerts-status-filter]', () => {
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

/** Other spellings and neighbouring states that neither set has. */
const ALSO_REJECTED: readonly unknown[] = ['open', 'Open', 'CANCELED', 'RESOLVED', 'ACKNOWLEDGED', ['OPEN']];

describeClosedSet('AlertStatus', AlertStatus, isAlertStatus, { alsoRejects: ALSO_REJECTED });
describeClosedSet('AlertStatusFilter', AlertStatusFilter, isAlertStatusFilter, { alsoRejects: ALSO_REJECTED });
