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

  it('reports every missing top-level requirement of an empty object', () => {
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

const topLevel: readonly Row[] = [
  ['version must be an integer', [['set', ['version'], 1.5]], ['DBK102 version']],
  [
    'a section of the wrong type is reported once',
    [
      ['set', ['options'], null],
      ['set', ['kerberos'], 1],
      ['set', ['ldap'], 'x'],
    ],
    ['DBK102 options', 'DBK102 ldap', 'DBK102 kerberos'],
  ],
  ['version null (seen in a vendor fixture) is a type error', [['set', ['version'], null]], ['DBK102 version']],
  ['options.downloadBase is required', [['delete', ['options', 'downloadBase']]], ['DBK101 options']],
  ['a misspelt top-level key is a probable typo', [['set', ['replicaSet'], []]], ['DBK108 replicaSet']],
  ['an unknown top-level key is information only', [['set', ['somethingNew'], {}]], ['DBK107 somethingNew']],
  [
    'service-managed sections are known',
    [
      ['set', ['cpsModules'], []],
      ['set', ['prometheus'], {}],
    ],
    [],
  ],
  [
    'a non-empty obsolete monitoringVersions is a warning, with urls needing "default"',
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
  ['an empty backupVersions (as every real GET has) is fine', [['set', ['backupVersions'], []]], []],
  [
    'dbVersions names must be unique',
    [['push', ['dbVersions'], { name: '7.0.12', builds: [] }]],
    ['DBK106 dbVersions[2].name'],
  ],
  [
    'builds need their required fields',
    [['delete', ['dbVersions', 0, 'builds', 0, 'gitVersion']]],
    ['DBK101 dbVersions[0].builds[0]'],
  ],
  [
    'obsolete agent entries as the service writes them (no urls, baseUrl null) get only the obsolete warning',
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
    'an architecture the spec does not list is a warning with a suggestion',
    [['set', ['dbVersions', 0, 'builds', 0, 'architecture'], 'AMD64']],
    ['DBK109 dbVersions[0].builds[0].architecture'],
  ],
  [
    'real architectures (aarch64, s390x) are known',
    [['set', ['dbVersions', 0, 'builds', 0, 'architecture'], 'aarch64']],
    [],
  ],
];

const processes: readonly Row[] = [
  [
    'process names are unique',
    [['set', ['processes', 2, 'name'], 'shard0-0']],
    ['DBK106 processes[2].name', 'DBK202 replicaSets[1].members[1].host'],
  ],
  [
    'process version must name a dbVersions entry',
    [['set', ['processes', 0, 'version'], '7.0.13']],
    ['DBK201 processes[0].version'],
  ],
  [
    'the vendor processType spelling is an error suggesting the neutral name',
    [['set', ['processes', 0, 'processType'], 'mongod']],
    ['DBK103 processes[0].processType'],
  ],
  [
    'a router needs cluster',
    [['delete', ['processes', 4, 'cluster']]],
    ['DBK101 processes[4]', 'DBK211 sharding[0].name'],
  ],
  [
    'a router cluster must name a sharded cluster',
    [['set', ['processes', 4, 'cluster'], 'mian']],
    ['DBK203 processes[4].cluster', 'DBK211 sharding[0].name'],
  ],
  [
    'cluster on a data-bearing process is information',
    [['set', ['processes', 0, 'cluster'], 'main']],
    ['DBK215 processes[0].cluster'],
  ],
  [
    'authSchemaVersion outside 3 and 5 is a warning',
    [['set', ['processes', 5, 'authSchemaVersion'], 1]],
    ['DBK309 processes[5].authSchemaVersion'],
  ],
  [
    'authSchemaVersion must match across a sharded cluster',
    [['set', ['processes', 4, 'authSchemaVersion'], 3]],
    ['DBK210 processes[4].authSchemaVersion'],
  ],
  [
    'featureCompatibilityVersion is required from 3.4 on',
    [['delete', ['processes', 0, 'featureCompatibilityVersion']]],
    ['DBK307 processes[0]'],
  ],
  ['featureCompatibilityVersion is not required before 3.4', [], []],
  [
    'a fragment without dbVersions gets one error, not one per process',
    [['delete', ['dbVersions']]],
    ['DBK101 (document root)'],
  ],
  [
    'builds and modules may be omitted, as the service itself does',
    [
      ['delete', ['dbVersions', 0, 'builds', 0, 'modules']],
      ['delete', ['dbVersions', 1, 'builds']],
    ],
    [],
  ],
  [
    'featureCompatibilityVersion has the major.minor form',
    [['set', ['processes', 0, 'featureCompatibilityVersion'], '7']],
    ['DBK105 processes[0].featureCompatibilityVersion'],
  ],
  [
    'featureCompatibilityVersion two releases behind is a warning',
    [['set', ['processes', 0, 'featureCompatibilityVersion'], '5.0']],
    ['DBK308 processes[0].featureCompatibilityVersion'],
  ],
  [
    'logRotate needs both thresholds',
    [['delete', ['processes', 0, 'logRotate', 'timeThresholdHrs']]],
    ['DBK101 processes[0].logRotate'],
  ],
  [
    'logRotate thresholds must be positive',
    [['set', ['processes', 0, 'logRotate', 'sizeThresholdMB'], 0]],
    ['DBK104 processes[0].logRotate.sizeThresholdMB'],
  ],
  [
    'logRotate.numTotal is a non-negative integer',
    [['set', ['processes', 0, 'logRotate', 'numTotal'], -1]],
    ['DBK104 processes[0].logRotate.numTotal'],
  ],
  [
    'w greater than 1 without wtimeout is a warning',
    [['delete', ['processes', 2, 'defaultRWConcern', 'defaultWriteConcern', 'wtimeout']]],
    ['DBK303 processes[2].defaultRWConcern.defaultWriteConcern'],
  ],
  [
    'w as a numeric string greater than 1 also needs wtimeout',
    [['set', ['processes', 1, 'defaultRWConcern', 'defaultWriteConcern', 'w'], '3']],
    ['DBK303 processes[1].defaultRWConcern.defaultWriteConcern'],
  ],
  ['w 1 needs no wtimeout', [['set', ['processes', 1, 'defaultRWConcern', 'defaultWriteConcern', 'w'], 1]], []],
  [
    'read concern level is a closed set',
    [['set', ['processes', 1, 'defaultRWConcern', 'defaultReadConcern', 'level'], 'linearizable!']],
    ['DBK103 processes[1].defaultRWConcern.defaultReadConcern.level'],
  ],
  [
    'lastResync is a dangerous setting',
    [['set', ['processes', 0, 'lastResync'], '2026-11-22T10:00:00Z']],
    ['DBK505 processes[0].lastResync'],
  ],
  [
    'a lastCompact without time zone is ambiguous: a warning',
    [['set', ['processes', 0, 'lastCompact'], '2026-11-22T14:00:00']],
    ['DBK312 processes[0].lastCompact'],
  ],
  [
    'an empty featureCompatibilityVersion (as operators write for 3.2) counts as absent',
    [['set', ['processes', 5, 'featureCompatibilityVersion'], '']],
    [],
  ],
  [
    'a replSetName no replica set declares',
    [['set', ['processes', 5, 'args2_6', 'replication', 'replSetName'], 'legacy2']],
    ['DBK216 processes[5].args2_6.replication.replSetName', 'DBK214 replicaSets[2].members[0].host'],
  ],
  [
    'last* times are ISO 8601',
    [['set', ['processes', 4, 'lastRestart'], 'yesterday']],
    ['DBK105 processes[4].lastRestart'],
  ],
  [
    'domain-socket options in args2_6 are not supported',
    [['set', ['processes', 0, 'args2_6', 'net', 'unixDomainSocket'], { enabled: true }]],
    ['DBK506 processes[0].args2_6.net.unixDomainSocket'],
  ],
  ['args2_6 is required', [['delete', ['processes', 5, 'args2_6']]], ['DBK101 processes[5]']],
  [
    'a top-level port (instead of args2_6.net.port) is not a process field',
    [['set', ['processes', 5, 'port'], 27017]],
    ['DBK107 processes[5].port'],
  ],
  ['null in an optional field counts as absent', [['set', ['processes', 5, 'alias'], null]], []],
];

const replicaSets: readonly Row[] = [
  [
    'member host must name a process',
    [['set', ['replicaSets', 0, 'members', 0, 'host'], 'cfg-1']],
    ['DBK202 replicaSets[0].members[0].host'],
  ],
  ['member host may be a process alias', [], []],
  ['member _id 0 is accepted (real documents number from 0)', [], []],
  [
    'member _id must be unique in the set',
    [['set', ['replicaSets', 1, 'members', 1, '_id'], 0]],
    ['DBK310 replicaSets[1].members[1]._id'],
  ],
  [
    'member _id cannot be negative',
    [['set', ['replicaSets', 1, 'members', 1, '_id'], -1]],
    ['DBK104 replicaSets[1].members[1]._id'],
  ],
  [
    'priority above 1000',
    [['set', ['replicaSets', 1, 'members', 0, 'priority'], 1500]],
    ['DBK301 replicaSets[1].members[0].priority'],
  ],
  ['priority 1000 is the inclusive maximum', [['set', ['replicaSets', 1, 'members', 0, 'priority'], 1000]], []],
  [
    'negative priority',
    [['set', ['replicaSets', 1, 'members', 0, 'priority'], -1]],
    ['DBK301 replicaSets[1].members[0].priority'],
  ],
  [
    'an arbiter with priority 1 is accepted (seen in real dumps)',
    [['set', ['replicaSets', 1, 'members', 2, 'priority'], 1]],
    [],
  ],
  [
    'an arbiter with priority 2',
    [['set', ['replicaSets', 1, 'members', 2, 'priority'], 2]],
    ['DBK301 replicaSets[1].members[2].priority'],
  ],
  ['votes 2', [['set', ['replicaSets', 1, 'members', 0, 'votes'], 2]], ['DBK302 replicaSets[1].members[0].votes']],
  [
    'an arbiter with votes 0',
    [['set', ['replicaSets', 1, 'members', 2, 'votes'], 0]],
    ['DBK302 replicaSets[1].members[2].votes'],
  ],
  [
    'replica set ids are unique',
    [['push', ['replicaSets'], { _id: 'legacy', members: [] }]],
    ['DBK106 replicaSets[3]._id'],
  ],
  [
    'force.currentVersion -1 is dangerous',
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
    'slaveDelay and secondaryDelaySecs together',
    [['set', ['replicaSets', 1, 'members', 1, 'slaveDelay'], 3600]],
    ['DBK311 replicaSets[1].members[1].slaveDelay'],
  ],
  [
    'member tags hold strings',
    [['set', ['replicaSets', 1, 'members', 0, 'tags'], { dc: 1 }]],
    ['DBK102 replicaSets[1].members[0].tags'],
  ],
  [
    'a null slaveDelay next to secondaryDelaySecs is fine',
    [['set', ['replicaSets', 1, 'members', 1, 'slaveDelay'], null]],
    [],
  ],
  ['protocolVersion as a number is accepted', [['set', ['replicaSets', 0, 'protocolVersion'], 1]], []],
];

const sharding: readonly Row[] = [
  [
    'shards[].rs must name a replica set',
    [['set', ['sharding', 0, 'shards', 0, 'rs'], 'shard1']],
    ['DBK204 sharding[0].shards[0].rs'],
  ],
  [
    'configServerReplica must name a replica set',
    [['set', ['sharding', 0, 'configServerReplica'], 'cfgRS']],
    ['DBK205 sharding[0].configServerReplica'],
  ],
  [
    'legacy configServer naming a 7.0 process is unsupported, and must name processes',
    [['set', ['sharding', 0, 'configServer'], ['cfg-0', 'cfg-9']]],
    ['DBK207 sharding[0].configServer[1]', 'DBK508 sharding[0].configServer'],
  ],
  [
    'legacy configServer on a 3.2 process is deprecated: a warning',
    [['set', ['sharding', 0, 'configServer'], ['legacy-0']]],
    ['DBK502 sharding[0].configServer'],
  ],
  [
    'shard ids are unique within a cluster (and the added shard brings its authSchemaVersion 3 into the cluster)',
    [['push', ['sharding', 0, 'shards'], { _id: 'shard0', rs: 'legacy' }]],
    ['DBK106 sharding[0].shards[1]._id', 'DBK210 processes[5].authSchemaVersion'],
  ],
  ['balancer keys must name clusters', [['set', ['balancer', 'other'], { stopped: true }]], ['DBK208 balancer.other']],
  [
    'balancer activeWindow times are HH:MM',
    [['set', ['balancer', 'main', 'activeWindow', 'stop'], '25:00']],
    ['DBK105 balancer.main.activeWindow.stop'],
  ],
  [
    'clusterWideConfigurations keys should name a replica set or cluster',
    [['set', ['clusterWideConfigurations', 'nowhere'], {}]],
    ['DBK209 clusterWideConfigurations.nowhere'],
  ],
  [
    'expireAfterSeconds is a number',
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
    'indexConfigs rsName must name a replica set',
    [['set', ['indexConfigs', 1, 'rsName'], 'shard9']],
    ['DBK206 indexConfigs[1].rsName'],
  ],
];

const indexes: readonly Row[] = [
  [
    'collation needs locale',
    [['delete', ['indexConfigs', 0, 'collation', 'locale']]],
    ['DBK101 indexConfigs[0].collation'],
  ],
  [
    'caseLevel applies only at strength 1 or 2',
    [['set', ['indexConfigs', 0, 'collation', 'strength'], 3]],
    ['DBK304 indexConfigs[0].collation.caseLevel'],
  ],
  [
    'caseLevel with the default strength (3)',
    [['delete', ['indexConfigs', 0, 'collation', 'strength']]],
    ['DBK304 indexConfigs[0].collation.caseLevel'],
  ],
  [
    'maxVariable applies only with alternate shifted',
    [['set', ['indexConfigs', 0, 'collation', 'alternate'], 'non-ignorable']],
    ['DBK305 indexConfigs[0].collation.maxVariable'],
  ],
  [
    'strength is 1 to 5 (and caseLevel is then ineffective too)',
    [['set', ['indexConfigs', 0, 'collation', 'strength'], 6]],
    ['DBK104 indexConfigs[0].collation.strength', 'DBK304 indexConfigs[0].collation.caseLevel'],
  ],
  [
    'caseFirst is a closed set',
    [['set', ['indexConfigs', 0, 'collation', 'caseFirst'], 'Upper']],
    ['DBK103 indexConfigs[0].collation.caseFirst'],
  ],
  [
    'index keys are [field, type] pairs',
    [['set', ['indexConfigs', 1, 'key'], [['location']]]],
    ['DBK102 indexConfigs[1].key[0]'],
  ],
  ['options is required', [['delete', ['indexConfigs', 1, 'options']]], ['DBK101 indexConfigs[1]']],
  [
    'locale "simple" with other collation fields',
    [['set', ['indexConfigs', 1, 'collation'], { locale: 'simple', strength: 2 }]],
    ['DBK313 indexConfigs[1].collation.locale'],
  ],
  ['locale "simple" alone', [['set', ['indexConfigs', 1, 'collation'], { locale: 'simple' }]], []],
];

describeRows([
  ['top level, options, versions', topLevel],
  ['processes', processes],
  ['replica sets', replicaSets],
  ['sharding, balancer, cluster-wide configurations', sharding],
  ['index configs and collation', indexes],
]);
