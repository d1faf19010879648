import { describe, expect, it } from 'vitest';
import { validateAutomationConfig } from '../../src/validation/validate.js';
import { codesAndPaths, describeRows, makeDoc, type Row } from './harness.js';

describe('validateAutomationConfig', () => {
  it('accepts the valid base document without a single diagnostic', () => {
    expect(validateAutomationConfig(makeDoc())).toEqual([]);
  });

  it.for([
    ['null', null],
    ['an array', []],
    ['a string', 'processes'],
    ['a number', 42],
    ['undefined', undefined],
  ] as const)('reports DBK100 and does not throw when the document is %s', ([, value]) => {
    expect(codesAndPaths(value)).toEqual(['DBK100 (document root)']);
  });

  it('reports every missing top-level requirement of an empty object [spec:doc-version] [spec:doc-options] [spec:doc-db-versions] [spec:doc-processes]', () => {
    expect(codesAndPaths({})).toEqual([
      'DBK101 (document root)',
      'DBK101 (document root)',
      'DBK101 (document root)',
      'DBK101 (document root)',
    ]);
    const messages = validateAutomationConfig({}).map((d) => d.message);
    for (const field of ['version', 'options', 'dbVersions', 'processes']) {
      expect(messages.some((m) => m.includes(`"${field}"`))).toBe(true);
    }
  });
});

/** An obsolete agent entry with every field the spec requires. */
const AGENT_ENTRY = {
  name: '7.2',
  hostname: 'backup.example.net',
  baseUrl: 'https://ops.example.net',
  urls: { linux: { default: 'https://downloads.example.com/backup-agent.tgz' } },
};

