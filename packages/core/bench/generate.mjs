// Generates realistic, valid automation configuration documents of any size for benchmarks.
//
// Library: `import { generateConfig } from './generate.mjs'`.
// CLI:     `node bench/generate.mjs --shards 40 --members 3 --routers 4 [--out bench-out/config.json]`
//
// The document is one sharded cluster (config-server replica set, `shards` shard replica sets of
// `membersPerShard` members, `routers` routers) with the processes, replica sets, sharding, balancer,
// change-stream settings, authentication (users and a user-defined role per shard database) and index
// configurations an Ops-Manager-style project of that size carries. Output is deterministic: the same
// options always give the same document.

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const VERSION = '8.0.4-ent';
const FCV = '8.0';
const DOWNLOAD_BASE = '/var/lib/db-automation';
const LOG_DIR = '/var/log/db-automation';
const DOMAIN = 'bench.example.net';
const LOG_ROTATE = Object.freeze({
  sizeThresholdMB: 1000,
  timeThresholdHrs: 24,
  numUncompressed: 5,
  percentOfDiskspace: 0.4,
});
const ZONES = ['EU', 'US', 'APAC'];
const DATA_CENTERS = ['east', 'west', 'central'];

/**
 * @typedef {object} GenerateOptions
 * @property {number} shards Number of shard replica sets (at least 1).
 * @property {number} membersPerShard Members of each shard replica set and of the config-server replica set (at least 1).
 * @property {number} routers Number of routers (`dbs` processes), at least 1.
 * @property {number} [usersPerShard] Wanted users per shard database; default 2.
 * @property {number} [indexesPerShard] Index configurations per shard replica set; default 2.
 * @property {string} [clusterName] Name of the sharded cluster; default `bench`.
 */

/**
 * Builds a valid automation configuration document describing one sharded cluster.
 * @param {GenerateOptions} options
 * @returns {Record<string, unknown>} A plain JSON-serialisable object.
 */
export function generateConfig({
  shards,
  membersPerShard,
  routers,
  usersPerShard = 2,
  indexesPerShard = 2,
  clusterName = 'bench',
}) {
  for (const [name, value] of Object.entries({ shards, membersPerShard, routers })) {
    if (!Number.isInteger(value) || value < 1) {
      throw new TypeError(`Expected \`${name}\` to be an integer >= 1, got \`${value}\` (${typeof value})`);
    }
  }
  const configRs = `${clusterName}-cfg`;
  const shardRs = Array.from({ length: shards }, (_, s) => `${clusterName}-shard${s}`);

  const processes = [];
  const replicaSets = [];
  const addReplicaSet = (rsId, role, port) => {
    const members = [];
    for (let m = 0; m < membersPerShard; m++) {
      const name = `${rsId}-${m}`;
      processes.push(dataProcess({ name, hostname: `${rsId}-${m}.${DOMAIN}`, port, rsId, role }));
      members.push(member(m, name, membersPerShard));
    }
    replicaSets.push({ _id: rsId, protocolVersion: '1', members });
  };
  addReplicaSet(configRs, 'configsvr', 27019);
  for (const rsId of shardRs) addReplicaSet(rsId, 'shardsvr', 27018);
  for (let r = 0; r < routers; r++) {
    processes.push(
      router({ name: `${clusterName}-router-${r}`, hostname: `router-${r}.${DOMAIN}`, cluster: clusterName }),
    );
  }

  return {
    version: 1000 + shards,
    options: { downloadBase: DOWNLOAD_BASE },
    agentVersion: { name: '108.0.4.8770-1', directoryUrl: 'https://agents.example.net/automation/' },
    dbVersions: [dbVersion()],
    processes,
    replicaSets,
    sharding: [
      {
        name: clusterName,
        managedSharding: false,
        configServerReplica: configRs,
        shards: shardRs.map((rs, s) => ({ _id: `shard${s}`, rs, tags: [ZONES[s % ZONES.length]] })),
      },
    ],
    balancer: { [clusterName]: { stopped: false, activeWindow: { start: '23:00', stop: '06:00' } } },
    clusterWideConfigurations: Object.fromEntries(
      shardRs.map((rs) => [rs, { changeStreamOptions: { preAndPostImages: { expireAfterSeconds: 86400 } } }]),
    ),
    auth: auth(shards, usersPerShard),
    roles: shardRs.map((_, s) => ({
      role: 'reportReader',
      db: `app${s}`,
      privileges: [{ resource: { db: `app${s}`, collection: 'reports' }, actions: ['find', 'listIndexes'] }],
      roles: [{ role: 'read', db: `app${s}` }],
    })),
    indexConfigs: shardRs.flatMap((rs, s) => indexConfigs(rs, `app${s}`, indexesPerShard)),
  };
}

function dbVersion() {
  const build = (arch, distro) => ({
    platform: 'linux',
    url: `https://downloads.example.net/db/linux/db-linux-${arch === 'amd64' ? 'x86_64' : arch}-enterprise-${distro}-8.0.4.tgz`,
    gitVersion: 'bc35ab4305d9920d9d0491c1c9ef9b72383d31f9',
    modules: ['enterprise'],
    architecture: arch,
  });
  return { name: VERSION, builds: [build('amd64', 'ubuntu2204'), build('amd64', 'rhel8'), build('ppc64le', 'rhel8')] };
}

