/**
 * Seeded, realistic data for tests and demos: projects with their API keys, clusters with snapshots in every state
 * (complete and not, sharded with parts, with and without expires/doNotDelete), deprecated config-server
 * snapshots, and alerts of many event types and metrics in every status, all about one deployment per project
 * (`seedDeployment.ts`) that the project's automation configuration describes. The same seed and start time always
 * give the same data. Shapes follow the real captures in `../shared/corpus/real-api-responses/`.
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
} from '@dbkit/core';
import { seededRandom } from '@dbkit/core/internal';
import {
  deploymentConfig,
  emptyConfigDocument,
  hostAndPort,
  type SeedCluster,
  type SeedDeployment,
  type SeedProcess,
  type SeedReplicaSet,
  seedDeployment,
} from './seedDeployment.js';
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

/** A snapshot's part for one replica set of `cluster`, taken on the release the cluster runs. */
function part(rng: Rng, cluster: SeedCluster, replicaSet: SeedReplicaSet): SnapshotPart {
  const dataSizeBytes = Math.floor(rng() * 5e9) + 1e6;
  const encrypted = rng() < 0.25;
  const common = {
    typeName: replicaSet.role === 'config' ? ('CONFIG_SERVER_REPLICA_SET' as const) : ('REPLICA_SET' as const),
    replicaSetName: replicaSet.name,
    clusterId: replicaSet.id,
    compressionSetting: 'GZIP',
    dataSizeBytes,
    fileSizeBytes: Math.floor(dataSizeBytes * 1.3),
    storageSizeBytes: Math.floor(dataSizeBytes * 1.1),
    dbdVersion: cluster.release.version,
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
  cluster: SeedCluster,
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
    const parts = cluster.replicaSets.map((replicaSet) => part(rng, cluster, replicaSet));
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

/**
 * Snapshots of `server`, a member of `cluster`'s config server replica set, read by its host id. The deprecated
 * resource is for mirrored config servers, which a clean configuration cannot have (`configServer` gets DBK502), so a
 * replica-set member stands in, on its cluster's release.
 */
function configServerSnapshots(rng: Rng, groupId: string, server: SeedProcess, cluster: SeedCluster, now: number) {
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
      links: self(`/groups/${groupId}/hosts/${server.hostId}/snapshots/${id}`),
      parts: [
        {
          typeName: 'CONFIG_SERVER',
          hostId: server.hostId,
          completedTime: formatTimestamp(takenAt + 75_000),
          dataSizeBytes: 1_048_576 + index,
          encryptionEnabled: false,
          fileSizeBytes: 67_108_864,
          machineId: hostAndPort(server),
          dbdVersion: cluster.release.version,
          storageSizeBytes: 2_097_152,
        },
      ],
    };
  }
  return snapshots;
}

const STATUSES: readonly AlertStatus[] = ['TRACKING', 'OPEN', 'CLOSED', 'CANCELLED'];

/** What the alerts of a project can name: its processes with their replica sets, its replica sets, its clusters. */
type AlertTargets = {
  readonly hosts: readonly { readonly process: SeedProcess; readonly replicaSet?: SeedReplicaSet }[];
  readonly replicaSets: readonly SeedReplicaSet[];
  readonly sharded: readonly SeedCluster[];
};

function alertTargets(deployment: SeedDeployment): AlertTargets {
  const replicaSets = deployment.clusters.flatMap((cluster) => cluster.replicaSets);
  return {
    hosts: deployment.clusters.flatMap((cluster) => [
      ...cluster.replicaSets.flatMap((replicaSet) => replicaSet.members.map((process) => ({ process, replicaSet }))),
      ...cluster.routers.map((process) => ({ process })),
    ]),
    replicaSets,
    sharded: deployment.clusters.filter((cluster) => cluster.sharded),
  };
}

/** The host fields of an alert about `target`; a router belongs to no replica set. */
function hostFields(target: AlertTargets['hosts'][number]) {
  return {
    hostId: target.process.hostId,
    hostnameAndPort: hostAndPort(target.process),
    ...(target.replicaSet === undefined ? {} : { replicaSetName: target.replicaSet.name }),
  };
}

const BACKUP_SOURCE = { 'replica-set': 'REPLICA_SET', shard: 'SHARDED_CLUSTER', config: 'CONFIG_SERVER' } as const;

const WITH_FIELDS: readonly string[] = [
  'OUTSIDE_METRIC_THRESHOLD',
  'HOST_DOWN',
  'REPLICA_SET',
  'SHARDED_CLUSTER',
  'BACKUP',
];
const OTHER_EVENTS = EVENT_TYPE_NAME_VALUES.filter((name) => !WITH_FIELDS.includes(name));

