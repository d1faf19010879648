/**
 * The whole service state as {@link PostgresStore}'s rows and back: a state loaded into empty tables (the seed on
 * first open, a reset), and the tables read back into a state (the export), plus the row shapes the store's queries
 * share.
 */
import type { AlertAcknowledgementRecord, ClusterSnapshot, ConfigServerSnapshot } from '@dbkit/core';
import type pg from 'pg';
import type {
  ApiKey,
  ServiceState,
  StoredAgents,
  StoredAlert,
  StoredAutomationConfig,
  StoredCluster,
  StoredHost,
} from '../state.js';
import { insertSql, STORE_TABLES, type Table } from './postgresSchema.js';

/** A connection, inside the caller's transaction. */
type Queryable = Pick<pg.PoolClient, 'query'>;

/** The rows of every table for `state`, in the state's order. */
function rowsOf(state: ServiceState): Record<Table, Record<string, unknown>[]> {
  const rows: Record<Table, Record<string, unknown>[]> = {
    dbkit_projects: [],
    dbkit_api_keys: [],
    dbkit_clusters: [],
    dbkit_cluster_snapshots: [],
    dbkit_hosts: [],
    dbkit_config_server_snapshots: [],
    dbkit_alerts: [],
    dbkit_automation_configs: [],
    dbkit_alert_acknowledgements: [],
  };
  const add = (table: Table, row: Record<string, unknown>) => rows[table].push({ ...row, seq: rows[table].length });
  for (const group of Object.values(state.groups)) {
    const group_id = group.id;
    add('dbkit_projects', { id: group.id, name: group.name });
    for (const key of group.keys) {
      add('dbkit_api_keys', { public_key: key.publicKey, private_key: key.privateKey, group_id });
    }
    for (const [clusterId, cluster] of Object.entries(group.clusters)) {
      add('dbkit_clusters', { group_id, id: clusterId, name: cluster.name });
      for (const [id, doc] of Object.entries(cluster.snapshots)) {
        add('dbkit_cluster_snapshots', { group_id, cluster_id: clusterId, id, doc });
      }
    }
    for (const [hostId, host] of Object.entries(group.hosts)) {
      add('dbkit_hosts', { group_id, id: hostId, hostname: host.hostname });
      for (const [id, doc] of Object.entries(host.snapshots)) {
        add('dbkit_config_server_snapshots', { group_id, host_id: hostId, id, doc });
      }
    }
    for (const [id, stored] of Object.entries(group.alerts)) {
      add('dbkit_alerts', {
        group_id,
        id,
        doc: stored.alert,
        notification_delays_minutes: stored.notificationDelaysMinutes,
        condition_persists: stored.conditionPersists,
      });
    }
    const { version, text, agents } = group.automationConfig;
    rows.dbkit_automation_configs.push({ group_id, version, text, agents: agents ?? null });
    for (const [alert_id, doc] of Object.entries(group.alertAcknowledgements ?? {})) {
      add('dbkit_alert_acknowledgements', { group_id, alert_id, doc });
    }
  }
  return rows;
}

/** Inserts `state`'s rows into the empty tables: one query a table, parents first. */
export async function load(client: Queryable, state: ServiceState): Promise<void> {
  const rows = rowsOf(state);
  for (const table of STORE_TABLES) {
    if (rows[table].length > 0) await client.query(insertSql(table), [JSON.stringify(rows[table])]);
  }
}

/** A row of `dbkit_alerts`, and the stored alert it holds. */
export type AlertRow = {
  group_id: string;
  id: string;
  doc: StoredAlert['alert'];
  notification_delays_minutes: number[];
  condition_persists: boolean;
};
export const toStoredAlert = (row: AlertRow): StoredAlert => ({
  alert: row.doc,
  notificationDelaysMinutes: row.notification_delays_minutes,
  conditionPersists: row.condition_persists,
});
/** A row of `dbkit_automation_configs` as the queries select it, and the stored config it holds. */
export type ConfigRow = { version: string; text: string; agents: StoredAgents | null };
// `numeric` arrives as a string, so that no precision is lost in transit; versions are JSON numbers again here.
export const toConfig = (row: ConfigRow): StoredAutomationConfig => ({
  version: Number(row.version),
  text: row.text,
  ...(row.agents === null ? {} : { agents: row.agents }),
});

