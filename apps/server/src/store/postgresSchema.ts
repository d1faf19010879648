/**
 * The PostgreSQL tables of {@link PostgresStore} and {@link PostgresReplayGuard}, all prefixed `dbkit_` so they can
 * share a database with anything else. Created on open when missing; several instances opening at once take an
 * advisory lock first, because concurrent `CREATE TABLE IF NOT EXISTS` can still collide in the catalog.
 */
import type { Pool, PoolClient } from 'pg';

/**
 * `seq` is the position in the state the rows were loaded from: rows come back in that order, so a store exported
 * from PostgreSQL lists projects, keys, clusters, snapshots and alerts in the same order as the memory store.
 * `agents` is the simulated agents' record, written with the config it belongs to (null: none recorded yet).
 * `version` is `numeric`: the document's `version` is any JSON integer ≥ 0 (core sets no maximum), and an integer
 * column would turn a large one into a database error instead of a stored config.
 */
export const STORE_SCHEMA = `
CREATE TABLE IF NOT EXISTS dbkit_projects (
  id text PRIMARY KEY,
  name text NOT NULL,
  seq integer NOT NULL
);
CREATE TABLE IF NOT EXISTS dbkit_api_keys (
  public_key text PRIMARY KEY,
  private_key text NOT NULL,
  group_id text NOT NULL REFERENCES dbkit_projects (id) ON DELETE CASCADE,
  seq integer NOT NULL
);
CREATE TABLE IF NOT EXISTS dbkit_clusters (
  group_id text NOT NULL REFERENCES dbkit_projects (id) ON DELETE CASCADE,
  id text NOT NULL,
  name text NOT NULL,
  seq integer NOT NULL,
  PRIMARY KEY (group_id, id)
);
CREATE TABLE IF NOT EXISTS dbkit_cluster_snapshots (
  group_id text NOT NULL,
  cluster_id text NOT NULL,
  id text NOT NULL,
  doc jsonb NOT NULL,
  seq integer NOT NULL,
  PRIMARY KEY (group_id, cluster_id, id),
  FOREIGN KEY (group_id, cluster_id) REFERENCES dbkit_clusters (group_id, id) ON DELETE CASCADE
);
CREATE TABLE IF NOT EXISTS dbkit_hosts (
  group_id text NOT NULL REFERENCES dbkit_projects (id) ON DELETE CASCADE,
  id text NOT NULL,
  hostname text NOT NULL,
  seq integer NOT NULL,
  PRIMARY KEY (group_id, id)
);
CREATE TABLE IF NOT EXISTS dbkit_config_server_snapshots (
  group_id text NOT NULL,
  host_id text NOT NULL,
  id text NOT NULL,
  doc jsonb NOT NULL,
  seq integer NOT NULL,
  PRIMARY KEY (group_id, host_id, id),
  FOREIGN KEY (group_id, host_id) REFERENCES dbkit_hosts (group_id, id) ON DELETE CASCADE
);
CREATE TABLE IF NOT EXISTS dbkit_alerts (
  group_id text NOT NULL REFERENCES dbkit_projects (id) ON DELETE CASCADE,
  id text NOT NULL,
  doc jsonb NOT NULL,
  notification_delays_minutes double precision[] NOT NULL,
  condition_persists boolean NOT NULL,
  seq integer NOT NULL,
  PRIMARY KEY (group_id, id)
);
CREATE TABLE IF NOT EXISTS dbkit_automation_configs (
  group_id text PRIMARY KEY REFERENCES dbkit_projects (id) ON DELETE CASCADE,
  version numeric NOT NULL,
  text text NOT NULL,
  agents jsonb
);
ALTER TABLE dbkit_automation_configs ADD COLUMN IF NOT EXISTS agents jsonb;
CREATE TABLE IF NOT EXISTS dbkit_alert_acknowledgements (
  group_id text NOT NULL REFERENCES dbkit_projects (id) ON DELETE CASCADE,
  alert_id text NOT NULL,
  doc jsonb NOT NULL,
  seq integer NOT NULL,
  PRIMARY KEY (group_id, alert_id)
);
`;

