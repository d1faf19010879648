/**
 * The store for several stateless service instances behind a load balancer: everything in PostgreSQL (through `pg`),
 * documents as JSONB, the automation config as its exact text. A PATCH locks its snapshot row (`SELECT … FOR UPDATE`),
 * decides, and writes (`UPDATE … RETURNING`) in one transaction, so concurrent PATCHes through any instance lose
 * nothing; a PUT of the automation config is one compare-and-set `UPDATE … WHERE version < $2`.
 */
import {
  type AlertAcknowledgementRecord,
  type ClusterSnapshot,
  type ConfigServerSnapshot,
  type ExpiryState,
  isSnapshotExpired,
} from '@dbkit/core';
import pg from 'pg';
import {
  NO_AGENTS,
  type ServiceState,
  type StoredAgents,
  type StoredAlert,
  type StoredAutomationConfig,
  type StoredCluster,
  type StoredHost,
} from '../state.js';
import { ensureSchema, inTransaction, STORE_SCHEMA, STORE_TABLES } from './postgresSchema.js';
import { type AlertRow, type ConfigRow, load, readState, toConfig, toStoredAlert } from './postgresState.js';
import type { Decision, GroupSummary, PutOutcome, Store, UpdateOutcome } from './store.js';

export type PostgresStoreOptions = {
  /** The state loaded when the database has no project yet (the seed); an existing database keeps its data. */
  readonly initial: ServiceState;
  /** Connections in the pool. @default 10 */
  readonly maxConnections?: number;
  /** How long to wait for a connection before the operation fails. @default 10000 */
  readonly connectTimeoutMs?: number;
  /** Reports a pooled connection that failed while idle (the server restarted, the network dropped). */
  readonly warn?: (message: string) => void;
};

/** The two snapshot tables and the column naming each one's parent (cluster or config-server host). */
const SNAPSHOT_TABLES = [
  ['dbkit_cluster_snapshots', 'cluster_id'],
  ['dbkit_config_server_snapshots', 'host_id'],
] as const;

/** A table of snapshot parents: its snapshot table, the column naming the parent there, and its label column. */
type SnapshotParent = {
  readonly table: string;
  readonly snapshots: string;
  readonly column: string;
  readonly label: string;
};
const CLUSTERS: SnapshotParent = {
  table: 'dbkit_clusters',
  snapshots: 'dbkit_cluster_snapshots',
  column: 'cluster_id',
  label: 'name',
};
const HOSTS: SnapshotParent = {
  table: 'dbkit_hosts',
  snapshots: 'dbkit_config_server_snapshots',
  column: 'host_id',
  label: 'hostname',
};

/** The expiry fields of a snapshot row, read without the rest of its document. */
type ExpiryRow = { expires: string | null; do_not_delete: boolean | null };
const expiryOf = (row: ExpiryRow): ExpiryState => ({
  doNotDelete: row.do_not_delete === true,
  ...(row.expires === null ? {} : { expires: row.expires }),
});

/** `postgres 127.0.0.1:5432/dbkit`, never the password. */
function describe(url: string): string {
  try {
    const parsed = new URL(url);
    return `postgres ${parsed.host}${parsed.pathname}`;
  } catch {
    return 'postgres';
  }
}

export class PostgresStore implements Store {
  readonly description: string;

  private constructor(
    /** The connection pool; a {@link PostgresReplayGuard} may share it. Ended by {@link close}. */
    readonly pool: pg.Pool,
    url: string,
  ) {
    this.description = describe(url);
  }

