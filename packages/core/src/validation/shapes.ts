/**
 * The fields of every object in the automation configuration document, as data: what is required, which JSON
 * type, which values, which range (a `range` the spec or a cited source states, an `advised` one otherwise). Fields marked `// real` are not in the spec but are carried by real documents
 * the service exports (docs/decisions/validation.md, "Unknown fields are info, near misses are warnings"); they are
 * known, so not reported.
 */
import {
  Architecture,
  CollationAlternate,
  CollationCaseFirst,
  CollationMaxVariable,
  ProcessType,
  ReadConcernLevel,
} from '../enums/automation.js';
import { SERVICE_MANAGED_SECTIONS } from '../model/automation/config.js';
import type { FieldSpec, Shape } from './fieldSpec.js';

const any: FieldSpec = { kind: 'any' };
const str: FieldSpec = { kind: 'string' };
const bool: FieldSpec = { kind: 'boolean' };
const obj: FieldSpec = { kind: 'object' };
const arr: FieldSpec = { kind: 'array' };
const strArr: FieldSpec = { kind: 'string-array' };
const isoTime = (doc: string): FieldSpec => ({ kind: 'string', doc });

// The security sections (auth, users, TLS, LDAP, Kerberos, roles) are in securityShapes.ts.

export const configShape: Shape = {
  label: 'the automation configuration',
  fields: {
    $schema: str,
    version: {
      kind: 'integer',
      required: true,
      advised: { min: 0, because: 'revisions count up from 0, the revision of an empty project' },
      doc: 'the revision of this configuration',
    },
    options: { kind: 'object', required: true, doc: 'download settings with "downloadBase"' },
    dbVersions: {
      kind: 'array',
      required: true,
      doc: 'one specification per database version used in processes',
    },
    agentVersion: obj,
    monitoringVersions: arr,
    backupVersions: arr,
    processes: { kind: 'array', required: true, doc: 'the database instances' },
    clusterWideConfigurations: obj,
    replicaSets: arr,
    sharding: arr,
    balancer: obj,
    auth: obj,
    ldap: obj,
    ssl: obj,
    tls: obj, // real
    roles: arr,
    kerberos: obj,
    indexConfigs: arr,
    uiBaseUrl: str, // real
    dbToolsVersion: any, // real
    ...Object.fromEntries(SERVICE_MANAGED_SECTIONS.map((name) => [name, any])),
  },
};

export const optionsShape: Shape = {
  label: 'options',
  fields: {
    downloadBase: {
      kind: 'string',
      required: true,
      doc: 'the directory (Linux and UNIX) for automatic version downloads and startup scripts',
    },
    downloadBaseWindows: str, // real
  },
};

export const dbVersionShape: Shape = {
  label: 'a dbVersions entry',
  fields: {
    name: { kind: 'string', required: true, doc: 'the name processes[].version refers to' },
    // Required by the spec, but the service's own output omits builds when its version manifest supplies them.
    builds: { kind: 'array', doc: 'the builds available' },
    isSpecialLTSVersion: bool, // real
  },
};

export const buildShape: Shape = {
  label: 'a build',
  fields: {
    platform: { kind: 'string', required: true, doc: 'the platform' },
    url: { kind: 'string', required: true, doc: 'the download URL' },
    gitVersion: { kind: 'string', required: true, doc: 'the commit identifier of the build' },
    // Required by the spec, but the service's own output omits it for builds without modules.
    modules: { kind: 'string-array', doc: 'the modules of this version ([] for none)' },
    architecture: {
      kind: 'string',
      required: true,
      values: Architecture,
      openValues: true,
      doc: 'amd64 or ppc64le',
    },
    bits: { kind: 'integer' },
    win2008plus: bool,
    winVCRedistUrl: str,
    winVCRedistOptions: strArr,
    winVCRedistDll: str,
    winVCRedistVersion: str,
    flavor: str, // real
    minOsVersion: str, // real
    maxOsVersion: str, // real
  },
};

export const agentVersionShape: Shape = {
  label: 'agentVersion',
  fields: { name: str, directoryUrl: str },
};

