import { join } from 'node:path';
import { formatJsonPath, validateAutomationConfig } from '@dbkit/core';
import { describe, expect, it } from 'vitest';
import { type ApiSchemaName, apiSchemas, automationConfigSchema } from '../src/index.js';
import {
  API_EXAMPLES,
  apiExamplesDir,
  automationExamplesDir,
  compile,
  type Edit,
  edited,
  errorLines,
  jsonFilesIn,
  readJson,
} from './helpers.js';

const validateConfig = compile(automationConfigSchema);
const example = (name: string): unknown => readJson(join(automationExamplesDir, `${name}.automation.json`));
const apiExample = (file: string): unknown => readJson(join(apiExamplesDir, file));
const errorsOf = (diagnostics: ReturnType<typeof validateAutomationConfig>) =>
  diagnostics.filter((d) => d.severity === 'error');

describe('every example validates with zero errors', () => {
  it.for(jsonFilesIn(automationExamplesDir))('examples/automation/%s', (file) => {
    expect(errorLines(validateConfig(readJson(join(automationExamplesDir, file))))).toEqual([]);
  });

  it('examples/api has an entry in the table for every file', () => {
    expect(jsonFilesIn(apiExamplesDir)).toEqual(Object.keys(API_EXAMPLES).sort());
  });

  it.for(Object.entries(API_EXAMPLES))('examples/api/%s against %s', ([file, name]) => {
    const validate = compile(apiSchemas[name as ApiSchemaName]);
    expect(errorLines(validate(apiExample(file)))).toEqual([]);
  });
});

/**
 * Mistakes in an automation configuration: the example edited, and the errors expected as `instancePath keyword`.
 * Every one is also an error for `dbkit validate` (checked below): the schema never rejects what the validator
 * accepts.
 */
