/**
 * How an alert's status moves with time. The spec shows one transition, TRACKING → OPEN; dbkit makes no other
 * automatic transition (closing, cancelling) because the spec does not say what causes them.
 */
import type { AlertStatus } from '../enums/alerts.js';
import type { Timestamp } from '../model/link.js';
import { parseTimestamp } from './expiry.js';

/** What the alert configuration and the monitored condition say at the time of evaluation. */
export type AlertConditions = {
  /**
   * The delay, in minutes, of each notification of the alert configuration. The smallest decides when TRACKING
   * becomes OPEN. An empty list means no delay. Entries that are not finite numbers of zero or more are ignored.
   */
  readonly notificationDelaysMinutes: readonly number[];
  /** Whether the condition that triggered the alert still holds. */
  readonly conditionPersists: boolean;
};

/** The fields of an alert the lifecycle reads. */
export type AlertLifecycleState = {
  /** The alert's current status. */
  readonly status: AlertStatus;
  /** When the alert opened (the start of its notification delay). */
  readonly created: Timestamp;
};

/**
 * The smallest valid notification delay in minutes: 0 when there is none.
 */
export function smallestNotificationDelay(delaysMinutes: readonly number[]): number {
  const valid = delaysMinutes.filter((delay) => Number.isFinite(delay) && delay >= 0);
  return valid.length === 0 ? 0 : Math.min(...valid);
}

/**
 * The status an alert has at `now`.
 *
 * A TRACKING alert becomes OPEN once the smallest notification delay has ended (at or after `created` plus that
 * delay) and the condition persists. Otherwise the status is unchanged: a TRACKING alert whose delay has not ended
 * or whose condition no longer holds stays TRACKING, and OPEN, CLOSED and CANCELLED alerts never change with time
 * alone. An alert whose `created` is not a timestamp stays as it is.
 * @example
 * nextAlertStatus({ status: 'TRACKING', created: '2024-05-01T10:00:00Z' },
 *   { notificationDelaysMinutes: [15, 5], conditionPersists: true }, new Date('2024-05-01T10:05:00Z')); // 'OPEN'
 */
export function nextAlertStatus(alert: AlertLifecycleState, conditions: AlertConditions, now: Date): AlertStatus {
  if (alert.status !== 'TRACKING' || !conditions.conditionPersists) return alert.status;
  const created = parseTimestamp(alert.created);
  if (created === undefined) return alert.status;
  const opensAt = created + smallestNotificationDelay(conditions.notificationDelaysMinutes) * 60_000;
  return now.getTime() >= opensAt ? 'OPEN' : alert.status;
}
