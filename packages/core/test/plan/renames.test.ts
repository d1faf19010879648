import { describe, expect, it } from 'vitest';
import { PlanCollector } from '../../src/plan/context.js';
import { type ListNames, matchItems, planListItems } from '../../src/plan/renames.js';
import type { JsonObject } from '../../src/validation/util.js';

/** Items keyed by `name`, renamed when `host` is kept. */
const match = (from: readonly JsonObject[], to: readonly JsonObject[]) => {
  const { fates, added } = matchItems(
    from,
    to,
    (item) => item.name,
    (item) => (typeof item.host === 'string' ? item.host : undefined),
  );
  return {
    fates: fates.map((f) =>
      f.kind === 'renamed'
        ? `${f.key}@${f.from.index} renamed ${f.newKey}@${f.to.index}`
        : f.kind === 'kept'
          ? `${f.key}@${f.from.index} kept @${f.to.index}`
          : `${f.key}@${f.from.index} removed`,
    ),
    added: added.map(([key, item]) => `${key}@${item.index}`),
  };
};

describe('matchItems', () => {
  it.for<[string, JsonObject[], JsonObject[], { fates: string[]; added: string[] }]>([
    ['nothing on either side', [], [], { fates: [], added: [] }],
    [
      'an item kept under its key, wherever it moved',
      [{ name: 'a' }, { name: 'b' }],
      [{ name: 'b' }, { name: 'a', host: 'h' }],
      { fates: ['a@0 kept @1', 'b@1 kept @0'], added: [] },
    ],
    [
      'a new key with the same signature: a rename, not an addition',
      [{ name: 'a', host: 'h1' }],
      [{ name: 'z', host: 'h1' }],
      { fates: ['a@0 renamed z@0'], added: [] },
    ],
    [
      'another signature: a removal and an addition',
      [{ name: 'a', host: 'h1' }],
      [{ name: 'z', host: 'h2' }],
      { fates: ['a@0 removed'], added: ['z@0'] },
    ],
    [
      'no signature on either side: never a rename',
      [{ name: 'a' }],
      [{ name: 'z' }],
      { fates: ['a@0 removed'], added: ['z@0'] },
    ],
    [
      'a signature kept by an item that is kept: not a rename of another',
      [
        { name: 'a', host: 'h1' },
        { name: 'b', host: 'h1' },
      ],
      [{ name: 'a', host: 'h1' }],
      { fates: ['a@0 kept @0', 'b@1 removed'], added: [] },
    ],
    [
      'two removed with one signature: the first in the deployed order takes the one added twin',
      [
        { name: 'a', host: 'h' },
        { name: 'b', host: 'h' },
      ],
      [{ name: 'z', host: 'h' }],
      { fates: ['a@0 renamed z@0', 'b@1 removed'], added: [] },
    ],
    [
      'two added twins: each renames at most one removed item, in the new order',
      [
        { name: 'a', host: 'h' },
        { name: 'b', host: 'h' },
      ],
      [
        { name: 'y', host: 'h' },
        { name: 'z', host: 'h' },
        { name: 'new', host: 'h' },
      ],
      { fates: ['a@0 renamed y@0', 'b@1 renamed z@1'], added: ['new@2'] },
    ],
    [
      'items without a key, repeated keys and non-objects are left out (validation reports them)',
      [{ name: 'a' }, { name: 'a', host: 'h' }, { host: 'h' }],
      [{ name: 'a' }, { name: 'b', host: 'h' }],
      { fates: ['a@0 kept @0'], added: ['b@1'] },
    ],
  ])('%s', ([, from, to, expected]) => {
    expect(match(from, to)).toEqual(expected);
  });

  it('reads anything that is not an array as an empty list', () => {
    expect(
      matchItems(
        undefined,
        'x',
        (i) => i.name,
        () => undefined,
      ),
    ).toEqual({ fates: [], added: [] });
  });
});

describe('planListItems', () => {
  const names: ListNames = {
    list: 'processes',
    key: 'name',
    noun: 'process',
    was: 'server',
    renamed: (a, b) => `${a} became ${b}`,
  };

  it('plans removals and renames in the deployed order, kept items among them, then additions', () => {
    const c = new PlanCollector(undefined, undefined);
    const kept: string[] = [];
    const from = [{ name: 'gone' }, { name: 'old', host: 'h' }, { name: 'stays' }];
    const to = [{ name: 'stays' }, { name: 'new', host: 'h' }, { name: 'fresh' }];
    planListItems(
      c,
      { from: { processes: from }, to: { processes: to } },
      names,
      (item) => (typeof item.host === 'string' ? item.host : undefined),
      (fate) => kept.push(`${fate.key}@${fate.from.index} kept @${fate.to.index}`),
    );
    expect(c.changes.map((change) => `${change.kind}: ${change.summary}`)).toEqual([
      'remove: process "gone" removed',
      'rename-as-remove-add: process "old" renamed "new"',
      'add: process "fresh" added',
    ]);
    expect(kept).toEqual(['stays@2 kept @0']);
    expect(c.diagnostics).toEqual([
      {
        code: 'DBK612',
        severity: 'warning',
        message: '"old" became "new"',
        document: 'to',
        path: ['processes', 1, 'name'],
        related: [{ document: 'from', path: ['processes', 1, 'name'], message: 'the server was "old"' }],
      },
    ]);
  });
});