const topLevel: readonly Row[] = [
  [
    'version must be an integer [spec:doc-version] [spec:doc-version-revision]',
    [['set', ['version'], 1.5]],
    ['DBK102 version'],
  ],
  [
    'a section of the wrong type is reported once [spec:doc-options] [spec:doc-section-types]',
    [
      ['set', ['options'], null],
      ['set', ['kerberos'], 1],
      ['set', ['ldap'], 'x'],
    ],
    ['DBK102 options', 'DBK102 ldap', 'DBK102 kerberos'],
  ],
  [
    'version null (seen in a vendor fixture) is a type error [spec:doc-version]',
    [['set', ['version'], null]],
    ['DBK102 version'],
  ],
  [
    'options.downloadBase is required [spec:doc-options]',
    [['delete', ['options', 'downloadBase']]],
    ['DBK101 options'],
  ],
  [
    'a misspelt top-level key is a probable typo [spec:unknown-fields]',
    [['set', ['replicaSet'], []]],
    ['DBK108 replicaSet'],
  ],
  [
    'an unknown top-level key is information only [spec:unknown-fields]',
    [['set', ['somethingNew'], {}]],
    ['DBK107 somethingNew'],
  ],
  [
    'service-managed sections are known [spec:unknown-fields]',
    [
      ['set', ['cpsModules'], []],
      ['set', ['prometheus'], {}],
    ],
    [],
  ],
  [
    'a non-empty obsolete monitoringVersions is a warning, with urls needing "default" [spec:obsolete-agent-versions] [spec:agent-urls-default]',
    [
      [
        'set',
        ['monitoringVersions'],
        [
          {
            name: '7.2',
            hostname: 'mon.example.net',
            baseUrl: 'https://ops.example.net',
            urls: { linux: { rhel7: 'https://x/y' } },
          },
        ],
      ],
    ],
    ['DBK501 monitoringVersions', 'DBK306 monitoringVersions[0].urls.linux'],
  ],
  [
    'an empty backupVersions (as every real GET has) is fine [spec:obsolete-agent-versions]',
    [['set', ['backupVersions'], []]],
    [],
  ],
  [
    'dbVersions names must be unique [spec:db-version-name-unique]',
    [['push', ['dbVersions'], { name: '7.0.12', builds: [] }]],
    ['DBK106 dbVersions[2].name'],
  ],
  [
    'builds need their required fields [spec:build-required-fields]',
    [['delete', ['dbVersions', 0, 'builds', 0, 'gitVersion']]],
    ['DBK101 dbVersions[0].builds[0]'],
  ],
  [
    'obsolete agent entries as the service writes them (no urls, baseUrl null) get only the obsolete warning [spec:obsolete-agent-versions] [spec:agent-entry-fields]',
    [
      [
        'set',
        ['monitoringVersions'],
        [
          {
            name: '5.4.5.370',
            hostname: 'h.example.net',
            baseUrl: null,
            directoryUrl: null,
            logRotate: { sizeThresholdMB: 1000.0, timeThresholdHrs: 24 },
          },
        ],
      ],
    ],
    ['DBK501 monitoringVersions'],
  ],
  [
    'an architecture the spec does not list is a warning with a suggestion [spec:build-architecture]',
    [['set', ['dbVersions', 0, 'builds', 0, 'architecture'], 'AMD64']],
    ['DBK109 dbVersions[0].builds[0].architecture'],
  ],
  [
    'real architectures (aarch64, s390x) are known [spec:build-architecture]',
    [['set', ['dbVersions', 0, 'builds', 0, 'architecture'], 'aarch64']],
    [],
  ],
  [
    'a dbVersions entry needs name, and its processes then name no entry [spec:db-version-name]',
    [['delete', ['dbVersions', 1, 'name']]],
    ['DBK101 dbVersions[1]', 'DBK201 processes[5].version'],
  ],
  [
    'bits is an integer [spec:build-bits]',
    [['set', ['dbVersions', 0, 'builds', 0, 'bits'], '64']],
    ['DBK102 dbVersions[0].builds[0].bits'],
  ],
  [
    'Windows build fields of the wrong types [spec:build-windows-fields]',
    [
      ['set', ['dbVersions', 0, 'builds', 0, 'win2008plus'], 'yes'],
      ['set', ['dbVersions', 0, 'builds', 0, 'winVCRedistOptions'], '/q'],
      ['set', ['dbVersions', 0, 'builds', 0, 'winVCRedistUrl'], 1],
    ],
    [
      'DBK102 dbVersions[0].builds[0].win2008plus',
      'DBK102 dbVersions[0].builds[0].winVCRedistOptions',
      'DBK102 dbVersions[0].builds[0].winVCRedistUrl',
    ],
  ],
  [
    'Windows build fields of the right types [spec:build-windows-fields]',
    [
      ['set', ['dbVersions', 0, 'builds', 0, 'win2008plus'], true],
      ['set', ['dbVersions', 0, 'builds', 0, 'winVCRedistUrl'], 'https://downloads.example.com/vc_redist.x64.exe'],
      ['set', ['dbVersions', 0, 'builds', 0, 'winVCRedistOptions'], ['/quiet', '/norestart']],
      ['set', ['dbVersions', 0, 'builds', 0, 'winVCRedistDll'], 'vcruntime140.dll'],
      ['set', ['dbVersions', 0, 'builds', 0, 'winVCRedistVersion'], '14.0.24212'],
    ],
    [],
  ],
  [
    'agentVersion name and directoryUrl are strings [spec:agent-version-fields]',
    [
      ['set', ['agentVersion', 'name'], 13],
      ['set', ['agentVersion', 'directoryUrl'], ['https://downloads.example.com/agents/']],
    ],
    ['DBK102 agentVersion.name', 'DBK102 agentVersion.directoryUrl'],
  ],
  [
    'agentVersion may be omitted [spec:agent-version-fields] [spec:optional-fields]',
    [['delete', ['agentVersion']]],
    [],
  ],
  [
    'obsolete agent entry fields of the wrong types [spec:agent-entry-fields]',
    [['set', ['backupVersions'], [{ ...AGENT_ENTRY, hostname: 7, logPath: [] }]]],
    ['DBK501 backupVersions', 'DBK102 backupVersions[0].hostname', 'DBK102 backupVersions[0].logPath'],
  ],
  [
    "an obsolete agent entry's logRotate needs both thresholds [spec:agent-log-rotate]",
    [['set', ['backupVersions'], [{ ...AGENT_ENTRY, logRotate: { sizeThresholdMB: 10 } }]]],
    ['DBK501 backupVersions', 'DBK101 backupVersions[0].logRotate'],
  ],
  [
    'number fields take fractions [spec:number-fields]',
    [
      ['set', ['processes', 0, 'logRotate', 'sizeThresholdMB'], 0.5],
      ['set', ['processes', 0, 'logRotate', 'percentOfDiskspace'], 0.5],
      ['set', ['replicaSets', 1, 'members', 0, 'priority'], 2.5],
      ['set', ['processes', 2, 'defaultRWConcern', 'defaultWriteConcern', 'wtimeout'], 100.5],
      [
        'set',
        ['clusterWideConfigurations', 'shard0', 'changeStreamOptions', 'preAndPostImages', 'expireAfterSeconds'],
        1.5,
      ],
    ],
    [],
  ],
];

