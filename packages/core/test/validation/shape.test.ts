/**
 * `checkShapeAt` remembers, per shape, which known key the objects it checked had at each position, to skip a lookup
 * by name. A shape's findings must not depend on the objects checked before: each document below is validated by a
 * fresh copy of the module and again after documents whose processes list their keys in other orders, with unknown
 * keys, an empty key and keys named like Object's own properties where known keys were; the findings are the same.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Diagnostic } from '../../src/validation/diagnostic.js';
import { makeDoc } from './harness.js';

type Process = Record<string, unknown>;

/** The process's own keys in another order, as a new object. */
function reordered(process: Process, order: (keys: string[]) => string[]): Process {
  const out: Process = {};
  for (const key of order(Object.keys(process))) out[key] = process[key];
  return out;
}

/** A copy of the base document whose processes are made by `each` from the base's processes. */
function withProcesses(each: (process: Process, index: number) => Process): unknown {
  const doc = makeDoc() as { processes: Process[] };
  doc.processes = doc.processes.map(each);
  return doc;
}

const rotate = (keys: string[]): string[] => [...keys.slice(3), ...keys.slice(0, 3)];

/** Documents whose processes list keys differently from each other and from the base document. */
const DOCUMENTS: readonly (readonly [string, () => unknown])[] = [
  ['the base document', () => makeDoc()],
  ['keys in reverse order', () => withProcesses((p) => reordered(p, (keys) => keys.reverse()))],
  ['keys rotated', () => withProcesses((p) => reordered(p, rotate))],
  ['an unknown key first', () => withProcesses((p) => ({ hostnmae: 'x', ...p }))],
  ['an empty key first', () => withProcesses((p) => ({ '': 'x', ...p }))],
  [
    'constructor and __proto__ as own keys',
    () => withProcesses((p) => JSON.parse(`{"constructor": 1, "__proto__": 2, ${JSON.stringify(p).slice(1)}`)),
  ],
  [
    'wrong values where other documents have right ones',
    () => withProcesses((p, i) => (i % 2 === 0 ? { ...p, name: 7, hostname: null, disabled: 'no' } : p)),
  ],
  ['a required key missing, the others moved up', () => withProcesses(({ hostname: _, ...rest }) => rest)],
  [
    'keys in reverse order, wrong values',
    () => withProcesses((p) => reordered({ ...p, version: 65536 }, (k) => k.reverse())),
  ],
];

async function freshValidate(): Promise<(doc: unknown) => readonly Diagnostic[]> {
  vi.resetModules();
  return (await import('../../src/validation/validate.js')).validateAutomationConfig;
}

describe('checkShapeAt: findings do not depend on the objects checked before', () => {
  it.for(DOCUMENTS)('%s', async ([, make]) => {
    const alone = (await freshValidate())(make());
    const validate = await freshValidate();
    for (const [, other] of DOCUMENTS) validate(other());
    expect(validate(make())).toEqual(alone);
  });
});