  /**
   * Connects to `url`, creates the tables if they are missing, and loads `initial` if the database has no project
   * yet. Instances opened on the same database share everything; a restarted one finds the data it left.
   *
   * @example
   * const store = await PostgresStore.open('postgres://dbkit@127.0.0.1:5432/dbkit', { initial: seedState(1, new Date()) });
   * const server = createServer({ store, nonceSecret: process.env.DBKIT_NONCE_SECRET, replayGuard: new PostgresReplayGuard(store.pool) });
   */
  static async open(url: string, options: PostgresStoreOptions): Promise<PostgresStore> {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.maxConnections ?? 10,
      // Without it, a database that does not answer would hold every request (and the start-up) indefinitely.
      connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
    });
    // Without a listener, an idle connection's error (the server restarted) would end the process.
    pool.on('error', (error) => options.warn?.(`postgres: idle connection failed: ${error.message}`));
    try {
      await ensureSchema(pool, STORE_SCHEMA, async (client) => {
        const { rows } = await client.query<{ filled: boolean }>(
          'SELECT EXISTS (SELECT 1 FROM dbkit_projects) AS filled',
        );
        if (rows[0]?.filled !== true) await load(client, options.initial);
      });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return new PostgresStore(pool, url);
  }

  async findKey(publicKey: string) {
    const { rows } = await this.pool.query<{ private_key: string; group_id: string }>(
      'SELECT private_key, group_id FROM dbkit_api_keys WHERE public_key = $1',
      [publicKey],
    );
    const row = rows[0];
    return row && { privateKey: row.private_key, groupId: row.group_id };
  }

  async getGroup(groupId: string): Promise<GroupSummary | undefined> {
    const { rows } = await this.pool.query<GroupSummary>('SELECT id, name FROM dbkit_projects WHERE id = $1', [
      groupId,
    ]);
    return rows[0];
  }

  async listAlerts(groupId: string): Promise<readonly StoredAlert[]> {
    const { rows } = await this.pool.query<AlertRow>('SELECT * FROM dbkit_alerts WHERE group_id = $1 ORDER BY seq', [
      groupId,
    ]);
    return rows.map(toStoredAlert);
  }

  async listClusters(groupId: string): Promise<readonly StoredCluster[]> {
    const { rows } = await this.pool.query<{ id: string }>(
      'SELECT id FROM dbkit_clusters WHERE group_id = $1 ORDER BY seq',
      [groupId],
    );
    const clusters = await Promise.all(rows.map((row) => this.getCluster(groupId, row.id)));
    return clusters.filter((cluster) => cluster !== undefined);
  }

  async getCluster(groupId: string, clusterId: string): Promise<StoredCluster | undefined> {
    const found = await this.withSnapshots<ClusterSnapshot>(CLUSTERS, groupId, clusterId);
    return found && { id: clusterId, name: found.label, snapshots: found.snapshots };
  }

  /** A cluster or config-server host with its snapshots, in their stored order; undefined when it does not exist. */
  private async withSnapshots<S>(
    parent: SnapshotParent,
    groupId: string,
    parentId: string,
  ): Promise<{ readonly label: string; readonly snapshots: Record<string, S> } | undefined> {
    const { rows } = await this.pool.query<{ label: string; id: string | null; doc: S | null }>(
      `SELECT p.${parent.label} AS label, s.id, s.doc FROM ${parent.table} p
       LEFT JOIN ${parent.snapshots} s ON s.group_id = p.group_id AND s.${parent.column} = p.id
       WHERE p.group_id = $1 AND p.id = $2 ORDER BY s.seq`,
      [groupId, parentId],
    );
    const [first] = rows;
    if (first === undefined) return undefined;
    const snapshots: Record<string, S> = {};
    for (const row of rows) if (row.id !== null && row.doc !== null) snapshots[row.id] = row.doc;
    return { label: first.label, snapshots };
  }

  updateClusterSnapshot(
    groupId: string,
    clusterId: string,
    snapshotId: string,
    apply: (current: ClusterSnapshot) => Decision<ClusterSnapshot>,
  ): Promise<UpdateOutcome<ClusterSnapshot>> {
    const key = [groupId, clusterId, snapshotId];
    const where = 'WHERE group_id = $1 AND cluster_id = $2 AND id = $3';
    return inTransaction(this.pool, async (client): Promise<UpdateOutcome<ClusterSnapshot>> => {
      // The row lock makes every other PATCH of this snapshot wait here until this transaction ends.
      const found = await client.query<{ doc: ClusterSnapshot }>(
        `SELECT doc FROM dbkit_cluster_snapshots ${where} FOR UPDATE`,
        key,
      );
      const current = found.rows[0]?.doc;
      if (current === undefined) return 'not-found';
      const decision = apply(current);
      if (!decision.ok) return decision;
      const updated = await client.query<{ doc: ClusterSnapshot }>(
        `UPDATE dbkit_cluster_snapshots SET doc = $4::jsonb ${where} RETURNING doc`,
        [...key, JSON.stringify(decision.value)],
      );
      const stored = updated.rows[0]?.doc;
      return stored === undefined ? 'not-found' : { ok: true, value: stored };
    });
  }

  async deleteClusterSnapshots(groupId: string, clusterId: string, snapshotIds: readonly string[]) {
    await this.pool.query(
      'DELETE FROM dbkit_cluster_snapshots WHERE group_id = $1 AND cluster_id = $2 AND id = ANY($3::text[])',
      [groupId, clusterId, snapshotIds],
    );
  }

  async getHost(groupId: string, hostId: string): Promise<StoredHost | undefined> {
    const found = await this.withSnapshots<ConfigServerSnapshot>(HOSTS, groupId, hostId);
    return found && { id: hostId, hostname: found.label, snapshots: found.snapshots };
  }

  async deleteConfigServerSnapshots(groupId: string, hostId: string, snapshotIds: readonly string[]) {
    await this.pool.query(
      'DELETE FROM dbkit_config_server_snapshots WHERE group_id = $1 AND host_id = $2 AND id = ANY($3::text[])',
      [groupId, hostId, snapshotIds],
    );
  }

  sweepExpired(now: Date): Promise<number> {
    return inTransaction(this.pool, async (client) => {
      let removed = 0;
      for (const [table, parent] of SNAPSHOT_TABLES) {
        // Only snapshots with an `expires` can be expired; core decides which are. The rows stay locked until they
        // are deleted, so a concurrent PATCH waits and then finds nothing.
        const { rows } = await client.query<{ group_id: string; parent_id: string; id: string } & ExpiryRow>(
          `SELECT group_id, ${parent} AS parent_id, id, doc->>'expires' AS expires,
             doc->'doNotDelete' = 'true'::jsonb AS do_not_delete
           FROM ${table} WHERE doc ? 'expires' FOR UPDATE`,
        );
        const expired = rows.filter((row) => isSnapshotExpired(expiryOf(row), now));
        if (expired.length === 0) continue;
        const deleted = await client.query(
          `DELETE FROM ${table} t USING unnest($1::text[], $2::text[], $3::text[]) AS d(group_id, parent_id, id)
           WHERE t.group_id = d.group_id AND t.${parent} = d.parent_id AND t.id = d.id`,
          [expired.map((row) => row.group_id), expired.map((row) => row.parent_id), expired.map((row) => row.id)],
        );
        removed += deleted.rowCount ?? 0;
      }
      return removed;
    });
  }

  async getAutomationConfig(groupId: string): Promise<StoredAutomationConfig | undefined> {
    const { rows } = await this.pool.query<ConfigRow>(
      'SELECT version, text, agents FROM dbkit_automation_configs WHERE group_id = $1',
      [groupId],
    );
    const row = rows[0];
    return row && toConfig(row);
  }

  putAutomationConfig(
    groupId: string,
    next: StoredAutomationConfig,
    revise: (previous: StoredAutomationConfig) => StoredAgents,
  ): Promise<PutOutcome> {
    // The row lock makes concurrent PUTs through any instance take turns: of several with the same version exactly
    // one finds the stored version lower, and each writes the agents' record planned from the config it replaces.
    return inTransaction(this.pool, async (client): Promise<PutOutcome> => {
      const { rows } = await client.query<ConfigRow>(
        'SELECT version, text, agents FROM dbkit_automation_configs WHERE group_id = $1 FOR UPDATE',
        [groupId],
      );
      const row = rows[0];
      // As in the memory store, a project that does not exist stores nothing; the routes only get here for the
      // project of the authenticated key, which exists.
      if (row === undefined) return { ok: true };
      const current = toConfig(row);
      if (next.version <= current.version) return { ok: false, current };
      await client.query(
        'UPDATE dbkit_automation_configs SET version = $2, text = $3, agents = $4 WHERE group_id = $1',
        [groupId, String(next.version), next.text, JSON.stringify(revise(current))],
      );
      return { ok: true };
    });
  }

  updateAgents(groupId: string, change: (agents: StoredAgents) => StoredAgents): Promise<boolean> {
    return inTransaction(this.pool, async (client) => {
      const { rows } = await client.query<{ agents: StoredAgents | null }>(
        'SELECT agents FROM dbkit_automation_configs WHERE group_id = $1 FOR UPDATE',
        [groupId],
      );
      const row = rows[0];
      if (row === undefined) return false;
      await client.query('UPDATE dbkit_automation_configs SET agents = $2 WHERE group_id = $1', [
        groupId,
        JSON.stringify(change(row.agents ?? NO_AGENTS)),
      ]);
      return true;
    });
  }

  async getAlertAcknowledgements(groupId: string): Promise<Readonly<Record<string, AlertAcknowledgementRecord>>> {
    const { rows } = await this.pool.query<{ alert_id: string; doc: AlertAcknowledgementRecord }>(
      'SELECT alert_id, doc FROM dbkit_alert_acknowledgements WHERE group_id = $1',
      [groupId],
    );
    return Object.fromEntries(rows.map((row) => [row.alert_id, row.doc]));
  }

  async setAlertAcknowledgement(groupId: string, alertId: string, record: AlertAcknowledgementRecord): Promise<void> {
    await this.pool.query(
      `INSERT INTO dbkit_alert_acknowledgements (group_id, alert_id, doc, seq)
       VALUES ($1, $2, $3::jsonb, (SELECT count(*) FROM dbkit_alert_acknowledgements WHERE group_id = $1))
       ON CONFLICT (group_id, alert_id) DO UPDATE SET doc = EXCLUDED.doc`,
      [groupId, alertId, JSON.stringify(record)],
    );
  }

  exportState(): Promise<ServiceState> {
    // One snapshot of the database for all eight reads: a concurrent write is either wholly in or wholly out.
    return inTransaction(this.pool, (client) => readState(client), 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  }

  async reset(state: ServiceState): Promise<void> {
    await inTransaction(this.pool, async (client) => {
      await client.query(`TRUNCATE ${STORE_TABLES.join(', ')}`);
      await load(client, state);
    });
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
