/** The plan people read: one line per change, grouped by area and kind, in document order. */
import { describe, expect, it } from 'vitest';
import { planRow } from './harness.js';

describe('change summaries', () => {
  it('say what changes, in document order, without secret values', () => {
    const plan = planRow([
      ['set', ['processes', 1, 'version'], '6.0.5'],
      ['set', ['processes', 2, 'featureCompatibilityVersion'], '7.0'],
      ['set', ['processes', 0, 'args2_6', 'net', 'port'], 27020],
      ['set', ['auth', 'autoPwd'], 'NEW-AUTOPWD'],
      ['set', ['balancer', 'main', 'stopped'], true],
      ['push', ['indexConfigs'], { rsName: 'shard0', dbName: 'a', collectionName: 'b', key: [['x', 1]] }],
      ['set', ['replicaSets', 1, 'members', 0, 'priority'], 5],
    ]);
    expect(plan.changes.map((c) => `${c.area} ${c.kind}: ${c.summary}`)).toEqual([
      'other change: version 7 → 8',
      'processes restart: process "cfg-0": options net changed (restart)',
      'versions downgrade: process "shard0-0": server 7.0.12 → 6.0.5 (downgrade)',
      'versions upgrade: process "shard0-1": featureCompatibilityVersion "6.0" → "7.0"',
      'replicaSets reconfig: replica set "shard0": member "s0a-alias.example.net" priority changed',
      'auth change: auth.autoPwd changed (value not shown)',
      'indexes add: index "shard0/a.b [["x",1]]" added',
      'sharding change: balancer changed',
    ]);
    expect(plan.diagnostics.map((d) => d.message)).toEqual([
      'process "shard0-0" would run 6.0.5 with featureCompatibilityVersion "7.0", which is newer than the server: the server does not start. Lower featureCompatibilityVersion in an earlier revision, then downgrade.',
    ]);
  });

  it('give both paths of a change and one path of an addition or removal', () => {
    const plan = planRow([
      ['delete', ['processes', 5]],
      ['push', ['processes'], { name: 'new-0', hostname: 'n.example.net' }],
    ]);
    const byKind = Object.fromEntries(plan.changes.map((c) => [c.kind, [c.fromPath, c.toPath]]));
    expect(byKind.remove).toEqual([['processes', 5], undefined]);
    expect(byKind.add).toEqual([undefined, ['processes', 5]]);
    expect(byKind.change).toEqual([['version'], ['version']]);
  });
});
