/**
 * The client against the real service (`@dbkit/server`, in process, over HTTP): every endpoint and error, paging
 * iteration, Digest nonce reuse and stale retries, retries on 429/503/reset with the service's fault injection,
 * timeouts and cancellation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, DbkitApiError, DbkitTransportError } from '../src/index.js';
import { type DbkitServer, type ServiceState, seedState, serve, T0 } from './service.js';

/** The seed, with the first project's `rs0` cluster holding `count` snapshots. */
function stateWith(count: number): {
  state: ServiceState;
  group: string;
  cluster: string;
  credentials: [string, string];
} {
  const state = seedState(1, new Date(T0));
  const [group] = Object.values(state.groups);
  if (group === undefined) throw new Error('no group');
  const cluster = Object.values(group.clusters).find((c) => c.name === 'rs0');
  const template = Object.values(cluster?.snapshots ?? {})[1];
  if (cluster === undefined || template === undefined) throw new Error('no cluster');
  const snapshots = Object.fromEntries(
    Array.from({ length: count }, (_, index) => {
      const id = index.toString(16).padStart(24, '0');
      const date = new Date(T0 - index * 60_000).toISOString().replace('.000Z', 'Z');
      return [id, { ...template, id, complete: true, created: { date, increment: 1 } }];
    }),
  );
  const groups = {
    ...state.groups,
    [group.id]: { ...group, clusters: { ...group.clusters, [cluster.id]: { ...cluster, snapshots } } },
  };
  const key = group.keys[0];
  return {
    state: { groups },
    group: group.id,
    cluster: cluster.id,
    credentials: [key?.publicKey ?? '', key?.privateKey ?? ''],
  };
}

const admin = async (url: string, path: string, body?: unknown): Promise<unknown> => {
  const init: RequestInit = body === undefined ? {} : { method: 'PUT', body: JSON.stringify(body) };
  return (await fetch(`${url}/__dbkit/${path}`, init)).json();
};

describe('paging iteration', () => {
  it.for([0, 1, 100, 501, 1234])('iterates every one of %i snapshots exactly once', async (count) => {
    const fixture = stateWith(count);
    const { server, url } = await serve(fixture.state);
    try {
      const client = createClient({
        baseUrl: url,
        publicKey: fixture.credentials[0],
        privateKey: fixture.credentials[1],
      });
      const pages: number[] = [];
      const ids: string[] = [];
      for await (const snapshot of client.snapshots.list(fixture.group, fixture.cluster, {
        pageSize: 250,
        onPage: (_page, pageNum) => pages.push(pageNum),
      })) {
        ids.push(snapshot.id);
      }
      expect(ids).toHaveLength(count);
      expect(new Set(ids).size).toBe(count);
      expect(pages).toEqual(Array.from({ length: Math.max(1, Math.ceil(count / 250)) }, (_, i) => i + 1));
    } finally {
      await server.close();
    }
  });
});

