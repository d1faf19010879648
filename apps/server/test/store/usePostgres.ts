/**
 * Setup file of the `server-postgres` vitest project: the HTTP suites run again with every service on a fresh
 * PostgreSQL database of a cluster this file starts (and stops), so the PostgreSQL store passes the same suite as
 * the default one. Without PostgreSQL (and not root to install it) the suites are skipped outside CI and fail in it,
 * as `postgresStore.test.ts` says.
 */
import { afterAll, beforeAll } from 'vitest';
import { PostgresReplayGuard } from '../../src/store/postgresReplayGuard.js';
import { PostgresStore } from '../../src/store/postgresStore.js';
import type { StoreFactory } from '../helpers.js';
import { type PostgresCluster, postgresAvailability, startPostgres } from './postgres.js';

const availability = postgresAvailability();
let cluster: PostgresCluster | undefined;

beforeAll(async () => {
  if (!availability.ok) {
    if (process.env.CI === 'true') throw new Error(availability.reason);
    return;
  }
  cluster = await startPostgres();
  console.info(`the HTTP suite on ${cluster.version}`);
  const factory: StoreFactory = async (initial) => {
    const url = await (cluster as PostgresCluster).createDatabase();
    const store = await PostgresStore.open(url, { initial });
    return { store, replayGuard: new PostgresReplayGuard(store.pool) };
  };
  (globalThis as { dbkitStoreFactory?: StoreFactory }).dbkitStoreFactory = factory;
}, 600_000);

afterAll(async () => {
  delete (globalThis as { dbkitStoreFactory?: StoreFactory }).dbkitStoreFactory;
  await cluster?.stop();
});
