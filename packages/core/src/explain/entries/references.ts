/** The reference entries of the cross-reference codes (DBK2xx). */
import type { DiagnosticCode } from '../../validation/codes.js';
import type { ValidationCodeDoc } from '../codeDoc.js';
import { type Edit, exampleProcess } from '../example.js';
import {
  MIRRORED_CONFIG_SERVERS,
  RISKY_SETTINGS,
  SPEC_BALANCER,
  SPEC_DB_VERSIONS,
  SPEC_INDEX_CONFIGS,
  SPEC_PROCESSES,
  SPEC_REPLICA_SETS,
  SPEC_SHARDING,
  SPEC_TOP_LEVEL,
} from './sources.js';

const DECISION_ROUTERS = {
  label: 'decision: cluster is required on routers only',
  path: 'docs/decisions/validation.md#cluster-is-required-on-routers-only',
};
const DECISION_UNSTATED = {
  label: 'decision: errors for stated rules, warnings for accepted risks',
  path: 'docs/decisions/validation.md#errors-for-stated-rules-warnings-for-accepted-risks-info-for-unknown-fields',
};
const DECISION_KEYS = {
  label: 'decision: balancer keys are cluster names',
  path: 'docs/decisions/validation.md#balancer-keys-are-cluster-names-values-hold-stopped-and-activewindow',
};

/** A replica set with one voting member per host, numbered from 0. */
function replicaSet(id: string, hosts: readonly string[]) {
  return { _id: id, protocolVersion: '1', members: hosts.map((host, i) => ({ _id: i, host, priority: 1, votes: 1 })) };
}

/** A second replica set `rs1` of one process, `rs1-0` (processes[3]), which runs with `replSetName`. */
function secondSet(replSetName: string): Edit[] {
  return [
    { at: ['processes', 3], set: exampleProcess('rs1-0', { replSetName }) },
    { at: ['replicaSets', 1], set: replicaSet('rs1', ['rs1-0']) },
  ];
}

/**
 * The edits that make the base sharded cluster `shop` (`SHOP`, all of them): config server replica set
 * `shop-config` (processes[3–5], replicaSets[1]), router `shop-router` (processes[6]), and `sharding[0]` with `rs0`
 * as its one shard.
 */
const SHOP_CONFIG_SERVERS: readonly Edit[] = [
  ...[0, 1, 2].map((i) => ({
    at: ['processes', 3 + i],
    set: exampleProcess(`shop-config-${i}`, { replSetName: 'shop-config' }),
  })),
  { at: ['replicaSets', 1], set: replicaSet('shop-config', ['shop-config-0', 'shop-config-1', 'shop-config-2']) },
];
const SHOP_ROUTER: Edit = { at: ['processes', 6], set: exampleProcess('shop-router', { cluster: 'shop' }) };
const SHOP_SHARDING: Edit = {
  at: ['sharding'],
  set: [{ name: 'shop', configServerReplica: 'shop-config', shards: [{ _id: 'shard0', rs: 'rs0' }] }],
};
const SHOP: readonly Edit[] = [...SHOP_CONFIG_SERVERS, SHOP_ROUTER, SHOP_SHARDING];

/**
 * The base on server 3.2.22 as sharded cluster `shop` with mirrored config servers `configServer` lists:
 * standalone processes `shop-cfg-0` to `shop-cfg-2` (processes[3–5]) and router `shop-router` (processes[6]).
 */
function mirroredShop(configServer: readonly string[]): Edit[] {
  const version = '3.2.22';
  return [
    {
      at: ['dbVersions', 0],
      set: {
        name: version,
        builds: [
          {
            platform: 'linux',
            url: `https://downloads.example.net/db-${version}.tgz`,
            gitVersion: '105acca0d443f9a47c1a5bd608fd7133840a58dd',
            architecture: 'amd64',
          },
        ],
      },
    },
    ...[0, 1, 2].map((i) => ({
      at: ['processes', i],
      set: exampleProcess(`rs0-${i}`, { replSetName: 'rs0', version }),
    })),
    ...[0, 1, 2].map((i) => ({ at: ['processes', 3 + i], set: exampleProcess(`shop-cfg-${i}`, { version }) })),
    { at: ['processes', 6], set: exampleProcess('shop-router', { cluster: 'shop', version }) },
    { at: ['sharding'], set: [{ name: 'shop', configServer, shards: [{ _id: 'shard0', rs: 'rs0' }] }] },
  ];
}

