/**
 * Snapshot expiry: reading ISO 8601 timestamps and applying the change-expiry PATCH under the spec's rules.
 *
 * The rules (spec, "Snapshot expiry rules" and the PATCH endpoint):
 * 1. doNotDelete true together with `expires` in one request fails: the snapshot cannot be modified because of
 *    invalid fields (config server snapshots instead ignore the `expires`).
 * 2. doNotDelete true removes any existing `expires`.
 * 3. An `expires` at or before now schedules deletion at the next opportunity (not immediately).
 * 4. An `expires` already in the past cannot be edited.
 */
import type { ConfigServerSnapshot } from '../model/configServerSnapshot.js';
import type { ApiErrorBody } from '../model/error.js';
import type { Timestamp } from '../model/link.js';
import type { ClusterSnapshot, SnapshotPatch } from '../model/snapshot.js';
import { type ApiResult, fail } from './errors.js';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * Reads an ISO 8601 timestamp into epoch milliseconds, or `undefined` when it is not one.
 *
 * Accepted: a date and time with seconds optional, fractions optional, and a zone designator (`Z` or an offset such
 * as `+02:00`), for example `2018-12-01T00:00:00Z`; or a date alone (`2018-12-01`), meaning midnight UTC, as the real
 * service accepts it. A date and time without a zone is refused because its instant is ambiguous. Impossible dates
 * (`2023-02-30`) and times (`24:00`) are refused.
 */
export function parseTimestamp(text: string): number | undefined {
  const dateOnly = DATE_ONLY.exec(text);
  if (dateOnly) return utc(dateOnly.slice(1, 4), ['0', '0', '0'], 0, 0);
  const match = DATE_TIME.exec(text);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second = '0', fraction = '', zone = 'Z'] = match;
  let offsetMinutes = 0;
  if (zone !== 'Z') {
    const digits = zone.slice(1).replace(':', '');
    const hours = Number(digits.slice(0, 2));
    const minutes = Number(digits.slice(2));
    if (hours > 23 || minutes > 59) return undefined;
    offsetMinutes = (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
  }
  const millis = Number(fraction.padEnd(3, '0').slice(0, 3));
  return utc([year, month, day], [hour, minute, second], millis, offsetMinutes);
}

function utc(
  date: readonly (string | undefined)[],
  time: readonly (string | undefined)[],
  millis: number,
  offsetMinutes: number,
): number | undefined {
  const [year, month, day] = date.map(Number);
  const [hour, minute, second] = time.map(Number);
  if (year === undefined || month === undefined || day === undefined) return undefined;
  if (hour === undefined || minute === undefined || second === undefined) return undefined;
  const instant = new Date(0);
  instant.setUTCFullYear(year, month - 1, day);
  instant.setUTCHours(hour, minute, second, millis);
  // Date rolls over out-of-range parts (Feb 30 → Mar 2); a round trip that changes a part means the input was invalid.
  const valid =
    instant.getUTCFullYear() === year &&
    instant.getUTCMonth() === month - 1 &&
    instant.getUTCDate() === day &&
    instant.getUTCHours() === hour &&
    instant.getUTCMinutes() === minute &&
    instant.getUTCSeconds() === second;
  return valid ? instant.getTime() - offsetMinutes * 60_000 : undefined;
}

/** Writes epoch milliseconds as `YYYY-MM-DDTHH:MM:SSZ`, with `.sss` only when the milliseconds are not zero. */
export function formatTimestamp(epochMillis: number): Timestamp {
  return new Date(epochMillis).toISOString().replace('.000Z', 'Z');
}

/** The moment in whole seconds, `YYYY-MM-DDTHH:MM:SSZ`: how the real service writes the times it sets itself. */
export function formatServiceTime(epochMillis: number): Timestamp {
  return formatTimestamp(Math.floor(epochMillis / 1000) * 1000);
}

/** The expiry state the PATCH rules read and change; both snapshot resources have it. */
export type ExpiryState = { readonly doNotDelete: boolean; readonly expires?: Timestamp };

/**
 * Whether a snapshot is due for deletion: it has an `expires` at or before `now` and doNotDelete is not true. The
 * service deletes such a snapshot at its next opportunity, so it may still be listed.
 */
