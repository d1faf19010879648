/**
 * Seeded, realistic data for tests and demos: projects with their API keys, clusters with snapshots in every state
 * (complete and not, sharded with parts, with and without expires/doNotDelete), deprecated config-server
 * snapshots, and alerts of many event types and metrics in every status. The same seed and start time always give the
 * same data. Shapes follow the real captures in `../shared/corpus/real-api-responses/`.
 */
import {
  type Alert,
  type AlertStatus,
  type ClusterSnapshot,
  type ConfigServerSnapshot,
  EVENT_TYPE_NAME_VALUES,
  formatTimestamp,
  METRIC_NAME_VALUES,
  type SnapshotPart,
  seededRandom,
} from '@dbkit/core';
import type { ServiceState, StoredAlert, StoredCluster, StoredGroup, StoredHost } from './state.js';

type Rng = () => number;
const HEX = '0123456789abcdef';
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;
const objectId = (rng: Rng): string => Array.from({ length: 24 }, () => pick(rng, [...HEX])).join('');
const text = (rng: Rng, alphabet: string, length: number): string =>
  Array.from({ length }, () => pick(rng, [...alphabet])).join('');

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Paths are relative: the service prefixes its own origin (`http://localhost:PORT`) when it answers. */
export const API_BASE = '/api/public/v1.0';
const self = (path: string) => [{ href: `${API_BASE}${path}`, rel: 'self' }] as const;

function part(rng: Rng, clusterId: string, replicaSetName: string, typeName: SnapshotPart['typeName']): SnapshotPart {
  const dataSizeBytes = Math.floor(rng() * 5e9) + 1e6;
  const encrypted = rng() < 0.25;
  const common = {
    typeName,
    replicaSetName,
    clusterId,
    compressionSetting: 'GZIP',
    dataSizeBytes,
    fileSizeBytes: Math.floor(dataSizeBytes * 1.3),
    storageSizeBytes: Math.floor(dataSizeBytes * 1.1),
    dbdVersion: pick(rng, ['6.0.19', '7.0.12', '8.0.4']),
  };
  return encrypted
    ? { ...common, encryptionEnabled: true, masterKeyUUID: uuid(rng) }
    : { ...common, encryptionEnabled: false };
}

