/**
 * Fields the types declare that the JSON Schema checks too (docs/decisions/validation.md, "Core checks every field the
 * schema types"): the options inside args2_6, the stored SCRAM credentials, and the typed fields real documents
 * carry beyond the spec. Each row damages one field of an example (examples/automation) and expects exactly the
 * diagnostics listed: code, path, and a fragment of the message.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatJsonPath, type JsonPath } from '../../src/validation/diagnostic.js';
import { validateAutomationConfig } from '../../src/validation/validate.js';

type Example = 'replica-set' | 'secure' | 'sharded-cluster';
type Edit = readonly ['set', JsonPath, unknown];
/** A title, the example, its edits, and each diagnostic expected as `CODE path` with a fragment of its message. */
type Row = readonly [string, Example, readonly Edit[], readonly (readonly [string, string])[]];

const examples = new Map<Example, string>();
function example(name: Example): unknown {
  let text = examples.get(name);
  if (text === undefined) {
    text = readFileSync(new URL(`../../../../examples/automation/${name}.automation.json`, import.meta.url), 'utf8');
    examples.set(name, text);
  }
  return JSON.parse(text);
}

function edited(name: Example, edits: readonly Edit[]): unknown {
  const doc = example(name);
  for (const [, path, value] of edits) {
    let parent = doc as Record<string | number, unknown>;
    for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
    parent[path[path.length - 1] as string | number] = value;
  }
  return doc;
}

const args = (...rest: (string | number)[]): JsonPath => ['processes', 0, 'args2_6', ...rest];
const CREDS = { iterationCount: 15000, salt: 'c2FsdA==', serverKey: 'a2V5', storedKey: 'c3RvcmVk' };
const withoutStoredKey = { iterationCount: 15000, salt: 'c2FsdA==', serverKey: 'a2V5' };