export function isSnapshotExpired(snapshot: ExpiryState, now: Date): boolean {
  if (snapshot.doNotDelete || snapshot.expires === undefined) return false;
  const expires = parseTimestamp(snapshot.expires);
  return expires !== undefined && expires <= now.getTime();
}

/**
 * The outcome of a change-expiry PATCH: the updated snapshot and whether it is now scheduled for deletion at the
 * service's next opportunity, or the error body to send.
 */
export type SnapshotPatchResult<S> =
  | { readonly ok: true; readonly snapshot: S; readonly deletion: 'none' | 'scheduled' }
  | { readonly ok: false; readonly error: ApiErrorBody };

/** The fields of a snapshot a PATCH may not change (anything but doNotDelete and expires). */
const READ_ONLY_FIELDS: ReadonlySet<string> = new Set([
  'id',
  'groupId',
  'clusterId',
  'clusterName',
  'complete',
  'created',
  'isPossiblyInconsistent',
  'lastOplogAppliedTimestamp',
  'links',
  'namespaceFilterList',
  'missingShards',
  'parts',
]);

/**
 * Reads a change-expiry PATCH body. Refuses (400): a body that is not a JSON object (`INVALID_JSON`); a snapshot field
 * other than doNotDelete and expires (`ATTRIBUTE_READ_ONLY`); an unknown field (`INVALID_ATTRIBUTE`); a doNotDelete
 * that is not a boolean or an expires that is not an ISO 8601 timestamp (`INVALID_JSON_ATTRIBUTE`); an empty body
 * (`MISSING_ONE_OF_ATTRIBUTES`: a PATCH that changes nothing is a client mistake).
 */
export function parseSnapshotPatch(body: unknown): ApiResult<SnapshotPatch> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return fail('INVALID_JSON', [], {
      hint: 'Send a JSON object with doNotDelete (boolean) and/or expires (ISO 8601 UTC timestamp).',
    });
  }
  const fields: Record<string, unknown> = { ...body };
  for (const key of Object.keys(fields)) {
    if (key === 'doNotDelete' || key === 'expires') continue;
    if (READ_ONLY_FIELDS.has(key)) return fail('ATTRIBUTE_READ_ONLY', [key], { hint: ONLY_EXPIRY_HINT });
    return fail('INVALID_ATTRIBUTE', [key], { hint: ONLY_EXPIRY_HINT });
  }
  const { doNotDelete, expires } = fields;
  if (doNotDelete === undefined && expires === undefined) {
    return fail('MISSING_ONE_OF_ATTRIBUTES', ['doNotDelete', 'expires']);
  }
  if (doNotDelete !== undefined && typeof doNotDelete !== 'boolean') {
    return fail('INVALID_JSON_ATTRIBUTE', ['doNotDelete'], {
      hint: `doNotDelete must be true or false, got ${JSON.stringify(doNotDelete)}.`,
    });
  }
  if (expires !== undefined && (typeof expires !== 'string' || parseTimestamp(expires) === undefined)) {
    return fail('INVALID_JSON_ATTRIBUTE', ['expires'], {
      hint: `expires must be an ISO 8601 UTC timestamp such as 2018-12-01T00:00:00Z, got ${JSON.stringify(expires)}.`,
    });
  }
  const patch: { doNotDelete?: boolean; expires?: Timestamp } = {};
  if (doNotDelete !== undefined) patch.doNotDelete = doNotDelete;
  if (typeof expires === 'string') patch.expires = expires;
  return { ok: true, value: patch };
}

const ONLY_EXPIRY_HINT = 'Only doNotDelete and expires can be changed.';

type Conflict = 'reject' | 'ignore-expires';