const BAD_CONFIGS: readonly (readonly [string, string, readonly Edit[], readonly string[]])[] = [
  ['version is a string', 'replica-set', [['set', ['version'], '12']], ['/version type']],
  ['version is not a whole number', 'replica-set', [['set', ['version'], 1.5]], ['/version type']],
  ['processes is missing', 'replica-set', [['delete', ['processes']]], ['(root) required processes']],
  ['processes is an object', 'replica-set', [['set', ['processes'], {}]], ['/processes type']],
  [
    'options.downloadBase is missing',
    'replica-set',
    [['delete', ['options', 'downloadBase']]],
    ['/options required downloadBase'],
  ],
  [
    'processType is the vendor name mongod',
    'replica-set',
    [['set', ['processes', 0, 'processType'], 'mongod']],
    ['/processes/0/processType enum'],
  ],
  ['a process has no name', 'replica-set', [['delete', ['processes', 1, 'name']]], ['/processes/1 required name']],
  [
    'authSchemaVersion is null (required)',
    'replica-set',
    [['set', ['processes', 0, 'authSchemaVersion'], null]],
    ['/processes/0/authSchemaVersion type'],
  ],
  [
    'featureCompatibilityVersion is not major.minor',
    'replica-set',
    [['set', ['processes', 0, 'featureCompatibilityVersion'], '7']],
    ['/processes/0/featureCompatibilityVersion pattern'],
  ],
  [
    'logRotate.sizeThresholdMB is a string',
    'replica-set',
    [['set', ['processes', 0, 'logRotate'], { sizeThresholdMB: 'big', timeThresholdHrs: 24 }]],
    ['/processes/0/logRotate/sizeThresholdMB type'],
  ],
  [
    'logRotate lacks timeThresholdHrs',
    'replica-set',
    [['set', ['processes', 0, 'logRotate'], { sizeThresholdMB: 1000 }]],
    ['/processes/0/logRotate required timeThresholdHrs'],
  ],
  [
    'read concern level is unknown',
    'replica-set',
    [['set', ['processes', 0, 'defaultRWConcern', 'defaultReadConcern', 'level'], 'snapshot']],
    ['/processes/0/defaultRWConcern/defaultReadConcern/level enum'],
  ],
  [
    'w is a boolean',
    'replica-set',
    [['set', ['processes', 0, 'defaultRWConcern', 'defaultWriteConcern', 'w'], true]],
    ['/processes/0/defaultRWConcern/defaultWriteConcern/w type'],
  ],
  [
    'member priority is a word',
    'replica-set',
    [['set', ['replicaSets', 0, 'members', 0, 'priority'], 'high']],
    ['/replicaSets/0/members/0/priority type'],
  ],
  [
    'member priority is above 1000',
    'replica-set',
    [['set', ['replicaSets', 0, 'members', 0, 'priority'], 1001]],
    ['/replicaSets/0/members/0/priority maximum'],
  ],
  [
    'member votes is 2',
    'replica-set',
    [['set', ['replicaSets', 0, 'members', 0, 'votes'], 2]],
    ['/replicaSets/0/members/0/votes maximum'],
  ],
  [
    'member _id is negative',
    'replica-set',
    [['set', ['replicaSets', 0, 'members', 1, '_id'], -1]],
    ['/replicaSets/0/members/1/_id minimum'],
  ],
  [
    'member tags hold a number',
    'replica-set',
    [['set', ['replicaSets', 0, 'members', 0, 'tags'], { dc: 1 }]],
    ['/replicaSets/0/members/0/tags/dc type'],
  ],
  ['a replica set has no _id', 'replica-set', [['delete', ['replicaSets', 0, '_id']]], ['/replicaSets/0 required _id']],
  [
    'a build lacks its url',
    'replica-set',
    [['delete', ['dbVersions', 0, 'builds', 0, 'url']]],
    ['/dbVersions/0/builds/0 required url'],
  ],
  [
    'clientCertificateMode is unknown',
    'secure',
    [['set', ['ssl', 'clientCertificateMode'], 'MAYBE']],
    ['/ssl/clientCertificateMode enum'],
  ],
  [
    'a user pwd is not a 32-hex hash',
    'secure',
    [['set', ['auth', 'usersWanted', 0, 'pwd'], 'secret']],
    ['/auth/usersWanted/0/pwd pattern'],
  ],
  [
    'a user has no roles',
    'secure',
    [['delete', ['auth', 'usersWanted', 0, 'roles']]],
    ['/auth/usersWanted/0 required roles'],
  ],
  ['auth.disabled is a string', 'secure', [['set', ['auth', 'disabled'], 'no']], ['/auth/disabled type']],
  ['ldap.bindMethod is unknown', 'secure', [['set', ['ldap', 'bindMethod'], 'kerberos']], ['/ldap/bindMethod enum']],
  ['kerberos lacks serviceName', 'secure', [['set', ['kerberos'], {}]], ['/kerberos required serviceName']],
  [
    'a role privilege lacks actions',
    'secure',
    [['delete', ['roles', 0, 'privileges', 0, 'actions']]],
    ['/roles/0/privileges/0 required actions'],
  ],
  [
    'balancer window start is 25:00',
    'sharded-cluster',
    [['set', ['balancer', 'prod', 'activeWindow', 'start'], '25:00']],
    ['/balancer/prod/activeWindow/start pattern'],
  ],
  [
    'a shard has no rs',
    'sharded-cluster',
    [['delete', ['sharding', 0, 'shards', 0, 'rs']]],
    ['/sharding/0/shards/0 required rs'],
  ],
  [
    'a sharded cluster has no name',
    'sharded-cluster',
    [['delete', ['sharding', 0, 'name']]],
    ['/sharding/0 required name'],
  ],
  [
    'collation strength is 6',
    'index-configs',
    [['set', ['indexConfigs', 0, 'collation', 'strength'], 6]],
    ['/indexConfigs/0/collation/strength maximum'],
  ],
  [
    'collation caseFirst is unknown',
    'index-configs',
    [['set', ['indexConfigs', 0, 'collation', 'caseFirst'], 'title']],
    ['/indexConfigs/0/collation/caseFirst enum'],
  ],
  [
    'an index key has one element',
    'index-configs',
    [['set', ['indexConfigs', 0, 'key'], [['name']]]],
    ['/indexConfigs/0/key/0 minItems'],
  ],
  [
    'an index has no options',
    'index-configs',
    [['delete', ['indexConfigs', 0, 'options']]],
    ['/indexConfigs/0 required options'],
  ],
];