const processes: readonly Row[] = [
  [
    'process names are unique [spec:process-name-unique]',
    [['set', ['processes', 2, 'name'], 'shard0-0']],
    ['DBK106 processes[2].name', 'DBK202 replicaSets[1].members[1].host'],
  ],
  [
    'process version must name a dbVersions entry [spec:process-version-ref]',
    [['set', ['processes', 0, 'version'], '7.0.13']],
    ['DBK201 processes[0].version'],
  ],
  [
    'the vendor processType spelling is an error suggesting the neutral name [spec:process-type]',
    [['set', ['processes', 0, 'processType'], 'mongod']],
    ['DBK103 processes[0].processType'],
  ],
  [
    'a router needs cluster [spec:process-cluster] [spec:sharding-name]',
    [['delete', ['processes', 4, 'cluster']]],
    ['DBK101 processes[4]', 'DBK211 sharding[0].name'],
  ],
  [
    'a router cluster must name a sharded cluster [spec:process-cluster] [spec:sharding-declared]',
    [['set', ['processes', 4, 'cluster'], 'mian']],
    ['DBK203 processes[4].cluster', 'DBK211 sharding[0].name'],
  ],
  [
    'cluster on a data-bearing process is information [spec:process-cluster]',
    [['set', ['processes', 0, 'cluster'], 'main']],
    ['DBK215 processes[0].cluster'],
  ],
  [
    'authSchemaVersion outside 3 and 5 is a warning [spec:auth-schema-version-values]',
    [['set', ['processes', 5, 'authSchemaVersion'], 1]],
    ['DBK309 processes[5].authSchemaVersion'],
  ],
  [
    'authSchemaVersion must match across a sharded cluster [spec:auth-schema-version-match]',
    [['set', ['processes', 4, 'authSchemaVersion'], 3]],
    ['DBK210 processes[4].authSchemaVersion'],
  ],
  [
    'featureCompatibilityVersion is required from 3.4 on [spec:feature-compatibility-version]',
    [['delete', ['processes', 0, 'featureCompatibilityVersion']]],
    ['DBK307 processes[0]'],
  ],
  ['featureCompatibilityVersion is not required before 3.4 [spec:feature-compatibility-version]', [], []],
  [
    'a fragment without dbVersions gets one error, not one per process [spec:doc-db-versions] [spec:process-version-ref]',
    [['delete', ['dbVersions']]],
    ['DBK101 (document root)'],
  ],
  [
    'builds and modules may be omitted, as the service itself does [spec:builds-modules-optional]',
    [
      ['delete', ['dbVersions', 0, 'builds', 0, 'modules']],
      ['delete', ['dbVersions', 1, 'builds']],
    ],
    [],
  ],
  [
    'featureCompatibilityVersion has the major.minor form [spec:feature-compatibility-version]',
    [['set', ['processes', 0, 'featureCompatibilityVersion'], '7']],
    ['DBK105 processes[0].featureCompatibilityVersion'],
  ],
  [
    'featureCompatibilityVersion two releases behind is a warning [spec:feature-compatibility-version]',
    [['set', ['processes', 0, 'featureCompatibilityVersion'], '5.0']],
    ['DBK308 processes[0].featureCompatibilityVersion'],
  ],
  [
    'logRotate needs both thresholds [spec:process-log-rotate]',
    [['delete', ['processes', 0, 'logRotate', 'timeThresholdHrs']]],
    ['DBK101 processes[0].logRotate'],
  ],
  [
    'a logRotate threshold of 0 is advice, not an error: the spec states no minimum [spec:process-log-rotate]',
    [['set', ['processes', 0, 'logRotate', 'sizeThresholdMB'], 0]],
    ['DBK314 processes[0].logRotate.sizeThresholdMB'],
  ],
  [
    'a negative logRotate.numTotal is advice, not an error [spec:log-rotate-counts]',
    [['set', ['processes', 0, 'logRotate', 'numTotal'], -1]],
    ['DBK314 processes[0].logRotate.numTotal'],
  ],
  [
    'logRotate.numUncompressed 0 is advice, not an error: the spec states no minimum [spec:log-rotate-counts]',
    [['set', ['processes', 0, 'logRotate', 'numUncompressed'], 0]],
    ['DBK314 processes[0].logRotate.numUncompressed'],
  ],
  [
    'w greater than 1 without wtimeout is a warning [spec:write-concern-wtimeout]',
    [['delete', ['processes', 2, 'defaultRWConcern', 'defaultWriteConcern', 'wtimeout']]],
    ['DBK303 processes[2].defaultRWConcern.defaultWriteConcern'],
  ],
  [
    'w as a numeric string greater than 1 also needs wtimeout [spec:write-concern-w] [spec:write-concern-wtimeout]',
    [['set', ['processes', 1, 'defaultRWConcern', 'defaultWriteConcern', 'w'], '3']],
    ['DBK303 processes[1].defaultRWConcern.defaultWriteConcern'],
  ],
  [
    'w 1 needs no wtimeout [spec:write-concern-w] [spec:write-concern-wtimeout]',
    [['set', ['processes', 1, 'defaultRWConcern', 'defaultWriteConcern', 'w'], 1]],
    [],
  ],
  [
    'read concern level is a closed set [spec:read-concern-level]',
    [['set', ['processes', 1, 'defaultRWConcern', 'defaultReadConcern', 'level'], 'linearizable!']],
    ['DBK103 processes[1].defaultRWConcern.defaultReadConcern.level'],
  ],
  [
    'lastResync is a dangerous setting [spec:last-resync]',
    [['set', ['processes', 0, 'lastResync'], '2026-11-22T10:00:00Z']],
    ['DBK505 processes[0].lastResync'],
  ],
  [
    'a lastCompact without time zone is ambiguous: a warning [spec:last-compact-time-zone]',
    [['set', ['processes', 0, 'lastCompact'], '2026-11-22T14:00:00']],
    ['DBK312 processes[0].lastCompact'],
  ],
  [
    'an empty featureCompatibilityVersion (as operators write for 3.2) counts as absent [spec:feature-compatibility-version]',
    [['set', ['processes', 5, 'featureCompatibilityVersion'], '']],
    [],
  ],
  [
    'a replSetName no replica set declares [spec:replica-sets-declared]',
    [['set', ['processes', 5, 'args2_6', 'replication', 'replSetName'], 'legacy2']],
    ['DBK216 processes[5].args2_6.replication.replSetName', 'DBK214 replicaSets[2].members[0].host'],
  ],
  [
    'last* times are ISO 8601 [spec:process-last-times]',
    [['set', ['processes', 4, 'lastRestart'], 'yesterday']],
    ['DBK105 processes[4].lastRestart'],
  ],
  [
    'domain-socket options in args2_6 are not supported [spec:domain-socket]',
    [['set', ['processes', 0, 'args2_6', 'net', 'unixDomainSocket'], { enabled: true }]],
    ['DBK506 processes[0].args2_6.net.unixDomainSocket'],
  ],
  ['args2_6 is required [spec:args26-required]', [['delete', ['processes', 5, 'args2_6']]], ['DBK101 processes[5]']],
  ...(['hostname', 'version', 'processType', 'authSchemaVersion'] as const).map(
    (field): Row => [
      `a process requires ${field} [spec:process-required-fields]`,
      [['delete', ['processes', 5, field]]],
      ['DBK101 processes[5]'],
    ],
  ),
  [
    'a process requires name (and its replica set then names no process) [spec:process-required-fields]',
    [['delete', ['processes', 5, 'name']]],
    ['DBK101 processes[5]', 'DBK202 replicaSets[2].members[0].host'],
  ],
  [
    'optional process fields of the wrong types [spec:process-optional-types]',
    [
      ['set', ['processes', 5, 'alias'], 5],
      ['set', ['processes', 5, 'backupRestoreUrl'], 5],
      ['set', ['processes', 5, 'disabled'], 'yes'],
      ['set', ['processes', 5, 'manualMode'], 1],
      ['set', ['processes', 1, 'defaultRWConcern', 'defaultWriteConcern', 'j'], 'true'],
    ],
    [
      'DBK102 processes[1].defaultRWConcern.defaultWriteConcern.j',
      'DBK102 processes[5].alias',
      'DBK102 processes[5].backupRestoreUrl',
      'DBK102 processes[5].disabled',
      'DBK102 processes[5].manualMode',
    ],
  ],
  [
    'logRotate.percentOfDiskspace above 100 is advice, not an error: the spec states no range [spec:log-rotate-counts]',
    [['set', ['processes', 0, 'logRotate', 'percentOfDiskspace'], 150]],
    ['DBK314 processes[0].logRotate.percentOfDiskspace'],
  ],
  [
    'logRotate.maxUncompressed, the earlier name of numUncompressed, is known and deprecated [spec:log-rotate-max-uncompressed]',
    [['set', ['processes', 0, 'logRotate', 'maxUncompressed'], 3]],
    ['DBK507 processes[0].logRotate.maxUncompressed'],
  ],
  [
    'a top-level port (instead of args2_6.net.port) is not a process field [spec:unknown-fields]',
    [['set', ['processes', 5, 'port'], 27017]],
    ['DBK107 processes[5].port'],
  ],
  ['null in an optional field counts as absent [spec:optional-fields]', [['set', ['processes', 5, 'alias'], null]], []],
];