function applyExpiryPatch<S extends ExpiryState & { readonly id: string }>(
  snapshot: S,
  body: unknown,
  now: Date,
  conflict: Conflict,
): SnapshotPatchResult<S> {
  const parsed = parseSnapshotPatch(body);
  if (!parsed.ok) return parsed;
  const patch = parsed.value;
  const protect = patch.doNotDelete ?? snapshot.doNotDelete;
  if (patch.doNotDelete === true && patch.expires !== undefined && conflict === 'reject') {
    return fail('SNAPSHOT_INVALID_FIELDS', [snapshot.id, 'doNotDelete, expires'], {
      hint: 'doNotDelete true removes the expiry, so expires cannot be set with it; send one of the two.',
    });
  }
  if (patch.doNotDelete === undefined && snapshot.doNotDelete && patch.expires !== undefined && conflict === 'reject') {
    return fail('SNAPSHOT_INVALID_FIELDS', [snapshot.id, 'expires'], {
      hint: 'The snapshot has doNotDelete true, which keeps it without expiry; send doNotDelete false with expires.',
    });
  }
  const newExpires = protect ? undefined : patch.expires === undefined ? snapshot.expires : canonical(patch.expires);
  if (
    isSnapshotExpired(snapshot, now) &&
    snapshot.expires !== undefined &&
    !sameInstant(newExpires, snapshot.expires)
  ) {
    return fail('SNAPSHOT_EXPIRY_PASSED', [snapshot.id, snapshot.expires], {
      hint: 'The snapshot is scheduled for deletion at the next opportunity; an expiry in the past is final.',
    });
  }
  const { expires: _previous, ...rest } = snapshot;
  // Rebuilding S without `expires` and with a new doNotDelete keeps every other field of S as it was.
  const updated = (newExpires === undefined
    ? { ...rest, doNotDelete: protect }
    : { ...rest, doNotDelete: protect, expires: newExpires }) as unknown as S;
  return { ok: true, snapshot: updated, deletion: isSnapshotExpired(updated, now) ? 'scheduled' : 'none' };
}

function sameInstant(a: Timestamp | undefined, b: Timestamp): boolean {
  return a !== undefined && parseTimestamp(a) === parseTimestamp(b);
}

function canonical(timestamp: Timestamp): Timestamp {
  const epochMillis = parseTimestamp(timestamp);
  return epochMillis === undefined ? timestamp : formatTimestamp(epochMillis);
}

/**
 * Applies a change-expiry PATCH body to a cluster snapshot at time `now` (spec rules 1–4 above).
 *
 * - doNotDelete true with expires → 400 `SNAPSHOT_INVALID_FIELDS` ("cannot be modified because of invalid fields");
 *   so is expires alone on a snapshot whose doNotDelete is already true (send doNotDelete false with it).
 * - doNotDelete true → `expires` removed; doNotDelete false → kept, or replaced by the sent expires.
 * - A resulting expires at or before `now` → `deletion: 'scheduled'`.
 * - A current expires at or before `now` cannot be changed or removed → 409 `SNAPSHOT_EXPIRY_PASSED`.
 * - A sent expires is stored in the canonical form `YYYY-MM-DDTHH:MM:SSZ` (`2018-12-01` → `2018-12-01T00:00:00Z`).
 * - Malformed bodies are refused as {@link parseSnapshotPatch} says.
 * @param snapshot The snapshot as stored before the request; it is not changed.
 * @param patch The parsed JSON request body: a {@link SnapshotPatch}, or anything a client sent, which is checked.
 * @param now The time of the request; rules 3 and 4 compare `expires` with it.
 * @returns The updated snapshot and `deletion: 'scheduled'` when the result is due for deletion (its expires is at or
 * before `now`), else `'none'`; or the error body to send.
 */
export function applySnapshotPatch(
  snapshot: ClusterSnapshot,
  patch: unknown,
  now: Date,
): SnapshotPatchResult<ClusterSnapshot> {
  return applyExpiryPatch(snapshot, patch, now, 'reject');
}

/**
 * Applies a change-expiry PATCH body to a (deprecated) config server snapshot. As {@link applySnapshotPatch}, except
 * that doNotDelete true with expires is not an error: for this resource doNotDelete true means any value in
 * `expires` is ignored or removed. Setting expires on a snapshot whose doNotDelete stays true is ignored likewise.
 * @param snapshot The snapshot as stored before the request; it is not changed.
 * @param patch The parsed JSON request body, which is checked.
 * @param now The time of the request.
 * @deprecated Config server snapshots are deprecated from database server 3.4 on.
 */
export function applyConfigServerSnapshotPatch(
  snapshot: ConfigServerSnapshot,
  patch: unknown,
  now: Date,
): SnapshotPatchResult<ConfigServerSnapshot> {
  return applyExpiryPatch(snapshot, patch, now, 'ignore-expires');
}