describe('mistakes are reported at the right JSON path', () => {
  it.for(BAD_CONFIGS)('%s', ([, base, edits, expected]) => {
    expect(errorLines(validateConfig(edited(example(base), edits))).sort()).toEqual([...expected].sort());
  });

  it.for(BAD_CONFIGS)('%s: dbkit validate reports an error too', ([, base, edits]) => {
    expect(errorsOf(validateAutomationConfig(edited(example(base), edits)))).not.toEqual([]);
  });
});

/**
 * What real documents do that the spec does not say (docs/decisions/validation.md, "Where the spec and real documents differ, real documents win"): the schema accepts each, as the
 * validator does (no error-severity diagnostic).
 */
const REAL_SHAPES: readonly (readonly [string, string, readonly Edit[]])[] = [
  [
    'numCores 0, no core binding (mhelmstetter-large-88-processes.json: 86 of 88 processes)',
    'replica-set',
    [['set', ['processes', 0, 'numCores'], 0]],
  ],
  [
    'unknown fields at every level',
    'secure',
    [
      ['set', ['unknownTopLevel'], 1],
      ['set', ['processes', 0, 'unknownFieldOne'], 'kept'],
      ['set', ['replicaSets', 0, 'members', 0, 'unknownFieldTwo'], {}],
      ['set', ['auth', 'usersWanted', 0, 'unknownFieldThree'], [1]],
    ],
  ],
  ['a top-level $schema property', 'replica-set', [['set', ['$schema'], './automation-config.schema.json']]],
  ['"uiBaseUrl": null', 'replica-set', [['set', ['uiBaseUrl'], null]]],
  [
    'null in optional fields (CAFilePath, scramSha1Creds, agentVersion, logRotate)',
    'secure',
    [
      ['set', ['ssl', 'CAFilePathWindows'], null],
      ['set', ['auth', 'usersWanted', 0, 'scramSha1Creds'], null],
      ['set', ['agentVersion'], null],
      ['set', ['processes', 0, 'logRotate'], null],
      ['set', ['ssl', 'clientCertificateMode'], null],
    ],
  ],
  [
    'monitoringVersions entries without urls and with "baseUrl": null',
    'replica-set',
    [
      [
        'set',
        ['monitoringVersions'],
        [{ name: '6.6.2.464-1', hostname: 'db1.example.net', baseUrl: null, directoryUrl: null }],
      ],
    ],
  ],
  [
    'featureCompatibilityVersion "" (a server before 3.4)',
    'replica-set',
    [
      ['set', ['dbVersions', 1], { name: '3.2.15' }],
      ['set', ['processes', 0, 'version'], '3.2.15'],
      ['set', ['processes', 0, 'featureCompatibilityVersion'], ''],
    ],
  ],
  ['protocolVersion as a number', 'replica-set', [['set', ['replicaSets', 0, 'protocolVersion'], 1]]],
  ['w as a number', 'replica-set', [['set', ['processes', 0, 'defaultRWConcern', 'defaultWriteConcern', 'w'], 1]]],
  [
    'builds without modules, with bits, flavor and OS versions',
    'replica-set',
    [
      ['delete', ['dbVersions', 0, 'builds', 0, 'modules']],
      ['set', ['dbVersions', 0, 'builds', 0, 'bits'], 64],
      ['set', ['dbVersions', 0, 'builds', 0, 'flavor'], 'ubuntu'],
      ['set', ['dbVersions', 0, 'builds', 0, 'minOsVersion'], '22.04'],
    ],
  ],
  ['a dbVersions entry without builds', 'replica-set', [['delete', ['dbVersions', 0, 'builds']]]],
  [
    'an architecture the spec does not list',
    'replica-set',
    [['set', ['dbVersions', 0, 'builds', 0, 'architecture'], 's390x']],
  ],
  [
    'an architecture dbkit does not know',
    'replica-set',
    [['set', ['dbVersions', 0, 'builds', 0, 'architecture'], 'riscv64']],
  ],
  [
    'an auth mechanism dbkit does not know',
    'secure',
    [['set', ['auth', 'deploymentAuthMechanisms', 3], 'SCRAM-SHA-512']],
  ],
  [
    'member slaveDelay instead of secondaryDelaySecs',
    'replica-set',
    [
      ['delete', ['replicaSets', 0, 'members', 2, 'secondaryDelaySecs']],
      ['set', ['replicaSets', 0, 'members', 2, 'slaveDelay'], 0],
    ],
  ],
  [
    'ldap.userToDNMapping as the server’s JSON string',
    'secure',
    [['set', ['ldap', 'userToDNMapping'], '[{"match":"(.+)","substitution":"uid={0},ou=people,dc=example,dc=net"}]']],
  ],
  [
    'TLS mode in the older SSL spelling under tls',
    'secure',
    [['set', ['processes', 0, 'args2_6', 'net', 'tls', 'mode'], 'requireSSL']],
  ],
  [
    'the top-level TLS section named tls',
    'secure',
    [['set', ['tls'], { clientCertificateMode: 'OPTIONAL', CAFilePath: '/etc/ssl/db/ca.pem' }]],
  ],
  [
    'args2_6 options dbkit does not type',
    'replica-set',
    [['set', ['processes', 0, 'args2_6', 'setParameter'], { authenticationMechanisms: 'SCRAM-SHA-256' }]],
  ],
];