describe('against the seeded service', () => {
  let server: DbkitServer;
  let url: string;
  let fixture: ReturnType<typeof stateWith>;
  let client: ReturnType<typeof createClient>;
  beforeAll(async () => {
    fixture = stateWith(12);
    ({ server, url } = await serve(fixture.state));
    client = createClient({
      baseUrl: url,
      publicKey: fixture.credentials[0],
      privateKey: fixture.credentials[1],
      retry: { baseDelayMs: 5 },
    });
  });
  afterAll(() => server.close());

  it('three lines iterate every snapshot of a cluster', async () => {
    const ids = [];
    for await (const s of client.snapshots.list(fixture.group, fixture.cluster)) ids.push(s.id);
    expect(ids).toHaveLength(12);
  });

  it('reads one page, one snapshot, alerts by status and the deprecated config-server snapshots', async () => {
    const page = await client.snapshots.page(fixture.group, fixture.cluster, { itemsPerPage: 5, pageNum: 2 });
    expect([page.results.length, page.totalCount]).toEqual([5, 12]);
    const one = await client.snapshots.get(fixture.group, fixture.cluster, page.results[0]?.id ?? '');
    expect(one.id).toBe(page.results[0]?.id);
    const open: string[] = [];
    for await (const alert of client.alerts.list(fixture.group, { status: 'OPEN' })) open.push(alert.status);
    expect(open.length).toBeGreaterThan(0);
    expect(new Set(open)).toEqual(new Set(['OPEN']));
    const host = Object.keys(fixture.state.groups[fixture.group]?.hosts ?? {})[0] ?? '';
    const hostSnapshots = await client.configServerSnapshots.page(fixture.group, host);
    expect(hostSnapshots.totalCount).toBe(4);
    const first = await client.configServerSnapshots.get(fixture.group, host, hostSnapshots.results[0]?.id ?? '');
    expect(first.parts[0].typeName).toBe('CONFIG_SERVER');
  });

  it('keeps and expires snapshots; the spec errors come back typed', async () => {
    const [a, b] = (await client.snapshots.page(fixture.group, fixture.cluster)).results;
    const kept = await client.snapshots.keep(fixture.group, fixture.cluster, a?.id ?? '');
    expect([kept.doNotDelete, kept.expires]).toEqual([true, undefined]);
    const expired = await client.snapshots.setExpiry(fixture.group, fixture.cluster, b?.id ?? '', '2026-05-01');
    expect(expired.expires).toBe('2026-05-01T00:00:00Z');
    const again = await client.snapshots
      .setExpiry(fixture.group, fixture.cluster, b?.id ?? '', '2027-01-01')
      .catch((e: unknown) => e);
    expect(again).toBeInstanceOf(DbkitApiError);
    expect(again).toMatchObject({ status: 409, errorCode: 'SNAPSHOT_EXPIRY_PASSED' });
    const missing = await client.snapshots.get(fixture.group, fixture.cluster, 'nope').catch((e: unknown) => e);
    expect(missing).toMatchObject({
      status: 404,
      errorCode: 'SNAPSHOT_NOT_FOUND',
      parameters: ['nope', fixture.cluster],
    });
  });

  it('pulls and pushes the automation config: exact text, diagnostics on 400, 409 on a stale version', async () => {
    const stored = await client.automationConfig.get(fixture.group);
    // The seeded deployment's config, as a first PUT left it.
    expect(stored.version).toBe(1);
    const next = { ...stored.document, version: stored.version + 1 };
    await client.automationConfig.put(fixture.group, next);
    expect((await client.automationConfig.get(fixture.group)).text).toBe(`${JSON.stringify(next, null, 2)}\n`);
    const stale = await client.automationConfig.put(fixture.group, next).catch((e: unknown) => e);
    expect(stale).toMatchObject({ status: 409, errorCode: 'AUTOMATION_CONFIG_CONCURRENT_MODIFICATION' });
    const invalid = await client.automationConfig
      .put(fixture.group, { ...next, version: next.version + 1, processes: [{ name: 'x' }] })
      .catch((e: unknown) => e);
    expect(invalid).toMatchObject({ status: 400, errorCode: 'AUTOMATION_CONFIG_INVALID' });
    expect((invalid as DbkitApiError).diagnostics.map((d) => d.code)).toContain('DBK101');
  });

  it('reuses the nonce: after the first challenge, one request per call, nc counting up', async () => {
    await fetch(`${url}/__dbkit/requests`, { method: 'DELETE' });
    const fresh = createClient({ baseUrl: url, publicKey: fixture.credentials[0], privateKey: fixture.credentials[1] });
    for (let i = 0; i < 5; i++) await fresh.alerts.page(fixture.group);
    const log = (await admin(url, 'requests')) as { status: number; url: string }[];
    expect(log.filter((entry) => entry.url.startsWith('/api/')).map((entry) => entry.status)).toEqual([
      401, 200, 200, 200, 200, 200,
    ]);
  });

  it('answers a stale nonce by retrying once with the new one, without the caller noticing', async () => {
    await client.alerts.page(fixture.group);
    server.clock.advance(301_000);
    try {
      await fetch(`${url}/__dbkit/requests`, { method: 'DELETE' });
      await client.alerts.page(fixture.group);
      const log = (await admin(url, 'requests')) as { status: number; url: string; authFailure?: string }[];
      expect(
        log.filter((entry) => entry.url.startsWith('/api/')).map((entry) => [entry.status, entry.authFailure]),
      ).toEqual([
        [401, 'stale-nonce'],
        [200, undefined],
      ]);
    } finally {
      server.clock.advance(-301_000);
    }
  });

  it('wrong keys: one challenge, one answer, then a typed 401 whose message has no secret', async () => {
    const wrong = createClient({
      baseUrl: url,
      publicKey: fixture.credentials[0],
      privateKey: 'wrong-private-key-123',
    });
    const error = await wrong.alerts.page(fixture.group).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, errorCode: 'UNEXPECTED_ERROR' });
    expect(JSON.stringify(error)).not.toContain('wrong-private-key-123');
    expect(String((error as Error).message)).not.toContain('wrong-private-key-123');
  });

  it.for([
    ['429 with Retry-After', { kind: 'rate-limit', retryAfterSeconds: 0, times: 2 }],
    ['503', { kind: 'status', status: 503, times: 2 }],
    ['a reset connection', { kind: 'reset', times: 1 }],
  ] as const)('retries a GET after %s and succeeds', async ([, rule]) => {
    await admin(url, 'faults', { rules: [{ path: '/alerts', ...rule }] });
    try {
      expect((await client.alerts.page(fixture.group)).totalCount).toBe(28);
    } finally {
      await fetch(`${url}/__dbkit/faults`, { method: 'DELETE' });
    }
  });

  it('honours Retry-After', async () => {
    await admin(url, 'faults', { rules: [{ path: '/alerts', kind: 'rate-limit', retryAfterSeconds: 1, times: 1 }] });
    try {
      const started = performance.now();
      await client.alerts.page(fixture.group);
      expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    } finally {
      await fetch(`${url}/__dbkit/faults`, { method: 'DELETE' });
    }
  });

  it('does not retry a PATCH (not idempotent): the 503 comes back typed', async () => {
    await admin(url, 'faults', {
      rules: [{ path: '/snapshots', method: 'PATCH', kind: 'status', status: 503, times: 1 }],
    });
    try {
      const [snapshot] = (await client.snapshots.page(fixture.group, fixture.cluster, { pageNum: 2, itemsPerPage: 5 }))
        .results;
      const error = await client.snapshots
        .keep(fixture.group, fixture.cluster, snapshot?.id ?? '')
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 503 });
    } finally {
      await fetch(`${url}/__dbkit/faults`, { method: 'DELETE' });
    }
  });

  it('gives up after the retries, with the last status', async () => {
    await admin(url, 'faults', { rules: [{ path: '/alerts', kind: 'status', status: 503 }] });
    try {
      const error = await client.alerts.page(fixture.group).catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 503, errorCode: 'UNEXPECTED_ERROR' });
    } finally {
      await fetch(`${url}/__dbkit/faults`, { method: 'DELETE' });
    }
  });

  it('times out an attempt, and cancels in the middle of an iteration', async () => {
    await admin(url, 'faults', { latencyMs: 300, rules: [] });
    try {
      const impatient = createClient({
        baseUrl: url,
        publicKey: fixture.credentials[0],
        privateKey: fixture.credentials[1],
        timeoutMs: 100,
      });
      const timedOut = await impatient.alerts.page(fixture.group).catch((e: unknown) => e);
      expect(timedOut).toBeInstanceOf(DbkitTransportError);
      expect(timedOut).toMatchObject({ kind: 'timeout' });
      const controller = new AbortController();
      const seen: string[] = [];
      const iteration = (async () => {
        for await (const s of client.snapshots.list(fixture.group, fixture.cluster, {
          pageSize: 4,
          signal: controller.signal,
        })) {
          seen.push(s.id);
          if (seen.length === 4) controller.abort();
        }
      })();
      await expect(iteration).rejects.toMatchObject({ name: 'DbkitTransportError', kind: 'aborted' });
      expect(seen).toHaveLength(4);
    } finally {
      await fetch(`${url}/__dbkit/faults`, { method: 'DELETE' });
    }
  });
});
