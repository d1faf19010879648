/**
 * The one suite every {@link Store} passes (as every abstract-level implementation runs the shared suite): reads,
 * the atomic snapshot update under 50 concurrent writers, deletes, the expiry sweep, the automation config's
 * compare-and-set under 50 parallel PUTs, export/reset round trips, and data surviving close + reopen. Each store file calls
 * {@link storeContract} with a harness that opens stores on fresh storage.
 */
import { type ApiErrorBody, type ClusterSnapshot, isSnapshotExpired } from '@dbkit/core';
import { afterEach, describe, expect, it } from 'vitest';
import { seedState } from '../../src/seed.js';
import type { ServiceState, StoredAgents, StoredAutomationConfig, StoredGroup } from '../../src/state.js';
import type { Decision, Store } from '../../src/store/store.js';

export type StoreHarness = {
  /** A store on new, empty storage, opened with `initial` as its seed. */
  open(initial: ServiceState): Promise<Store>;
  /** The storage of the store `open` returned last, opened again after that store was closed. */
  reopen(initial: ServiceState): Promise<Store>;
};

export const SEEDED_AT = new Date('2026-01-01T00:00:00Z');
export const STATE = seedState(1, SEEDED_AT);

function first<T>(record: Readonly<Record<string, T>>): T {
  const [value] = Object.values(record);
  if (value === undefined) throw new Error('the seed no longer has what the store contract reads');
  return value;
}
const [A, B] = Object.values(STATE.groups) as [StoredGroup, StoredGroup];
const clusterA = first(A.clusters);
const clusterB = first(B.clusters);
const hostA = first(A.hosts);
const snapshotsA = Object.values(clusterA.snapshots);
const [firstSnapshot, secondSnapshot] = snapshotsA as [ClusterSnapshot, ClusterSnapshot];
const keyA = A.keys[0]?.publicKey ?? '';
const keyB = B.keys[0]?.publicKey ?? '';
const MISSING = '000000000000000000000000';

const REFUSED: ApiErrorBody = {
  detail: 'Refused by the test.',
  error: 400,
  errorCode: 'INVALID_ATTRIBUTE',
  parameters: [],
  reason: 'Bad Request',
};

/** A config text whose exact bytes a store must keep: key order, `1.0`, spacing, non-ASCII, a trailing newline. */
const configText = (version: number, note = 'é ✓') => `{ "version": ${version}, "z": 1.0, "a": "${note}" }\n`;

/** An agents' record that names the version it was written for. */
const agentsAt = (version: number): StoredAgents => ({
  revisions: [
    { version, acceptedAt: 1, processes: [{ name: 'p', hostname: 'h', disabled: false }], moves: { p: ['Start'] } },
  ],
  faults: [],
});

/** A PUT whose agents' record names its version. */
const put = (store: Store, groupId: string, next: StoredAutomationConfig) =>
  store.putAutomationConfig(groupId, next, () => agentsAt(next.version));