describe('shapes real documents use are accepted, as by dbkit validate', () => {
  it.for(REAL_SHAPES)('%s', ([, base, edits]) => {
    const doc = edited(example(base), edits);
    expect(errorLines(validateConfig(doc))).toEqual([]);
    expect(errorsOf(validateAutomationConfig(doc))).toEqual([]);
  });

  it('priority written 1.0 and sizes written 1000.0 (the service prints doubles that way)', () => {
    const text = JSON.stringify(example('replica-set')).replace('"priority":1', '"priority":1.0');
    expect(text).toContain('"priority":1.0');
    expect(errorLines(validateConfig(JSON.parse(text)))).toEqual([]);
  });
});

/**
 * Numbers outside a range neither the spec nor a cited source states (docs/decisions/validation.md, "Bounds only
 * where the spec or a cited source states them"): the schema accepts each, and dbkit validate reports no error, only
 * its advice (DBK314) where it has some.
 */
const ADVISED: readonly (readonly [string, string, readonly Edit[], readonly string[]])[] = [
  ['version is negative', 'replica-set', [['set', ['version'], -1]], ['version']],
  ['numCores is -1', 'replica-set', [['set', ['processes', 0, 'numCores'], -1]], ['processes[0].numCores']],
  [
    'logRotate.numUncompressed is 0',
    'replica-set',
    [['set', ['processes', 0, 'logRotate'], { sizeThresholdMB: 1000, timeThresholdHrs: 24, numUncompressed: 0 }]],
    ['processes[0].logRotate.numUncompressed'],
  ],
  ['ldap.userCacheInvalidationInterval is 0', 'secure', [['set', ['ldap', 'userCacheInvalidationInterval'], 0]], []],
];

describe('numbers outside a range dbkit only advises are accepted, as by dbkit validate', () => {
  it.for(ADVISED)('%s', ([, base, edits, advice]) => {
    const doc = edited(example(base), edits);
    expect(errorLines(validateConfig(doc))).toEqual([]);
    const diagnostics = validateAutomationConfig(doc);
    expect(errorsOf(diagnostics)).toEqual([]);
    expect(diagnostics.filter((d) => d.code === 'DBK314').map((d) => formatJsonPath(d.path))).toEqual(advice);
  });
});

