import type { ConfigServerSnapshot } from '@dbkit/core';
import { describe, expect, it } from 'vitest';
import { connectionOf } from '../src/lib/connections.ts';
import {
  alertDocumentPath,
  checkResourceId,
  checkTime,
  defaultAcknowledgeUntil,
  expiryConfirmation,
  keepConfirmation,
  nameFromSnapshot,
  projectKey,
  readResources,
  withoutResource,
  withResource,
} from '../src/lib/explorerActions.ts';
import { connection, NOW, rs0, snapshot } from './explorerFixtures.ts';

describe('the cluster and host ids a user adds', () => {
  const key = projectKey(connection);

  it('are kept per service and project, so a new key pair keeps them', () => {
    expect(projectKey(connectionOf('http://127.0.0.1:8080', 'g1', 'OTHER'))).toBe(key);
    let state: unknown;
    state = withResource(state, key, 'cluster', { id: 'c1' });
    state = withResource(state, key, 'cluster', { id: 'c2' });
    state = withResource(state, key, 'host', { id: 'h1', name: 'cfg-0:27019' });
    // Added again, it is named, not repeated.
    state = withResource(state, key, 'cluster', rs0);
    expect(readResources(state, key)).toEqual({
      cluster: [rs0, { id: 'c2' }],
      host: [{ id: 'h1', name: 'cfg-0:27019' }],
    });
    expect(readResources(state, projectKey(connectionOf('http://127.0.0.1:8080', 'g2', 'PUB1')))).toEqual({
      cluster: [],
      host: [],
    });
    expect(readResources(withoutResource(state, key, 'cluster', 'c1'), key).cluster).toEqual([{ id: 'c2' }]);
  });

  it('are read leniently: what is not an id is dropped', () => {
    expect(readResources({ [key]: { cluster: [{ id: '' }, 3, { id: 'c1', name: 7 }], host: 'x' } }, key)).toEqual({
      cluster: [{ id: 'c1' }],
      host: [],
    });
    expect(readResources('garbage', key)).toEqual({ cluster: [], host: [] });
  });

  it.for([
    [' 9c43a8c3b7cf3c25632b9240 ', true],
    ['', false],
    ['a b', false],
    ['a/b', false],
  ] as const)('id %j is accepted: %s', ([typed, ok]) => {
    expect(checkResourceId(typed, 'cluster').ok).toBe(ok);
  });

  it('are named by their first snapshot: the cluster name, the config server host', () => {
    expect(nameFromSnapshot('cluster', snapshot())).toBe('rs0');
    const old = { parts: [{ machineId: 'cfg-0.example.net:27019' }] } as unknown as ConfigServerSnapshot;
    expect(nameFromSnapshot('host', old)).toBe('cfg-0.example.net:27019');
    expect(nameFromSnapshot('cluster', undefined)).toBeUndefined();
  });
});

describe('the actions', () => {
  it.for([
    ['2026-07-01', Date.UTC(2026, 6, 1)],
    [' 2026-07-01T12:00:00Z ', Date.UTC(2026, 6, 1, 12)],
    ['2026-07-01T14:00+02:00', Date.UTC(2026, 6, 1, 12)],
  ] as const)('a typed time %j is read as the service reads it', ([typed, at]) => {
    expect(checkTime(typed)).toEqual({ ok: true, value: { text: typed.trim(), at } });
  });

  it.for([
    ['', /^Type a time with its zone/],
    ['2026-07-01T12:00', /^Add the zone \(Z for UTC/],
    ['tomorrow', /^tomorrow is not an ISO 8601 time/],
    ['2026-02-30', /is not an ISO 8601 time/],
  ] as const)('a typed time %j is refused in one line', ([typed, message]) => {
    const checked = checkTime(typed);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.message).toMatch(message);
  });

  it('Keep names the rule: keeping removes the expiry; on a kept snapshot it lets it go', () => {
    expect(keepConfirmation(snapshot({ expires: '2026-07-01T00:00:00Z' }))).toEqual({
      message: 'Keep the snapshot of 2026-05-31 18:30 UTC?',
      detail:
        'Keeping a snapshot (doNotDelete) removes its expiry (2026-07-01 00:00 UTC): the service never deletes it while it is kept.',
      confirm: 'Keep',
    });
    expect(keepConfirmation(snapshot({ doNotDelete: true })).confirm).toBe('Stop Keeping');
  });

  it.for([
    [
      'later',
      '2026-07-01',
      'Set the expiry of the snapshot of 2026-05-31 18:30 UTC to 2026-07-01 00:00 UTC?',
      'Set Expiry',
    ],
    [
      'now',
      '2026-06-01T00:00:00Z',
      'Delete the snapshot of 2026-05-31 18:30 UTC? 2026-06-01 00:00 UTC is at or before now.',
      'Set Expiry and Delete',
    ],
    [
      'in the past',
      '2026-01-01',
      'Delete the snapshot of 2026-05-31 18:30 UTC? 2026-01-01 00:00 UTC is at or before now.',
      'Set Expiry and Delete',
    ],
  ] as const)('Set expiry %s asks %j and names the rule', ([, typed, message, confirm]) => {
    const checked = checkTime(typed);
    if (!checked.ok) throw new Error(checked.message);
    const confirmation = expiryConfirmation(snapshot(), checked.value, NOW);
    expect(confirmation.message).toBe(message);
    expect(confirmation.confirm).toBe(confirm);
    expect(confirmation.detail).toMatch(/at or before now deletes the snapshot at the (service's )?next sweep/);
  });

  it('Set expiry on a kept snapshot says it stops keeping it', () => {
    const checked = checkTime('2026-07-01');
    if (!checked.ok) throw new Error(checked.message);
    expect(expiryConfirmation(snapshot({ doNotDelete: true }), checked.value, NOW).detail).toMatch(
      /kept now: setting an expiry stops keeping it/,
    );
  });

  it('Acknowledge offers 24 hours from now', () => {
    expect(defaultAcknowledgeUntil(new Date('2026-06-01T10:20:30.456Z'))).toBe('2026-06-02T10:20:30Z');
  });
});

describe('the alert documents', () => {
  it('are named <id>.alert.json under the project, so the bundled alert schema applies', () => {
    expect(alertDocumentPath({ groupId: 'g1', id: 'a1' })).toBe('/g1/a1.alert.json');
  });
});