export const referenceDocs = {
  DBK201: {
    meaning:
      'A process names, in `version`, a database version that the document does not declare: no `dbVersions[].name` is spelt that way. A document with no `dbVersions` at all gets one `DBK101` for the missing section instead.',
    why: 'The agent installs a process’s server from the `dbVersions` entry its `version` names, and the spec asks for one entry per version that `processes` uses. A name that matches none leaves the agent nothing to install, and the service refuses the revision.',
    sources: [SPEC_PROCESSES, SPEC_DB_VERSIONS],
    fix: 'Write the `name` of a declared `dbVersions` entry, or add an entry for this version with its builds.',
    quickFix:
      'Offers the declared version names closest to the one written, and a new `dbVersions` entry of that name with its `builds` to fill in.',
    related: ['DBK101', 'DBK106'],
    examples: {
      wrong: {
        document: { edits: [{ at: ['processes', 2, 'version'], set: '7.0.14' }] },
        at: ['processes', 2, 'version'],
      },
      right: {
        document: {
          edits: [
            { at: ['processes', 2, 'version'], set: '7.0.14' },
            {
              at: ['dbVersions', 1],
              set: {
                name: '7.0.14',
                builds: [
                  {
                    platform: 'linux',
                    url: 'https://downloads.example.net/db-7.0.14.tgz',
                    gitVersion: 'ce59cfc6a3c5e5c067dca0d30697edd68d4f5188',
                    architecture: 'amd64',
                  },
                ],
              },
            },
          ],
          show: ['dbVersions'],
        },
        at: ['processes', 2, 'version'],
      },
    },
  },
  DBK202: {
    meaning:
      'A member of a replica set names, in `host`, a process that the document does not declare: no `processes[].name` (nor an alias in `processes[].alias`) is spelt that way.',
    why: 'The agent finds a member’s process by this name; a name that matches none leaves the replica set without that member, and the service refuses the revision.',
    sources: [SPEC_REPLICA_SETS],
    fix: 'Write the `name` of the process that runs the member, or add that process to `processes`.',
    quickFix:
      'Offers the declared process names closest to the one written, and a new process of that name in `processes`.',
    related: ['DBK106', 'DBK212', 'DBK213'],
    examples: {
      wrong: {
        document: { edits: [{ at: ['replicaSets', 0, 'members', 1, 'host'], set: 'rs0-l' }] },
        at: ['replicaSets', 0, 'members', 1, 'host'],
      },
      right: {
        document: { edits: [{ at: ['replicaSets', 0, 'members', 1, 'host'], set: 'rs0-1' }] },
        at: ['replicaSets', 0, 'members', 1, 'host'],
      },
    },
  },
  DBK203: {
    meaning:
      'A shard router (a process whose `processType` is `dbs`) names, in `cluster`, a sharded cluster that the document does not declare: no `sharding[].name` is spelt that way.',
    why: 'A router serves the sharded cluster its `cluster` names: the field is required on routers and names a `sharding[].name`. A name that matches none leaves the router no cluster to serve, and the service refuses the revision.',
    sources: [SPEC_PROCESSES, DECISION_ROUTERS],
    fix: 'Write the `name` of the sharded cluster the router serves, or add that cluster to `sharding`.',
    quickFix:
      'Offers the declared cluster names closest to the one written (all of them when there are three or fewer).',
    related: ['DBK211', 'DBK215'],
    examples: {
      wrong: {
        document: {
          edits: [...SHOP, { at: ['processes', 7], set: exampleProcess('shop-router-1', { cluster: 'shpo' }) }],
          show: ['processes', 7],
        },
        at: ['processes', 7, 'cluster'],
      },
      right: {
        document: {
          edits: [...SHOP, { at: ['processes', 7], set: exampleProcess('shop-router-1', { cluster: 'shop' }) }],
          show: ['processes', 7],
        },
        at: ['processes', 7, 'cluster'],
      },
    },
  },
  DBK204: {
    meaning:
      'A shard of a sharded cluster names, in `rs`, a replica set that the document does not declare: no `replicaSets[]._id` is spelt that way.',
    why: 'A shard is a replica set: the spec makes `shards[].rs` the `_id` of the set that holds the shard’s data. A name that matches none gives the shard no members, and the service refuses the revision.',
    sources: [SPEC_SHARDING],
    fix: 'Write the `_id` of the replica set that holds the shard’s data; the shard’s own name goes in `_id`.',
    quickFix:
      'Offers the declared replica-set ids closest to the one written (all of them when there are three or fewer).',
    related: ['DBK106', 'DBK205'],
    examples: {
      wrong: {
        document: {
          edits: [...SHOP, { at: ['sharding', 0, 'shards', 0, 'rs'], set: 'shard0' }],
          show: ['sharding', 0],
        },
        at: ['sharding', 0, 'shards', 0, 'rs'],
      },
      right: {
        document: { edits: SHOP, show: ['sharding', 0] },
        at: ['sharding', 0, 'shards', 0, 'rs'],
      },
    },
  },
  DBK205: {
    meaning:
      'A sharded cluster names, in `configServerReplica`, a config server replica set that the document does not declare: no `replicaSets[]._id` is spelt that way.',
    why: 'The config servers hold the cluster’s metadata, and `configServerReplica` is how the cluster finds them: the spec makes it the name of the config server replica set. A name that matches none leaves the cluster without config servers, and the service refuses the revision.',
    sources: [SPEC_SHARDING],
    fix: 'Write the `_id` of the config server replica set, or add that replica set to `replicaSets`.',
    quickFix:
      'Offers the declared replica-set ids closest to the one written (all of them when there are three or fewer).',
    related: ['DBK204', 'DBK207'],
    examples: {
      wrong: {
        document: {
          edits: [...SHOP, { at: ['sharding', 0, 'configServerReplica'], set: 'shop-cfg' }],
          show: ['sharding', 0],
        },
        at: ['sharding', 0, 'configServerReplica'],
      },
      right: {
        document: { edits: SHOP, show: ['sharding', 0] },
        at: ['sharding', 0, 'configServerReplica'],
      },
    },
  },
  DBK206: {
    meaning:
      'An index of `indexConfigs` names, in `rsName`, a replica set that the document does not declare: no `replicaSets[]._id` is spelt that way.',
    why: 'The agent builds the index on the replica set `rsName` names (the spec: the replica set on which the index is built). A name that matches none leaves it nowhere to build the index, and the service refuses the revision.',
    sources: [SPEC_INDEX_CONFIGS],
    fix: 'Write the `_id` of the replica set that holds the collection; the database goes in `dbName`.',
    quickFix:
      'Offers the declared replica-set ids closest to the one written (all of them when there are three or fewer).',
    related: ['DBK204', 'DBK209'],
    examples: {
      wrong: {
        document: {
          edits: [
            {
              at: ['indexConfigs', 0],
              set: {
                key: [['sku', 1]],
                rsName: 'shop',
                dbName: 'shop',
                collectionName: 'orders',
                options: { name: 'sku_1' },
              },
            },
          ],
          show: ['indexConfigs', 0],
        },
        at: ['indexConfigs', 0, 'rsName'],
      },
      right: {
        document: {
          edits: [
            {
              at: ['indexConfigs', 0],
              set: {
                key: [['sku', 1]],
                rsName: 'rs0',
                dbName: 'shop',
                collectionName: 'orders',
                options: { name: 'sku_1' },
              },
            },
          ],
          show: ['indexConfigs', 0],
        },
        at: ['indexConfigs', 0, 'rsName'],
      },
    },
  },
  DBK207: {
    meaning:
      'A sharded cluster lists, in `configServer` (the legacy mirrored config servers), a name that no process of the document has: no `processes[].name` nor `processes[].alias` is spelt that way. The code is reported at that item of the list.',
    why: 'Mirrored config servers are processes of the document: the spec makes each item of `configServer` a `processes.name`. A name that matches none is a config server the agent cannot find, and the service refuses the revision.',
    sources: [SPEC_SHARDING, MIRRORED_CONFIG_SERVERS],
    fix: 'Write the `name` of the config server process, or add that process. From server 3.4 on, name a config server replica set in `configServerReplica` instead.',
    quickFix:
      'Offers the declared process names closest to the one written (all of them when there are three or fewer).',
    related: ['DBK205', 'DBK502', 'DBK508'],
    examples: {
      wrong: {
        document: { edits: mirroredShop(['shop-cfg-0', 'shop-cfg-1', 'shop-cfg2']), show: ['sharding', 0] },
        at: ['sharding', 0, 'configServer', 2],
      },
      right: {
        document: { edits: mirroredShop(['shop-cfg-0', 'shop-cfg-1', 'shop-cfg-2']), show: ['sharding', 0] },
        at: ['sharding', 0, 'configServer', 2],
      },
    },
  },
  DBK208: {
    meaning:
      'A key of `balancer` names a sharded cluster that the document does not declare: no `sharding[].name` is spelt that way. The code is reported at the key.',
    why: 'The spec keys `balancer` by cluster name, one set of balancer settings per sharded cluster. Settings under any other key apply to no cluster, and the service refuses the revision.',
    sources: [SPEC_BALANCER, DECISION_KEYS],
    fix: 'Key the settings by the `name` of the sharded cluster they are for, or remove them.',
    quickFix:
      'Offers to rename the key to the declared cluster names closest to it (all of them when there are three or fewer).',
    related: ['DBK209', 'DBK211'],
    examples: {
      wrong: {
        document: {
          edits: [...SHOP, { at: ['balancer', 'rs0'], set: { activeWindow: { start: '23:00', stop: '06:00' } } }],
          show: ['balancer'],
        },
        at: ['balancer', 'rs0'],
      },
      right: {
        document: {
          edits: [...SHOP, { at: ['balancer', 'shop'], set: { activeWindow: { start: '23:00', stop: '06:00' } } }],
          show: ['balancer'],
        },
        at: ['balancer', 'shop'],
      },
    },
  },
  DBK209: {
    meaning:
      'A key of `clusterWideConfigurations` names neither a replica set (a `replicaSets[]._id`) nor a sharded cluster (a `sharding[].name`) of the document, so the options under it apply to nothing here. The code is reported at the key.',
    why: 'Advice: the service accepts it, as it checks only that these options are valid JSON. The keys are replica-set ids or cluster names, and options under a name the document does not declare change nothing.',
    sources: [
      { label: 'spec: clusterWideConfigurations', path: 'docs/spec-coverage.md#clusterwideconfigurations' },
      DECISION_KEYS,
    ],
    fix: 'Key the options by the `_id` of the replica set or the `name` of the sharded cluster they are for.',
    quickFix:
      'Offers to rename the key to the declared replica-set ids and cluster names closest to it (all of them when there are three or fewer).',
    related: ['DBK208'],
    examples: {
      wrong: {
        document: {
          edits: [
            {
              at: ['clusterWideConfigurations', 'rs0-0'],
              set: { changeStreamOptions: { preAndPostImages: { expireAfterSeconds: 3600 } } },
            },
          ],
        },
        at: ['clusterWideConfigurations', 'rs0-0'],
      },
      right: {
        document: {
          edits: [
            {
              at: ['clusterWideConfigurations', 'rs0'],
              set: { changeStreamOptions: { preAndPostImages: { expireAfterSeconds: 3600 } } },
            },
          ],
        },
        at: ['clusterWideConfigurations', 'rs0'],
      },
    },
  },
  DBK210: {
    meaning:
      'Processes of one cluster have different `authSchemaVersion` values. A process’s cluster is the sharded cluster it serves (as a shard or config server member, or as a router), else its replica set; a standalone process has none. The code is reported at each process whose value differs from the first process of its cluster in `processes`; a mix of 3 and 5 is named a credential upgrade in progress.',
    why: 'Advice: the service accepts it, and stores clusters that mix 3 and 5 while their credentials are upgraded from MONGODB-CR to SCRAM-SHA-1. The spec says the value must match the other processes of the same cluster (the vendor docs: “should match”), so a mix is an unfinished upgrade or a mistake.',
    sources: [
      SPEC_PROCESSES,
      {
        label: 'decision: same cluster means the sharded cluster, else the replica set',
        path: 'docs/decisions/validation.md#same-cluster-means-the-sharded-cluster-else-the-replica-set',
      },
    ],
    fix: 'Give every process of the cluster the same `authSchemaVersion`: 5 for servers 3.0 and later, once any credential upgrade is done.',
    quickFix:
      'Offers 5 when the process has 3 and the first process of its cluster has 5, and the first process’s value when the two are not 3 and 5. A process with 5 in a cluster whose first process has 3 gets none: the upgrade is for the user to finish.',
    related: ['DBK309'],
    examples: {
      wrong: {
        document: { edits: [{ at: ['processes', 2, 'authSchemaVersion'], set: 3 }] },
        at: ['processes', 2, 'authSchemaVersion'],
      },
      right: {
        document: { edits: [{ at: ['processes', 2, 'authSchemaVersion'], set: 5 }] },
        at: ['processes', 2, 'authSchemaVersion'],
      },
    },
  },
  DBK211: {
    meaning:
      'A sharded cluster of `sharding` has no shard router: no process whose `processType` is `dbs` names it in `cluster`. The code is reported at the cluster’s `name`.',
    why: 'The spec says a cluster’s `name` must correspond to `processes.cluster`, and only routers carry `cluster`. A cluster that no router names is one that no router serves, and the service refuses the revision.',
    sources: [SPEC_SHARDING, DECISION_ROUTERS],
    fix: 'Add a process with `processType` `dbs` and `cluster` set to this name, or correct the name to the one the routers use.',
    related: ['DBK203', 'DBK215'],
    examples: {
      wrong: {
        document: { edits: [...SHOP_CONFIG_SERVERS, SHOP_SHARDING], show: ['sharding', 0] },
        at: ['sharding', 0, 'name'],
      },
      right: {
        document: { edits: SHOP, show: ['processes', 6] },
        at: ['sharding', 0, 'name'],
      },
    },
  },
  DBK212: {
    meaning:
      'A member of a replica set names, in `host`, a shard router: a process whose `processType` is `dbs`. A router holds no data, so it cannot be a member of a replica set.',
    why: 'Advice: the spec asks only that a member’s `host` name a process. But a router holds no data and the server cannot add it to a replica set, so the set has one member fewer than the document says.',
    sources: [SPEC_REPLICA_SETS, DECISION_UNSTATED],
    fix: 'Name the `dbd` process that runs the member; a router joins its sharded cluster through `cluster`, not through a replica set.',
    related: ['DBK202', 'DBK213'],
    examples: {
      wrong: {
        document: {
          edits: [...SHOP, { at: ['replicaSets', 0, 'members', 2, 'host'], set: 'shop-router' }],
          show: ['replicaSets', 0, 'members', 2],
        },
        at: ['replicaSets', 0, 'members', 2, 'host'],
      },
      right: {
        document: {
          edits: [...SHOP, { at: ['replicaSets', 0, 'members', 2, 'host'], set: 'rs0-2' }],
          show: ['replicaSets', 0, 'members', 2],
        },
        at: ['replicaSets', 0, 'members', 2, 'host'],
      },
    },
  },
  DBK213: {
    meaning:
      'A process is listed as a member more than once: twice in one replica set, or in two replica sets. The code is reported at every listing after the first; a `host` that names a process by its `alias` counts as that process.',
    why: 'Advice: the spec states no such rule, but one server process is one member of one replica set, and deployments break on a second listing: it cannot be a second member.',
    sources: [SPEC_REPLICA_SETS, DECISION_UNSTATED],
    fix: 'List each process once; give every member of the replica sets its own process.',
    related: ['DBK202', 'DBK214'],
    examples: {
      wrong: {
        document: { edits: [{ at: ['replicaSets', 0, 'members', 2, 'host'], set: 'rs0-1' }] },
        at: ['replicaSets', 0, 'members', 2, 'host'],
      },
      right: {
        document: { edits: [{ at: ['replicaSets', 0, 'members', 2, 'host'], set: 'rs0-2' }] },
        at: ['replicaSets', 0, 'members', 2, 'host'],
      },
    },
  },
  DBK214: {
    meaning:
      'A member of a replica set names a process whose `args2_6.replication.replSetName` is not the replica set’s `_id`. The code is reported at the member’s `host`, with the process’s `replSetName` as related information.',
    why: 'Advice: the spec states no such rule, but the server joins only the replica set its own `replSetName` names, so it never becomes a member of this one and deployments break on it.',
    sources: [SPEC_REPLICA_SETS, DECISION_UNSTATED],
    fix: 'Make the process’s `replSetName` equal to the `_id` of the replica set that lists it, or list it in the replica set it names.',
    related: ['DBK213', 'DBK216'],
    examples: {
      wrong: {
        document: { edits: secondSet('rs0'), show: ['processes', 3] },
        at: ['replicaSets', 1, 'members', 0, 'host'],
      },
      right: {
        document: { edits: secondSet('rs1'), show: ['processes', 3] },
        at: ['replicaSets', 1, 'members', 0, 'host'],
      },
    },
  },
  DBK215: {
    meaning:
      'A data-bearing process (`processType` `dbd`) has a `cluster` field. Only shard routers use it: a data-bearing process belongs to a sharded cluster through its replica set, so the field has no effect.',
    why: 'Advice: the service accepts it. `cluster` is required on a shard router and not needed on a data-bearing process, so here it changes nothing.',
    sources: [SPEC_PROCESSES, DECISION_ROUTERS],
    fix: 'Remove `cluster` from the process; to make its replica set part of a sharded cluster, list the set in `sharding[].shards[].rs`.',
    related: ['DBK203', 'DBK211'],
    examples: {
      wrong: {
        document: { edits: [...SHOP, { at: ['processes', 0, 'cluster'], set: 'shop' }], show: ['processes', 0] },
        at: ['processes', 0, 'cluster'],
      },
      right: {
        document: { edits: SHOP, show: ['sharding', 0] },
        at: ['processes', 0, 'cluster'],
      },
    },
  },
  DBK216: {
    meaning:
      'A process runs as a member of a replica set, named in `args2_6.replication.replSetName`, that the document does not declare: no `replicaSets[]._id` is spelt that way. An empty `replSetName` is not checked.',
    why: 'Advice: the service accepts it, but the agent initiates and configures only the replica sets that `replicaSets` declares, so this one is never initiated. The spec requires `replicaSets` for deployments with replica sets.',
    sources: [SPEC_TOP_LEVEL, RISKY_SETTINGS],
    fix: 'Add the replica set to `replicaSets` with this process as a member, or correct `replSetName` to a declared `_id`.',
    quickFix:
      'Offers the declared replica-set ids closest to the one written (all of them when there are three or fewer).',
    related: ['DBK214'],
    examples: {
      wrong: {
        document: { edits: secondSet('rs1').slice(0, 1), show: ['processes', 3] },
        at: ['processes', 3, 'args2_6', 'replication', 'replSetName'],
      },
      right: {
        document: { edits: secondSet('rs1'), show: ['replicaSets'] },
        at: ['processes', 3, 'args2_6', 'replication', 'replSetName'],
      },
    },
  },
} satisfies Partial<Record<DiagnosticCode, ValidationCodeDoc>>;