const replicaSets: readonly Row[] = [
  [
    'member host must name a process [spec:member-host]',
    [['set', ['replicaSets', 0, 'members', 0, 'host'], 'cfg-1']],
    ['DBK202 replicaSets[0].members[0].host'],
  ],
  ['member host may be a process alias [spec:member-host] [spec:process-alias]', [], []],
  ['member _id 0 is accepted (real documents number from 0) [spec:member-id]', [], []],
  [
    'member _id must be unique in the set [spec:member-id]',
    [['set', ['replicaSets', 1, 'members', 1, '_id'], 0]],
    ['DBK310 replicaSets[1].members[1]._id'],
  ],
  [
    'member _id cannot be negative [spec:member-id]',
    [['set', ['replicaSets', 1, 'members', 1, '_id'], -1]],
    ['DBK104 replicaSets[1].members[1]._id'],
  ],
  [
    'priority above 1000 [spec:member-priority]',
    [['set', ['replicaSets', 1, 'members', 0, 'priority'], 1500]],
    ['DBK301 replicaSets[1].members[0].priority'],
  ],
  [
    'priority 1000 is the inclusive maximum [spec:member-priority]',
    [['set', ['replicaSets', 1, 'members', 0, 'priority'], 1000]],
    [],
  ],
  [
    'negative priority [spec:member-priority]',
    [['set', ['replicaSets', 1, 'members', 0, 'priority'], -1]],
    ['DBK301 replicaSets[1].members[0].priority'],
  ],
  [
    'an arbiter with priority 1 is accepted (seen in real dumps) [spec:member-priority]',
    [['set', ['replicaSets', 1, 'members', 2, 'priority'], 1]],
    [],
  ],
  [
    'an arbiter with priority 2 [spec:member-priority]',
    [['set', ['replicaSets', 1, 'members', 2, 'priority'], 2]],
    ['DBK301 replicaSets[1].members[2].priority'],
  ],
  [
    'votes 2 [spec:member-votes]',
    [['set', ['replicaSets', 1, 'members', 0, 'votes'], 2]],
    ['DBK302 replicaSets[1].members[0].votes'],
  ],
  [
    'votes 0.5 [spec:member-votes]',
    [['set', ['replicaSets', 1, 'members', 0, 'votes'], 0.5]],
    ['DBK302 replicaSets[1].members[0].votes'],
  ],
  [
    'an arbiter with votes 0 [spec:member-votes]',
    [['set', ['replicaSets', 1, 'members', 2, 'votes'], 0]],
    ['DBK302 replicaSets[1].members[2].votes'],
  ],
  [
    'replica set ids are unique [spec:replica-set-id-unique]',
    [['push', ['replicaSets'], { _id: 'legacy', members: [] }]],
    ['DBK106 replicaSets[3]._id'],
  ],
  [
    'force.currentVersion -1 is dangerous [spec:force-current-version]',
    [['set', ['replicaSets', 2, 'force'], { currentVersion: -1 }]],
    ['DBK504 replicaSets[2].force.currentVersion'],
  ],
  [
    'a shard router as a member',
    [['set', ['replicaSets', 2, 'members', 0, 'host'], 'router-0']],
    ['DBK212 replicaSets[2].members[0].host'],
  ],
  [
    'one process in two replica sets',
    [['push', ['replicaSets', 2, 'members'], { _id: 4, host: 'shard0-1' }]],
    ['DBK213 replicaSets[2].members[1].host', 'DBK214 replicaSets[2].members[1].host'],
  ],
  [
    'slaveDelay and secondaryDelaySecs together [spec:member-secondary-delay]',
    [['set', ['replicaSets', 1, 'members', 1, 'slaveDelay'], 3600]],
    ['DBK311 replicaSets[1].members[1].slaveDelay'],
  ],
  [
    'member tags hold strings [spec:member-fields]',
    [['set', ['replicaSets', 1, 'members', 0, 'tags'], { dc: 1 }]],
    ['DBK102 replicaSets[1].members[0].tags'],
  ],
  [
    'a null slaveDelay next to secondaryDelaySecs is fine [spec:member-secondary-delay]',
    [['set', ['replicaSets', 1, 'members', 1, 'slaveDelay'], null]],
    [],
  ],
  [
    'protocolVersion as a number is accepted [spec:protocol-version]',
    [['set', ['replicaSets', 0, 'protocolVersion'], 1]],
    [],
  ],
  [
    'a replica set needs _id [spec:replica-set-id]',
    [['delete', ['replicaSets', 2, '_id']]],
    ['DBK216 processes[5].args2_6.replication.replSetName', 'DBK101 replicaSets[2]'],
  ],
  [
    'a member needs _id [spec:member-id]',
    [['delete', ['replicaSets', 2, 'members', 0, '_id']]],
    ['DBK101 replicaSets[2].members[0]'],
  ],
  [
    'member flags of the wrong types [spec:member-fields]',
    [
      ['set', ['replicaSets', 1, 'members', 1, 'hidden'], 'yes'],
      ['set', ['replicaSets', 1, 'members', 1, 'secondaryDelaySecs'], 1.5],
      ['set', ['replicaSets', 1, 'members', 1, 'buildIndexes'], 0],
      ['set', ['replicaSets', 1, 'members', 2, 'arbiterOnly'], 'true'],
    ],
    [
      'DBK102 replicaSets[1].members[1].hidden',
      'DBK102 replicaSets[1].members[1].secondaryDelaySecs',
      'DBK102 replicaSets[1].members[1].buildIndexes',
      'DBK102 replicaSets[1].members[2].arbiterOnly',
    ],
  ],
  [
    'force.currentVersion is an integer [spec:force-current-version]',
    [['set', ['replicaSets', 2, 'force'], { currentVersion: 1.5 }]],
    ['DBK102 replicaSets[2].force.currentVersion'],
  ],
];

