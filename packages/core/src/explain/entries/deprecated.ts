/** The reference entries of the DBK5xx codes: deprecated, obsolete and dangerous settings. */
import type { DiagnosticCode } from '../../validation/codes.js';
import type { ValidationCodeDoc } from '../codeDoc.js';
import { type Edit, exampleProcess } from '../example.js';
import {
  MIRRORED_CONFIG_SERVERS,
  REAL_DOCUMENTS,
  RISKY_SETTINGS,
  SPEC_AGENT_VERSIONS,
  SPEC_AUTH,
  SPEC_DOCUMENT,
  SPEC_PROCESSES,
  SPEC_REPLICA_SETS,
  SPEC_SHARDING,
  SPEC_TOP_LEVEL,
} from './sources.js';

/** The server a process of the examples runs: 7.0.12, or 3.2.22, which has no feature compatibility version. */
const SERVER_7_0 = { version: '7.0.12', featureCompatibilityVersion: '7.0' };
const SERVER_3_2 = { version: '3.2.22' };
type Server = typeof SERVER_7_0 | typeof SERVER_3_2;

/**
 * The base replica set `rs0` as the shard of a sharded cluster `shop`: a config server `cfg-0`, mirrored or the
 * only member of the config server replica set `cfg`, and a router.
 */
function shopCluster(server: Server, configServers: 'mirrored' | 'replica set'): Edit[] {
  const replicaSet = configServers === 'replica set';
  return [
    {
      at: ['processes', 3],
      set: exampleProcess('cfg-0', {
        version: server.version,
        ...(replicaSet ? { replSetName: 'cfg' } : {}),
        args: { net: { port: 27019 }, sharding: { clusterRole: 'configsvr' } },
      }),
    },
    {
      at: ['processes', 4],
      set: exampleProcess('shop-router', { version: server.version, cluster: 'shop' }),
    },
    ...(replicaSet
      ? [
          {
            at: ['replicaSets', 1],
            set: {
              _id: 'cfg',
              protocolVersion: '1',
              members: [{ _id: 0, host: 'cfg-0', priority: 1, votes: 1 }],
            },
          },
        ]
      : []),
    {
      at: ['sharding', 0],
      set: {
        name: 'shop',
        ...(replicaSet ? { configServerReplica: 'cfg' } : { configServer: ['cfg-0'] }),
        shards: [{ _id: 'rs0', rs: 'rs0' }],
      },
    },
  ];
}

/** The base deployment moved to server 3.2.22. */
const ON_SERVER_3_2: readonly Edit[] = [
  { at: ['dbVersions', 0, 'name'], set: '3.2.22' },
  { at: ['dbVersions', 0, 'builds', 0, 'url'], set: 'https://downloads.example.net/db-3.2.22.tgz' },
  ...[0, 1, 2].flatMap((i): Edit[] => [
    { at: ['processes', i, 'version'], set: '3.2.22' },
    { at: ['processes', i, 'featureCompatibilityVersion'], remove: true },
  ]),
];

/** A wanted user of the examples, with authentication off so that only the user's own fields matter. */
function reportingUser(credential: Record<string, string>) {
  return {
    disabled: true,
    usersWanted: [{ db: 'admin', user: 'reporting', roles: [{ db: 'admin', role: 'readAnyDatabase' }], ...credential }],
  };
}