export const logRotateShape: Shape = {
  label: 'logRotate',
  fields: {
    sizeThresholdMB: {
      kind: 'number',
      required: true,
      advised: { above: 0, because: 'a log file of 0 MB or less would rotate before anything is written to it' },
      doc: 'the maximum size in MB of one log file before rotation',
    },
    timeThresholdHrs: {
      kind: 'integer',
      required: true,
      advised: { above: 0, because: 'a log file 0 hours old or less would rotate before anything is written to it' },
      doc: 'the maximum age in hours of one log file before rotation',
    },
    numUncompressed: {
      kind: 'integer',
      advised: { min: 1, because: 'the count includes the current log file' },
      doc: 'files left uncompressed, including the current one',
    },
    maxUncompressed: {
      kind: 'integer',
      advised: { min: 1, because: 'the count includes the current log file' },
      deprecated: 'it is the earlier name of "numUncompressed"; use that.',
    },
    percentOfDiskspace: {
      kind: 'number',
      advised: { min: 0, max: 100, because: 'it is a percentage of the disk' },
      doc: 'a percentage of disk space',
    },
    numTotal: {
      kind: 'integer',
      advised: { min: 0, because: 'it counts log files (0 lets the other settings decide)' },
      doc: '0 lets the other settings decide',
    },
    includeAuditLogsWithMongoDBLogs: bool, // real
  },
};

/**
 * The obsolete monitoring/backup agent entries. The spec marks name, hostname, urls and baseUrl required, but the
 * service's own output writes them without urls and with `"baseUrl": null`; as the whole section is obsolete,
 * dbkit checks only the types of what is there (docs/decisions/validation.md, "Where the spec and real documents
 * differ, real documents win").
 */
export const agentVersionEntryShape: Shape = {
  label: 'an agent version entry',
  fields: {
    name: str,
    hostname: str,
    urls: obj,
    baseUrl: str,
    directoryUrl: str, // real
    logPath: str,
    logRotate: obj,
  },
};

export const processShape: Shape = {
  label: 'a process',
  fields: {
    name: { kind: 'string', required: true, doc: 'the unique instance name' },
    processType: {
      kind: 'string',
      required: true,
      values: ProcessType,
      hints: { mongod: 'dbd', mongos: 'dbs' },
      doc: '"dbd" (data-bearing server) or "dbs" (shard router)',
    },
    hostname: { kind: 'string', required: true, doc: 'the host serving the process' },
    version: { kind: 'string', required: true, doc: 'the name of the dbVersions specification used' },
    authSchemaVersion: {
      kind: 'integer',
      required: true,
      doc: 'the schema version of user credentials (5 for servers 3.0 and later)',
    },
    featureCompatibilityVersion: str,
    args2_6: { kind: 'object', required: true, doc: 'the database configuration object (net, storage, …)' },
    alias: str,
    backupRestoreUrl: str,
    cluster: str,
    defaultRWConcern: obj,
    disabled: bool,
    lastCompact: isoTime('an ISO 8601 time'),
    lastRestart: isoTime('an ISO 8601 time'),
    lastResync: isoTime('an ISO 8601 time'),
    lastKmipMasterKeyRotation: isoTime('an ISO 8601 time'),
    logRotate: obj,
    auditLogRotate: obj, // real
    manualMode: bool,
    // 0 is what the service stores for a process bound to no cores (real: mhelmstetter-large-88-processes.json).
    numCores: {
      kind: 'integer',
      advised: { min: 0, because: 'it counts cores (0 binds none)' },
      doc: 'the number of cores to bind; 0 binds none',
    },
    horizons: { kind: 'string-map' }, // real: horizon name → host:port
    // Real documents: fields the service and the operators manage.
    logLevel: any,
    fullVersion: any,
    lastGoalVersionAchieved: any,
    cpuAffinity: arr, // items: rules/processOptions.ts
    credentialsVersion: any,
    kmipProxyPort: any,
    plan: strArr,
    backupPitRestoreType: any,
    backupRestoreCertificateValidationHostname: any,
    backupRestoreCheckpointTimestamp: any,
    backupRestoreDesiredTime: any,
    backupRestoreFilterList: any,
    backupRestoreJobId: any,
    backupRestoreIsSuccessiveUpgrade: any,
    backupRestoreOplogBaseUrl: any,
    backupRestoreOplog: any,
    backupRestoreRsVersion: any,
    backupRestoreSourceGroupId: any,
    backupRestoreSourceRsId: any,
    backupRestoreSystemRolesUUID: any,
    backupRestoreSystemUsersUUID: any,
    backupRestoreVerificationKey: any,
  },
};

export const defaultRWConcernShape: Shape = {
  label: 'defaultRWConcern',
  fields: { defaultReadConcern: obj, defaultWriteConcern: obj },
};

export const readConcernShape: Shape = {
  label: 'defaultReadConcern',
  fields: { level: { kind: 'string', values: ReadConcernLevel } },
};

