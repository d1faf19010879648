import { describe, expect, it } from 'vitest';
import {
  filterAlertsByStatus,
  filterSnapshotsByCompleted,
  parseAlertStatusFilter,
  parseCompletedFilter,
} from '../../src/api/filters.js';
import type { AlertStatus } from '../../src/enums/alerts.js';

describe('parseCompletedFilter', () => {
  it.for([
    [undefined, 'true'],
    ['true', 'true'],
    ['false', 'false'],
    ['all', 'all'],
  ] as const)('reads completed=%s as %s [spec:snapshots-completed-filter]', ([value, expected]) => {
    expect(parseCompletedFilter(value)).toStrictEqual({ ok: true, value: expected });
  });

  it.for(['TRUE', 'All', '1', 'yes', '', 'complete'])(
    'refuses completed=%j with 400 INVALID_QUERY_PARAMETER',
    (value) => {
      const result = parseCompletedFilter(value);
      if (result.ok) expect.fail('expected an error');
      expect(result.error).toMatchObject({
        error: 400,
        errorCode: 'INVALID_QUERY_PARAMETER',
        parameters: ['completed'],
      });
      expect(result.error.detail).toContain('completed must be true, false or all');
    },
  );
});

describe('filterSnapshotsByCompleted', () => {
  const snapshots = [
    { id: 'a', complete: true },
    { id: 'b', complete: false },
    { id: 'c', complete: true },
  ];
  it.for([
    ['true', ['a', 'c']],
    ['false', ['b']],
    ['all', ['a', 'b', 'c']],
  ] as const)('completed=%s keeps %j [spec:snapshots-completed-filter]', ([filter, ids]) => {
    expect(filterSnapshotsByCompleted(snapshots, filter).map((snapshot) => snapshot.id)).toStrictEqual(ids);
  });
});

describe('parseAlertStatusFilter', () => {
  it.for([
    [undefined, undefined],
    ['TRACKING', 'TRACKING'],
    ['OPEN', 'OPEN'],
    ['CLOSED', 'CLOSED'],
  ] as const)('reads status=%s as %s', ([value, expected]) => {
    expect(parseAlertStatusFilter(value)).toStrictEqual({ ok: true, value: expected });
  });

  it.for([
    ['open', 'Status values are upper case: send OPEN.'],
    ['Closed', 'Status values are upper case: send CLOSED.'],
    ['CANCELLED', 'status must be TRACKING, OPEN or CLOSED, got "CANCELLED"; omit it to list all alerts.'],
    ['ALL', 'status must be TRACKING, OPEN or CLOSED, got "ALL"; omit it to list all alerts.'],
    ['', 'status must be TRACKING, OPEN or CLOSED, got ""; omit it to list all alerts.'],
  ])('refuses status=%j with 400 INVALID_QUERY_PARAMETER and the hint %j', ([value, hint]) => {
    const result = parseAlertStatusFilter(value);
    if (result.ok) expect.fail('expected an error');
    expect(result.error).toMatchObject({ error: 400, errorCode: 'INVALID_QUERY_PARAMETER', parameters: ['status'] });
    expect(result.error.detail).toBe(`Invalid query parameter status specified. ${hint}`);
  });
});

describe('filterAlertsByStatus', () => {
  const alerts: { id: string; status: AlertStatus }[] = [
    { id: '1', status: 'TRACKING' },
    { id: '2', status: 'OPEN' },
    { id: '3', status: 'CLOSED' },
    { id: '4', status: 'CANCELLED' },
    { id: '5', status: 'OPEN' },
  ];
  it.for([
    [undefined, ['1', '2', '3', '4', '5']],
    ['TRACKING', ['1']],
    ['OPEN', ['2', '5']],
    ['CLOSED', ['3']],
  ] as const)('status=%s keeps %j [spec:alerts-status-filter]', ([filter, ids]) => {
    expect(filterAlertsByStatus(alerts, filter).map((alert) => alert.id)).toStrictEqual(ids);
  });
});