const sharding: readonly Row[] = [
  [
    'shards[].rs must name a replica set [spec:shard-rs-ref]',
    [['set', ['sharding', 0, 'shards', 0, 'rs'], 'shard1']],
    ['DBK204 sharding[0].shards[0].rs'],
  ],
  [
    'configServerReplica must name a replica set [spec:sharding-config-rs]',
    [['set', ['sharding', 0, 'configServerReplica'], 'cfgRS']],
    ['DBK205 sharding[0].configServerReplica'],
  ],
  [
    'legacy configServer naming a 7.0 process is unsupported, and must name processes [spec:sharding-config-servers-legacy]',
    [['set', ['sharding', 0, 'configServer'], ['cfg-0', 'cfg-9']]],
    ['DBK207 sharding[0].configServer[1]', 'DBK508 sharding[0].configServer'],
  ],
  [
    'legacy configServer on a 3.2 process is deprecated: a warning [spec:sharding-config-servers-legacy]',
    [['set', ['sharding', 0, 'configServer'], ['legacy-0']]],
    ['DBK502 sharding[0].configServer'],
  ],
  [
    'shard ids are unique within a cluster (and the added shard brings its authSchemaVersion 3 into the cluster) [spec:shard-id-unique] [spec:auth-schema-version-match]',
    [['push', ['sharding', 0, 'shards'], { _id: 'shard0', rs: 'legacy' }]],
    ['DBK106 sharding[0].shards[1]._id', 'DBK210 processes[5].authSchemaVersion'],
  ],
  [
    'balancer keys must name clusters [spec:balancer-keys]',
    [['set', ['balancer', 'other'], { stopped: true }]],
    ['DBK208 balancer.other'],
  ],
  [
    'balancer activeWindow times are HH:MM [spec:balancer-settings]',
    [['set', ['balancer', 'main', 'activeWindow', 'stop'], '25:00']],
    ['DBK105 balancer.main.activeWindow.stop'],
  ],
  [
    'clusterWideConfigurations keys should name a replica set or cluster [spec:cluster-wide-keys]',
    [['set', ['clusterWideConfigurations', 'nowhere'], {}]],
    ['DBK209 clusterWideConfigurations.nowhere'],
  ],
  [
    'expireAfterSeconds is a number [spec:cluster-wide-expire]',
    [
      [
        'set',
        ['clusterWideConfigurations', 'shard0', 'changeStreamOptions', 'preAndPostImages', 'expireAfterSeconds'],
        '1h',
      ],
    ],
    ['DBK102 clusterWideConfigurations.shard0.changeStreamOptions.preAndPostImages.expireAfterSeconds'],
  ],
  [
    'indexConfigs rsName must name a replica set [spec:index-rs-name]',
    [['set', ['indexConfigs', 1, 'rsName'], 'shard9']],
    ['DBK206 indexConfigs[1].rsName'],
  ],
  [
    'expireAfterSeconds may be omitted [spec:cluster-wide-expire]',
    [
      [
        'delete',
        ['clusterWideConfigurations', 'shard0', 'changeStreamOptions', 'preAndPostImages', 'expireAfterSeconds'],
      ],
    ],
    [],
  ],
  [
    'managedSharding is a boolean [spec:managed-sharding]',
    [['set', ['sharding', 0, 'managedSharding'], 'yes']],
    ['DBK102 sharding[0].managedSharding'],
  ],
  [
    'a sharded cluster needs name (and its router and balancer then name no cluster) [spec:sharding-name]',
    [['delete', ['sharding', 0, 'name']]],
    ['DBK203 processes[4].cluster', 'DBK101 sharding[0]', 'DBK208 balancer.main'],
  ],
  [
    'a shard needs _id [spec:shard-fields]',
    [['delete', ['sharding', 0, 'shards', 0, '_id']]],
    ['DBK101 sharding[0].shards[0]'],
  ],
  [
    'a shard needs rs [spec:shard-fields]',
    [['delete', ['sharding', 0, 'shards', 0, 'rs']]],
    ['DBK101 sharding[0].shards[0]'],
  ],
  [
    'shard tags are a list of zones [spec:shard-tags]',
    [['set', ['sharding', 0, 'shards', 0, 'tags'], 'east']],
    ['DBK102 sharding[0].shards[0].tags'],
  ],
  [
    'balancer stopped is a boolean [spec:balancer-settings]',
    [['set', ['balancer', 'main', 'stopped'], 'yes']],
    ['DBK102 balancer.main.stopped'],
  ],
];

