/**
 * Cases where validation takes a shortcut for speed on large documents (docs/decisions/validation.md, "Validation
 * costs at most 1x JSON.parse"): each pins what the long way reports.
 */
import { describe, expect, it } from 'vitest';
import { validateAutomationConfig } from '../../src/validation/validate.js';
import { codesAndPaths, makeDoc } from './harness.js';

describe('validation shortcuts for large documents', () => {
  it('compares featureCompatibilityVersion as a release, not as the prefix of the version text [spec:feature-compatibility-version]', () => {
    // "07.0" starts no "7.0.12" and is not how release 7.0 is written: the service wants "7.0" or "6.0".
    const doc = makeDoc([['set', ['processes', 0, 'featureCompatibilityVersion'], '07.0']]);
    expect(codesAndPaths(doc)).toEqual(['DBK308 processes[0].featureCompatibilityVersion']);
  });

  it('counts a member host naming an alias as the process of that alias', () => {
    // replicaSets[1].members[0] names shard0-0 by its alias; listing it by name in another set is a second listing.
    const doc = makeDoc([['push', ['replicaSets', 2, 'members'], { _id: 1, host: 'shard0-0' }]]);
    const diagnostics = validateAutomationConfig(doc).filter((d) => d.code === 'DBK213');
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]?.path).toEqual(['replicaSets', 2, 'members', 1, 'host']);
    expect(diagnostics[0]?.message).toContain('Process "shard0-0" is already a member of another replica set');
    expect(diagnostics[0]?.related).toEqual([
      { path: ['replicaSets', 1, 'members', 0, 'host'], message: '"shard0-0" is listed here too' },
    ]);
  });

  it('points a router listed as a member by its alias at the alias', () => {
    const doc = makeDoc([
      ['set', ['processes', 4, 'alias'], 'router-alias'],
      ['push', ['replicaSets', 2, 'members'], { _id: 1, host: 'router-alias' }],
    ]);
    const diagnostic = validateAutomationConfig(doc).find((d) => d.code === 'DBK212');
    expect(diagnostic?.related).toEqual([
      { path: ['processes', 4, 'alias'], message: 'process "router-0" is declared here' },
    ]);
  });

  it.for([10, 64, 65, 200])('finds a repeated member _id in a replica set of %i members [spec:member-id]', (count) => {
    const members = Array.from({ length: count }, (_, i) => ({ _id: i === count - 1 ? 3 : i }));
    const doc = makeDoc([['set', ['replicaSets', 2, 'members'], members]]);
    const diagnostic = validateAutomationConfig(doc).find((d) => d.code === 'DBK310');
    expect(diagnostic?.path).toEqual(['replicaSets', 2, 'members', count - 1, '_id']);
    expect(diagnostic?.related).toEqual([
      { path: ['replicaSets', 2, 'members', 3, '_id'], message: 'members[3] uses _id 3' },
    ]);
  });
});
