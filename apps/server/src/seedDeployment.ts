/**
 * The deployment a seeded project runs: one replica set and one sharded cluster, their processes, hosts and server
 * releases. The seed's clusters, snapshots, config-server host and alerts name what is here, and the project's
 * automation configuration describes it, so a user who opens the configuration sees the deployment the alerts and
 * snapshots talk about. Shapes follow the live documents in `../shared/corpus/real-automation-configs/`
 * (`sarjarapu-GET-sharded-3.4-csrs.json`, `mck-bughunt-GET-after-put-trimmed.json`).
 */

/** A server release the seeded deployments run, with its build as a live service lists it. */
export type SeedRelease = { readonly version: string; readonly fcv: string; readonly gitVersion: string };

/**
 * The releases the seed uses: the replica set runs the older one, so upgrading it is the first change a user can try.
 * The git versions are those the documents show: 7.0.12's from `mck-bughunt-GET-after-put-trimmed.json`, 8.0.4's
 * from `examples/automation/sharded-cluster.automation.json`.
 */
const SEED_RELEASES = {
  replicaSet: { version: '7.0.12', fcv: '7.0', gitVersion: 'b6513ce0781db6818e24619e8a461eae90bc94fc' },
  sharded: { version: '8.0.4', fcv: '8.0', gitVersion: 'bc35ab4305d9920d9d0491c1c9ef9b72383d31f9' },
} as const satisfies Record<string, SeedRelease>;

/** One process: its name in the configuration, where it listens, and the id the alerts give its host. */
export type SeedProcess = {
  readonly name: string;
  readonly hostname: string;
  readonly port: number;
  readonly hostId: string;
};

/** How a replica set serves its cluster; it decides its members' `clusterRole` and a backup's source type. */
export type SeedReplicaSetRole = 'replica-set' | 'config' | 'shard';

/** A replica set: its name (`_id`, `replSetName`), the id snapshot parts give it, and its members. */
export type SeedReplicaSet = {
  readonly name: string;
  readonly id: string;
  readonly role: SeedReplicaSetRole;
  readonly members: readonly SeedProcess[];
};

/**
 * A cluster as the snapshot resources name it: a replica set (its name is the replica set's), or a sharded cluster
 * (config server replica set first, then the shards, and its routers).
 */
export type SeedCluster = {
  readonly id: string;
  readonly name: string;
  readonly sharded: boolean;
  readonly release: SeedRelease;
  readonly replicaSets: readonly SeedReplicaSet[];
  readonly routers: readonly SeedProcess[];
};

/** A project's deployment. */
export type SeedDeployment = { readonly clusters: readonly SeedCluster[] };

/** Ports as the vendor's defaults have them: routers and replica sets 27017, shards 27018, config servers 27019. */
const PORTS: Readonly<Record<SeedReplicaSetRole | 'router', number>> = {
  'replica-set': 27017,
  router: 27017,
  shard: 27018,
  config: 27019,
};

/**
 * The deployment of the project named `project`; `newId` gives each cluster, replica set and host its identifier, in
 * a fixed order, so the same random source gives the same deployment.
 */
export function seedDeployment(project: string, newId: () => string): SeedDeployment {
  const processAt = (name: string, port: number): SeedProcess => ({
    name,
    hostname: `${name}.${project}.example.net`,
    port,
    hostId: newId(),
  });
  const replicaSet = (name: string, role: SeedReplicaSetRole, id = newId()): SeedReplicaSet => ({
    name,
    id,
    role,
    members: [0, 1, 2].map((index) => processAt(`${name}-${index}`, PORTS[role])),
  });
  // A replica set's snapshots carry the cluster's id as their part's clusterId.
  const replicaSetId = newId();
  const analyticsId = newId();
  return {
    clusters: [
      {
        id: replicaSetId,
        name: 'rs0',
        sharded: false,
        release: SEED_RELEASES.replicaSet,
        replicaSets: [replicaSet('rs0', 'replica-set', replicaSetId)],
        routers: [],
      },
      {
        id: analyticsId,
        name: 'analytics',
        sharded: true,
        release: SEED_RELEASES.sharded,
        replicaSets: [
          replicaSet('analytics-config', 'config'),
          replicaSet('analytics-shard-0', 'shard'),
          replicaSet('analytics-shard-1', 'shard'),
        ],
        routers: [0, 1].map((index) => processAt(`analytics-router-${index}`, PORTS.router)),
      },
    ],
  };
}

/** `host:port` of a process, as alerts name it (`hostnameAndPort`) and snapshot parts their node (`machineId`). */
export const hostAndPort = (process: SeedProcess): string => `${process.hostname}:${process.port}`;

