/**
 * The list filters: `completed` on the cluster snapshot list and `status` on the alert list.
 */
import { type AlertStatus, type AlertStatusFilter, isAlertStatusFilter } from '../enums/alerts.js';
import { isSnapshotCompletedFilter, type SnapshotCompletedFilter } from '../enums/snapshots.js';
import { type ApiResult, fail } from './errors.js';

/**
 * Reads the `completed` query parameter of the cluster snapshot list: `true` (the default) returns only completed
 * snapshots, `false` only incomplete ones, `all` both.
 *
 * Any other value, including other spellings (`TRUE`, `1`) and an empty value, is refused with 400
 * `INVALID_QUERY_PARAMETER`, so a typo never silently returns the default set.
 */
export function parseCompletedFilter(value: string | undefined): ApiResult<SnapshotCompletedFilter> {
  if (value === undefined) return { ok: true, value: 'true' };
  if (isSnapshotCompletedFilter(value)) return { ok: true, value };
  return fail('INVALID_QUERY_PARAMETER', ['completed'], {
    hint: `completed must be true, false or all, got ${JSON.stringify(value)}; omit it to get completed snapshots only.`,
  });
}

/** Keeps the snapshots the `completed` filter selects, in their order. */
export function filterSnapshotsByCompleted<T extends { readonly complete: boolean }>(
  snapshots: readonly T[],
  filter: SnapshotCompletedFilter,
): readonly T[] {
  switch (filter) {
    case 'all':
      return snapshots;
    case 'true':
      return snapshots.filter((snapshot) => snapshot.complete);
    case 'false':
      return snapshots.filter((snapshot) => !snapshot.complete);
    default:
      return filter satisfies never;
  }
}

/**
 * Reads the `status` query parameter of the alert list: `TRACKING`, `OPEN` or `CLOSED`; `undefined` (omitted) means
 * all alerts.
 *
 * Values are matched exactly as the spec spells them: lower case (`open`), `CANCELLED` (a status, but not a filter
 * the spec offers) and an empty value are refused with 400 `INVALID_QUERY_PARAMETER`.
 */
export function parseAlertStatusFilter(value: string | undefined): ApiResult<AlertStatusFilter | undefined> {
  if (value === undefined) return { ok: true, value: undefined };
  if (isAlertStatusFilter(value)) return { ok: true, value };
  const upper = value.toUpperCase();
  const hint = isAlertStatusFilter(upper)
    ? `Status values are upper case: send ${upper}.`
    : `status must be TRACKING, OPEN or CLOSED, got ${JSON.stringify(value)}; omit it to list all alerts.`;
  return fail('INVALID_QUERY_PARAMETER', ['status'], { hint });
}

/** Keeps the alerts with the given status, in their order; `undefined` keeps all. */
export function filterAlertsByStatus<T extends { readonly status: AlertStatus }>(
  alerts: readonly T[],
  filter: AlertStatusFilter | undefined,
): readonly T[] {
  return filter === undefined ? alerts : alerts.filter((alert) => alert.status === filter);
}