export function storeContract(name: string, harness: () => StoreHarness): void {
  describe(`${name} passes the store contract`, () => {
    const opened: Store[] = [];
    const open = async (initial: ServiceState = STATE) => {
      const store = await harness().open(initial);
      opened.push(store);
      return store;
    };
    afterEach(async () => {
      // A store a test already closed may throw on a second close; that is not what is being tested.
      await Promise.all(opened.splice(0).map((store) => store.close().catch(() => {})));
    });

    it.for([
      ['the first project key', keyA, { privateKey: A.keys[0]?.privateKey, groupId: A.id }],
      ["the other project's key", keyB, { privateKey: B.keys[0]?.privateKey, groupId: B.id }],
      ['an unknown key', 'NOSUCHKEY', undefined],
      ['an empty key', '', undefined],
    ] as const)('findKey: %s', async ([, publicKey, expected]) => {
      expect(await (await open()).findKey(publicKey)).toEqual(expected);
    });

    it.for([
      ['a project', A.id, { id: A.id, name: A.name }],
      ['an unknown project', MISSING, undefined],
      ['a prototype key', '__proto__', undefined],
    ] as const)('getGroup: %s', async ([, groupId, expected]) => {
      expect(await (await open()).getGroup(groupId)).toEqual(expected);
    });

    it('listAlerts: the project’s alerts in order; none for an unknown project', async () => {
      const store = await open();
      expect(await store.listAlerts(A.id)).toEqual(Object.values(A.alerts));
      expect(await store.listAlerts(MISSING)).toEqual([]);
    });

    it.for([
      ['a cluster of the project', A.id, clusterA.id, clusterA],
      ["another project's cluster", A.id, clusterB.id, undefined],
      ['an unknown cluster', A.id, MISSING, undefined],
      ['an unknown project', MISSING, clusterA.id, undefined],
    ] as const)('getCluster: %s', async ([, groupId, clusterId, expected]) => {
      expect(await (await open()).getCluster(groupId, clusterId)).toEqual(expected);
    });

    it('listClusters: the project’s clusters with their snapshots, in stored order; none for an unknown project', async () => {
      const store = await open();
      expect(await store.listClusters(A.id)).toEqual(Object.values(A.clusters));
      expect(await store.listClusters(MISSING)).toEqual([]);
    });

    it('getHost: a host of the project with its snapshots; unknown ones are undefined', async () => {
      const store = await open();
      expect(await store.getHost(A.id, hostA.id)).toEqual(hostA);
      expect(await store.getHost(B.id, hostA.id)).toBeUndefined();
      expect(await store.getHost(A.id, MISSING)).toBeUndefined();
    });

    describe('updateClusterSnapshot', () => {
      const update = (store: Store, decide: (current: ClusterSnapshot) => Decision<ClusterSnapshot>, id = '') =>
        store.updateClusterSnapshot(A.id, clusterA.id, id || firstSnapshot.id, decide);

      it('an ok decision is stored and returned', async () => {
        const store = await open();
        const outcome = await update(store, (current) => ({ ok: true, value: { ...current, doNotDelete: true } }));
        const expected = { ...firstSnapshot, doNotDelete: true };
        expect(outcome).toEqual({ ok: true, value: expected });
        expect((await store.getCluster(A.id, clusterA.id))?.snapshots[firstSnapshot.id]).toEqual(expected);
      });

      it('an error decision is returned and nothing changes', async () => {
        const store = await open();
        expect(await update(store, () => ({ ok: false, error: REFUSED }))).toEqual({ ok: false, error: REFUSED });
        expect(await store.getCluster(A.id, clusterA.id)).toEqual(clusterA);
      });

      it.for([
        ['an unknown snapshot', A.id, clusterA.id, MISSING],
        ['an unknown cluster', A.id, MISSING, firstSnapshot.id],
        ["another project's cluster", B.id, clusterA.id, firstSnapshot.id],
      ] as const)('%s is not-found and apply is never called', async ([, groupId, clusterId, snapshotId]) => {
        const store = await open();
        let called = false;
        const outcome = await store.updateClusterSnapshot(groupId, clusterId, snapshotId, (current) => {
          called = true;
          return { ok: true, value: current };
        });
        expect([outcome, called]).toEqual(['not-found', false]);
      });

      it('50 concurrent updates, each adding 1 to created.increment, lose nothing', async () => {
        const store = await open();
        const outcomes = await Promise.all(
          Array.from({ length: 50 }, () =>
            update(store, (current) => ({
              ok: true,
              value: { ...current, created: { ...current.created, increment: current.created.increment + 1 } },
            })),
          ),
        );
        expect(outcomes.filter((outcome) => outcome !== 'not-found' && outcome.ok)).toHaveLength(50);
        const stored = (await store.getCluster(A.id, clusterA.id))?.snapshots[firstSnapshot.id];
        expect(stored?.created.increment).toBe(firstSnapshot.created.increment + 50);
      });
    });

    it('deleteClusterSnapshots and deleteConfigServerSnapshots remove exactly the ids given', async () => {
      const store = await open();
      await store.deleteClusterSnapshots(A.id, clusterA.id, [firstSnapshot.id, secondSnapshot.id, MISSING]);
      const left = await store.getCluster(A.id, clusterA.id);
      expect(Object.keys(left?.snapshots ?? {})).toEqual(snapshotsA.slice(2).map((s) => s.id));
      const [hostSnapshot, ...otherHostSnapshots] = Object.keys(hostA.snapshots);
      expect(otherHostSnapshots.length).toBeGreaterThan(0);
      await store.deleteConfigServerSnapshots(A.id, hostA.id, [hostSnapshot ?? '']);
      expect(Object.keys((await store.getHost(A.id, hostA.id))?.snapshots ?? {})).toEqual(otherHostSnapshots);
      await store.deleteClusterSnapshots(A.id, clusterA.id, []);
      expect(await store.getCluster(B.id, clusterB.id)).toEqual(clusterB);
    });

    describe('sweepExpired', () => {
      const HOUR = 3_600_000;
      /** The seed without the snapshots core calls expired at `now`: what a sweep leaves. */
      const swept = (now: Date): ServiceState => {
        const state = structuredClone(STATE);
        for (const group of Object.values(state.groups)) {
          for (const parent of [...Object.values(group.clusters), ...Object.values(group.hosts)]) {
            const snapshots = parent.snapshots as Record<string, ClusterSnapshot>;
            for (const [id, snapshot] of Object.entries(snapshots)) {
              if (isSnapshotExpired(snapshot, now)) delete snapshots[id];
            }
          }
        }
        return state;
      };
      const countOf = (state: ServiceState) =>
        Object.values(state.groups).reduce(
          (sum, group) =>
            sum +
            [...Object.values(group.clusters), ...Object.values(group.hosts)].reduce(
              (inGroup, parent) => inGroup + Object.keys(parent.snapshots).length,
              0,
            ),
          0,
        );

      it.for([
        ['at the seed’s time: nothing has expired', 0],
        ['ten days on: the first few', 10 * 24 * HOUR],
        ['a year on: every snapshot with an expiry and no doNotDelete', 365 * 24 * HOUR],
      ] as const)('%s', async ([, afterMs]) => {
        const now = new Date(SEEDED_AT.getTime() + afterMs);
        const expected = swept(now);
        const removed = countOf(STATE) - countOf(expected);
        if (afterMs > 0) expect(removed).toBeGreaterThan(0);
        const store = await open();
        expect(await store.sweepExpired(now)).toBe(removed);
        expect(await store.exportState()).toEqual(expected);
        expect(await store.sweepExpired(now)).toBe(0);
      });

      it('keeps a snapshot marked doNotDelete whatever its expiry; the sweep survives close and reopen', async () => {
        const store = await open();
        const expiring = snapshotsA.find((s) => s.expires !== undefined && !s.doNotDelete);
        if (expiring === undefined) throw new Error('the seed no longer has an expiring snapshot');
        await store.updateClusterSnapshot(A.id, clusterA.id, expiring.id, (current) => ({
          ok: true,
          value: { ...current, doNotDelete: true },
        }));
        const yearOn = new Date(SEEDED_AT.getTime() + 365 * 24 * HOUR);
        expect(await store.sweepExpired(yearOn)).toBeGreaterThan(0);
        const after = await store.exportState();
        expect(after.groups[A.id]?.clusters[clusterA.id]?.snapshots[expiring.id]).toEqual({
          ...expiring,
          doNotDelete: true,
        });
        await store.close();
        const reopened = await harness().reopen(STATE);
        opened.push(reopened);
        expect(await reopened.exportState()).toEqual(after);
      });
    });

    describe('automation config compare-and-set', () => {
      it('stores a higher version byte for byte and refuses an equal or lower one with the current config', async () => {
        const store = await open();
        expect(await store.getAutomationConfig(A.id)).toEqual(A.automationConfig);
        const seen: StoredAutomationConfig[] = [];
        const revise = (previous: StoredAutomationConfig) => {
          seen.push(previous);
          return agentsAt(2);
        };
        expect(await store.putAutomationConfig(A.id, { version: 2, text: configText(2) }, revise)).toEqual({
          ok: true,
        });
        expect(seen).toEqual([A.automationConfig]);
        const current = { version: 2, text: configText(2), agents: agentsAt(2) };
        expect(await store.getAutomationConfig(A.id)).toEqual(current);
        for (const version of [2, 1]) {
          expect(await put(store, A.id, { version, text: configText(version, 'lost') })).toEqual({
            ok: false,
            current,
          });
        }
        expect(seen).toHaveLength(1);
        expect(await store.getAutomationConfig(B.id)).toEqual(B.automationConfig);
        expect(await store.getAutomationConfig(MISSING)).toBeUndefined();
      });

      it('of 50 parallel PUTs with the same version exactly one wins; the others get the winner as current', async () => {
        const store = await open();
        const version = A.automationConfig.version + 1;
        const texts = Array.from({ length: 50 }, (_, i) => configText(version, `writer ${i}`));
        const outcomes = await Promise.all(texts.map((text) => put(store, A.id, { version, text })));
        const winners = outcomes.flatMap((outcome, i) => (outcome.ok ? [texts[i]] : []));
        expect(winners).toHaveLength(1);
        const stored = await store.getAutomationConfig(A.id);
        expect(stored).toEqual({ version, text: winners[0], agents: agentsAt(version) });
        for (const outcome of outcomes) if (!outcome.ok) expect(outcome.current).toEqual(stored);
      });

      it('keeps versions beyond 32 bits', async () => {
        const store = await open();
        const big = { version: 2 ** 40, text: configText(2 ** 40) };
        expect(await put(store, A.id, big)).toEqual({ ok: true });
        expect(await store.getAutomationConfig(A.id)).toEqual({ ...big, agents: agentsAt(2 ** 40) });
      });
    });

    describe('agents and acknowledgements', () => {
      it('updateAgents changes the record atomically: 20 parallel faults all land', async () => {
        const store = await open();
        const fault = (i: number) => ({ process: `p${i}`, errorCode: i, errorString: 'x', from: i });
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            store.updateAgents(A.id, (agents) => ({ ...agents, faults: [...agents.faults, fault(i)] })),
          ),
        );
        expect(results.every(Boolean)).toBe(true);
        const faults = (await store.getAutomationConfig(A.id))?.agents?.faults ?? [];
        expect([...faults].sort((a, b) => a.errorCode - b.errorCode)).toEqual(
          Array.from({ length: 20 }, (_, i) => fault(i)),
        );
        expect(await store.updateAgents(MISSING, (agents) => agents)).toBe(false);
      });

      it('keeps the last acknowledgement of each alert, per project', async () => {
        const store = await open();
        const first = {
          acknowledgedUntil: '2030-01-01T00:00:00Z',
          acknowledgingUsername: 'k',
          at: '2026-01-01T00:00:00Z',
        };
        const second = { at: '2026-01-02T00:00:00Z' };
        await store.setAlertAcknowledgement(A.id, 'a1', first);
        await store.setAlertAcknowledgement(A.id, 'a2', first);
        await store.setAlertAcknowledgement(A.id, 'a1', second);
        expect(await store.getAlertAcknowledgements(A.id)).toEqual({ a1: second, a2: first });
        expect(await store.getAlertAcknowledgements(B.id)).toEqual({});
      });
    });

    it('exportState returns the seed it was opened with; reset replaces everything and round-trips', async () => {
      const store = await open();
      expect(await store.exportState()).toEqual(STATE);
      const other = seedState(2, SEEDED_AT, 3);
      await store.reset(other);
      expect(await store.exportState()).toEqual(other);
      expect(await store.findKey(keyA)).toBeUndefined();
      expect(await store.getGroup(A.id)).toBeUndefined();
      await store.reset(await store.exportState());
      expect(await store.exportState()).toEqual(other);
      await store.reset(STATE);
      expect(await store.exportState()).toEqual(STATE);
      expect(await store.findKey(keyA)).toEqual({ privateKey: A.keys[0]?.privateKey, groupId: A.id });
    });

    it('every acknowledged write survives close and reopen; the seed does not overwrite it', async () => {
      const store = await open();
      await store.updateClusterSnapshot(A.id, clusterA.id, firstSnapshot.id, (current) => ({
        ok: true,
        value: { ...current, doNotDelete: true },
      }));
      await store.deleteClusterSnapshots(A.id, clusterA.id, [secondSnapshot.id]);
      await put(store, A.id, { version: 7, text: configText(7) });
      await store.updateAgents(A.id, (agents) => ({
        ...agents,
        faults: [{ process: 'p', errorCode: 1, errorString: 'x', from: 5 }],
      }));
      await store.setAlertAcknowledgement(A.id, 'a1', { at: '2026-01-02T00:00:00Z' });
      const before = await store.exportState();
      await store.close();
      const reopened = await harness().reopen(seedState(3, SEEDED_AT));
      opened.push(reopened);
      expect(await reopened.exportState()).toEqual(before);
      const snapshots = (await reopened.getCluster(A.id, clusterA.id))?.snapshots ?? {};
      expect([snapshots[firstSnapshot.id]?.doNotDelete, Object.hasOwn(snapshots, secondSnapshot.id)]).toEqual([
        true,
        false,
      ]);
      expect(await reopened.getAutomationConfig(A.id)).toEqual({
        version: 7,
        text: configText(7),
        agents: { ...agentsAt(7), faults: [{ process: 'p', errorCode: 1, errorString: 'x', from: 5 }] },
      });
      expect(await reopened.getAlertAcknowledgements(A.id)).toEqual({ a1: { at: '2026-01-02T00:00:00Z' } });
    });
  });
}
