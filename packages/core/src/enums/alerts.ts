/** Alert states: the values of an alert's `status` and of the alert list's `status` query parameter. */
import { type EnumDefinition, enumGuard, enumValues } from './define.js';

/** The states of an alert (the alert's `status` field). */
export const AlertStatus = {
  TRACKING: {
    description:
      'The alert condition exists but the notification delay of the alert configuration has not ended; the alert ' +
      'becomes OPEN once the delay has ended and the condition persists (with several notifications, the smallest ' +
      'delay decides).',
  },
  OPEN: { description: 'The alert is open: its condition holds and notifications are sent.' },
  CLOSED: { description: 'The alert is closed: its condition was resolved; `resolved` says when the alert closed.' },
  CANCELLED: {
    description: 'The alert was cancelled before it closed; the transitions into this state are not shown by the spec.',
  },
} as const satisfies EnumDefinition;

/** The state of an alert. */
export type AlertStatus = keyof typeof AlertStatus;

/** Tells whether a value is an {@link AlertStatus}. */
export const isAlertStatus = enumGuard(AlertStatus);

/** Every {@link AlertStatus}, in the spec's order. */
export const ALERT_STATUS_VALUES = enumValues(AlertStatus);

/**
 * The values the alert list endpoint's `status` query parameter accepts; when the parameter is omitted, all alerts
 * are returned. `CANCELLED` is not among them.
 */
export const AlertStatusFilter = {
  TRACKING: { description: 'Return only alerts whose status is TRACKING.' },
  OPEN: { description: 'Return only alerts whose status is OPEN.' },
  CLOSED: { description: 'Return only alerts whose status is CLOSED.' },
} as const satisfies EnumDefinition;

/** A value of the alert list's `status` query parameter. */
export type AlertStatusFilter = keyof typeof AlertStatusFilter;

/** Tells whether a value is an {@link AlertStatusFilter}. */
export const isAlertStatusFilter = enumGuard(AlertStatusFilter);

/** Every {@link AlertStatusFilter}, in the spec's order. */
export const ALERT_STATUS_FILTER_VALUES = enumValues(AlertStatusFilter);
