/**
 * HOST_DOWN alerts raised from the simulated agents' down periods: TRACKING when the process goes down, OPEN once
 * the smallest notification delay has passed (core's alert lifecycle), CLOSED with `resolved` when it reaches its goal
 * again. Derived, like the status, so every instance answers the same alerts with the same ids.
 */
import { nextAlertStatus, smallestNotificationDelay } from '../api/alertLifecycle.js';
import { md5Hex } from '../api/digest/md5.js';
import { formatServiceTime } from '../api/expiry.js';
import type { Alert } from '../model/alert.js';
import type { DownPeriod } from './status.js';

/** The port a process listens on when its options do not say: the server's default. */
const DEFAULT_PORT = 27017;

/** Options of {@link hostDownAlert}. */
export type HostDownAlertOptions = {
  readonly groupId: string;
  /** The notification delays, in minutes, of the project's HOST_DOWN alert configuration. */
  readonly notificationDelaysMinutes: readonly number[];
  /** The path the alert's `self` link starts with, e.g. `/api/public/v1.0`. */
  readonly apiBase: string;
  readonly now: number;
};

/** A 24-hex identifier that is the same wherever and whenever it is computed from the same words. */
export function stableObjectId(...words: readonly (string | number)[]): string {
  return md5Hex(words.join('\u0000')).slice(0, 24);
}

/**
 * The HOST_DOWN alert of one down period at `now`.
 * @example
 * hostDownAlert({ process: rs0_2, from: t0 }, { groupId, notificationDelaysMinutes: [5], apiBase, now: t0 + 6 * 60_000 });
 * // { eventTypeName: 'HOST_DOWN', status: 'OPEN', hostnameAndPort: 'db3.example.net:27017', … }
 */
export function hostDownAlert(period: DownPeriod, options: HostDownAlertOptions): Alert {
  const { groupId, notificationDelaysMinutes, apiBase, now } = options;
  const { process } = period;
  const id = stableObjectId(groupId, 'HOST_DOWN', process.name, period.from);
  const created = formatServiceTime(period.from);
  const closed = period.until !== undefined && period.until <= now;
  const base = {
    id,
    groupId,
    alertConfigId: stableObjectId(groupId, 'HOST_DOWN'),
    eventTypeName: 'HOST_DOWN' as const,
    created,
    hostnameAndPort: `${process.hostname}:${process.port ?? DEFAULT_PORT}`,
    links: [{ href: `${apiBase}/groups/${groupId}/alerts/${id}`, rel: 'self' }],
    ...(process.replicaSetName === undefined ? {} : { replicaSetName: process.replicaSetName }),
  };
  if (closed) {
    const resolved = formatServiceTime(period.until as number);
    return { ...base, status: 'CLOSED', resolved, updated: resolved };
  }
  const conditions = { notificationDelaysMinutes, conditionPersists: true };
  if (nextAlertStatus({ status: 'TRACKING', created }, conditions, new Date(now)) === 'OPEN') {
    const openedAt = period.from + smallestNotificationDelay(notificationDelaysMinutes) * 60_000;
    return { ...base, status: 'OPEN', updated: formatServiceTime(openedAt) };
  }
  return { ...base, status: 'TRACKING', updated: created };
}