export const writeConcernShape: Shape = {
  label: 'defaultWriteConcern',
  fields: {
    j: bool,
    w: { kind: 'string-or-number' },
    wtimeout: {
      kind: 'number',
      advised: { min: 0, because: 'it is a time limit in milliseconds' },
      doc: 'milliseconds',
    },
  },
};

export const replicaSetShape: Shape = {
  label: 'a replica set',
  fields: {
    _id: { kind: 'string', required: true, doc: 'the replica set name' },
    protocolVersion: { kind: 'string-or-number' },
    members: arr,
    force: obj,
    settings: obj, // real
    writeConcernMajorityJournalDefault: any, // real
    numberArbiters: { kind: 'number' }, // real
  },
};

export const memberShape: Shape = {
  label: 'a replica-set member',
  fields: {
    _id: {
      kind: 'integer',
      required: true,
      range: {
        min: 0,
        source:
          'spec: replicaSets[n], members[m]._id "any positive integer"; 0 too, as real documents number members from 0 (domain.md §3)',
      },
      doc: 'the member identifier',
    },
    host: str,
    arbiterOnly: bool,
    buildIndexes: bool,
    hidden: bool,
    priority: { kind: 'number' },
    tags: { kind: 'string-map' },
    secondaryDelaySecs: { kind: 'integer', advised: { min: 0, because: 'it is a delay in seconds' } },
    slaveDelay: { kind: 'integer', advised: { min: 0, because: 'it is a delay in seconds' } }, // real
    votes: { kind: 'number' },
    horizons: { kind: 'string-map' }, // real
  },
};

export const forceShape: Shape = {
  label: 'force',
  fields: { currentVersion: { kind: 'integer' } },
};

export const shardedClusterShape: Shape = {
  label: 'a sharded cluster',
  fields: {
    name: { kind: 'string', required: true, doc: 'the cluster name, matching processes[].cluster' },
    configServerReplica: str,
    configServer: strArr,
    shards: arr,
    managedSharding: bool,
    collections: arr, // real
    tags: arr, // real
    draining: strArr, // real
  },
};

export const shardShape: Shape = {
  label: 'a shard',
  fields: {
    _id: { kind: 'string', required: true, doc: 'the shard name' },
    rs: { kind: 'string', required: true, doc: 'the replica set of the shard' },
    tags: strArr,
  },
};

export const balancerSettingsShape: Shape = {
  label: 'balancer settings',
  fields: { stopped: bool, activeWindow: obj },
};

export const activeWindowShape: Shape = {
  label: 'activeWindow',
  fields: {
    start: { kind: 'string', required: true, doc: 'the start time, "HH:MM"' },
    stop: { kind: 'string', required: true, doc: 'the end time, "HH:MM"' },
  },
};

export const indexConfigShape: Shape = {
  label: 'an index config',
  fields: {
    key: { kind: 'array', required: true, doc: 'the index keys, one [field, value] array per key' },
    rsName: { kind: 'string', required: true, doc: 'the replica set on which the index is built' },
    dbName: { kind: 'string', required: true, doc: 'the database' },
    collectionName: { kind: 'string', required: true, doc: 'the collection' },
    collation: obj,
    options: { kind: 'object', required: true, doc: 'the index options ({} for none)' },
  },
};

export const collationShape: Shape = {
  label: 'collation',
  fields: {
    locale: { kind: 'string', required: true, doc: 'the ICU locale ("simple" for binary comparison)' },
    caseLevel: bool,
    caseFirst: { kind: 'string', values: CollationCaseFirst },
    strength: {
      kind: 'integer',
      range: { min: 1, max: 5, source: 'domain.md §8 [DOC source/reference/collation.txt]' },
      doc: 'the comparison level',
    },
    numericOrdering: bool,
    alternate: { kind: 'string', values: CollationAlternate },
    maxVariable: { kind: 'string', values: CollationMaxVariable },
    normalization: bool,
    backwards: bool,
  },
};

export const clusterWideShape: Shape = {
  label: 'a cluster-wide configuration',
  fields: { changeStreamOptions: obj },
};

export const changeStreamOptionsShape: Shape = {
  label: 'changeStreamOptions',
  fields: { preAndPostImages: obj },
};

export const preAndPostImagesShape: Shape = {
  label: 'preAndPostImages',
  fields: {
    expireAfterSeconds: {
      kind: 'number',
      advised: { min: 0, because: 'it is a retention time in seconds' },
      doc: 'seconds',
    },
  },
};