const CLUSTER_ROLE: Readonly<Record<SeedReplicaSetRole, 'configsvr' | 'shardsvr' | undefined>> = {
  'replica-set': undefined,
  config: 'configsvr',
  shard: 'shardsvr',
};

/** A process of the configuration, its fields in the alphabetical order a live service returns them. */
function processDocument(
  process: SeedProcess,
  release: SeedRelease,
  processType: 'dbd' | 'dbs',
  args2_6: object,
  cluster?: string,
) {
  return {
    args2_6,
    authSchemaVersion: 5,
    ...(cluster === undefined ? {} : { cluster }),
    disabled: false,
    featureCompatibilityVersion: release.fcv,
    hostname: process.hostname,
    logRotate: { sizeThresholdMB: 1000, timeThresholdHrs: 24 },
    manualMode: false,
    name: process.name,
    processType,
    version: release.version,
  };
}

const net = (process: SeedProcess) => ({ bindIpAll: true, port: process.port });
const systemLog = (process: SeedProcess) => ({ destination: 'file', path: `/data/${process.name}/mongodb.log` });

function dataProcess(process: SeedProcess, replicaSet: SeedReplicaSet, release: SeedRelease) {
  const clusterRole = CLUSTER_ROLE[replicaSet.role];
  return processDocument(process, release, 'dbd', {
    net: net(process),
    replication: { replSetName: replicaSet.name },
    ...(clusterRole === undefined ? {} : { sharding: { clusterRole } }),
    storage: { dbPath: `/data/${process.name}` },
    systemLog: systemLog(process),
  });
}

function router(process: SeedProcess, cluster: SeedCluster) {
  return processDocument(
    process,
    cluster.release,
    'dbs',
    { net: net(process), systemLog: systemLog(process) },
    cluster.name,
  );
}

/** The builds of a release, as a live service lists one (`mck-bughunt-GET-after-put-trimmed.json`). */
function dbVersion(release: SeedRelease) {
  return {
    builds: [
      {
        architecture: 'amd64',
        bits: 64,
        flavor: 'ubuntu',
        gitVersion: release.gitVersion,
        maxOsVersion: '23.04',
        minOsVersion: '22.04',
        modules: [],
        platform: 'linux',
        url: `https://fastdl.mongodb.org/linux/mongodb-linux-x86_64-ubuntu2204-${release.version}.tgz`,
      },
    ],
    name: release.version,
  };
}

/**
 * The automation configuration of a project without a deployment, as a live service returns it (version 0;
 * `mck-bughunt-GET-empty-project-trimmed.json`, without the service-managed sections).
 */
export function emptyConfigDocument() {
  return {
    auth: {
      authoritativeSet: false,
      autoAuthMechanism: 'MONGODB-CR',
      disabled: true,
      usersDeleted: [],
      usersWanted: [],
    },
    backupVersions: [],
    balancer: {},
    dbVersions: [] as readonly object[],
    indexConfigs: [],
    monitoringVersions: [],
    options: { downloadBase: '/var/lib/mongodb-mms-automation' },
    processes: [] as readonly object[],
    replicaSets: [] as readonly object[],
    roles: [],
    sharding: [] as readonly object[],
    version: 0,
  };
}

/**
 * The automation configuration of `deployment` at `version`: the empty project's document with the deployment's
 * releases, processes, replica sets and sharded clusters. Authentication stays disabled, so the document holds no
 * secret.
 */
export function deploymentConfig(deployment: SeedDeployment, version: number) {
  const { clusters } = deployment;
  const releases = [...new Map(clusters.map((cluster) => [cluster.release.version, cluster.release])).values()];
  return {
    ...emptyConfigDocument(),
    dbVersions: releases.map(dbVersion),
    processes: clusters.flatMap((cluster) => [
      ...cluster.replicaSets.flatMap((rs) => rs.members.map((process) => dataProcess(process, rs, cluster.release))),
      ...cluster.routers.map((process) => router(process, cluster)),
    ]),
    replicaSets: clusters.flatMap((cluster) =>
      cluster.replicaSets.map((rs) => ({
        _id: rs.name,
        members: rs.members.map((member, index) => ({
          _id: index,
          arbiterOnly: false,
          buildIndexes: true,
          hidden: false,
          host: member.name,
          priority: 1,
          secondaryDelaySecs: 0,
          votes: 1,
        })),
        protocolVersion: '1',
      })),
    ),
    sharding: clusters
      .filter((cluster) => cluster.sharded)
      .map((cluster) => {
        const [config, ...shards] = cluster.replicaSets;
        return {
          configServerReplica: config?.name,
          managedSharding: false,
          name: cluster.name,
          shards: shards.map((shard) => ({ _id: shard.name, rs: shard.name, tags: [] })),
        };
      }),
    version,
  };
}