const ROWS: readonly (readonly [string, readonly Row[]])[] = [
  [
    'processes[].args2_6: the options the types declare [spec:args26-contents]',
    [
      [
        'a port written as a string',
        'replica-set',
        [['set', args('net', 'port'), '27017']],
        [['DBK102 processes[0].args2_6.net.port', '"port" must be an integer, but it is a string']],
      ],
      [
        'a port that is not a whole number',
        'replica-set',
        [['set', args('net', 'port'), 27017.5]],
        [['DBK102 processes[0].args2_6.net.port', 'must be a whole number']],
      ],
      [
        'net is a number',
        'replica-set',
        [['set', args('net'), 27017]],
        [['DBK102 processes[0].args2_6.net', '"net" must be an object, but it is a number']],
      ],
      [
        'bindIp is a list',
        'replica-set',
        [['set', args('net', 'bindIp'), ['10.0.0.1']]],
        [['DBK102 processes[0].args2_6.net.bindIp', '"bindIp" must be a string, but it is an array']],
      ],
      [
        'a misspelt TLS mode',
        'secure',
        [['set', args('net', 'tls', 'mode'), 'requiretls']],
        [['DBK103 processes[0].args2_6.net.tls.mode', 'Did you mean "requireTLS"']],
      ],
      [
        'the TLS mode under its older name ssl',
        'secure',
        [['set', args('net', 'ssl'), { mode: 'sslOnly' }]],
        [['DBK103 processes[0].args2_6.net.ssl.mode', 'the allowed values are "disabled", "allowTLS"']],
      ],
      [
        'tls is a string',
        'secure',
        [['set', args('net', 'tls'), 'requireTLS']],
        [['DBK102 processes[0].args2_6.net.tls', '"tls" must be an object, but it is a string']],
      ],
      [
        'a TLS mode that is a boolean',
        'secure',
        [['set', args('net', 'tls', 'mode'), true]],
        [['DBK102 processes[0].args2_6.net.tls.mode', '"mode" must be a string']],
      ],
      [
        'dbPath is a number',
        'replica-set',
        [['set', args('storage', 'dbPath'), 1]],
        [['DBK102 processes[0].args2_6.storage.dbPath', '"dbPath" must be a string, but it is a number']],
      ],
      [
        'storage is an array',
        'replica-set',
        [['set', args('storage'), []]],
        [['DBK102 processes[0].args2_6.storage', '"storage" must be an object, but it is an array']],
      ],
      [
        'replSetName is a number',
        'replica-set',
        [['set', args('replication', 'replSetName'), 0]],
        [['DBK102 processes[0].args2_6.replication.replSetName', '"replSetName" must be a string']],
      ],
      [
        'replication is a string',
        'replica-set',
        [['set', args('replication'), 'orders']],
        [['DBK102 processes[0].args2_6.replication', '"replication" must be an object, but it is a string']],
      ],
      [
        'a cluster role the server does not know',
        'sharded-cluster',
        [['set', args('sharding', 'clusterRole'), 'configServer']],
        [['DBK103 processes[0].args2_6.sharding.clusterRole', 'Did you mean "configsvr"?']],
      ],
      [
        'sharding is true',
        'sharded-cluster',
        [['set', args('sharding'), true]],
        [['DBK102 processes[0].args2_6.sharding', '"sharding" must be an object, but it is a boolean']],
      ],
      [
        'a log destination other than file or syslog',
        'replica-set',
        [['set', args('systemLog', 'destination'), 'console']],
        [['DBK103 processes[0].args2_6.systemLog.destination', 'the allowed values are "file", "syslog"']],
      ],
      [
        'a log path that is not a string',
        'replica-set',
        [['set', args('systemLog', 'path'), false]],
        [['DBK102 processes[0].args2_6.systemLog.path', '"path" must be a string']],
      ],
      [
        'systemLog is a string',
        'replica-set',
        [['set', args('systemLog'), '/var/log/db.log']],
        [['DBK102 processes[0].args2_6.systemLog', '"systemLog" must be an object']],
      ],
      [
        'the last process, the others right',
        'replica-set',
        [['set', ['processes', 2, 'args2_6', 'net', 'port'], '27017']],
        [['DBK102 processes[2].args2_6.net.port', '"port" must be an integer']],
      ],
      ['null sections and options count as absent', 'replica-set', [['set', args('systemLog'), null]], []],
      ['a null port counts as absent', 'replica-set', [['set', args('net', 'port'), null]], []],
      [
        'options dbkit does not type are kept unchecked',
        'replica-set',
        [
          ['set', args('setParameter'), { authenticationMechanisms: 'SCRAM-SHA-256' }],
          ['set', args('net', 'compression'), { compressors: 'zstd' }],
          ['set', args('storage', 'journal'), 'yes'],
          ['set', args('auditLog'), 7],
        ],
        [],
      ],
    ],
  ],
  [
    'processes[]: typed fields real documents carry',
    [
      [
        'a CPU core written as a string',
        'replica-set',
        [['set', ['processes', 0, 'cpuAffinity'], [0, '1']]],
        [['DBK102 processes[0].cpuAffinity[1]', 'Each item of "cpuAffinity" is the number of a CPU core']],
      ],
      [
        'cpuAffinity is a number',
        'replica-set',
        [['set', ['processes', 0, 'cpuAffinity'], 2]],
        [['DBK102 processes[0].cpuAffinity', '"cpuAffinity" must be an array']],
      ],
      ['cpuAffinity as numbers', 'replica-set', [['set', ['processes', 0, 'cpuAffinity'], [0, 1]]], []],
      [
        'a plan step that is not a string',
        'replica-set',
        [['set', ['processes', 0, 'plan'], ['Start', 3]]],
        [['DBK102 processes[0].plan[1]', 'Each item of "plan" must be a string']],
      ],
      [
        'a horizon that is not a string',
        'replica-set',
        [['set', ['processes', 0, 'horizons'], { external: 27017 }]],
        [['DBK102 processes[0].horizons', '"horizons" must be an object whose values are strings']],
      ],
    ],
  ],
  [
    'auth: stored SCRAM credentials and the single mechanism',
    [
      ['complete credentials', 'secure', [['set', ['auth', 'usersWanted', 0, 'scramSha256Creds'], CREDS]], []],
      [
        'credentials without storedKey',
        'secure',
        [['set', ['auth', 'usersWanted', 0, 'scramSha256Creds'], withoutStoredKey]],
        [['DBK101 auth.usersWanted[0].scramSha256Creds', 'missing the required field "storedKey"']],
      ],
      [
        'an iteration count written as a string',
        'secure',
        [['set', ['auth', 'usersWanted', 1, 'scramSha1Creds'], { ...CREDS, iterationCount: '10000' }]],
        [['DBK102 auth.usersWanted[1].scramSha1Creds.iterationCount', '"iterationCount" must be an integer']],
      ],
      [
        'a null salt',
        'secure',
        [['set', ['auth', 'usersWanted', 0, 'scramSha1Creds'], { ...CREDS, salt: null }]],
        [['DBK102 auth.usersWanted[0].scramSha1Creds.salt', '"salt" must be a string, but it is null']],
      ],
      [
        'empty credentials',
        'secure',
        [['set', ['auth', 'usersWanted', 2, 'scramSha256Creds'], {}]],
        ['iterationCount', 'salt', 'serverKey', 'storedKey'].map(
          (field) => ['DBK101 auth.usersWanted[2].scramSha256Creds', `missing the required field "${field}"`] as const,
        ),
      ],
      [
        'credentials that are a string',
        'secure',
        [['set', ['auth', 'usersWanted', 0, 'scramSha1Creds'], 'c2FsdA==']],
        [['DBK102 auth.usersWanted[0].scramSha1Creds', '"scramSha1Creds" must be an object']],
      ],
      ['null credentials count as absent', 'secure', [['set', ['auth', 'usersWanted', 0, 'scramSha1Creds'], null]], []],
      [
        'autoAuthMechanism is a list',
        'secure',
        [['set', ['auth', 'autoAuthMechanism'], ['SCRAM-SHA-256']]],
        [['DBK102 auth.autoAuthMechanism', '"autoAuthMechanism" must be a string, but it is an array']],
      ],
      [
        "a role reference's minFcv is a number",
        'secure',
        [['set', ['auth', 'usersWanted', 0, 'roles', 0, 'minFcv'], 7]],
        [['DBK102 auth.usersWanted[0].roles[0].minFcv', '"minFcv" must be a string']],
      ],
      [
        "a custom role's inherited role with a minFcv that is a number",
        'secure',
        [['set', ['roles', 0, 'roles', 0, 'minFcv'], 7]],
        [['DBK102 roles[0].roles[0].minFcv', '"minFcv" must be a string']],
      ],
    ],
  ],
  [
    'ldap.userToDNMapping: an array, or a string holding one [spec:ldap-user-to-dn-mapping]',
    [
      [
        'true',
        'secure',
        [['set', ['ldap', 'userToDNMapping'], true]],
        [['DBK102 ldap.userToDNMapping', 'but it is a boolean. Write it as [{"match"']],
      ],
      [
        'an object',
        'secure',
        [['set', ['ldap', 'userToDNMapping'], { match: '(.+)', substitution: 'uid={0}' }]],
        [['DBK102 ldap.userToDNMapping', 'must be an array of {"match", "substitution" or "ldapQuery"} objects']],
      ],
      ['null', 'secure', [['set', ['ldap', 'userToDNMapping'], null]], []],
    ],
  ],
  [
    'other typed fields real documents carry',
    [
      [
        'sharding[].collections is an object',
        'sharded-cluster',
        [['set', ['sharding', 0, 'collections'], {}]],
        [['DBK102 sharding[0].collections', '"collections" must be an array']],
      ],
      [
        'sharding[].tags is a string',
        'sharded-cluster',
        [['set', ['sharding', 0, 'tags'], 'x']],
        [['DBK102 sharding[0].tags', '"tags" must be an array']],
      ],
      [
        'a draining shard named by a number',
        'sharded-cluster',
        [['set', ['sharding', 0, 'draining'], [1]]],
        [['DBK102 sharding[0].draining[0]', 'Each item of "draining" must be a string']],
      ],
      [
        'isSpecialLTSVersion is a string',
        'replica-set',
        [['set', ['dbVersions', 0, 'isSpecialLTSVersion'], 'yes']],
        [['DBK102 dbVersions[0].isSpecialLTSVersion', '"isSpecialLTSVersion" must be true or false']],
      ],
      [
        'numberArbiters is a string',
        'replica-set',
        [['set', ['replicaSets', 0, 'numberArbiters'], '1']],
        [['DBK102 replicaSets[0].numberArbiters', '"numberArbiters" must be a number']],
      ],
      [
        'uiBaseUrl is a number',
        'replica-set',
        [['set', ['uiBaseUrl'], 8080]],
        [['DBK102 uiBaseUrl', '"uiBaseUrl" must be a string, but it is a number']],
      ],
      ['"uiBaseUrl": null', 'replica-set', [['set', ['uiBaseUrl'], null]], []],
    ],
  ],
];

describe.for(ROWS)('%s', ([, rows]) => {
  it.for(rows)('%s', ([, base, edits, expected]) => {
    const diagnostics = validateAutomationConfig(edited(base, edits));
    expect(diagnostics.map((d) => `${d.code} ${formatJsonPath(d.path)}`)).toEqual(expected.map(([where]) => where));
    expected.forEach(([, fragment], i) => {
      expect(diagnostics[i]?.message).toContain(fragment);
    });
  });
});

describe('the examples, undamaged', () => {
  it('validate without a diagnostic', () => {
    for (const name of ['replica-set', 'secure', 'sharded-cluster'] as const) {
      expect(validateAutomationConfig(example(name))).toEqual([]);
    }
  });
});
