import { describe, expect, it } from 'vitest';
import {
  applyConfigServerSnapshotPatch,
  applySnapshotPatch,
  formatTimestamp,
  isSnapshotExpired,
  parseSnapshotPatch,
  parseTimestamp,
} from '../../src/api/expiry.js';
import type { ConfigServerSnapshot } from '../../src/model/configServerSnapshot.js';
import type { ClusterSnapshot } from '../../src/model/snapshot.js';

const NOW = new Date('2024-06-01T12:00:00Z');
const FUTURE = '2024-07-01T00:00:00Z';
const PAST = '2024-05-01T00:00:00Z';

const snapshot: ClusterSnapshot = {
  id: '5b1e4f1a3b34b9c8a5d3a111',
  groupId: '5b1e4f1a3b34b9c8a5d3a000',
  clusterId: '5b1e4f1a3b34b9c8a5d3a222',
  complete: true,
  created: { date: '2024-05-20T03:00:00Z', increment: 1 },
  doNotDelete: false,
  expires: FUTURE,
  links: [{ href: 'https://h/api/public/v1.0/groups/g/clusters/c/snapshots/s', rel: 'self' }],
  parts: [
    {
      typeName: 'REPLICA_SET',
      replicaSetName: 'rs0',
      clusterId: '5b1e4f1a3b34b9c8a5d3a222',
      dataSizeBytes: 1,
      fileSizeBytes: 2,
      storageSizeBytes: 3,
      dbdVersion: '7.0.5',
    },
  ],
};

function withExpiry(doNotDelete: boolean, expires?: string): ClusterSnapshot {
  const { expires: _, ...rest } = snapshot;
  return expires === undefined ? { ...rest, doNotDelete } : { ...rest, doNotDelete, expires };
}

describe('parseTimestamp', () => {
  it.for([
    ['2018-12-01T00:00:00Z', '2018-12-01T00:00:00Z'],
    ['2018-12-01', '2018-12-01T00:00:00Z'],
    ['2018-12-01T10:30Z', '2018-12-01T10:30:00Z'],
    ['2018-12-01T10:30:15.250Z', '2018-12-01T10:30:15.250Z'],
    ['2018-12-01T10:30:15.123456Z', '2018-12-01T10:30:15.123Z'],
    ['2018-12-01T02:00:00+02:00', '2018-12-01T00:00:00Z'],
    ['2018-11-30T19:00:00-0500', '2018-12-01T00:00:00Z'],
    ['2024-02-29T00:00:00Z', '2024-02-29T00:00:00Z'],
  ] as const)('reads %s as the instant %s [spec:timestamps-utc]', ([text, expected]) => {
    const epochMillis = parseTimestamp(text);
    expect(epochMillis === undefined ? undefined : formatTimestamp(epochMillis)).toBe(expected);
  });

  it.for([
    '2018-12-01T00:00:00',
    '2018-12-01 00:00:00Z',
    '2023-02-29',
    '2018-13-01',
    '2018-12-32T00:00:00Z',
    '2018-12-01T24:00:00Z',
    '2018-12-01T10:60:00Z',
    '2018-12-01T10:00:60Z',
    '2018-12-01T00:00:00+25:00',
    '2018-12-01t00:00:00z',
    'tomorrow',
    '',
    '1543622400000',
  ])('refuses %j', (text) => {
    expect(parseTimestamp(text)).toBeUndefined();
  });
});

describe('isSnapshotExpired', () => {
  it.for([
    ['an expiry in the future', false, withExpiry(false, FUTURE)],
    ['an expiry in the past', true, withExpiry(false, PAST)],
    ['an expiry exactly now', true, withExpiry(false, '2024-06-01T12:00:00Z')],
    ['no expiry', false, withExpiry(false)],
    ['doNotDelete true', false, withExpiry(true)],
  ] as const)('a snapshot with %s is expired: %s', ([, expected, state]) => {
    expect(isSnapshotExpired(state, NOW)).toBe(expected);
  });
});

