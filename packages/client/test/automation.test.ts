/**
 * Clusters, alerts one by one, acknowledging, and waiting for a pushed config to be applied, against the real service with its
 * simulated agents running on real time (a short move so the waits are quick even on a loaded machine).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, DbkitApiError, type WaitForGoalOutcome } from '../src/index.js';
import { type DbkitServer, seedState, serve, T0 } from './service.js';

const STEP_MS = 40;

let server: DbkitServer;
let url: string;
let group: string;
let client: ReturnType<typeof createClient>;
beforeAll(async () => {
  const state = seedState(1, new Date(T0));
  const [project] = Object.values(state.groups);
  if (project === undefined) throw new Error('no project');
  group = project.id;
  ({ server, url } = await serve(state, { agentStepMs: STEP_MS }));
  const key = project.keys[0];
  client = createClient({ baseUrl: url, publicKey: key?.publicKey ?? '', privateKey: key?.privateKey ?? '' });
});
afterAll(() => server.close());

/** The stored config with the first process's server version changed: every process of its set restarts. */
async function upgraded() {
  const { document, version } = await client.automationConfig.get(group);
  const processes = (document.processes as Record<string, unknown>[]).map((p, i) =>
    i === 0
      ? { ...p, args2_6: { ...(p.args2_6 as object), operationProfiling: { slowOpThresholdMs: 75 + version } } }
      : p,
  );
  return { ...document, version: version + 1, processes };
}

describe('alerts', () => {
  it('get follows what the list shows; acknowledge sets and takes away the acknowledgement', async () => {
    const [first] = (await client.alerts.page(group, { status: 'OPEN' })).results;
    if (first === undefined) throw new Error('no OPEN alert');
    expect(await client.alerts.get(group, first.id)).toEqual(first);
    const acknowledged = await client.alerts.acknowledge(group, first.id, { until: '2030-01-01', comment: 'known' });
    expect(acknowledged).toMatchObject({ acknowledgedUntil: '2030-01-01T00:00:00Z', acknowledgementComment: 'known' });
    const cleared = await client.alerts.acknowledge(group, first.id, { until: undefined });
    expect(cleared).not.toHaveProperty('acknowledgedUntil');
    const missing = await client.alerts.get(group, '0123456789abcdef01234567').catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(DbkitApiError);
    expect(missing).toMatchObject({ status: 404, errorCode: 'RESOURCE_NOT_FOUND' });
  });
});

describe('automation status and waitForGoal', () => {
  it('after a push, waitForGoal reports progress and ends at the goal', async () => {
    const next = await upgraded();
    await client.automationConfig.put(group, next);
    const seen: string[] = [];
    const outcome = await client.automation.waitForGoal(group, {
      version: next.version,
      intervalMs: 10,
      timeoutMs: 60_000,
      onProgress: (progress) => seen.push(`${progress.atGoal}/${progress.total}`),
    });
    expect(outcome.kind).toBe('goal');
    expect(outcome.status?.goalVersion).toBe(next.version);
    expect(seen.length).toBeGreaterThan(0);
    const status = await client.automation.status(group);
    expect(status.processes.every((p) => p.lastGoalVersionAchieved === next.version && p.plan.length === 0)).toBe(true);
  });

  it('a stuck process ends the wait with its error', async () => {
    const target = (await client.automation.status(group)).processes[0]?.name ?? '';
    const fault = `${url}/__dbkit/agents/${group}/${target}/fault`;
    await fetch(fault, { method: 'POST', body: '{"errorCode": 7, "errorString": "disk full"}' });
    try {
      const outcome = await client.automation.waitForGoal(group, { intervalMs: 10, timeoutMs: 60_000 });
      expect(outcome.kind).toBe('stuck');
      expect(outcome.progress?.stuck).toEqual([{ name: target, errorCode: 7, errorString: 'disk full' }]);
    } finally {
      await fetch(fault, { method: 'DELETE' });
    }
  });

  it('a wait shorter than the moves times out with the last progress; a signal stops it', async () => {
    // The service's clock stands still, so the agents cannot finish however slowly this test runs.
    const clock = (freeze: boolean) =>
      fetch(`${url}/__dbkit/clock`, { method: 'POST', body: JSON.stringify({ freeze }) });
    await clock(true);
    let outcome: WaitForGoalOutcome;
    try {
      await client.automationConfig.put(group, await upgraded());
      outcome = await client.automation.waitForGoal(group, { timeoutMs: 1, intervalMs: 1 });
    } finally {
      await clock(false);
    }
    expect(outcome.kind).toBe('timeout');
    expect(outcome.progress?.done).toBe(false);
    const controller = new AbortController();
    controller.abort(new Error('stopped by the user'));
    await expect(client.automation.waitForGoal(group, { signal: controller.signal })).rejects.toThrow(
      'stopped by the user',
    );
  });
});

describe('clusters', () => {
  it('lists the project’s clusters; each id reads its snapshots', async () => {
    const clusters = [];
    for await (const cluster of client.clusters.list(group)) clusters.push(cluster);
    expect(clusters.map((c) => c.clusterName).sort()).toEqual(['analytics', 'rs0']);
    for (const cluster of clusters) {
      expect(await client.clusters.get(group, cluster.id)).toEqual(cluster);
      expect((await client.snapshots.page(group, cluster.id, { itemsPerPage: 1 })).totalCount).toBeGreaterThan(0);
    }
  });
});