function uuid(rng: Rng): string {
  const hex = text(rng, HEX, 32);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function clusterSnapshots(
  rng: Rng,
  groupId: string,
  cluster: { id: string; name: string; sharded: boolean },
  now: number,
): Record<string, ClusterSnapshot> {
  const snapshots: Record<string, ClusterSnapshot> = {};
  const count = 6 + Math.floor(rng() * 8);
  for (let index = 0; index < count; index++) {
    const id = objectId(rng);
    const takenAt = now - (index + 1) * 6 * HOUR;
    const complete = index > 0 || rng() < 0.5;
    // Every state the expiry rules know: pinned, expiring later, expiring soon, no expiry.
    const kind = index % 4;
    const doNotDelete = kind === 0;
    const expires = kind === 1 ? now + (7 + index) * DAY : kind === 2 ? now + (index + 1) * HOUR : undefined;
    const parts = cluster.sharded
      ? [
          part(rng, objectId(rng), `${cluster.name}-config`, 'CONFIG_SERVER_REPLICA_SET'),
          part(rng, objectId(rng), `${cluster.name}-shard-0`, 'REPLICA_SET'),
          part(rng, objectId(rng), `${cluster.name}-shard-1`, 'REPLICA_SET'),
        ]
      : [part(rng, cluster.id, cluster.name, 'REPLICA_SET')];
    snapshots[id] = {
      id,
      groupId,
      clusterId: cluster.id,
      clusterName: cluster.name,
      complete,
      created: { date: formatTimestamp(takenAt), increment: 1 + Math.floor(rng() * 20) },
      doNotDelete,
      ...(expires === undefined ? {} : { expires: formatTimestamp(expires) }),
      ...(cluster.sharded ? { isPossiblyInconsistent: rng() < 0.1, missingShards: [] } : {}),
      ...(complete ? { lastOplogAppliedTimestamp: { date: formatTimestamp(takenAt - MINUTE), increment: 1 } } : {}),
      links: self(`/groups/${groupId}/clusters/${cluster.id}/snapshots/${id}`),
      namespaceFilterList: { filterList: [], filterType: 'blacklist' },
      parts,
    };
  }
  return snapshots;
}

function configServerSnapshots(rng: Rng, groupId: string, host: StoredHost, now: number) {
  const snapshots: Record<string, ConfigServerSnapshot> = {};
  for (let index = 0; index < 4; index++) {
    const id = objectId(rng);
    const takenAt = now - (index + 1) * DAY;
    const doNotDelete = index === 0;
    snapshots[id] = {
      id,
      groupId,
      complete: true,
      created: { date: formatTimestamp(takenAt), increment: 1 },
      doNotDelete,
      ...(doNotDelete ? {} : { expires: formatTimestamp(now + (30 - index) * DAY) }),
      links: self(`/groups/${groupId}/hosts/${host.id}/snapshots/${id}`),
      parts: [
        {
          typeName: 'CONFIG_SERVER',
          hostId: host.id,
          completedTime: formatTimestamp(takenAt + 75_000),
          dataSizeBytes: 1_048_576 + index,
          encryptionEnabled: false,
          fileSizeBytes: 67_108_864,
          machineId: `${host.hostname}:27019`,
          dbdVersion: '3.2.22',
          storageSizeBytes: 2_097_152,
        },
      ],
    };
  }
  return snapshots;
}

const STATUSES: readonly AlertStatus[] = ['TRACKING', 'OPEN', 'CLOSED', 'CANCELLED'];

function alert(rng: Rng, groupId: string, index: number, now: number): StoredAlert {
  const id = objectId(rng);
  const status = STATUSES[index % STATUSES.length] as AlertStatus;
  const created = now - (index + 1) * 37 * MINUTE;
  const host = `db-${index % 5}.example.net:27017`;
  const common = {
    id,
    groupId,
    alertConfigId: objectId(rng),
    created: formatTimestamp(created),
    updated: formatTimestamp(created + 5 * MINUTE),
    links: self(`/groups/${groupId}/alerts/${id}`),
    ...(index % 3 === 0 ? { lastNotified: formatTimestamp(created + 6 * MINUTE) } : {}),
  };
  const resolution = status === 'CLOSED' ? { status, resolved: formatTimestamp(created + 20 * MINUTE) } : { status };
  const kind = index % 7;
  const event =
    kind === 0
      ? {
          eventTypeName: 'OUTSIDE_METRIC_THRESHOLD' as const,
          metricName: METRIC_NAME_VALUES[index % METRIC_NAME_VALUES.length] ?? 'CONNECTIONS',
          currentValue: { number: Math.round(rng() * 10_000) / 10, units: 'RAW' as const },
          hostId: objectId(rng),
          hostnameAndPort: host,
          replicaSetName: 'rs0',
        }
      : kind === 1
        ? { eventTypeName: 'HOST_DOWN' as const, hostId: objectId(rng), hostnameAndPort: host, replicaSetName: 'rs0' }
        : kind === 2
          ? { eventTypeName: 'REPLICA_SET' as const, replicaSetName: 'rs0' }
          : kind === 3
            ? { eventTypeName: 'SHARDED_CLUSTER' as const, clusterId: objectId(rng), clusterName: 'analytics' }
            : kind === 4
              ? { eventTypeName: 'BACKUP' as const, replicaSetName: 'rs0', sourceTypeName: 'REPLICA_SET' as const }
              : {
                  eventTypeName: pick(
                    rng,
                    EVENT_TYPE_NAME_VALUES.filter(
                      (name) =>
                        !['OUTSIDE_METRIC_THRESHOLD', 'HOST_DOWN', 'REPLICA_SET', 'SHARDED_CLUSTER', 'BACKUP'].includes(
                          name,
                        ),
                    ),
                  ),
                };
  return {
    alert: { ...common, ...resolution, ...event } as Alert,
    // TRACKING alerts open after the smallest delay (the spec's one automatic transition): 30 to 150 minutes after
    // the seed's time, at most 19 hours.
    notificationDelaysMinutes: status === 'TRACKING' ? [(index + 1) * 37 + 30 + (index % 5) * 30, 24 * 60] : [0],
    conditionPersists: status !== 'CLOSED',
  };
}

/** The automation configuration of an empty project, as a live service returns it (version 0). */
export function emptyAutomationConfig(): string {
  return `${JSON.stringify(
    {
      auth: {
        authoritativeSet: false,
        autoAuthMechanism: 'MONGODB-CR',
        disabled: true,
        usersDeleted: [],
        usersWanted: [],
      },
      backupVersions: [],
      balancer: {},
      dbVersions: [],
      indexConfigs: [],
      monitoringVersions: [],
      options: { downloadBase: '/var/lib/mongodb-mms-automation' },
      processes: [],
      replicaSets: [],
      roles: [],
      sharding: [],
      version: 0,
    },
    null,
    2,
  )}\n`;
}

/** The state for `--seed N` at time `now`: `groups` projects (default 2), each with one API key. */
export function seedState(seed: number, now: Date, groups = 2): ServiceState {
  const rng = seededRandom(seed);
  const at = Math.floor(now.getTime() / MINUTE) * MINUTE;
  const result: Record<string, StoredGroup> = {};
  for (let g = 0; g < groups; g++) {
    const id = objectId(rng);
    const clusters: Record<string, StoredCluster> = {};
    for (const [name, sharded] of [
      ['rs0', false],
      ['analytics', true],
    ] as const) {
      const clusterId = objectId(rng);
      const cluster = { id: clusterId, name, sharded };
      clusters[clusterId] = { id: clusterId, name, snapshots: clusterSnapshots(rng, id, cluster, at) };
    }
    const hostId = objectId(rng);
    const host: StoredHost = { id: hostId, hostname: `cfg-${g}.example.net`, snapshots: {} };
    const hosts = { [hostId]: { ...host, snapshots: configServerSnapshots(rng, id, host, at) } };
    const alerts: Record<string, StoredAlert> = {};
    for (let index = 0; index < 28; index++) {
      const stored = alert(rng, id, index, at);
      alerts[stored.alert.id] = stored;
    }
    result[id] = {
      id,
      name: `project-${g + 1}`,
      keys: [{ publicKey: text(rng, ALPHANUMERIC, 8), privateKey: uuid(rng) }],
      clusters,
      hosts,
      alerts,
      automationConfig: { version: 0, text: emptyAutomationConfig() },
    };
  }
  return { groups: result };
}