describe('parseSnapshotPatch', () => {
  it.for([
    ['an array', 'INVALID_JSON', [], []],
    ['null', 'INVALID_JSON', null, []],
    ['a string', 'INVALID_JSON', 'doNotDelete', []],
    ['an empty object', 'MISSING_ONE_OF_ATTRIBUTES', {}, ['doNotDelete', 'expires']],
    ['a read-only field', 'ATTRIBUTE_READ_ONLY', { complete: false }, ['complete']],
    ['the id', 'ATTRIBUTE_READ_ONLY', { id: 'x', doNotDelete: true }, ['id']],
    ['an unknown field', 'INVALID_ATTRIBUTE', { expiry: FUTURE }, ['expiry']],
    ['a doNotDelete string', 'INVALID_JSON_ATTRIBUTE', { doNotDelete: 'true' }, ['doNotDelete']],
    ['a doNotDelete null', 'INVALID_JSON_ATTRIBUTE', { doNotDelete: null }, ['doNotDelete']],
    ['an expires number', 'INVALID_JSON_ATTRIBUTE', { expires: 1543622400000 }, ['expires']],
    ['an expires null', 'INVALID_JSON_ATTRIBUTE', { expires: null }, ['expires']],
    ['an expires without a zone', 'INVALID_JSON_ATTRIBUTE', { expires: '2024-07-01T00:00:00' }, ['expires']],
    ['an impossible date', 'INVALID_JSON_ATTRIBUTE', { expires: '2024-02-30' }, ['expires']],
  ] as const)('refuses %s with 400 %s', ([, errorCode, body, parameters]) => {
    const result = parseSnapshotPatch(body);
    if (result.ok) expect.fail('expected an error');
    expect(result.error).toMatchObject({ error: 400, errorCode, parameters });
  });

  it('says which format expires needs', () => {
    const result = parseSnapshotPatch({ expires: 'next week' });
    expect(result.ok ? '' : result.error.detail).toBe(
      'Received JSON for the expires attribute does not match expected format. expires must be an ISO 8601 UTC ' +
        'timestamp such as 2018-12-01T00:00:00Z, got "next week".',
    );
  });
});

describe('applySnapshotPatch', () => {
  it('rule 1: doNotDelete true with expires in one request cannot be modified because of invalid fields [spec:patch-1] [spec:error-invalid-fields]', () => {
    const result = applySnapshotPatch(snapshot, { doNotDelete: true, expires: FUTURE }, NOW);
    if (result.ok) expect.fail('expected an error');
    expect(result.error).toMatchObject({ error: 400, errorCode: 'SNAPSHOT_INVALID_FIELDS', reason: 'Bad Request' });
    expect(result.error.detail).toMatch(
      /^Snapshot 5b1e4f1a3b34b9c8a5d3a111 cannot be modified because of invalid fields/,
    );
  });

  it.for([
    ['a future expiry', FUTURE],
    ['no expiry', undefined],
  ])('rule 2: doNotDelete true removes %s [spec:patch-2] [spec:expiry-1]', ([, expires]) => {
    const result = applySnapshotPatch(withExpiry(false, expires), { doNotDelete: true }, NOW);
    if (!result.ok) expect.fail(result.error.detail);
    expect(result.snapshot.doNotDelete).toBe(true);
    expect(result.snapshot).not.toHaveProperty('expires');
    expect(result.deletion).toBe('none');
  });

  it.for([
    ['a time before now', 'scheduled', '2024-06-01T11:59:59Z'],
    ['exactly now', 'scheduled', '2024-06-01T12:00:00Z'],
    ['a time after now', 'none', '2024-06-01T12:00:01Z'],
  ])('rule 3: an expires at %s → deletion %s [spec:patch-3] [spec:expiry-2]', ([, deletion, expires]) => {
    const result = applySnapshotPatch(snapshot, { expires }, NOW);
    if (!result.ok) expect.fail(result.error.detail);
    expect(result.snapshot.expires).toBe(expires);
    expect(result.deletion).toBe(deletion);
  });

  it.for([
    ['a new expires', { expires: FUTURE }],
    ['an earlier expires', { expires: '2024-04-01T00:00:00Z' }],
    ['doNotDelete true, which would remove it', { doNotDelete: true }],
  ])(
    'rule 4: an expires already in the past cannot be edited by %s (409) [spec:patch-4] [spec:expiry-3]',
    ([, patch]) => {
      const result = applySnapshotPatch(withExpiry(false, PAST), patch, NOW);
      if (result.ok) expect.fail('expected an error');
      expect(result.error).toMatchObject({
        error: 409,
        errorCode: 'SNAPSHOT_EXPIRY_PASSED',
        parameters: ['5b1e4f1a3b34b9c8a5d3a111', PAST],
      });
    },
  );

  it('rule 4: a past expiry may be sent again unchanged, in any spelling of the same instant', () => {
    const result = applySnapshotPatch(withExpiry(false, PAST), { expires: '2024-05-01' }, NOW);
    if (!result.ok) expect.fail(result.error.detail);
    expect(result.snapshot.expires).toBe(PAST);
    expect(result.deletion).toBe('scheduled');
  });

  it('doNotDelete false on a snapshot past its expiry changes nothing and keeps it scheduled', () => {
    const result = applySnapshotPatch(withExpiry(false, PAST), { doNotDelete: false }, NOW);
    if (!result.ok) expect.fail(result.error.detail);
    expect(result).toStrictEqual({ ok: true, snapshot: withExpiry(false, PAST), deletion: 'scheduled' });
  });

  it('doNotDelete false with expires lifts protection and sets the expiry', () => {
    const result = applySnapshotPatch(withExpiry(true), { doNotDelete: false, expires: FUTURE }, NOW);
    if (!result.ok) expect.fail(result.error.detail);
    expect(result.snapshot).toMatchObject({ doNotDelete: false, expires: FUTURE });
  });

  it('doNotDelete false alone keeps the current expiry', () => {
    const result = applySnapshotPatch(snapshot, { doNotDelete: false }, NOW);
    if (!result.ok) expect.fail(result.error.detail);
    expect(result.snapshot.expires).toBe(FUTURE);
  });

  it('expires alone on a protected snapshot is refused: send doNotDelete false with it', () => {
    const result = applySnapshotPatch(withExpiry(true), { expires: FUTURE }, NOW);
    if (result.ok) expect.fail('expected an error');
    expect(result.error).toMatchObject({ error: 400, errorCode: 'SNAPSHOT_INVALID_FIELDS' });
    expect(result.error.detail).toContain('send doNotDelete false with expires');
  });

  it('stores a date-only expires as midnight UTC in the canonical form', () => {
    const result = applySnapshotPatch(snapshot, { expires: '2024-12-01' }, NOW);
    expect(result.ok && result.snapshot.expires).toBe('2024-12-01T00:00:00Z');
  });

  it('keeps every other field of the snapshot and does not change the input [spec:patch-response]', () => {
    const before = structuredClone(snapshot);
    const result = applySnapshotPatch(snapshot, { doNotDelete: true }, NOW);
    if (!result.ok) expect.fail(result.error.detail);
    const { expires: _, ...unchanged } = snapshot;
    expect(result.snapshot).toStrictEqual({ ...unchanged, doNotDelete: true });
    expect(snapshot).toStrictEqual(before);
  });

  it('refuses a malformed body before applying any rule [spec:patch-body]', () => {
    const result = applySnapshotPatch(snapshot, { doNotDelete: 'yes', expires: FUTURE }, NOW);
    expect(result.ok ? undefined : result.error.errorCode).toBe('INVALID_JSON_ATTRIBUTE');
  });
});