const indexes: readonly Row[] = [
  [
    'collation needs locale [spec:collation-locale]',
    [['delete', ['indexConfigs', 0, 'collation', 'locale']]],
    ['DBK101 indexConfigs[0].collation'],
  ],
  [
    'caseLevel applies only at strength 1 or 2 [spec:collation-case-level]',
    [['set', ['indexConfigs', 0, 'collation', 'strength'], 3]],
    ['DBK304 indexConfigs[0].collation.caseLevel'],
  ],
  [
    'caseLevel with the default strength (3) [spec:collation-case-level]',
    [['delete', ['indexConfigs', 0, 'collation', 'strength']]],
    ['DBK304 indexConfigs[0].collation.caseLevel'],
  ],
  [
    'maxVariable applies only with alternate shifted [spec:collation-max-variable]',
    [['set', ['indexConfigs', 0, 'collation', 'alternate'], 'non-ignorable']],
    ['DBK305 indexConfigs[0].collation.maxVariable'],
  ],
  [
    'strength is 1 to 5 (and caseLevel is then ineffective too) [spec:collation-values]',
    [['set', ['indexConfigs', 0, 'collation', 'strength'], 6]],
    ['DBK104 indexConfigs[0].collation.strength', 'DBK304 indexConfigs[0].collation.caseLevel'],
  ],
  [
    'caseFirst is a closed set [spec:collation-values]',
    [['set', ['indexConfigs', 0, 'collation', 'caseFirst'], 'Upper']],
    ['DBK103 indexConfigs[0].collation.caseFirst'],
  ],
  [
    'index keys are [field, type] pairs [spec:index-key]',
    [['set', ['indexConfigs', 1, 'key'], [['location']]]],
    ['DBK102 indexConfigs[1].key[0]'],
  ],
  [
    'options is required [spec:index-required-fields]',
    [['delete', ['indexConfigs', 1, 'options']]],
    ['DBK101 indexConfigs[1]'],
  ],
  [
    'locale "simple" with other collation fields [spec:collation-simple]',
    [['set', ['indexConfigs', 1, 'collation'], { locale: 'simple', strength: 2 }]],
    ['DBK313 indexConfigs[1].collation.locale'],
  ],
  [
    'locale "simple" alone [spec:collation-simple]',
    [['set', ['indexConfigs', 1, 'collation'], { locale: 'simple' }]],
    [],
  ],
  [
    'key, rsName, dbName and collectionName are required [spec:index-required-fields]',
    [
      ['delete', ['indexConfigs', 1, 'key']],
      ['delete', ['indexConfigs', 1, 'rsName']],
      ['delete', ['indexConfigs', 1, 'dbName']],
      ['delete', ['indexConfigs', 1, 'collectionName']],
    ],
    ['DBK101 indexConfigs[1]', 'DBK101 indexConfigs[1]', 'DBK101 indexConfigs[1]', 'DBK101 indexConfigs[1]'],
  ],
  [
    'numericOrdering, normalization and backwards are booleans [spec:collation-booleans]',
    [
      ['set', ['indexConfigs', 0, 'collation', 'numericOrdering'], 'no'],
      ['set', ['indexConfigs', 0, 'collation', 'normalization'], 'x'],
      ['set', ['indexConfigs', 0, 'collation', 'backwards'], 1],
    ],
    [
      'DBK102 indexConfigs[0].collation.numericOrdering',
      'DBK102 indexConfigs[0].collation.normalization',
      'DBK102 indexConfigs[0].collation.backwards',
    ],
  ],
];

describeRows([
  ['top level, options, versions', topLevel],
  ['processes', processes],
  ['replica sets', replicaSets],
  ['sharding, balancer, cluster-wide configurations', sharding],
  ['index configs and collation', indexes],
]);
