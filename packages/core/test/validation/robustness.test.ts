import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/random.js';
import { DiagnosticCode } from '../../src/validation/codes.js';
import type { JsonPath } from '../../src/validation/diagnostic.js';
import { validateAutomationConfig } from '../../src/validation/validate.js';
import { makeDoc } from './harness.js';

const WEIRD: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  1.5,
  '',
  'x',
  [],
  {},
  [null],
  { a: 1 },
  '__proto__',
  'constructor',
];

type Node = Record<string | number, unknown>;

/** Every path to a value inside `value`. */
function allPaths(
  value: unknown,
  path: (string | number)[] = [],
  out: (string | number)[][] = [],
): (string | number)[][] {
  out.push(path);
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      allPaths(child, [...path, Array.isArray(value) ? Number(key) : key], out);
    }
  }
  return out;
}

function resolve(doc: unknown, path: JsonPath): { found: boolean } {
  let node: unknown = doc;
  for (const key of path) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return { found: false };
    node = (node as Node)[key];
  }
  return { found: true };
}

describe('robustness', () => {
  it.for(Array.from({ length: 40 }, (_, i) => i + 1))(
    'never throws on a randomly damaged document, and every diagnostic points into the document (seed %i)',
    (seed) => {
      const next = seededRandom(seed);
      const doc = makeDoc();
      for (let edit = 0; edit < 25; edit++) {
        const paths = allPaths(doc).filter((p) => p.length > 0);
        const path = paths[Math.floor(next() * paths.length)];
        if (!path) break;
        let parent = doc as Node;
        for (const key of path.slice(0, -1)) parent = parent[key] as Node;
        const key = path[path.length - 1] as string | number;
        if (next() < 0.3 && !Array.isArray(parent)) delete parent[key];
        else parent[key] = structuredClone(WEIRD[Math.floor(next() * WEIRD.length)]);
      }
      const diagnostics = validateAutomationConfig(doc);
      for (const d of diagnostics) {
        expect(Object.hasOwn(DiagnosticCode, d.code)).toBe(true);
        expect(d.code).not.toBe('DBK199');
        expect(d.message.length).toBeGreaterThan(20);
        expect(resolve(doc, d.path).found, `${d.code} ${JSON.stringify(d.path)}`).toBe(true);
      }
    },
  );

  it('keeps going through deeply nested and hostile values', () => {
    const deep: Node = {};
    let cursor = deep;
    for (let i = 0; i < 5000; i++) {
      const child: Node = {};
      cursor.args = child;
      cursor = child;
    }
    const hostile = JSON.parse('{"__proto__": {"polluted": true}, "constructor": 1, "processes": [{"__proto__": 1}]}');
    expect(() => validateAutomationConfig(makeDoc([['set', ['processes', 0, 'args2_6', 'deep'], deep]]))).not.toThrow();
    expect(() => validateAutomationConfig(hostile)).not.toThrow();
    expect(({} as Node).polluted).toBeUndefined();
  });
});
