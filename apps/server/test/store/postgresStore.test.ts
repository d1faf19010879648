/**
 * The PostgreSQL store passes the store contract on a cluster of the tests' own, and two service instances on one
 * database behave as one service behind a load balancer: a nonce from one is good at the other, a replayed nonce
 * count is refused by either, and a PATCH through one is read back through the other.
 */
import { computeDigestResponse, parseDigestChallenge } from '@dbkit/core/digest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type DbkitServer } from '../../src/app.js';
import { Clock } from '../../src/clock.js';
import { PostgresReplayGuard } from '../../src/store/postgresReplayGuard.js';
import { PostgresStore } from '../../src/store/postgresStore.js';
import { restartMidConvergence, STEP_MS } from '../agentsRestart.js';
import { DigestClient } from '../helpers.js';
import { firstProject, startProcess } from '../process/helpers.js';
import { SEEDED_AT, STATE, storeContract } from './contract.js';
import { type PostgresCluster, postgresAvailability, startPostgres } from './postgres.js';

const availability = postgresAvailability();

if (!availability.ok) {
  // Under CI a missing PostgreSQL is a failure, not a quiet skip.
  if (process.env.CI === 'true') it(availability.reason, () => expect.fail(availability.reason));
  else it.skip(availability.reason);
} else {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await startPostgres();
    const install = cluster.installMs > 0 ? `apt-get install ${(cluster.installMs / 1000).toFixed(1)} s, ` : '';
    console.info(`${cluster.version}: ${install}initdb + start ${(cluster.startMs / 1000).toFixed(1)} s`);
  }, 600_000);
  afterAll(() => cluster?.stop());

  let url = '';
  storeContract('PostgresStore (a database of its own per test)', () => ({
    async open(initial) {
      url = await cluster.createDatabase();
      return PostgresStore.open(url, { initial });
    },
    reopen: (initial) => PostgresStore.open(url, { initial }),
  }));

  describe('several PostgresStore instances on one database', () => {
    it('share the data: the second open keeps the first one’s seed and writes, and concurrent PATCHes lose nothing', async () => {
      const shared = await cluster.createDatabase();
      const [one, two] = await Promise.all([
        PostgresStore.open(shared, { initial: STATE }),
        PostgresStore.open(shared, { initial: STATE }),
      ]);
      try {
        const [group] = Object.values(STATE.groups);
        const [clusterEntry] = Object.values(group?.clusters ?? {});
        const [snapshot] = Object.values(clusterEntry?.snapshots ?? {});
        if (group === undefined || clusterEntry === undefined || snapshot === undefined) throw new Error('no seed');
        await Promise.all(
          Array.from({ length: 40 }, (_, i) =>
            (i % 2 === 0 ? one : two).updateClusterSnapshot(group.id, clusterEntry.id, snapshot.id, (current) => ({
              ok: true,
              value: { ...current, created: { ...current.created, increment: current.created.increment + 1 } },
            })),
          ),
        );
        const seen = await one.getCluster(group.id, clusterEntry.id);
        expect(seen?.snapshots[snapshot.id]?.created.increment).toBe(snapshot.created.increment + 40);
        expect(await two.exportState()).toEqual(await one.exportState());
      } finally {
        await Promise.all([one.close(), two.close()]);
      }
    });
  });

  describe('the simulated agents on PostgreSQL', () => {
    it('a restarted instance on the same database answers the status the first one did, then converges on', async () => {
      const shared = await cluster.createDatabase();
      await restartMidConvergence(async (clock) => {
        const store = await PostgresStore.open(shared, { initial: STATE });
        return createServer({
          store,
          replayGuard: new PostgresReplayGuard(store.pool),
          clock,
          sweepIntervalMs: 0,
          warn: () => {},
          agents: { stepMs: STEP_MS, hostDownDelaysMinutes: [5] },
        });
      });
    });
  });

  describe('PostgresReplayGuard', () => {
    it('accepts a (nonce, nc) once across guards, reads nc as a number, and deletes rows of expired nonces', async () => {
      const store = await PostgresStore.open(await cluster.createDatabase(), { initial: STATE });
      try {
        const [one, two] = [new PostgresReplayGuard(store.pool), new PostgresReplayGuard(store.pool)];
        const uses = [
          await one.firstUse('n1', '00000001', 2_000, 1_000),
          await two.firstUse('n1', '00000001', 2_000, 1_000),
          await two.firstUse('n1', '1', 2_000, 1_000),
          await two.firstUse('n1', '0000000A', 2_000, 1_000),
          await one.firstUse('n1', 'a', 2_000, 1_000),
          await one.firstUse('n2', '00000001', 2_000, 1_000),
          await one.firstUse('n2', 'not-hex', 2_000, 1_000),
        ];
        expect(uses).toEqual([true, false, false, true, false, true, false]);
        const rows = async () => (await store.pool.query('SELECT nonce FROM dbkit_digest_nc ORDER BY nonce, nc')).rows;
        expect(await rows()).toHaveLength(3);
        // A minute later on the service's clock, the next use sweeps the rows of nonces that expired.
        await one.firstUse('n3', '00000001', 200_000, 100_000);
        expect(await rows()).toEqual([{ nonce: 'n3' }]);
      } finally {
        await store.close();
      }
    });
  });

  describe('two service instances behind one database', () => {
    const servers: DbkitServer[] = [];
    const bases: string[] = [];
    const [project] = Object.values(STATE.groups);
    const key = project?.keys[0];
    const [clusterEntry] = Object.values(project?.clusters ?? {});
    const snapshot = Object.values(clusterEntry?.snapshots ?? {}).find((s) => !s.doNotDelete);

    beforeAll(async () => {
      const shared = await cluster.createDatabase();
      for (let i = 0; i < 2; i++) {
        const store = await PostgresStore.open(shared, { initial: STATE });
        const clock = new Clock();
        clock.set(SEEDED_AT.getTime());
        clock.freeze(true);
        const server = createServer({
          store,
          nonceSecret: 'same',
          replayGuard: new PostgresReplayGuard(store.pool),
          clock,
          sweepIntervalMs: 0,
          warn: () => {},
        });
        servers.push(server);
        bases.push(await server.listen(0));
      }
    });
    afterAll(() => Promise.all(servers.map((server) => server.close())));

    const path = () => `/api/public/v1.0/groups/${project?.id}/clusters/${clusterEntry?.id}/snapshots/${snapshot?.id}`;

    /** The Authorization header for `method path` answering `nonce` with nonce count `nc`. */
    function answer(method: string, nonce: string, nc: string): string {
      const [username, password] = [key?.publicKey ?? '', key?.privateKey ?? ''];
      const cnonce = `cnonce-${nc}`;
      const uri = path();
      const response = computeDigestResponse({
        username,
        realm: 'dbkit',
        password,
        method,
        uri,
        nonce,
        qop: 'auth',
        nc,
        cnonce,
      });
      return `Digest username="${username}", realm="dbkit", nonce="${nonce}", uri="${uri}", algorithm=MD5, qop=auth, nc=${nc}, cnonce="${cnonce}", response="${response}"`;
    }

    async function nonceFrom(base: string): Promise<string> {
      const response = await fetch(`${base}${path()}`);
      await response.arrayBuffer();
      const challenge = parseDigestChallenge(response.headers.get('www-authenticate'));
      if (response.status !== 401 || !challenge.ok) throw new Error(`no challenge from ${base}: ${response.status}`);
      return challenge.value.nonce;
    }

    const send = async (base: string, authorization: string, init: RequestInit = {}) => {
      const response = await fetch(`${base}${path()}`, { ...init, headers: { authorization } });
      return { status: response.status, body: await response.text() };
    };

    it('a nonce from A is accepted by B; the same (nonce, nc) replayed to B or A is refused', async () => {
      const [a = '', b = ''] = bases;
      const nonce = await nonceFrom(a);
      const first = answer('GET', nonce, '00000001');
      expect((await send(b, first)).status).toBe(200);
      expect((await send(b, first)).status).toBe(401);
      expect((await send(a, first)).status).toBe(401);
      expect((await send(a, answer('GET', nonce, '00000002'))).status).toBe(200);
    });

    it('a PATCH through A is read back through B', async () => {
      const [a = '', b = ''] = bases;
      const nonce = await nonceFrom(a);
      const patched = await send(a, answer('PATCH', nonce, '00000001'), {
        method: 'PATCH',
        body: '{"doNotDelete": true}',
      });
      expect([patched.status, JSON.parse(patched.body).doNotDelete]).toEqual([200, true]);
      const read = await send(b, answer('GET', nonce, '00000002'));
      expect(read.status).toBe(200);
      expect(JSON.parse(read.body)).toMatchObject({ id: snapshot?.id, doNotDelete: true });
      expect(JSON.parse(read.body)).not.toHaveProperty('expires');
    });
  });

  describe('dbkit-server --database-url', () => {
    it('starts on PostgreSQL, prints where, and a restart finds the writes of the first run', async () => {
      const database = await cluster.createDatabase();
      const first = await startProcess(['--port', '0', '--database-url', database]);
      try {
        expect(first.stdout()).toMatch(/store: postgres 127\.0\.0\.1:\d+\//);
        const { id, credentials } = firstProject(first.stdout());
        const client = new DigestClient(credentials);
        const url = `${first.url}/api/public/v1.0/groups/${id}/automationConfig`;
        const document = { ...JSON.parse((await client.request(url)).text), version: 5 };
        const put = await client.request(url, {
          method: 'PUT',
          body: JSON.stringify(document),
          headers: { 'Content-Type': 'application/json' },
        });
        expect(put.status).toBe(200);
      } finally {
        first.child.kill('SIGINT');
        expect(await first.exited).toBe(0);
      }
      const second = await startProcess(['--port', '0'], { DBKIT_DATABASE_URL: database });
      try {
        const { id, credentials } = firstProject(second.stdout());
        const read = await new DigestClient(credentials).request(
          `${second.url}/api/public/v1.0/groups/${id}/automationConfig`,
        );
        expect(read.json<{ version: number }>().version).toBe(5);
      } finally {
        second.child.kill('SIGINT');
        await second.exited;
      }
    });
  });
}
