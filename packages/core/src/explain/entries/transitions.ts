/** The reference entries of the transition codes (DBK6xx): what a revision does to the deployed one. */
import type { PlanCode } from '../../plan/planCodes.js';
import type { TransitionCodeDoc } from '../codeDoc.js';
import { type Edit, exampleProcess } from '../example.js';
import { SPEC_AUTH, SPEC_PROCESSES, SPEC_REPLICA_SETS, SPEC_SHARDING } from './sources.js';

const PLAN_SOURCES = {
  label: 'decision: each plan rule rests on a cited source',
  path: 'docs/decisions/plan.md#each-rule-rests-on-a-cited-source',
};
const PLAN_RENAMES = {
  label: 'decision: resources are matched by identity and renames are recognised',
  path: 'docs/decisions/plan.md#resources-are-matched-by-identity-and-renames-are-recognised',
};
const SERVICE_PUT = {
  label: 'decision: automation config GET and PUT',
  path: 'docs/decisions/service.md#automation-config-get-and-put',
};
const SPEC_VERSIONING = { label: 'spec: versioning', path: 'docs/spec-coverage.md#versioning' };

/** The new revision's version, one above the base's: every `to` carries it unless the version is the point. */
const VERSION_2: Edit = { at: ['version'], set: 2 };

function dbVersion(name: string, gitVersion: string) {
  return {
    name,
    builds: [
      { platform: 'linux', url: `https://downloads.example.net/db-${name}.tgz`, gitVersion, architecture: 'amd64' },
    ],
  };
}

const DB_6_0_19 = dbVersion('6.0.19', '2b9e3f0bd3b3f2cf4e7c9e4f4d5b0c9a1e8d7f6a');
const DB_8_0_4 = dbVersion('8.0.4', 'bf1d1a1ad6fbb8c5a4cf4d1c8d5e3b0b8f5b6e4a');

/** The same edit of the base's three processes `rs0-0` … `rs0-2`. */
function everyProcess(field: string, value: unknown): Edit[] {
  return [0, 1, 2].map((i) => ({ at: ['processes', i, field], set: value }));
}

/** The deployed revision a release earlier: the replica set on 6.0.19, feature compatibility "6.0". */
const ON_6_0: readonly Edit[] = [
  { at: ['dbVersions', 0], set: DB_6_0_19 },
  ...everyProcess('version', '6.0.19'),
  ...everyProcess('featureCompatibilityVersion', '6.0'),
];

/** The base's `rs0` with `rs0-1` and `rs0-2` non-voting: one voter. */
const NON_VOTING: readonly Edit[] = [1, 2].flatMap((i) => [
  { at: ['replicaSets', 0, 'members', i, 'votes'], set: 0 },
  { at: ['replicaSets', 0, 'members', i, 'priority'], set: 0 },
]);

/** Member `i` of `rs0` votes again. */
function voter(i: number): Edit[] {
  return [
    { at: ['replicaSets', 0, 'members', i, 'votes'], set: 1 },
    { at: ['replicaSets', 0, 'members', i, 'priority'], set: 1 },
  ];
}

const FORCE: Edit = { at: ['replicaSets', 0, 'force'], set: { currentVersion: -1 } };

function configServer(name: string) {
  return exampleProcess(name, { replSetName: 'cfg', args: { sharding: { clusterRole: 'configsvr' } } });
}

function oneMemberSet(id: string, host: string) {
  return { _id: id, protocolVersion: '1', members: [{ _id: 0, host, priority: 1, votes: 1 }] };
}

const ROUTER = exampleProcess('router-0', { cluster: 'shop' });

/** The base made a sharded cluster `shop`: `rs0` its one shard, `cfg` its config server replica set, one router. */
const SHARDED: readonly Edit[] = [
  { at: ['processes', 3], set: configServer('cfg-0') },
  { at: ['processes', 4], set: ROUTER },
  { at: ['replicaSets', 1], set: oneMemberSet('cfg', 'cfg-0') },
  { at: ['sharding', 0], set: { name: 'shop', configServerReplica: 'cfg', shards: [{ _id: 'rs0', rs: 'rs0' }] } },
];

/** {@link SHARDED} with a second shard `rs1`, a one-member replica set on process `rs1-0`. */
const TWO_SHARDS: readonly Edit[] = [
  ...SHARDED,
  { at: ['processes', 5], set: exampleProcess('rs1-0', { replSetName: 'rs1' }) },
  { at: ['replicaSets', 2], set: oneMemberSet('rs1', 'rs1-0') },
  { at: ['sharding', 0, 'shards', 1], set: { _id: 'rs1', rs: 'rs1' } },
];

/** {@link TWO_SHARDS} once shard `rs1` is removed and drains: its replica set and process stay. */
const DRAINING: readonly Edit[] = [
  ...TWO_SHARDS,
  { at: ['sharding', 0, 'shards', 1], remove: true },
  { at: ['sharding', 0, 'draining'], set: ['rs1'] },
];

/**
 * The base made a sharded cluster `shop` on a legacy mirrored config server `cfg-0` (SCCC), one router, every
 * process on server 3.2 (before feature compatibility), the last release such a cluster runs.
 */