export const deprecatedDocs = {
  DBK501: {
    meaning:
      'The document lists entries in `monitoringVersions` or `backupVersions`, the versions of the separate monitoring and backup agents: here a monitoring agent on `rs0-0`. The diagnostic points at the list. An empty list, which real documents always carry, is fine; the fields of any entries are still checked for their types.',
    why: 'Advice: the service accepts both lists, but the spec calls them obsolete parameters: current agents ignore them, and the agent to run is named in `agentVersion`.',
    sources: [SPEC_TOP_LEVEL, REAL_DOCUMENTS],
    fix: 'Empty the list (`"monitoringVersions": []`) and name the agent to run in `agentVersion`.',
    examples: {
      wrong: {
        document: {
          edits: [
            {
              at: ['monitoringVersions'],
              set: [{ name: '6.6.2.464-1', hostname: 'rs0-0.example.net', baseUrl: null }],
            },
          ],
        },
        at: ['monitoringVersions'],
      },
      right: {
        document: { edits: [{ at: ['monitoringVersions'], set: [] }] },
        at: ['monitoringVersions'],
      },
    },
  },
  DBK502: {
    meaning:
      'A sharded cluster lists mirrored config servers in `configServer`, and none of the listed processes runs server 3.4 or later: here the cluster `shop` runs 3.2.22 with the mirrored config server `cfg-0`. When a listed process runs 3.4 or later, the code is DBK508 instead.',
    why: 'Advice: the service accepts mirrored config servers on servers before 3.4, but they are deprecated and the spec says they are not supported from 3.4 on, so the cluster cannot be upgraded until it moves to a config server replica set.',
    sources: [MIRRORED_CONFIG_SERVERS, SPEC_SHARDING],
    fix: 'Before upgrading, move to a config server replica set: declare it in `replicaSets`, name it in `configServerReplica` and remove `configServer`.',
    related: ['DBK508', 'DBK205'],
    examples: {
      wrong: {
        document: { edits: [...ON_SERVER_3_2, ...shopCluster(SERVER_3_2, 'mirrored')], show: ['sharding', 0] },
        at: ['sharding', 0, 'configServer'],
      },
      right: {
        document: { edits: [...ON_SERVER_3_2, ...shopCluster(SERVER_3_2, 'replica set')], show: ['sharding', 0] },
        at: ['sharding', 0, 'configServer'],
      },
    },
  },
  DBK503: {
    meaning:
      'A wanted user in `auth.usersWanted` sets `userSource`, the database to take the user’s credentials from: here the user `reporting` takes them from `admin`.',
    why: 'Advice: the service accepts the field, but the spec marks `usersWanted[n].userSource` deprecated and no longer supported, so the user should get its password from `pwd` or `initPwd`.',
    sources: [SPEC_AUTH],
    fix: 'Remove `userSource` and give the user `initPwd` with the password to assign (or the stored `pwd` hash).',
    related: ['DBK404'],
    examples: {
      wrong: {
        document: {
          edits: [{ at: ['auth'], set: reportingUser({ userSource: 'admin' }) }],
          show: ['auth', 'usersWanted', 0],
        },
        at: ['auth', 'usersWanted', 0, 'userSource'],
      },
      right: {
        document: {
          edits: [{ at: ['auth'], set: reportingUser({ initPwd: 'correct-horse-battery' }) }],
          show: ['auth', 'usersWanted', 0],
        },
        at: ['auth', 'usersWanted', 0, 'userSource'],
      },
    },
  },
  DBK504: {
    meaning:
      'A replica set sets `force.currentVersion` to -1: here `rs0` is forced to accept its new configuration even if only a minority of its members is available.',
    why: 'Advice: the service accepts it, and forcing a configuration recovers a set that lost its majority; but the spec warns that -1 may roll back majority-committed writes.',
    sources: [RISKY_SETTINGS, SPEC_REPLICA_SETS],
    fix: 'Remove `force` unless you are recovering a replica set that lost its majority, and remove it again once the set has recovered.',
    examples: {
      wrong: {
        document: { edits: [{ at: ['replicaSets', 0, 'force'], set: { currentVersion: -1 } }] },
        at: ['replicaSets', 0, 'force', 'currentVersion'],
      },
      right: {
        document: { edits: [{ at: ['replicaSets', 0, 'force'], remove: true }] },
        at: ['replicaSets', 0, 'force', 'currentVersion'],
      },
    },
  },
  DBK505: {
    meaning:
      'A process sets `lastResync`, whatever time it holds: here `rs0-1`. Setting it to the current time makes the agent run an initial sync on that node at once.',
    why: 'Advice: the service accepts it, but the spec says the initial sync it triggers removes the node’s entire data contents.',
    sources: [RISKY_SETTINGS, SPEC_PROCESSES],
    fix: 'Remove `lastResync` unless you mean to wipe that node’s data and resync it.',
    examples: {
      wrong: {
        document: { edits: [{ at: ['processes', 1, 'lastResync'], set: '2026-11-22T14:00:00Z' }] },
        at: ['processes', 1, 'lastResync'],
      },
      right: {
        document: { edits: [{ at: ['processes', 1, 'lastResync'], remove: true }] },
        at: ['processes', 1, 'lastResync'],
      },
    },
  },
  DBK506: {
    meaning:
      'A process sets domain-socket options in `args2_6.net.unixDomainSocket`: here `rs0-0` turns the socket off.',
    why: 'Advice: the service accepts the document, but the spec says domain-socket options are not supported through it: the agent does not apply them.',
    sources: [RISKY_SETTINGS, SPEC_DOCUMENT],
    fix: 'Remove `unixDomainSocket` and configure the socket on the host.',
    quickFix: 'Removes `unixDomainSocket`.',
    examples: {
      wrong: {
        document: { edits: [{ at: ['processes', 0, 'args2_6', 'net', 'unixDomainSocket'], set: { enabled: false } }] },
        at: ['processes', 0, 'args2_6', 'net', 'unixDomainSocket'],
      },
      right: {
        document: { edits: [{ at: ['processes', 0, 'args2_6', 'net', 'unixDomainSocket'], remove: true }] },
        at: ['processes', 0, 'args2_6', 'net', 'unixDomainSocket'],
      },
    },
  },
  DBK507: {
    meaning:
      'A field the spec calls deprecated is set, and the message says what replaces it. The one such field is `maxUncompressed` in a `logRotate` or `auditLogRotate` (of a process or an agent entry), the earlier name of `numUncompressed`: here in the `logRotate` of `rs0-0`.',
    why: 'Advice: the service still recognizes the earlier name, but the spec names the field `numUncompressed`.',
    sources: [SPEC_AGENT_VERSIONS, SPEC_PROCESSES],
    fix: 'Rename `maxUncompressed` to `numUncompressed`, or remove it when `numUncompressed` is set.',
    quickFix: 'Renames `maxUncompressed` to `numUncompressed`, or removes it when `numUncompressed` is already set.',
    examples: {
      wrong: {
        document: {
          edits: [
            {
              at: ['processes', 0, 'logRotate'],
              set: { sizeThresholdMB: 1000, timeThresholdHrs: 24, maxUncompressed: 5 },
            },
          ],
        },
        at: ['processes', 0, 'logRotate', 'maxUncompressed'],
      },
      right: {
        document: {
          edits: [
            {
              at: ['processes', 0, 'logRotate'],
              set: { sizeThresholdMB: 1000, timeThresholdHrs: 24, numUncompressed: 5 },
            },
          ],
        },
        at: ['processes', 0, 'logRotate', 'maxUncompressed'],
      },
    },
  },
  DBK508: {
    meaning:
      'A sharded cluster lists mirrored config servers in `configServer`, and at least one listed process runs server 3.4 or later: here `cfg-0` runs 7.0.12. With every listed process before 3.4, the code is the warning DBK502 instead.',
    why: 'The spec says mirrored config servers are not supported from database server 3.4 on, and a process the cluster lists as one runs such a server.',
    sources: [MIRRORED_CONFIG_SERVERS, SPEC_SHARDING],
    fix: 'Use a config server replica set: declare it in `replicaSets`, name it in `configServerReplica` and remove `configServer`.',
    related: ['DBK502', 'DBK205'],
    examples: {
      wrong: {
        document: { edits: shopCluster(SERVER_7_0, 'mirrored'), show: ['sharding', 0] },
        at: ['sharding', 0, 'configServer'],
      },
      right: {
        document: { edits: shopCluster(SERVER_7_0, 'replica set'), show: ['sharding', 0] },
        at: ['sharding', 0, 'configServer'],
      },
    },
  },
} satisfies Partial<Record<DiagnosticCode, ValidationCodeDoc>>;
