/**
 * Real revisions of the same deployment from `../shared/corpus/real-automation-configs/` (SOURCES.md there says
 * which captures belong together), planned from the earlier to the later one. Every diagnostic is pinned here with
 * the reason it is true; anything else fails the test, so a rule that starts reporting a false error on real
 * documents is caught.
 */
import { findCorpus, registerMissingCorpus } from '@dbkit/corpus';
import { describe, expect, it } from 'vitest';
import { planTransition } from '../../src/plan/plan.js';
import { codesAndPaths, unresolved } from './harness.js';

const corpus = findCorpus('real-automation-configs');

interface RealPair {
  readonly from: string;
  readonly to: string;
  /** How the two documents relate (from SOURCES.md). */
  readonly relation: string;
  /** The exact `CODE path` lines expected, each true for the reason given. */
  readonly pinned: readonly (readonly [line: string, reason: string])[];
}

const SCHEMA_DOWN =
  'true for one revision: authSchemaVersion 5 → 3 cannot be undone on a running deployment; the later capture is a deployment rebuilt from the 2.6 one (it still carries 2.6’s schema 3), not this deployment changed';

const PAIRS: readonly RealPair[] = [
  {
    from: 'mck-bughunt-GET-empty-project-trimmed.json',
    to: 'mck-bughunt-GET-after-put-trimmed.json',
    relation: 'GET of an empty project, then GET after the first accepted PUT (live Ops Manager, 2026-07)',
    pinned: [['DBK640 auth.disabled', 'the PUT enabled SCRAM-SHA-256 authentication: a true warning, not an error']],
  },
  {
    from: 'mck-bughunt-GET-empty-project-trimmed.json',
    to: 'mck-bughunt-new-ac.json',
    relation: 'GET of the empty project, then the PUT body the live service accepted',
    pinned: [['DBK640 auth.disabled', 'the PUT body enables authentication']],
  },
  {
    from: 'sarjarapu-sharded-2.6-sccc.json',
    to: 'sarjarapu-sharded-3.0-sccc.json',
    relation: 'a 2.6.11 capture, then the same document with every process at 3.0.14 for the upgrade PUT',
    pinned: [
      [
        'DBK602 version',
        'the author PUT the GET document with its version unchanged (21): true, the version does not increase; a warning because the service may assign it',
      ],
    ],
  },
  {
    from: 'sarjarapu-GET-sharded-3.2-sccc.json',
    to: 'sarjarapu-sharded-3.2-sccc-to-csrs.json',
    relation: 'a 3.2.15 SCCC capture, then the same document with a CSRS added by hand for the migration PUT',
    pinned: [
      ['DBK602 version', 'the edited GET keeps version 33'],
      ['DBK623 sharding[0].configServerReplica', 'this pair is exactly the SCCC → CSRS migration the warning names'],
    ],
  },
  {
    from: 'sarjarapu-GET-sharded-3.4-csrs.json',
    to: 'sarjarapu-GET-sharded-3.2-sccc.json',
    relation:
      'two GETs of the same project, 2017-08-21 (3.4.7, CSRS, version 16) and 2017-08-24 (3.2.15, SCCC, version 33): 17 revisions apart, the cluster rebuilt in between',
    pinned: [
      ...Array.from({ length: 10 }, (_, i) => [`DBK643 processes[${i}].authSchemaVersion`, SCHEMA_DOWN] as const),
      [
        'DBK612 replicaSets[0]._id',
        'rs_0 became scapi_rs_0 with the same member processes: a rename, which is a removal plus an addition',
      ],
      ['DBK612 replicaSets[1]._id', 'rs_1 became scapi_rs_1 likewise'],
      ['DBK620 from:sharding[0].shards[0]', 'shard rs_0 is gone from the cluster: removing it drains it'],
      [
        'DBK621 from:sharding[0].shards[0]',
        'true for one revision: its replica set rs_0 is gone too, so nothing could drain',
      ],
      ['DBK620 from:sharding[0].shards[1]', 'shard rs_1 likewise'],
      ['DBK621 from:sharding[0].shards[1]', 'and its replica set rs_1 likewise'],
      [
        'DBK622 sharding[0]',
        'true for one revision: the cluster drops its config server replica set scapi_csrs for mirrored config servers (CSRS → SCCC), which no running cluster can do',
      ],
    ],
  },
];

describe('real revision pairs from ../shared/corpus/real-automation-configs', () => {
  if (registerMissingCorpus(it, corpus)) return;

  it.for(PAIRS.map((pair) => [`${pair.from} → ${pair.to}`, pair] as const))('%s', ([, pair]) => {
    const from: unknown = JSON.parse(corpus.read(pair.from));
    const to: unknown = JSON.parse(corpus.read(pair.to));
    const plan = planTransition(from, to);
    expect(codesAndPaths(plan)).toEqual(pair.pinned.map(([line]) => line));
    expect(plan.notes).toEqual([]);
    expect(plan.changes.length).toBeGreaterThan(0);
    expect(unresolved(plan, from, to)).toEqual([]);
  });

  it('plans the empty project’s first PUT as the additions it is', () => {
    const plan = planTransition(
      JSON.parse(corpus.read('mck-bughunt-GET-empty-project-trimmed.json')),
      JSON.parse(corpus.read('mck-bughunt-GET-after-put-trimmed.json')),
    );
    const summaries = plan.changes.map((c) => `${c.area} ${c.kind}: ${c.summary}`);
    expect(summaries).toEqual(
      expect.arrayContaining([
        'other change: version 0 → 1',
        'replicaSets add: replica set "rs0" added',
        'auth reconfig: authentication enabled',
      ]),
    );
    expect(summaries.filter((s) => s.startsWith('processes add'))).toHaveLength(3);
  });
});