const MIRRORED: readonly Edit[] = [
  { at: ['dbVersions', 0], set: dbVersion('3.2.22', '105acca0d443f9a47c1a5bd608fd7133840a58dd') },
  { at: ['processes', 3], set: exampleProcess('cfg-0', { args: { sharding: { clusterRole: 'configsvr' } } }) },
  { at: ['processes', 4], set: ROUTER },
  { at: ['sharding', 0], set: { name: 'shop', configServer: ['cfg-0'], shards: [{ _id: 'rs0', rs: 'rs0' }] } },
  ...[0, 1, 2, 3, 4].flatMap((i): Edit[] => [
    { at: ['processes', i, 'version'], set: '3.2.22' },
    { at: ['processes', i, 'featureCompatibilityVersion'], remove: true },
  ]),
];

/** {@link MIRRORED} in the middle of the SCCC → CSRS migration: `cfg-0` also runs the config server replica set. */
const MIGRATING: readonly Edit[] = [
  ...MIRRORED,
  { at: ['processes', 3, 'args2_6', 'replication'], set: { replSetName: 'cfg' } },
  { at: ['replicaSets', 1], set: oneMemberSet('cfg', 'cfg-0') },
  { at: ['sharding', 0, 'configServerReplica'], set: 'cfg' },
];

/** Authentication off, as a new project has it. */
const AUTH_OFF = { disabled: true, authoritativeSet: false, autoAuthMechanisms: [], usersWanted: [] };

/** Authentication on with SCRAM-SHA-256 and a key file. */
const AUTH_ON = {
  disabled: false,
  authoritativeSet: false,
  autoUser: 'mms-automation',
  autoPwd: 'Zk3qL9vT2mXw',
  deploymentAuthMechanisms: ['SCRAM-SHA-256'],
  autoAuthMechanisms: ['SCRAM-SHA-256'],
  key: 'c2hvcC1rZXlmaWxlLWNvbnRlbnRzLTIwMjU=',
  keyfile: '/var/lib/automation/keyfile',
  usersWanted: [],
};

const NEW_KEY = 'c2hvcC1rZXlmaWxlLWNvbnRlbnRzLTIwMjY=';

/** {@link AUTH_ON} with SCRAM-SHA-1, the deployment's mechanism before SCRAM-SHA-256. */
const SHA_1: readonly Edit[] = [
  { at: ['auth'], set: AUTH_ON },
  { at: ['auth', 'deploymentAuthMechanisms'], set: ['SCRAM-SHA-1'] },
  { at: ['auth', 'autoAuthMechanisms'], set: ['SCRAM-SHA-1'] },
];

const APP_USER = {
  user: 'shop-app',
  db: 'admin',
  roles: [{ role: 'readWrite', db: 'shop' }],
  initPwd: 'r7Vq2kPz9wLm',
};

/** The deployment's CA, which a process's TLS mode needs. */
const TLS_CA: Edit = { at: ['tls'], set: { CAFilePath: '/etc/ssl/ca.pem' } };

/** `rs0-0` with a TLS mode and its certificate. */
function processTls(mode: string): Edit {
  return {
    at: ['processes', 0, 'args2_6', 'net', 'tls'],
    set: { mode, certificateKeyFile: '/etc/ssl/rs0-0.pem' },
  };
}

const RESTART: Edit = { at: ['processes', 0, 'lastRestart'], set: '2025-03-04T09:30:00Z' };
const RESYNC: Edit = { at: ['processes', 0, 'lastResync'], set: '2025-03-04T09:30:00Z' };