/** Mistakes in API documents: the file, the schema, the edits and the errors expected. */
const BAD_API: readonly (readonly [string, string, ApiSchemaName, readonly Edit[], readonly string[]])[] = [
  [
    'an alert with a metric name that does not exist',
    'alert-list.json',
    'alert-list',
    [['set', ['results', 1, 'metricName'], 'CONNECTIONZ']],
    ['/results/1 if', '/results/1/metricName enum'],
  ],
  [
    'a metric alert without its current value',
    'alert-list.json',
    'alert-list',
    [['delete', ['results', 1, 'currentValue']]],
    ['/results/1 if', '/results/1 required currentValue'],
  ],
  [
    'an alert with a unit that does not exist',
    'alert-list.json',
    'alert-list',
    [['set', ['results', 1, 'currentValue', 'units'], 'LITERS']],
    ['/results/1 if', '/results/1/currentValue/units enum'],
  ],
  [
    'an alert with an event type that does not exist',
    'alert-list.json',
    'alert-list',
    [['set', ['results', 0, 'eventTypeName'], 'HOST_GONE']],
    ['/results/0/eventTypeName enum'],
  ],
  [
    'a HOST_DOWN alert without hostnameAndPort',
    'alert-list.json',
    'alert-list',
    [['delete', ['results', 0, 'hostnameAndPort']]],
    ['/results/0 if', '/results/0 required hostnameAndPort'],
  ],
  [
    'a CLOSED alert without resolved',
    'alert-list.json',
    'alert-list',
    [['delete', ['results', 1, 'resolved']]],
    ['/results/1 if', '/results/1 required resolved'],
  ],
  [
    'an alert with status CLOSING',
    'alert-list.json',
    'alert-list',
    [['set', ['results', 0, 'status'], 'CLOSING']],
    ['/results/0/status enum'],
  ],
  [
    'an alert created at a time without a zone',
    'alert-list.json',
    'alert-list',
    [['set', ['results', 0, 'created'], '2024-06-01 14:02']],
    ['/results/0/created format'],
  ],
  [
    'a list without totalCount',
    'alert-list.json',
    'alert-list',
    [['delete', ['totalCount']]],
    ['(root) required totalCount'],
  ],
  [
    'a snapshot whose doNotDelete is a string',
    'cluster-snapshot.json',
    'cluster-snapshot',
    [['set', ['doNotDelete'], 'yes']],
    ['/doNotDelete type'],
  ],
  [
    'a snapshot part of an unknown type',
    'cluster-snapshot.json',
    'cluster-snapshot',
    [['set', ['parts', 0, 'typeName'], 'SHARD']],
    ['/parts/0/typeName enum'],
  ],
  [
    'a snapshot part whose encryptionEnabled is a string',
    'cluster-snapshot.json',
    'cluster-snapshot',
    [['set', ['parts', 0, 'encryptionEnabled'], 'no']],
    ['/parts/0/encryptionEnabled type'],
  ],
  [
    'a config server snapshot with two parts',
    'config-server-snapshot.json',
    'config-server-snapshot',
    [['set', ['parts', 1], {}]],
    ['/parts maxItems'],
  ],
  [
    'a config server snapshot id that is not an ObjectId',
    'config-server-snapshot.json',
    'config-server-snapshot',
    [['set', ['id'], 'snap-1']],
    ['/id pattern'],
  ],
  [
    'an error body with an unknown errorCode',
    'error-body.json',
    'error',
    [['set', ['errorCode'], 'OOPS']],
    ['/errorCode enum'],
  ],
  ['an error body with a 200 status', 'error-body.json', 'error', [['set', ['error'], 200]], ['/error minimum']],
];

describe('mistakes in API documents are reported once, at the right JSON path', () => {
  it.for(BAD_API)('%s', ([, file, name, edits, expected]) => {
    const validate = compile(apiSchemas[name]);
    expect(errorLines(validate(edited(apiExample(file), edits))).sort()).toEqual([...expected].sort());
  });
});

describe('the snapshot PATCH body', () => {
  const validate = compile(apiSchemas['snapshot-patch']);
  it.for([
    [{ doNotDelete: true }, []],
    [{ expires: '2018-12-01T00:00:00Z' }, []],
    [{ expires: '2018-12-01T02:00:00.5+02:00' }, []],
    [{ expires: '2018-12-01' }, []],
    [{ expires: '2018-12-01T00:00:00' }, ['/expires pattern']],
    [{ expires: 'tomorrow' }, ['/expires pattern']],
    [{ doNotDelete: 'true' }, ['/doNotDelete type']],
  ] as const)('%j → %j', ([body, expected]) => {
    expect(errorLines(validate(body))).toEqual(expected);
  });
});