/** The event of the `index`th alert: the five event types with fields in turn, then others, about `targets`. */
function alertEvent(rng: Rng, index: number, targets: AlertTargets) {
  switch (index % 7) {
    case 0: {
      // Measurements come from data-bearing members; any process can go down.
      const dataHosts = targets.hosts.filter((target) => target.replicaSet !== undefined);
      return {
        eventTypeName: 'OUTSIDE_METRIC_THRESHOLD' as const,
        metricName: METRIC_NAME_VALUES[index % METRIC_NAME_VALUES.length] ?? 'CONNECTIONS',
        currentValue: { number: Math.round(rng() * 10_000) / 10, units: 'RAW' as const },
        ...hostFields(pick(rng, dataHosts)),
      };
    }
    case 1:
      return { eventTypeName: 'HOST_DOWN' as const, ...hostFields(pick(rng, targets.hosts)) };
    case 2: {
      const replicaSet = pick(rng, targets.replicaSets);
      return {
        eventTypeName: 'REPLICA_SET' as const,
        ...hostFields({ process: pick(rng, replicaSet.members), replicaSet }),
      };
    }
    case 3: {
      const cluster = pick(rng, targets.sharded);
      return { eventTypeName: 'SHARDED_CLUSTER' as const, clusterId: cluster.id, clusterName: cluster.name };
    }
    case 4: {
      const replicaSet = pick(rng, targets.replicaSets);
      return {
        eventTypeName: 'BACKUP' as const,
        replicaSetName: replicaSet.name,
        sourceTypeName: BACKUP_SOURCE[replicaSet.role],
      };
    }
    default:
      return { eventTypeName: pick(rng, OTHER_EVENTS) };
  }
}

function alert(rng: Rng, groupId: string, index: number, now: number, targets: AlertTargets): StoredAlert {
  const id = objectId(rng);
  const status = STATUSES[index % STATUSES.length] as AlertStatus;
  const created = now - (index + 1) * 37 * MINUTE;
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
  const event = alertEvent(rng, index, targets);
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
  return `${JSON.stringify(emptyConfigDocument(), null, 2)}\n`;
}

/** The version of a seeded configuration: the deployment was created by one PUT, so the next one is version 2. */
export const SEEDED_CONFIG_VERSION = 1;

/**
 * The state for `--seed N` at time `now`: `groups` projects (default 2), each with one API key and one deployment
 * that its automation configuration, clusters, config-server host and alerts all describe.
 */
export function seedState(seed: number, now: Date, groups = 2): ServiceState {
  const rng = seededRandom(seed);
  // Keys come from a stream of their own: a change to the generated data never changes the keys people saved.
  const keyRng = seededRandom((seed ^ 0x6b657973) >>> 0);
  const at = Math.floor(now.getTime() / MINUTE) * MINUTE;
  const result: Record<string, StoredGroup> = {};
  for (let g = 0; g < groups; g++) {
    const id = objectId(rng);
    const name = `project-${g + 1}`;
    const deployment = seedDeployment(name, () => objectId(rng));
    const clusters: Record<string, StoredCluster> = {};
    for (const cluster of deployment.clusters) {
      clusters[cluster.id] = {
        id: cluster.id,
        name: cluster.name,
        snapshots: clusterSnapshots(rng, id, cluster, at),
      };
    }
    const hosts: Record<string, StoredHost> = {};
    for (const cluster of deployment.clusters) {
      const server = cluster.replicaSets.find((replicaSet) => replicaSet.role === 'config')?.members[0];
      if (server === undefined) continue;
      hosts[server.hostId] = {
        id: server.hostId,
        hostname: server.hostname,
        snapshots: configServerSnapshots(rng, id, server, cluster, at),
      };
    }
    const targets = alertTargets(deployment);
    const alerts: Record<string, StoredAlert> = {};
    for (let index = 0; index < 28; index++) {
      const stored = alert(rng, id, index, at, targets);
      alerts[stored.alert.id] = stored;
    }
    const config = deploymentConfig(deployment, SEEDED_CONFIG_VERSION);
    result[id] = {
      id,
      name,
      keys: [{ publicKey: text(keyRng, ALPHANUMERIC, 8), privateKey: uuid(keyRng) }],
      clusters,
      hosts,
      alerts,
      automationConfig: { version: config.version, text: `${JSON.stringify(config, null, 2)}\n` },
    };
  }
  return { groups: result };
}