describe('applyConfigServerSnapshotPatch', () => {
  const configSnapshot: ConfigServerSnapshot = {
    id: '5b1e4f1a3b34b9c8a5d3a333',
    groupId: '5b1e4f1a3b34b9c8a5d3a000',
    complete: true,
    created: { date: '2017-03-01T00:00:00Z', increment: 1 },
    doNotDelete: false,
    expires: FUTURE,
    links: [{ href: 'https://h/api/public/v1.0/groups/g/hosts/h/snapshots/s', rel: 'self' }],
    parts: [
      {
        typeName: 'CONFIG_SERVER',
        hostId: 'a1b2c3',
        completedTime: '2017-03-01T00:05:00Z',
        dataSizeBytes: 1,
        encryptionEnabled: false,
        fileSizeBytes: 2,
        machineId: 'cfg1.example.net:27019',
        dbdVersion: '3.2.15',
        storageSizeBytes: 3,
      },
    ],
  };

  it('doNotDelete true with expires is not an error: the expires is ignored and removed [spec:config-server-do-not-delete]', () => {
    const result = applyConfigServerSnapshotPatch(configSnapshot, { doNotDelete: true, expires: FUTURE }, NOW);
    if (!result.ok) expect.fail(result.error.detail);
    expect(result.snapshot.doNotDelete).toBe(true);
    expect(result.snapshot).not.toHaveProperty('expires');
  });

  it('expires alone on a protected config server snapshot is ignored [spec:config-server-do-not-delete]', () => {
    const { expires: _, ...rest } = configSnapshot;
    const result = applyConfigServerSnapshotPatch({ ...rest, doNotDelete: true }, { expires: FUTURE }, NOW);
    if (!result.ok) expect.fail(result.error.detail);
    expect(result.snapshot).not.toHaveProperty('expires');
  });

  it('sets an expiry like the cluster variant', () => {
    const result = applyConfigServerSnapshotPatch(configSnapshot, { expires: PAST }, NOW);
    expect(result.ok && [result.snapshot.expires, result.deletion]).toStrictEqual([PAST, 'scheduled']);
  });

  it('an expires already in the past cannot be edited either', () => {
    const result = applyConfigServerSnapshotPatch({ ...configSnapshot, expires: PAST }, { expires: FUTURE }, NOW);
    expect(result.ok ? undefined : result.error.errorCode).toBe('SNAPSHOT_EXPIRY_PASSED');
  });
});
