import { describe, expect, it } from 'vitest';
import {
  acknowledgementRecord,
  parseAlertAcknowledgement,
  withAcknowledgement,
} from '../../src/api/alertAcknowledgement.js';
import type { Alert } from '../../src/model/alert.js';

const NOW = new Date('2026-08-10T03:04:02Z');

const closed: Alert = {
  id: '5efdb5dd5b306e51e2e9b05b',
  groupId: 'b0123456789abcdef012345b',
  alertConfigId: '5efdb59f93fc35705f337179',
  eventTypeName: 'USERS_WITHOUT_MULTI_FACTOR_AUTH',
  created: '2020-07-02T10:24:29Z',
  updated: '2022-03-16T18:39:26Z',
  status: 'CLOSED',
  resolved: '2022-03-16T18:39:26Z',
  links: [],
};

describe('parseAlertAcknowledgement', () => {
  it.each([
    [
      'a date and a comment acknowledge until the date, in the canonical form',
      { acknowledgedUntil: '2026-11-01T00:00:00-04:00', acknowledgementComment: 'disk swap' },
      { kind: 'acknowledge', until: '2026-11-01T04:00:00Z', comment: 'disk swap' },
    ],
    [
      'a date alone acknowledges',
      { acknowledgedUntil: '2026-12-01' },
      { kind: 'acknowledge', until: '2026-12-01T00:00:00Z' },
    ],
    [
      'an offset without a colon, as the Go client sends it',
      { acknowledgedUntil: '2016-11-01T00:00:00-0400' },
      { kind: 'acknowledge', until: '2016-11-01T04:00:00Z' },
    ],
    [
      'a past date is kept: the alert is acknowledged no longer',
      { acknowledgedUntil: '2020-01-01T00:00:00Z' },
      { kind: 'acknowledge', until: '2020-01-01T00:00:00Z' },
    ],
    [
      'no date un-acknowledges (the vendor CLI sends only a comment)',
      { acknowledgementComment: '' },
      { kind: 'unacknowledge' },
    ],
    ['an empty body un-acknowledges (the Go client omits an unset date)', {}, { kind: 'unacknowledge' }],
    ['a null date un-acknowledges', { acknowledgedUntil: null }, { kind: 'unacknowledge' }],
    [
      'unacknowledgeAlert true wins over a date',
      { acknowledgedUntil: '2030-01-01T00:00:00Z', unacknowledgeAlert: true },
      { kind: 'unacknowledge' },
    ],
  ])('%s', (_name, body, expected) => {
    expect(parseAlertAcknowledgement(body)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['a list', [], 'INVALID_JSON', []],
    ['a string', 'soon', 'INVALID_JSON', []],
    ['a date that is not one', { acknowledgedUntil: 'tomorrow' }, 'INVALID_JSON_ATTRIBUTE', ['acknowledgedUntil']],
    ['a number for the date', { acknowledgedUntil: 1700000000 }, 'INVALID_JSON_ATTRIBUTE', ['acknowledgedUntil']],
    [
      'a comment that is not a string',
      { acknowledgedUntil: '2030-01-01', acknowledgementComment: 5 },
      'INVALID_JSON_ATTRIBUTE',
      ['acknowledgementComment'],
    ],
    ['a flag that is not a boolean', { unacknowledgeAlert: 'yes' }, 'INVALID_JSON_ATTRIBUTE', ['unacknowledgeAlert']],
    ['an alert field', { status: 'CLOSED' }, 'ATTRIBUTE_READ_ONLY', ['status']],
    ['the acknowledging user', { acknowledgingUsername: 'me' }, 'ATTRIBUTE_READ_ONLY', ['acknowledgingUsername']],
    ['an unknown field', { until: '2030-01-01' }, 'INVALID_ATTRIBUTE', ['until']],
  ])('refuses %s with 400 %s', (_name, body, errorCode, parameters) => {
    const result = parseAlertAcknowledgement(body);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ error: 400, errorCode, parameters });
    expect(result.error.detail).toContain(parameters[0] ?? 'acknowledgedUntil');
  });
});

describe('withAcknowledgement', () => {
  it('acknowledging a CLOSED alert keeps it CLOSED and echoes the user, as the recorded response does', () => {
    const parsed = parseAlertAcknowledgement({ acknowledgedUntil: '2026-08-10T03:04:02Z' });
    if (!parsed.ok) throw new Error('parse failed');
    const alert = withAcknowledgement(closed, acknowledgementRecord(parsed.value, 'nmtxqlkl', NOW));
    expect(alert).toMatchObject({
      status: 'CLOSED',
      resolved: '2022-03-16T18:39:26Z',
      acknowledgedUntil: '2026-08-10T03:04:02Z',
      acknowledgingUsername: 'nmtxqlkl',
      updated: '2026-08-10T03:04:02Z',
    });
    expect(alert).not.toHaveProperty('acknowledgementComment');
  });

  it('un-acknowledging removes the three fields and moves updated', () => {
    const acknowledged = {
      ...closed,
      acknowledgedUntil: '2030-01-01T00:00:00Z',
      acknowledgementComment: 'x',
      acknowledgingUsername: 'u',
    } as Alert;
    const alert = withAcknowledgement(acknowledged, acknowledgementRecord({ kind: 'unacknowledge' }, 'u', NOW));
    expect(alert).not.toHaveProperty('acknowledgedUntil');
    expect(alert).not.toHaveProperty('acknowledgementComment');
    expect(alert).not.toHaveProperty('acknowledgingUsername');
    expect(alert.updated).toBe('2026-08-10T03:04:02Z');
  });

  it('an alert updated after the acknowledgement keeps its later updated', () => {
    const record = acknowledgementRecord(
      { kind: 'acknowledge', until: '2030-01-01T00:00:00Z' },
      'u',
      new Date('2020-01-01T00:00:00Z'),
    );
    expect(withAcknowledgement(closed, record).updated).toBe(closed.updated);
    expect(withAcknowledgement(closed, undefined)).toBe(closed);
  });
});

describe('acknowledgementRecord', () => {
  it('writes its time in whole seconds, as the service writes the times it sets', () => {
    const record = acknowledgementRecord({ kind: 'unacknowledge' }, 'u', new Date('2026-08-10T03:04:02.731Z'));
    expect(record).toEqual({ at: '2026-08-10T03:04:02Z' });
  });
});