export const transitionDocs = {
  DBK601: {
    meaning:
      'The new revision’s top-level `version` is lower than the deployed revision’s: for example 11 where 12 is deployed. It is reported at `version` of the new revision.',
    why: 'Agents keep the configuration with the higher version, so a lower one is ignored or replaces newer work; dbkit’s service answers 409 to a revision whose version is not above the stored one.',
    sources: [PLAN_SOURCES, SERVICE_PUT, SPEC_VERSIONING],
    fix: 'Start from the deployed document (GET it again) and give the new revision a higher `version`.',
    related: ['DBK602'],
    examples: {
      wrong: {
        from: { edits: [{ at: ['version'], set: 12 }] },
        to: { edits: [{ at: ['version'], set: 11 }] },
        at: { document: 'to', path: ['version'] },
      },
      right: {
        from: { edits: [{ at: ['version'], set: 12 }] },
        to: { edits: [{ at: ['version'], set: 13 }] },
        at: { document: 'to', path: ['version'] },
      },
    },
  },
  DBK602: {
    meaning:
      'The new revision changes something but keeps the deployed top-level `version`. It is reported at `version` of the new revision; an identical document brings nothing.',
    why: 'Advice: real clients PUT back the version they read, and whether the service raises it itself is not known. An agent that reads the document directly applies only a higher version, and dbkit’s service answers 409 to a version that is not above the stored one.',
    sources: [PLAN_SOURCES, SERVICE_PUT, SPEC_VERSIONING],
    fix: 'Increase `version` with every change, one above the deployed revision.',
    related: ['DBK601'],
    examples: {
      wrong: {
        to: { edits: [{ at: ['replicaSets', 0, 'members', 0, 'priority'], set: 2 }], show: [] },
        at: { document: 'to', path: ['version'] },
      },
      right: {
        to: { edits: [{ at: ['replicaSets', 0, 'members', 0, 'priority'], set: 2 }, VERSION_2], show: [] },
        at: { document: 'to', path: ['version'] },
      },
    },
  },
  DBK603: {
    meaning:
      'A process’s server `version` moves more than one release series in one revision, up or down: 6.0.19 to 8.0.4 skips 7.0. Series are counted on the ladder 2.4, 2.6, 3.0 … 6.0, 7.0, 8.0; rapid releases (7.1, 7.3 …) are not judged. It is reported at the process’s `version` in the new revision.',
    why: 'A server moves one release series at a time: the server manual asks to upgrade major releases successively, with feature compatibility raised in between.',
    sources: [PLAN_SOURCES, SPEC_PROCESSES],
    fix: 'Publish each release series in between as its own revision: 6.0 to 7.0, raise `featureCompatibilityVersion` to "7.0", then 7.0 to 8.0.',
    related: ['DBK604', 'DBK606'],
    examples: {
      wrong: {
        from: { edits: ON_6_0, show: ['processes', 0] },
        to: {
          edits: [
            ...ON_6_0,
            VERSION_2,
            { at: ['dbVersions', 1], set: DB_8_0_4 },
            { at: ['processes', 0, 'version'], set: '8.0.4' },
          ],
          show: ['processes', 0],
        },
        at: { document: 'to', path: ['processes', 0, 'version'] },
      },
      right: {
        from: { edits: ON_6_0, show: ['processes', 0] },
        to: {
          edits: [
            ...ON_6_0,
            VERSION_2,
            { at: ['dbVersions', 1], set: dbVersion('7.0.12', 'b6513ce0781db6818e24619e8a461eae90bc94fc') },
            { at: ['processes', 0, 'version'], set: '7.0.12' },
          ],
          show: ['processes', 0],
        },
        at: { document: 'to', path: ['processes', 0, 'version'] },
      },
    },
  },
  DBK604: {
    meaning:
      'The new revision gives a process a `featureCompatibilityVersion` newer than the server `version` it runs: 7.0.12 with feature compatibility "8.0".',
    why: 'A server refuses to start with a feature compatibility version above its own release: the process stays down until the revision is undone.',
    sources: [PLAN_SOURCES],
    fix: 'Upgrade the server first and raise `featureCompatibilityVersion` in a later revision; to downgrade, lower it first.',
    related: ['DBK603', 'DBK605'],
    examples: {
      wrong: {
        to: {
          edits: [
            { at: ['version'], set: 2 },
            { at: ['processes', 0, 'featureCompatibilityVersion'], set: '8.0' },
          ],
          show: ['processes', 0],
        },
        at: { document: 'to', path: ['processes', 0, 'featureCompatibilityVersion'] },
      },
      right: {
        to: {
          edits: [
            { at: ['version'], set: 2 },
            {
              at: ['dbVersions', 1],
              set: {
                name: '8.0.4',
                builds: [
                  {
                    platform: 'linux',
                    url: 'https://downloads.example.net/db-8.0.4.tgz',
                    gitVersion: 'bf1d1a1ad6fbb8c5a4cf4d1c8d5e3b0b8f5b6e4a',
                    architecture: 'amd64',
                  },
                ],
              },
            },
            { at: ['processes', 0, 'version'], set: '8.0.4' },
          ],
          show: ['processes', 0],
        },
        at: { document: 'to', path: ['processes', 0, 'featureCompatibilityVersion'] },
      },
    },
  },
  DBK605: {
    meaning:
      'A process’s `featureCompatibilityVersion` moves more than one release series in one revision: "7.0" to "5.0" skips "6.0". It is reported at the process’s `featureCompatibilityVersion` in the new revision.',
    why: 'Feature compatibility moves one release at a time, like the server it follows (server manual prerequisites), and the service accepts only the server’s own release or the one before it.',
    sources: [PLAN_SOURCES, SPEC_PROCESSES],
    fix: 'Move `featureCompatibilityVersion` one release per revision, and change the server `version` in between.',
    related: ['DBK604', 'DBK308'],
    examples: {
      wrong: {
        to: {
          edits: [VERSION_2, { at: ['processes', 0, 'featureCompatibilityVersion'], set: '5.0' }],
          show: ['processes', 0],
        },
        at: { document: 'to', path: ['processes', 0, 'featureCompatibilityVersion'] },
      },
      right: {
        to: {
          edits: [VERSION_2, { at: ['processes', 0, 'featureCompatibilityVersion'], set: '6.0' }],
          show: ['processes', 0],
        },
        at: { document: 'to', path: ['processes', 0, 'featureCompatibilityVersion'] },
      },
    },
  },
  DBK606: {
    meaning:
      'A process is upgraded to a newer release series while its deployed `featureCompatibilityVersion` is still older than the series it runs: 7.0.12 with feature compatibility "6.0" moved to 8.0.4. It is reported at the process’s `version` in the new revision.',
    why: 'A release series can only be upgraded once feature compatibility equals it (server manual prerequisites), and the service does not raise feature compatibility by itself on an upgrade.',
    sources: [PLAN_SOURCES, SPEC_PROCESSES],
    fix: 'Raise `featureCompatibilityVersion` to the running release in an earlier revision, then upgrade the server.',
    related: ['DBK603', 'DBK604'],
    examples: {
      wrong: {
        from: { edits: everyProcess('featureCompatibilityVersion', '6.0'), show: ['processes', 0] },
        to: {
          edits: [
            ...everyProcess('featureCompatibilityVersion', '6.0'),
            VERSION_2,
            { at: ['dbVersions', 1], set: DB_8_0_4 },
            { at: ['processes', 0, 'version'], set: '8.0.4' },
          ],
          show: ['processes', 0],
        },
        at: { document: 'to', path: ['processes', 0, 'version'] },
      },
      right: {
        from: { edits: everyProcess('featureCompatibilityVersion', '6.0'), show: ['processes', 0] },
        to: {
          edits: [VERSION_2],
          show: ['processes', 0],
        },
        at: { document: 'to', path: ['processes', 0, 'version'] },
      },
    },
  },
  DBK610: {
    meaning:
      'A replica set adds, removes, gives a vote to or takes a vote from more than one voting member in one revision: here two non-voting members of `rs0` get their votes at once. It is reported at the replica set’s `members` in the new revision, unless every member runs a known server older than 4.4.',
    why: 'Advice: the service accepts it. From server 4.4 one reconfiguration (`replSetReconfig`) adds or removes at most one voting member; the limit is per reconfiguration, not per revision.',
    sources: [PLAN_SOURCES, SPEC_REPLICA_SETS],
    fix: 'Change one voting member per revision, and publish the next once the replica set has applied it.',
    related: ['DBK611'],
    examples: {
      wrong: {
        from: { edits: NON_VOTING, show: ['replicaSets', 0, 'members'] },
        to: { edits: [VERSION_2], show: ['replicaSets', 0, 'members'] },
        at: { document: 'to', path: ['replicaSets', 0, 'members'] },
      },
      right: {
        from: { edits: NON_VOTING, show: ['replicaSets', 0, 'members'] },
        to: { edits: [...NON_VOTING, VERSION_2, ...voter(1)], show: ['replicaSets', 0, 'members'] },
        at: { document: 'to', path: ['replicaSets', 0, 'members'] },
      },
    },
  },
  DBK611: {
    meaning:
      'Fewer of a replica set’s voting members keep their vote than a majority of its voting members in the deployed revision: `rs0` keeps 1 of its 3 voters when two members are removed at once. Removed members and members stripped of their vote both count. It is reported at the replica set’s `members` in the new revision.',
    why: 'The old configuration’s majority has to commit the new one: without it the new configuration is not committed by the members that hold the data, and writes acknowledged by the old majority may be lost.',
    sources: [PLAN_SOURCES, SPEC_REPLICA_SETS],
    fix: 'Remove or strip one voting member per revision, so that a majority of the old voters always stays.',
    related: ['DBK610', 'DBK613'],
    examples: {
      wrong: {
        to: {
          edits: [
            VERSION_2,
            { at: ['replicaSets', 0, 'members', 2], remove: true },
            { at: ['replicaSets', 0, 'members', 1], remove: true },
            { at: ['processes', 2], remove: true },
            { at: ['processes', 1], remove: true },
          ],
          show: ['replicaSets', 0],
        },
        at: { document: 'to', path: ['replicaSets', 0, 'members'] },
      },
      right: {
        to: {
          edits: [
            VERSION_2,
            { at: ['replicaSets', 0, 'members', 2], remove: true },
            { at: ['processes', 2], remove: true },
          ],
          show: ['replicaSets', 0],
        },
        at: { document: 'to', path: ['replicaSets', 0, 'members'] },
      },
    },
  },
  DBK612: {
    meaning:
      'A replica set, process or sharded cluster of the deployed revision is gone, and a new one keeps what identifies it to the agent under another key: a replica set with the same member hosts under a new `_id`, a process on the same host and port under a new `name`, a cluster with the same `configServerReplica` under a new `name`. It is reported at the new key in the new revision.',
    why: 'Advice: the service accepts it, but the agent knows a resource by its key, so a rename is a removal plus an addition: a replica set’s name is fixed when its members start, and each member restarts with the new one.',
    sources: [PLAN_SOURCES, PLAN_RENAMES, SPEC_REPLICA_SETS],
    fix: 'Keep the name unless the new one is needed; if it is, change every reference to it (`replSetName`, shards, index configs, member hosts, routers’ `cluster`, `balancer` keys) in the same revision and expect the restarts.',
    related: ['DBK214', 'DBK202'],
    examples: {
      wrong: {
        to: {
          edits: [
            VERSION_2,
            { at: ['replicaSets', 0, '_id'], set: 'shop' },
            ...[0, 1, 2].map((i) => ({ at: ['processes', i, 'args2_6', 'replication', 'replSetName'], set: 'shop' })),
          ],
          show: ['replicaSets', 0],
        },
        at: { document: 'to', path: ['replicaSets', 0, '_id'] },
      },
      right: {
        to: { edits: [VERSION_2], show: ['replicaSets', 0] },
        at: { document: 'to', path: ['replicaSets', 0, '_id'] },
      },
    },
  },
  DBK613: {
    meaning:
      'The new revision sets `force.currentVersion` on a replica set, or gives it a new value: the replica set is reconfigured by force. It is reported at `force.currentVersion` in the new revision.',
    why: 'Advice: the service accepts it, but a forced reconfiguration makes the members accept the new configuration without a majority, which may roll back majority-committed writes (spec).',
    sources: [PLAN_SOURCES, SPEC_REPLICA_SETS],
    fix: 'Set `force` only to recover a replica set that lost its majority; otherwise reconfigure it normally, one voting member per revision.',
    related: ['DBK614', 'DBK504', 'DBK611'],
    examples: {
      wrong: {
        to: { edits: [VERSION_2, FORCE], show: ['replicaSets', 0] },
        at: { document: 'to', path: ['replicaSets', 0, 'force', 'currentVersion'] },
      },
      right: {
        to: { edits: [VERSION_2], show: ['replicaSets', 0] },
        at: { document: 'to', path: ['replicaSets', 0, 'force', 'currentVersion'] },
      },
    },
  },
  DBK614: {
    meaning:
      'The new revision keeps the `force.currentVersion` of the deployed revision on a replica set: the forced reconfiguration was asked for earlier and is still in the document. It is reported at `force.currentVersion` in the new revision.',
    why: 'Information: the service accepts it. `force` is meant for one recovery (spec: it forces acceptance of a new configuration and may roll back majority-committed writes), and it stays in every revision until it is removed.',
    sources: [PLAN_SOURCES, SPEC_REPLICA_SETS],
    fix: 'Remove `force` once the forced reconfiguration has happened.',
    related: ['DBK613', 'DBK504'],
    examples: {
      wrong: {
        from: { edits: [FORCE], show: ['replicaSets', 0] },
        to: { edits: [VERSION_2, FORCE], show: ['replicaSets', 0] },
        at: { document: 'to', path: ['replicaSets', 0, 'force', 'currentVersion'] },
      },
      right: {
        from: { edits: [FORCE], show: ['replicaSets', 0] },
        to: { edits: [VERSION_2], show: ['replicaSets', 0] },
        at: { document: 'to', path: ['replicaSets', 0, 'force', 'currentVersion'] },
      },
    },
  },
  DBK620: {
    meaning:
      'A shard of a sharded cluster is in the deployed revision and not in the new one: the cluster drains it. It is reported at the shard in the deployed revision, for every removed shard; when its replica set is not listed in the cluster’s `draining`, the message also asks for it.',
    why: 'Advice: the service accepts it, but removing a shard moves its data to the other shards first (server manual `removeShard`), which takes time and load; the agent keeps restarting the replica sets listed in `draining` as shard members until then.',
    sources: [PLAN_SOURCES, SPEC_SHARDING],
    fix: 'Remove the shard and list its replica set in `draining`; keep the replica set and its processes until the drain has finished, then remove them in a later revision.',
    related: ['DBK621'],
    examples: {
      wrong: {
        from: { edits: TWO_SHARDS, show: ['sharding', 0] },
        to: {
          edits: [...TWO_SHARDS, VERSION_2, { at: ['sharding', 0, 'shards', 1], remove: true }],
          show: ['sharding', 0],
        },
        at: { document: 'from', path: ['sharding', 0, 'shards', 1] },
      },
      right: {
        from: { edits: DRAINING, show: ['sharding', 0] },
        to: {
          edits: [
            ...DRAINING,
            VERSION_2,
            { at: ['sharding', 0, 'draining'], remove: true },
            { at: ['replicaSets', 2], remove: true },
            { at: ['processes', 5], remove: true },
          ],
          show: ['sharding', 0],
        },
        at: { document: 'from', path: ['sharding', 0, 'shards', 1] },
      },
    },
  },
  DBK621: {
    meaning:
      'A shard is removed and the replica set it names (`rs`, else its `_id`) is removed in the same revision. It is reported at the shard in the deployed revision.',
    why: 'A removed shard’s data is drained to the other shards first (server manual `removeShard`): with its replica set gone, that data has nowhere to drain from.',
    sources: [PLAN_SOURCES, SPEC_SHARDING],
    fix: 'Remove the shard first and list its replica set in `draining`; remove the replica set and its processes in a later revision, once the drain has finished.',
    related: ['DBK620', 'DBK204'],
    examples: {
      wrong: {
        from: { edits: TWO_SHARDS, show: ['sharding', 0] },
        to: {
          edits: [
            ...TWO_SHARDS,
            VERSION_2,
            { at: ['sharding', 0, 'shards', 1], remove: true },
            { at: ['replicaSets', 2], remove: true },
            { at: ['processes', 5], remove: true },
          ],
          show: ['sharding', 0],
        },
        at: { document: 'from', path: ['sharding', 0, 'shards', 1] },
      },
      right: {
        from: { edits: TWO_SHARDS, show: ['sharding', 0] },
        to: { edits: [...DRAINING, VERSION_2], show: ['sharding', 0] },
        at: { document: 'from', path: ['sharding', 0, 'shards', 1] },
      },
    },
  },
  DBK622: {
    meaning:
      'A sharded cluster kept from the deployed revision names another `configServerReplica`, or none. It is reported at `configServerReplica` in the new revision (at the cluster when the field is gone).',
    why: 'The cluster’s metadata lives on its config server replica set, and no revision moves it to another one: the server manual replaces config servers by replacing members of the same replica set.',
    sources: [PLAN_SOURCES, SPEC_SHARDING],
    fix: 'Keep `configServerReplica`; to move the config servers, add a member on the new host to that replica set, then remove an old member, one revision at a time.',
    related: ['DBK623', 'DBK205'],
    examples: {
      wrong: {
        from: { edits: SHARDED, show: ['sharding', 0] },
        to: {
          edits: [
            ...SHARDED,
            VERSION_2,
            { at: ['sharding', 0, 'configServerReplica'], set: 'cfg2' },
            {
              at: ['processes', 5],
              set: exampleProcess('cfg2-0', { replSetName: 'cfg2', args: { sharding: { clusterRole: 'configsvr' } } }),
            },
            { at: ['replicaSets', 2], set: oneMemberSet('cfg2', 'cfg2-0') },
          ],
          show: ['sharding', 0],
        },
        at: { document: 'to', path: ['sharding', 0, 'configServerReplica'] },
      },
      right: {
        from: { edits: SHARDED, show: ['replicaSets', 1] },
        to: {
          edits: [
            ...SHARDED,
            VERSION_2,
            { at: ['processes', 5], set: configServer('cfg-1') },
            { at: ['replicaSets', 1, 'members', 1], set: { _id: 1, host: 'cfg-1', priority: 1, votes: 1 } },
          ],
          show: ['replicaSets', 1],
        },
        at: { document: 'to', path: ['sharding', 0, 'configServerReplica'] },
      },
    },
  },
  DBK623: {
    meaning:
      'A sharded cluster that runs legacy mirrored config servers (`configServer`) gets a `configServerReplica` in the new revision: this starts the migration from mirrored config servers (SCCC) to a config server replica set (CSRS). It is reported at `configServerReplica` in the new revision.',
    why: 'Advice: the service accepts it, and real documents carry both fields during the SCCC → CSRS migration. The plan warns because this revision starts that migration, which is over only once `configServer` is removed.',
    sources: [PLAN_SOURCES, SPEC_SHARDING],
    fix: 'Keep `configServer` until the migration has finished, then remove it in a later revision.',
    related: ['DBK622', 'DBK502', 'DBK508'],
    examples: {
      wrong: {
        from: { edits: MIRRORED, show: ['sharding', 0] },
        to: { edits: [...MIGRATING, VERSION_2], show: ['sharding', 0] },
        at: { document: 'to', path: ['sharding', 0, 'configServerReplica'] },
      },
      right: {
        from: { edits: MIGRATING, show: ['sharding', 0] },
        to: {
          edits: [...MIGRATING, VERSION_2, { at: ['sharding', 0, 'configServer'], remove: true }],
          show: ['sharding', 0],
        },
        at: { document: 'to', path: ['sharding', 0, 'configServerReplica'] },
      },
    },
  },
  DBK630: {
    meaning:
      'A process’s TLS mode (`args2_6.net.tls.mode`, else the legacy `net.ssl.mode`; none means disabled) skips a step of disabled → allow → prefer → require in one revision, up or down: disabled straight to `requireTLS`. It is reported at the mode in the new revision (at the process when it has none).',
    why: 'The agent restarts the members one by one, and members on modes more than a step apart cannot connect to each other; the server manual moves a cluster to TLS one mode at a time.',
    sources: [PLAN_SOURCES, SPEC_PROCESSES],
    fix: 'Move one step per revision: `allowTLS`, then `preferTLS`, then `requireTLS`, each once every member has the one before.',
    related: ['DBK407'],
    examples: {
      wrong: {
        to: { edits: [VERSION_2, TLS_CA, processTls('requireTLS')], show: ['processes', 0, 'args2_6', 'net'] },
        at: { document: 'to', path: ['processes', 0, 'args2_6', 'net', 'tls', 'mode'] },
      },
      right: {
        to: { edits: [VERSION_2, TLS_CA, processTls('allowTLS')], show: ['processes', 0, 'args2_6', 'net'] },
        at: { document: 'to', path: ['processes', 0, 'args2_6', 'net', 'tls', 'mode'] },
      },
    },
  },
  DBK640: {
    meaning:
      'The deployment’s `auth.disabled` goes from `true` to `false` or back: authentication is turned on or off for every process. It is reported at `auth.disabled` in the new revision.',
    why: 'Advice: the service accepts it, and the agent passes through `--transitionToAuth`. The risk is the clients: once it is on, those without credentials are refused; once it is off, every client is let in.',
    sources: [PLAN_SOURCES, SPEC_AUTH],
    fix: 'Give the applications their users (`usersWanted`) and credentials in an earlier revision, then enable authentication on its own.',
    related: ['DBK401'],
    examples: {
      wrong: {
        from: { edits: [{ at: ['auth'], set: AUTH_OFF }] },
        to: { edits: [VERSION_2, { at: ['auth'], set: AUTH_ON }], show: ['auth'] },
        at: { document: 'to', path: ['auth', 'disabled'] },
      },
      right: {
        from: { edits: [{ at: ['auth'], set: AUTH_OFF }] },
        to: {
          edits: [VERSION_2, { at: ['auth'], set: AUTH_OFF }, { at: ['auth', 'usersWanted', 0], set: APP_USER }],
          show: ['auth'],
        },
        at: { document: 'to', path: ['auth', 'disabled'] },
      },
    },
  },
  DBK641: {
    meaning:
      'With authentication on in both revisions, `auth.deploymentAuthMechanisms` is replaced by a list that shares no mechanism with the deployed one: `SCRAM-SHA-1` becomes `SCRAM-SHA-256`. It is reported at `auth.deploymentAuthMechanisms` in the new revision.',
    why: 'The processes restart one by one: in between, the agent and the clients have no mechanism that both old and new processes accept. No published source states it; it follows from the rolling restart.',
    sources: [PLAN_SOURCES, SPEC_AUTH],
    fix: 'Add the new mechanism next to the old one in one revision, and remove the old one in a later revision.',
    related: ['DBK640'],
    examples: {
      wrong: {
        from: { edits: SHA_1, show: ['auth'] },
        to: {
          edits: [...SHA_1, VERSION_2, { at: ['auth', 'deploymentAuthMechanisms'], set: ['SCRAM-SHA-256'] }],
          show: ['auth'],
        },
        at: { document: 'to', path: ['auth', 'deploymentAuthMechanisms'] },
      },
      right: {
        from: { edits: SHA_1, show: ['auth'] },
        to: {
          edits: [
            ...SHA_1,
            VERSION_2,
            { at: ['auth', 'deploymentAuthMechanisms'], set: ['SCRAM-SHA-1', 'SCRAM-SHA-256'] },
          ],
          show: ['auth'],
        },
        at: { document: 'to', path: ['auth', 'deploymentAuthMechanisms'] },
      },
    },
  },
  DBK642: {
    meaning:
      'A process’s `authSchemaVersion` is raised: 3 to 5. It is reported at the process’s `authSchemaVersion` in the new revision.',
    why: 'Advice: the service accepts it, but raising the credential schema upgrades the users’ credentials, which cannot be undone, and `authSchemaVersion` must match across the processes of one cluster.',
    sources: [PLAN_SOURCES, SPEC_PROCESSES],
    fix: 'Raise it only on purpose, on every process of the cluster in the same revision.',
    related: ['DBK643', 'DBK210', 'DBK309'],
    examples: {
      wrong: {
        from: { edits: everyProcess('authSchemaVersion', 3), show: ['processes', 0] },
        to: { edits: [VERSION_2], show: ['processes', 0] },
        at: { document: 'to', path: ['processes', 0, 'authSchemaVersion'] },
      },
      right: {
        from: { edits: everyProcess('authSchemaVersion', 3), show: ['processes', 0] },
        to: { edits: [...everyProcess('authSchemaVersion', 3), VERSION_2], show: ['processes', 0] },
        at: { document: 'to', path: ['processes', 0, 'authSchemaVersion'] },
      },
    },
  },
  DBK643: {
    meaning:
      'A process’s `authSchemaVersion` is lowered: 5 to 3. It is reported at the process’s `authSchemaVersion` in the new revision.',
    why: 'Upgrading the credential schema replaced the old credentials, and credentials cannot be downgraded: a lower number does not bring them back.',
    sources: [PLAN_SOURCES, SPEC_PROCESSES],
    fix: 'Keep the deployed `authSchemaVersion`.',
    related: ['DBK642', 'DBK210'],
    examples: {
      wrong: {
        to: { edits: [VERSION_2, ...everyProcess('authSchemaVersion', 3)], show: ['processes', 0] },
        at: { document: 'to', path: ['processes', 0, 'authSchemaVersion'] },
      },
      right: {
        to: { edits: [VERSION_2], show: ['processes', 0] },
        at: { document: 'to', path: ['processes', 0, 'authSchemaVersion'] },
      },
    },
  },
  DBK644: {
    meaning:
      'With authentication on, `auth.key` (the key file’s contents) changes to a value that is not the deployed `auth.newKey`: the key is replaced directly, not rotated. It is reported at `auth.key` in the new revision.',
    why: 'Processes restarted with the new key cannot authenticate to members still on the old one. The service rotates a key given in `newKey`, then replaces `key` with it and removes `newKey` itself (spec).',
    sources: [PLAN_SOURCES, SPEC_AUTH],
    fix: 'Keep `auth.key` and put the new key in `auth.newKey`.',
    related: ['DBK645'],
    examples: {
      wrong: {
        from: { edits: [{ at: ['auth'], set: AUTH_ON }], show: ['auth'] },
        to: {
          edits: [VERSION_2, { at: ['auth'], set: AUTH_ON }, { at: ['auth', 'key'], set: NEW_KEY }],
          show: ['auth'],
        },
        at: { document: 'to', path: ['auth', 'key'] },
      },
      right: {
        from: { edits: [{ at: ['auth'], set: AUTH_ON }], show: ['auth'] },
        to: {
          edits: [VERSION_2, { at: ['auth'], set: AUTH_ON }, { at: ['auth', 'newKey'], set: NEW_KEY }],
          show: ['auth'],
        },
        at: { document: 'to', path: ['auth', 'key'] },
      },
    },
  },
  DBK645: {
    meaning:
      '`auth.keyfile` (the key file’s path) changes while `auth.key` (its contents) does not. It is reported at `auth.keyfile` in the new revision.',
    why: 'Advice: dbkit’s service accepts it, but the spec asks that changing `keyfile` changes `key` too, and the reverse.',
    sources: [PLAN_SOURCES, SPEC_AUTH],
    fix: 'Keep the key file where it is, or change `auth.key` in the same revision (rotated through `auth.newKey`).',
    related: ['DBK644'],
    examples: {
      wrong: {
        from: { edits: [{ at: ['auth'], set: AUTH_ON }], show: ['auth'] },
        to: {
          edits: [
            VERSION_2,
            { at: ['auth'], set: AUTH_ON },
            { at: ['auth', 'keyfile'], set: '/etc/automation/keyfile' },
          ],
          show: ['auth'],
        },
        at: { document: 'to', path: ['auth', 'keyfile'] },
      },
      right: {
        from: { edits: [{ at: ['auth'], set: AUTH_ON }], show: ['auth'] },
        to: { edits: [VERSION_2, { at: ['auth'], set: AUTH_ON }], show: ['auth'] },
        at: { document: 'to', path: ['auth', 'keyfile'] },
      },
    },
  },
  DBK650: {
    meaning:
      'The new revision sets one of the one-shot fields `lastRestart`, `lastCompact` or `lastKmipMasterKeyRotation` of a process to a new value: the agent restarts the process, compacts it (rolling across members) or rotates the KMIP master key. It is reported at the field in the new revision.',
    why: 'Information: the service accepts it; setting such a field to the current time triggers the action after upload (spec), so the plan lists it.',
    sources: [PLAN_SOURCES, SPEC_PROCESSES],
    fix: 'Nothing to fix when the action is wanted; otherwise keep the deployed value.',
    related: ['DBK651', 'DBK312'],
    examples: {
      wrong: {
        to: { edits: [VERSION_2, RESTART], show: ['processes', 0] },
        at: { document: 'to', path: ['processes', 0, 'lastRestart'] },
      },
      right: {
        from: { edits: [RESTART], show: ['processes', 0] },
        to: { edits: [VERSION_2, RESTART], show: ['processes', 0] },
        at: { document: 'to', path: ['processes', 0, 'lastRestart'] },
      },
    },
  },
  DBK651: {
    meaning:
      'The new revision sets a process’s `lastResync` to a new value: the process runs an initial sync. It is reported at `lastResync` in the new revision.',
    why: 'Advice: the service accepts it, but setting `lastResync` to the current time triggers an initial sync at once, which removes the node’s entire data contents (spec).',
    sources: [PLAN_SOURCES, SPEC_PROCESSES],
    fix: 'Set it only when the other members hold the data, one member per revision; otherwise keep the deployed value.',
    related: ['DBK505', 'DBK650'],
    examples: {
      wrong: {
        to: { edits: [VERSION_2, RESYNC], show: ['processes', 0] },
        at: { document: 'to', path: ['processes', 0, 'lastResync'] },
      },
      right: {
        from: { edits: [RESYNC], show: ['processes', 0] },
        to: { edits: [VERSION_2, RESYNC], show: ['processes', 0] },
        at: { document: 'to', path: ['processes', 0, 'lastResync'] },
      },
    },
  },
  DBK699: {
    meaning:
      'One of dbkit’s planning rules failed on the pair of revisions. It is reported at the root of the new revision, and the plan misses that part (the plan’s notes name it).',
    why: 'The planner never throws: a failing rule becomes this error so that a plan with a missing part is never taken for a safe one.',
    sources: [
      PLAN_SOURCES,
      {
        label: 'decision: planTransition is pure, returns plain data and never throws',
        path: 'docs/decisions/plan.md#plantransition-is-pure-returns-plain-data-and-never-throws',
      },
    ],
    fix: 'Report it to dbkit with both revisions (secrets removed); check that part of the transition by hand meanwhile.',
    examples: {
      none: 'No document is meant to bring it: it stands for a fault in dbkit’s planner, which no example should rely on.',
    },
  },
} satisfies Partial<Record<PlanCode, TransitionCodeDoc>>;
