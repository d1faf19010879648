/**
 * planTransition accepts any two values: a seeded fuzz over damaged documents, non-objects and null checks that it
 * never throws and that every path it returns points into its document. Secrets never reach the plan.
 */
import { describe, expect, it } from 'vitest';
import { at, jsonEqual } from '../../src/plan/context.js';
import { planTransition } from '../../src/plan/plan.js';
import type { Plan } from '../../src/plan/types.js';
import { seededRandom } from '../../src/random.js';
import type { JsonPath } from '../../src/validation/diagnostic.js';
import { makeDoc, unresolved } from './harness.js';

type Mutable = Record<string | number, unknown>;

const SCALARS: readonly unknown[] = [
  null,
  0,
  -1,
  1.5,
  3,
  99,
  '',
  'x',
  '7.0.12',
  '3.2.15',
  '8.0',
  'requireTLS',
  'disabled',
  true,
  false,
  [],
  {},
];

function pick<T>(rnd: () => number, items: readonly T[]): T {
  return items[Math.floor(rnd() * items.length)] as T;
}

/** Every container path of a JSON value. */
function containers(value: unknown, path: JsonPath = [], out: JsonPath[] = []): JsonPath[] {
  if (typeof value !== 'object' || value === null) return out;
  out.push(path);
  for (const [key, child] of Object.entries(value))
    containers(child, [...path, Array.isArray(value) ? Number(key) : key], out);
  return out;
}

/** The base document with a few random edits: values replaced, keys deleted, subtrees moved. */
function damaged(rnd: () => number): unknown {
  return damage(rnd, makeDoc(), 1 + Math.floor(rnd() * 6));
}

/** `doc` with `edits` random edits, in place. */
function damage(rnd: () => number, doc: unknown, edits: number): unknown {
  for (let e = 0; e < edits; e++) {
    const paths = containers(doc);
    const path = pick(rnd, paths);
    const node = at(doc, path) as Mutable;
    const keys = Object.keys(node);
    if (keys.length === 0) continue;
    const key = Array.isArray(node) ? Math.floor(rnd() * node.length) : pick(rnd, keys);
    const roll = rnd();
    if (roll < 0.3) delete node[key];
    else if (roll < 0.8) node[key] = structuredClone(pick(rnd, SCALARS));
    else node[key] = structuredClone(at(doc, pick(rnd, paths)));
  }
  return doc;
}

function anyValue(rnd: () => number): unknown {
  const roll = rnd();
  if (roll < 0.1) return pick(rnd, [null, undefined, 0, 'text', true, [], [makeDoc()]]);
  if (roll < 0.25) return makeDoc();
  return damaged(rnd);
}

describe('planTransition on arbitrary pairs', () => {
  it('never throws and every path resolves in its document (2 000 seeded pairs)', () => {
    const rnd = seededRandom(0x5eed);
    let planned = 0;
    for (let n = 0; n < 2000; n++) {
      const from = anyValue(rnd);
      const to = rnd() < 0.3 ? damaged(rnd) : anyValue(rnd);
      let plan: Plan | undefined;
      expect(() => {
        plan = planTransition(from, to);
      }, `pair ${n}`).not.toThrow();
      if (!plan) continue;
      expect(unresolved(plan, from, to), `pair ${n}`).toEqual([]);
      expect(
        plan.diagnostics.filter((d) => d.code === 'DBK699'),
        `pair ${n}`,
      ).toEqual([]);
      if (plan.changes.length > 0) planned++;
    }
    expect(planned).toBeGreaterThan(1000);
  });

  it('plans a revision that shares its unchanged members with the deployed one as it plans a copy (500 seeded pairs)', () => {
    const rnd = seededRandom(0x5a4e);
    for (let n = 0; n < 500; n++) {
      const from = damaged(rnd) as Mutable;
      // A forced reconfiguration left set is reported even when the replica sets did not change.
      const set = at(from, ['replicaSets', 0]);
      if (rnd() < 0.2 && typeof set === 'object' && set !== null) (set as Mutable).force = { currentVersion: -1 };
      const to = damage(rnd, structuredClone(from), Math.floor(rnd() * 3)) as Mutable;
      // What a service that parses only the changed members hands over: the deployed revision's own values.
      const shared = Object.fromEntries(
        Object.entries(to).map(([key, value]) => [key, jsonEqual(from[key], value) ? from[key] : value]),
      );
      expect(planTransition(from, shared), `pair ${n}`).toEqual(planTransition(from, to));
    }
  });

  it.for([
    ['null', null],
    ['a number', 3],
    ['an array', []],
    ['undefined', undefined],
  ] as const)('says when from is %s', ([, value]) => {
    const plan = planTransition(value, makeDoc());
    expect(plan.changes).toEqual([]);
    expect(plan.diagnostics).toEqual([]);
    expect(plan.notes).toHaveLength(1);
    expect(plan.notes[0]).toMatch(/^from is not an object/);
  });

  it('says when both are not objects', () => {
    expect(planTransition('a', null).notes).toEqual([
      'from is not an object (got string): nothing was planned.',
      'to is not an object (got null): nothing was planned.',
    ]);
  });
});

