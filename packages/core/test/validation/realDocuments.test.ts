/**
 * Rules corrected because a real document showed them wrong. Each test is named after the document in
 * `../shared/corpus/` that found the problem and reproduces its shape on the valid base document.
 */
import { findCorpus, registerMissingCorpus } from '@dbkit/corpus';
import { describe, expect, it } from 'vitest';
import { formatJsonPath } from '../../src/validation/diagnostic.js';
import { validateAutomationConfig } from '../../src/validation/validate.js';
import { codesAndPaths, describeRows, makeDoc } from './harness.js';

describeRows([
  [
    'mhelmstetter-large-88-processes.json: numCores 0 is what the service stores for a process bound to no cores [spec:num-cores]',
    [
      ['numCores 0 is accepted', [['set', ['processes', 1, 'numCores'], 0]], []],
      ['numCores 6 is accepted', [['set', ['processes', 1, 'numCores'], 6]], []],
      [
        'numCores -1 is advice, not an error: the spec states no minimum',
        [['set', ['processes', 1, 'numCores'], -1]],
        ['DBK314 processes[1].numCores'],
      ],
      [
        'numCores 1.5 is not an integer',
        [['set', ['processes', 1, 'numCores'], 1.5]],
        ['DBK102 processes[1].numCores'],
      ],
    ],
  ],
]);

/** The base document's replica set `rs0` (shard0-0, shard0-1, arb-0) in a sharded cluster, with one member's value. */
const shardMemberWith = (authSchemaVersion: number) =>
  makeDoc([['set', ['processes', 2, 'authSchemaVersion'], authSchemaVersion]]);

describe('mhelmstetter-large-88-processes.json: a cluster mixing authSchemaVersion 3 and 5 [spec:auth-schema-version-match]', () => {
  it('is one warning, not an error: the live service stores clusters part-way through the credential upgrade', () => {
    const diagnostics = validateAutomationConfig(shardMemberWith(3));
    expect(diagnostics.map((d) => `${d.severity} ${d.code} ${formatJsonPath(d.path)}`)).toEqual([
      'warning DBK210 processes[2].authSchemaVersion',
    ]);
    const [warning] = diagnostics;
    expect(warning?.message).toMatch(/part-way through its credential upgrade/);
    expect(warning?.message).toMatch(/set it to 5\.$/);
    expect(warning?.suggestions).toEqual(['5']);
    expect(warning?.related?.map((r) => formatJsonPath(r.path))).toEqual(['processes[0].authSchemaVersion']);
  });

  it('on the process that already has 5, says to move the others on and offers no downgrade', () => {
    const doc = makeDoc([['set', ['processes', 0, 'authSchemaVersion'], 3]]);
    const [warning, ...rest] = validateAutomationConfig(doc).filter((d) => d.code === 'DBK210');
    expect(warning?.severity).toBe('warning');
    expect(warning?.message).toMatch(/set "cfg-0" to 5\.$/);
    expect(warning?.suggestions).toBeUndefined();
    expect(rest.length).toBeGreaterThan(0);
  });

  it('other mixes still say which value to use', () => {
    const diagnostics = validateAutomationConfig(shardMemberWith(1)).filter((d) => d.code === 'DBK210');
    expect(diagnostics.map((d) => [d.severity, d.suggestions, d.message.endsWith('Set it to 5.')])).toEqual([
      ['warning', ['5'], true],
    ]);
    expect(codesAndPaths(shardMemberWith(1))).toContain('DBK309 processes[2].authSchemaVersion');
  });
});

const corpus = findCorpus('real-automation-configs');
const LDAP_FIXTURE = 'mck-migrate-to-mck-sc-ldap.json';

describe(`${LDAP_FIXTURE} with "userCacheInvalidationInterval": 0, as the vendor's operator writes it [spec:ldap-types]`, () => {
  if (registerMissingCorpus(it, corpus)) return;

  it('gets no error on ldap and nothing on the interval: the spec states no minimum for it', () => {
    const fixture = (): { ldap: Record<string, unknown> } => JSON.parse(corpus.read(LDAP_FIXTURE));
    const withZero = fixture();
    withZero.ldap.userCacheInvalidationInterval = 0;
    const diagnostics = validateAutomationConfig(withZero);
    const onLdap = diagnostics.filter((d) => d.path[0] === 'ldap');
    expect(onLdap.filter((d) => d.severity === 'error' || d.path[1] === 'userCacheInvalidationInterval')).toEqual([]);
    expect(codesAndPaths(withZero)).toEqual(codesAndPaths(fixture()));
  });
});
