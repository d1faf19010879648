import { describe, expect, it } from 'vitest';
import { nextAlertStatus, smallestNotificationDelay } from '../../src/api/alertLifecycle.js';
import type { AlertStatus } from '../../src/enums/alerts.js';

const CREATED = '2024-05-01T10:00:00Z';
const at = (minutes: number) => new Date(Date.parse(CREATED) + minutes * 60_000);

describe('nextAlertStatus', () => {
  it.for<[string, AlertStatus, number[], boolean, number, AlertStatus]>([
    [
      'TRACKING opens once the delay has ended and the condition persists [spec:alert-tracking-opens]',
      'TRACKING',
      [10],
      true,
      10,
      'OPEN',
    ],
    ['TRACKING opens after the delay has ended', 'TRACKING', [10], true, 60, 'OPEN'],
    ['TRACKING stays while the delay runs', 'TRACKING', [10], true, 9.99, 'TRACKING'],
    ['the smallest of several delays decides [spec:alert-smallest-delay]', 'TRACKING', [30, 5, 15], true, 5, 'OPEN'],
    ['the smallest delay has not ended yet', 'TRACKING', [30, 5, 15], true, 4, 'TRACKING'],
    ['TRACKING stays when the condition no longer persists', 'TRACKING', [10], false, 60, 'TRACKING'],
    ['no delays means no wait', 'TRACKING', [], true, 0, 'OPEN'],
    ['invalid delays are ignored', 'TRACKING', [-5, Number.NaN, 20], true, 10, 'TRACKING'],
    ['OPEN does not change with time', 'OPEN', [10], true, 60, 'OPEN'],
    ['CLOSED does not change with time', 'CLOSED', [10], true, 60, 'CLOSED'],
    ['CANCELLED does not change with time', 'CANCELLED', [10], true, 60, 'CANCELLED'],
    [
      'OPEN does not close when the condition ends (not shown by the spec) [spec:alert-other-transitions]',
      'OPEN',
      [10],
      false,
      60,
      'OPEN',
    ],
  ])('%s', ([, status, notificationDelaysMinutes, conditionPersists, minutes, expected]) => {
    expect(
      nextAlertStatus({ status, created: CREATED }, { notificationDelaysMinutes, conditionPersists }, at(minutes)),
    ).toBe(expected);
  });

  it('leaves an alert whose created is not a timestamp as it is', () => {
    expect(
      nextAlertStatus(
        { status: 'TRACKING', created: 'yesterday' },
        { notificationDelaysMinutes: [0], conditionPersists: true },
        at(60),
      ),
    ).toBe('TRACKING');
  });
});

describe('smallestNotificationDelay', () => {
  it.for<[number[], number]>([
    [[15, 5, 30], 5],
    [[], 0],
    [[Number.POSITIVE_INFINITY, -1], 0],
    [[0, 10], 0],
  ])('of %j is %i', ([delays, expected]) => {
    expect(smallestNotificationDelay(delays)).toBe(expected);
  });
});