/** A project while its rows are read: a `StoredGroup` still being filled in. */
type GroupDraft = {
  id: string;
  name: string;
  keys: ApiKey[];
  clusters: Record<string, StoredCluster>;
  hosts: Record<string, StoredHost>;
  alerts: Record<string, StoredAlert>;
  automationConfig: StoredAutomationConfig;
  alertAcknowledgements?: Record<string, AlertAcknowledgementRecord>;
};

/** Every table read back into a state, each project's parts in their stored order. */
export async function readState(client: Queryable): Promise<ServiceState> {
  const select = async <Row extends pg.QueryResultRow>(table: Table) =>
    (await client.query<Row>(`SELECT * FROM ${table} ORDER BY seq`)).rows;
  const groups: Record<string, GroupDraft> = {};
  for (const row of await select<{ id: string; name: string }>('dbkit_projects')) {
    groups[row.id] = {
      id: row.id,
      name: row.name,
      keys: [],
      clusters: {},
      hosts: {},
      alerts: {},
      automationConfig: { version: 0, text: '' },
    };
  }
  const group = (id: string) => {
    const found = groups[id];
    if (found === undefined) throw new Error(`postgres: a row refers to project ${id}, which does not exist`);
    return found;
  };
  for (const row of await select<{ public_key: string; private_key: string; group_id: string }>('dbkit_api_keys')) {
    group(row.group_id).keys.push({ publicKey: row.public_key, privateKey: row.private_key });
  }
  const clusters: Record<string, Record<string, ClusterSnapshot>> = {};
  for (const row of await select<{ group_id: string; id: string; name: string }>('dbkit_clusters')) {
    const snapshots: Record<string, ClusterSnapshot> = {};
    clusters[`${row.group_id}/${row.id}`] = snapshots;
    group(row.group_id).clusters[row.id] = { id: row.id, name: row.name, snapshots };
  }
  type SnapshotRow<T> = { group_id: string; cluster_id: string; host_id: string; id: string; doc: T };
  for (const row of await select<SnapshotRow<ClusterSnapshot>>('dbkit_cluster_snapshots')) {
    const snapshots = clusters[`${row.group_id}/${row.cluster_id}`];
    if (snapshots) snapshots[row.id] = row.doc;
  }
  const hosts: Record<string, Record<string, ConfigServerSnapshot>> = {};
  for (const row of await select<{ group_id: string; id: string; hostname: string }>('dbkit_hosts')) {
    const snapshots: Record<string, ConfigServerSnapshot> = {};
    hosts[`${row.group_id}/${row.id}`] = snapshots;
    group(row.group_id).hosts[row.id] = { id: row.id, hostname: row.hostname, snapshots };
  }
  for (const row of await select<SnapshotRow<ConfigServerSnapshot>>('dbkit_config_server_snapshots')) {
    const snapshots = hosts[`${row.group_id}/${row.host_id}`];
    if (snapshots) snapshots[row.id] = row.doc;
  }
  for (const row of await select<AlertRow>('dbkit_alerts')) group(row.group_id).alerts[row.id] = toStoredAlert(row);
  const configs = await client.query<ConfigRow & { group_id: string }>('SELECT * FROM dbkit_automation_configs');
  for (const row of configs.rows) group(row.group_id).automationConfig = toConfig(row);
  type AcknowledgementRow = { group_id: string; alert_id: string; doc: AlertAcknowledgementRecord };
  for (const row of await select<AcknowledgementRow>('dbkit_alert_acknowledgements')) {
    const draft = group(row.group_id);
    draft.alertAcknowledgements = { ...draft.alertAcknowledgements, [row.alert_id]: row.doc };
  }
  return { groups };
}