function dataProcess({ name, hostname, port, rsId, role }) {
  return {
    args2_6: {
      net: { port, bindIpAll: true },
      replication: { replSetName: rsId },
      sharding: { clusterRole: role },
      storage: { dbPath: `/data/${name}`, wiredTiger: { engineConfig: { cacheSizeGB: 8 } } },
      systemLog: { destination: 'file', path: `${LOG_DIR}/${name}.log`, logAppend: true },
    },
    authSchemaVersion: 5,
    defaultRWConcern: {
      defaultReadConcern: { level: 'majority' },
      defaultWriteConcern: { w: 'majority', j: true, wtimeout: 5000 },
    },
    disabled: false,
    featureCompatibilityVersion: FCV,
    hostname,
    logRotate: LOG_ROTATE,
    manualMode: false,
    name,
    processType: 'dbd',
    version: VERSION,
  };
}

function router({ name, hostname, cluster }) {
  return {
    args2_6: {
      net: { port: 27017, bindIpAll: true },
      systemLog: { destination: 'file', path: `${LOG_DIR}/${name}.log`, logAppend: true },
    },
    authSchemaVersion: 5,
    cluster,
    disabled: false,
    featureCompatibilityVersion: FCV,
    hostname,
    logRotate: LOG_ROTATE,
    manualMode: false,
    name,
    processType: 'dbs',
    version: VERSION,
  };
}

function member(id, host, size) {
  // The last member of sets with more than two members is a hidden, priority-0 backup member.
  const hidden = size > 2 && id === size - 1;
  return {
    _id: id,
    host,
    arbiterOnly: false,
    buildIndexes: true,
    hidden,
    priority: hidden ? 0 : 1,
    secondaryDelaySecs: 0,
    votes: 1,
    tags: { dc: DATA_CENTERS[id % DATA_CENTERS.length] },
  };
}

function auth(shards, usersPerShard) {
  const usersWanted = [
    {
      db: 'admin',
      user: 'ops-admin',
      roles: [{ db: 'admin', role: 'clusterAdmin' }],
      initPwd: 'FAKE-ops-admin-password',
      otherDBRoles: { app0: ['readWrite'] },
    },
  ];
  for (let s = 0; s < shards; s++) {
    for (let u = 0; u < usersPerShard; u++) {
      const user = {
        db: `app${s}`,
        user: `svc-${s}-${u}`,
        roles: [{ db: `app${s}`, role: u === 0 ? 'readWrite' : 'reportReader' }],
        initPwd: `FAKE-password-${s}-${u}`,
      };
      if (u === 0) {
        user.authenticationRestrictions = [{ clientSource: [`10.${s % 250}.0.0/16`], serverAddress: [] }];
      }
      usersWanted.push(user);
    }
  }
  return {
    disabled: false,
    authoritativeSet: false,
    autoUser: 'db-automation',
    autoPwd: 'FAKE-automation-password-not-a-secret',
    deploymentAuthMechanisms: ['SCRAM-SHA-256'],
    autoAuthMechanisms: ['SCRAM-SHA-256'],
    key: 'RkFLRS1rZXlmaWxlLWNvbnRlbnRzLWZvci1iZW5jaG1hcmtzLW9ubHk=',
    keyfile: `${DOWNLOAD_BASE}/keyfile`,
    usersWanted,
    usersDeleted: [],
  };
}

function indexConfigs(rsName, dbName, count) {
  const result = [];
  for (let i = 0; i < count; i++) {
    const index = {
      rsName,
      dbName,
      collectionName: `events${i}`,
      key: [
        ['customerId', 1],
        ['createdAt', -1],
      ],
      options: { name: `customerId_createdAt_${i}` },
    };
    if (i % 2 === 1) index.collation = { locale: 'en', strength: 2, caseLevel: true };
    result.push(index);
  }
  return result;
}

/** Serialises like the files users edit: two-space indentation and a trailing newline. */
export function serialize(doc) {
  return `${JSON.stringify(doc, null, 2)}\n`;
}

function parseArgs(argv) {
  const args = { shards: 2, members: 3, routers: 2, out: 'bench-out/config.json' };
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i]?.replace(/^--/, '');
    const value = argv[i + 1];
    if (!key || value === undefined || !(key in args)) {
      throw new Error(
        `Unknown or incomplete option \`${argv[i]}\`. Usage: node bench/generate.mjs --shards N --members N --routers N --out FILE`,
      );
    }
    args[key] = key === 'out' ? value : Number(value);
  }
  return args;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(error.message);
    process.exit(2);
  }
  const text = serialize(generateConfig({ shards: args.shards, membersPerShard: args.members, routers: args.routers }));
  const out = resolve(args.out);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, text);
  console.log(`wrote ${out} (${(text.length / 1e6).toFixed(2)} MB)`);
}
