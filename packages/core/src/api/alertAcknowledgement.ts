/**
 * Acknowledging an alert: `PATCH /groups/{PROJECT-ID}/alerts/{ALERT-ID}` with `acknowledgedUntil` and
 * `acknowledgementComment` (domain.md §11; docs/decisions/service.md, "Acknowledging an alert"). The spec shows the
 * fields (`acknowledgedUntil`, `acknowledgementComment`, `acknowledgingUsername`) but not the endpoint.
 */
import type { Alert } from '../model/alert.js';
import type { Timestamp } from '../model/link.js';
import { type ApiResult, fail } from './errors.js';
import { formatServiceTime, formatTimestamp, parseTimestamp } from './expiry.js';

/**
 * What an acknowledge request asks for: acknowledge until a moment (which may be in the past: the alert is then
 * acknowledged no longer, as the real service's docs say of a past date), or take the acknowledgement away.
 */
export type AlertAcknowledgement =
  | { readonly kind: 'acknowledge'; readonly until: Timestamp; readonly comment?: string }
  | { readonly kind: 'unacknowledge' };

/** The body fields an acknowledge request may carry. `unacknowledgeAlert` is the Atlas Admin API's flag. */
const BODY_FIELDS: ReadonlySet<string> = new Set(['acknowledgedUntil', 'acknowledgementComment', 'unacknowledgeAlert']);

/** The alert's other fields: sending one is an attempt to change what only the service sets. */
const READ_ONLY_FIELDS: ReadonlySet<string> = new Set([
  'id',
  'groupId',
  'alertConfigId',
  'eventTypeName',
  'status',
  'created',
  'updated',
  'resolved',
  'lastNotified',
  'acknowledgingUsername',
  'links',
  'tags',
  'hostnameAndPort',
  'hostId',
  'replicaSetName',
  'clusterId',
  'clusterName',
  'metricName',
  'currentValue',
  'sourceTypeName',
]);

const HINT = 'Send acknowledgedUntil (an ISO 8601 UTC timestamp) and optionally acknowledgementComment.';

/**
 * Reads an acknowledge request body.
 *
 * - `acknowledgedUntil` present: acknowledge until then (any valid timestamp, past ones included).
 * - `acknowledgedUntil` absent or null, or `unacknowledgeAlert: true`: un-acknowledge. The vendor's CLI sends
 *   `{"acknowledgementComment": ""}` to un-acknowledge, and the Go client's request omits an unset date.
 * - Refused (400): a body that is not an object (`INVALID_JSON`); an alert field (`ATTRIBUTE_READ_ONLY`); any other
 *   field (`INVALID_ATTRIBUTE`); a date that is not an ISO 8601 timestamp, a comment that is not a string, a flag
 *   that is not a boolean (`INVALID_JSON_ATTRIBUTE`).
 * @example
 * parseAlertAcknowledgement({ acknowledgedUntil: '2026-12-01T00:00:00Z', acknowledgementComment: 'disk swap' });
 * // { ok: true, value: { kind: 'acknowledge', until: '2026-12-01T00:00:00Z', comment: 'disk swap' } }
 */
export function parseAlertAcknowledgement(body: unknown): ApiResult<AlertAcknowledgement> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return fail('INVALID_JSON', [], { hint: HINT });
  }
  const fields: Record<string, unknown> = { ...body };
  for (const key of Object.keys(fields)) {
    if (BODY_FIELDS.has(key)) continue;
    if (READ_ONLY_FIELDS.has(key)) return fail('ATTRIBUTE_READ_ONLY', [key], { hint: HINT });
    return fail('INVALID_ATTRIBUTE', [key], { hint: HINT });
  }
  const { acknowledgedUntil: until, acknowledgementComment: comment, unacknowledgeAlert: unacknowledge } = fields;
  if (unacknowledge !== undefined && typeof unacknowledge !== 'boolean') {
    return fail('INVALID_JSON_ATTRIBUTE', ['unacknowledgeAlert'], {
      hint: `unacknowledgeAlert must be true or false, got ${JSON.stringify(unacknowledge)}.`,
    });
  }
  if (comment !== undefined && comment !== null && typeof comment !== 'string') {
    return fail('INVALID_JSON_ATTRIBUTE', ['acknowledgementComment'], {
      hint: `acknowledgementComment must be a string, got ${JSON.stringify(comment)}.`,
    });
  }
  const epochMillis = typeof until === 'string' ? parseTimestamp(until) : undefined;
  if (until !== undefined && until !== null && epochMillis === undefined) {
    return fail('INVALID_JSON_ATTRIBUTE', ['acknowledgedUntil'], {
      hint: `acknowledgedUntil must be an ISO 8601 timestamp such as 2026-12-01T00:00:00Z, got ${JSON.stringify(until)}.`,
    });
  }
  if (unacknowledge === true || epochMillis === undefined) return { ok: true, value: { kind: 'unacknowledge' } };
  const value = { kind: 'acknowledge', until: formatTimestamp(epochMillis) } as const;
  return { ok: true, value: typeof comment === 'string' ? { ...value, comment } : value };
}

/**
 * What the last acknowledge request left on an alert, kept apart from the alert (derived alerts have no stored
 * document): the acknowledgement fields, or none when it took the acknowledgement away, and when it was made.
 */
export type AlertAcknowledgementRecord = {
  readonly acknowledgedUntil?: Timestamp;
  readonly acknowledgementComment?: string;
  readonly acknowledgingUsername?: string;
  /** When the request was made: the alert's `updated` moves there. */
  readonly at: Timestamp;
};

/**
 * The record an acknowledge request leaves.
 * @param username the user the API key belongs to: the real service echoes it as `acknowledgingUsername`.
 */
export function acknowledgementRecord(
  request: AlertAcknowledgement,
  username: string,
  now: Date,
): AlertAcknowledgementRecord {
  const at = formatServiceTime(now.getTime());
  if (request.kind === 'unacknowledge') return { at };
  const record = { acknowledgedUntil: request.until, acknowledgingUsername: username, at };
  return request.comment === undefined ? record : { ...record, acknowledgementComment: request.comment };
}

/**
 * The alert with an acknowledgement record applied: the three acknowledgement fields as the record has them (removed
 * when it has none), `updated` moved to the record's time when that is later. The status never changes: a CLOSED
 * alert acknowledged stays CLOSED (corpus/real-api-responses/atlascli-alert-acknowledge-response.json).
 */
export function withAcknowledgement(alert: Alert, record: AlertAcknowledgementRecord | undefined): Alert {
  if (record === undefined) return alert;
  const {
    acknowledgedUntil: _until,
    acknowledgementComment: _comment,
    acknowledgingUsername: _username,
    ...rest
  } = alert;
  const { at, ...fields } = record;
  const updated = later(at, alert.updated) ? at : alert.updated;
  // Rebuilding the alert keeps its discriminated fields (status, eventTypeName) as they were.
  return { ...rest, ...fields, updated } as Alert;
}

function later(a: Timestamp, b: Timestamp): boolean {
  const x = parseTimestamp(a);
  const y = parseTimestamp(b);
  return x !== undefined && (y === undefined || x > y);
}