/** Every table of the store, parents first (the order `reset` loads them in). */
export const STORE_TABLES = [
  'dbkit_projects',
  'dbkit_api_keys',
  'dbkit_clusters',
  'dbkit_cluster_snapshots',
  'dbkit_hosts',
  'dbkit_config_server_snapshots',
  'dbkit_alerts',
  'dbkit_automation_configs',
  'dbkit_alert_acknowledgements',
] as const;

export type Table = (typeof STORE_TABLES)[number];

/** Each table's columns as `jsonb_to_recordset` reads them from the JSON array `reset` sends (one query a table). */
const COLUMNS: Readonly<Record<Table, readonly (readonly [name: string, type: string])[]>> = {
  dbkit_projects: [
    ['id', 'text'],
    ['name', 'text'],
    ['seq', 'integer'],
  ],
  dbkit_api_keys: [
    ['public_key', 'text'],
    ['private_key', 'text'],
    ['group_id', 'text'],
    ['seq', 'integer'],
  ],
  dbkit_clusters: [
    ['group_id', 'text'],
    ['id', 'text'],
    ['name', 'text'],
    ['seq', 'integer'],
  ],
  dbkit_cluster_snapshots: [
    ['group_id', 'text'],
    ['cluster_id', 'text'],
    ['id', 'text'],
    ['doc', 'jsonb'],
    ['seq', 'integer'],
  ],
  dbkit_hosts: [
    ['group_id', 'text'],
    ['id', 'text'],
    ['hostname', 'text'],
    ['seq', 'integer'],
  ],
  dbkit_config_server_snapshots: [
    ['group_id', 'text'],
    ['host_id', 'text'],
    ['id', 'text'],
    ['doc', 'jsonb'],
    ['seq', 'integer'],
  ],
  dbkit_alerts: [
    ['group_id', 'text'],
    ['id', 'text'],
    ['doc', 'jsonb'],
    ['notification_delays_minutes', 'double precision[]'],
    ['condition_persists', 'boolean'],
    ['seq', 'integer'],
  ],
  dbkit_automation_configs: [
    ['group_id', 'text'],
    ['version', 'numeric'],
    ['text', 'text'],
    ['agents', 'jsonb'],
  ],
  dbkit_alert_acknowledgements: [
    ['group_id', 'text'],
    ['alert_id', 'text'],
    ['doc', 'jsonb'],
    ['seq', 'integer'],
  ],
};

export function insertSql(table: Table): string {
  const columns = COLUMNS[table];
  const names = columns.map(([name]) => name).join(', ');
  const typed = columns.map(([name, type]) => `${name} ${type}`).join(', ');
  return `INSERT INTO ${table} (${names}) SELECT ${names} FROM jsonb_to_recordset($1::jsonb) AS r(${typed})`;
}

/**
 * The replay guard's table: one row per nonce count used (as a number: `0000000a` and `a` are one count), kept until
 * the nonce expires (`expires_at`, milliseconds on the service's clock).
 */
export const REPLAY_SCHEMA = `
CREATE TABLE IF NOT EXISTS dbkit_digest_nc (
  nonce text NOT NULL,
  nc bigint NOT NULL,
  expires_at bigint NOT NULL,
  PRIMARY KEY (nonce, nc)
);
CREATE INDEX IF NOT EXISTS dbkit_digest_nc_expires_at ON dbkit_digest_nc (expires_at);
`;

/** The advisory lock every dbkit instance takes while it creates tables (an arbitrary constant: "dbkit"). */
const SCHEMA_LOCK = 0x64626b74;

/** Runs `work` in a transaction on one connection: committed if it resolves, rolled back if it throws. */
export async function inTransaction<T>(
  pool: Pool,
  work: (client: PoolClient) => Promise<T>,
  begin = 'BEGIN',
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    // A connection that cannot even roll back is discarded rather than returned to the pool.
    await client.query('ROLLBACK').catch((rollbackError: Error) => {
      broken = rollbackError;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}

/** Creates the tables of `ddl` if missing, under the schema lock, then runs `after` in the same transaction. */
export function ensureSchema(pool: Pool, ddl: string, after?: (client: PoolClient) => Promise<void>): Promise<void> {
  return inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    await client.query(ddl);
    await after?.(client);
  });
}