describe('secrets never reach the plan', () => {
  const secrets = [
    ['auth', 'autoPwd'],
    ['auth', 'key'],
    ['auth', 'newAutoPwd'],
    ['auth', 'usersWanted', 0, 'initPwd'],
    ['auth', 'usersWanted', 1, 'pwd'],
    ['tls', 'autoPEMKeyFilePwd'],
    ['ldap', 'bindQueryPassword'],
  ] as const;
  const before = makeDoc();
  const after = makeDoc([
    ['set', ['version'], 8],
    ...secrets.map((path, i) => ['set', path, `CHANGED-SECRET-${i}`] as const),
    ['set', ['auth', 'newKey'], 'NEWKEY-SECRET-9'],
  ]);
  const plan = planTransition(before, after);
  const text = JSON.stringify(plan);

  it('says each secret changed', () => {
    expect(plan.changes.map((c) => c.summary)).toEqual(
      expect.arrayContaining([
        'auth.autoPwd changed (value not shown)',
        'auth.key changed (value not shown)',
        'key rotation started (newKey set; value not shown)',
        'tls.autoPEMKeyFilePwd changed (value not shown)',
        'ldap.bindQueryPassword changed (value not shown)',
      ]),
    );
  });

  it.for(secrets.map((path) => [path.join('.'), at(before, path)] as const))(
    'never writes the old value of %s',
    ([, value]) => {
      expect(typeof value).toBe('string');
      expect(text).not.toContain(value as string);
    },
  );

  it('never writes a new value', () => {
    expect(text).not.toMatch(/CHANGED-SECRET|NEWKEY-SECRET/);
  });
});

describe('secrets that are common words', () => {
  /** Changes that make many summaries and messages: each must read the same whatever the secrets hold. */
  const changes = [
    ['set', ['version'], 8],
    ['set', ['processes', 1, 'version'], '8.0.4'],
    ['set', ['processes', 1, 'featureCompatibilityVersion'], '8.0'],
    ['delete', ['replicaSets', 0, 'members', 1]],
    ['set', ['indexConfigs', 0, 'key'], [['field', 1]]],
    ['set', ['tls', 'CAFilePath'], '/etc/ssl/field.pem'],
  ] as const;
  const texts = (oldKey: string, newKey: string): string[] => {
    const plan = planTransition(
      makeDoc([['set', ['auth', 'key'], oldKey]]),
      makeDoc([...changes, ['set', ['auth', 'key'], newKey]]),
    );
    return [
      ...plan.changes.map((c) => c.summary),
      ...plan.diagnostics.flatMap((d) => [d.message, ...(d.related ?? []).map((r) => r.message)]),
      ...plan.notes,
    ];
  };

  it.for([
    ['process', 'version'],
    ['error', 'replica set'],
    ['changed', 'removed'],
  ] as const)('leave every text intact when auth.key goes from %j to %j', ([before, after]) => {
    expect(texts(before, after)).toEqual(texts('OLD-KEY-SECRET', 'NEW-KEY-SECRET'));
  });

  it('mask a secret where a text quotes the document: an index key equal to the new auth.key', () => {
    const summaries = texts('OLD-KEY-SECRET', 'field');
    expect(summaries).toContain('auth.key changed (value not shown)');
    expect(summaries.join('\n')).not.toContain('"field"');
    expect(summaries.join('\n')).toContain('[["********",1]]');
    expect(texts('OLD-KEY-SECRET', 'NEW-KEY-SECRET').join('\n')).toContain('[["field",1]]');
  });
});
