/**
 * The one pass over valid JSON (`textScan.ts`), with and without the repeated keys asked for: every path is where vscode-json-languageservice's tree puts it
 * (examples, tricky text, random documents in every layout), a missing path gives the deepest node on the way, and
 * the keys given twice in one object are found (every occurrence after the first), as `JSON.parse` loses them.
 */
import { isSecretPath, type JsonPath } from '@dbkit/core';
import { parseTree } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { itemAround, type LocatedNode, scanForPaths, scanText } from '../../src/service/textScan.js';
import { cursor, example, parsed, seededRandom } from '../utils.js';

/**
 * The located node of every path, from the pass that also finds the repeated keys; the pass for the paths alone
 * (`scanForPaths`, a server's first push) must answer the same.
 */
function locatePaths(text: string, paths: readonly JsonPath[]): LocatedNode[] {
  const { located } = scanText(text, paths, { repeated: true });
  expect(scanForPaths(text, paths)).toEqual(located);
  return located;
}

/** Every path of a JSON value, containers and scalars. */
function allPaths(value: unknown, prefix: JsonPath = []): JsonPath[] {
  const out: JsonPath[] = [prefix];
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) out.push(...allPaths(item, [...prefix, i]));
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) out.push(...allPaths(item, [...prefix, key]));
  }
  return out;
}

function valueAt(value: unknown, path: JsonPath): unknown {
  let at = value;
  for (const segment of path) at = (at as Record<string | number, unknown>)[segment];
  return at;
}

const TRICKY = `{
  "a\\"b": { "x\\\\": [1, -2.5e3, "s\\"]", {"k": null}], "": true },
  "dup": 1,
  "arr": [ [], {}, [ [ "deep" ] ] ],
  "dup": { "last": "wins" },
  "é": "ü\\u0041", "\\u0041": false, "t":true,"n" :null
}`;

/** The keys the full pass reports as given twice, decoded, in document order; each span is its key's quotes. */
function duplicatesOf(text: string): string[] {
  const { repeated } = scanText(text, [], { repeated: true });
  for (const found of repeated) {
    expect(JSON.parse(text.slice(found.offset, found.offset + found.length))).toBe(found.key);
  }
  return repeated.map((found) => found.key);
}

describe('locatePaths', () => {
  it.for([
    'replica-set.automation.json',
    'sharded-cluster.automation.json',
    'secure.automation.json',
    'mistakes/broken.automation.json',
  ])('finds every path of %s where the tree does', (name) => {
    const text = example(name);
    const paths = allPaths(JSON.parse(text));
    const scanned = locatePaths(text, paths);
    const { doc } = parsed(text);
    void doc.json; // build the tree: locate now answers from it
    expect(scanned).toEqual(doc.locate(paths));
  });

  it('handles a BOM, escapes, empty keys, nesting and repeated keys (the last one wins, as in JSON.parse)', () => {
    const paths = allPaths(JSON.parse(TRICKY));
    const { doc } = parsed(TRICKY);
    void doc.json;
    expect(locatePaths(TRICKY, paths)).toEqual(doc.locate(paths));
    // A byte-order mark (which JSON.parse refuses and the service strips) moves every place by one.
    const shift = (node: { offset: number; key?: { offset: number; length: number } }) => ({
      ...node,
      offset: node.offset + 1,
      ...(node.key ? { key: { ...node.key, offset: node.key.offset + 1 } } : {}),
    });
    expect(locatePaths(`\ufeff${TRICKY}`, paths)).toEqual(locatePaths(TRICKY, paths).map(shift));
    const [last] = locatePaths(TRICKY, [['dup', 'last']]);
    expect(TRICKY.slice(last!.offset, last!.offset + last!.length)).toBe('"wins"');
  });

  it('places a path under a key given twice in its last occurrence only, as JSON.parse reads it', () => {
    const text = '{"dup": {"a": 1, "b": [2]}, "x": 0, "dup": {"a": 3}}';
    const paths: JsonPath[] = [
      ['dup', 'b', 0],
      ['dup', 'b'],
      ['dup', 'a'],
    ];
    const { doc } = parsed(text);
    void doc.json;
    const located = locatePaths(text, paths);
    expect(located).toEqual(doc.locate(paths));
    expect(located.map((node) => text.slice(node.offset, node.offset + node.length))).toEqual([
      '{"a": 3}',
      '{"a": 3}',
      '3',
    ]);
  });

  it.for([
    [['processes', 0, 'nope'], 'processes[0]'],
    [['processes', 999], 'processes'],
    [['nope', 'deeper'], 'the root'],
    [['processes', 'name'], 'processes (a key asked of an array)'],
  ] as const)('gives the deepest existing node for the missing path %j (%s)', ([path]) => {
    const text = example('replica-set.automation.json');
    const { doc } = parsed(text);
    const scanned = locatePaths(text, [path]);
    void doc.json;
    expect(scanned).toEqual(doc.locate([path]));
  });

  it('finds every path of 200 random documents in every layout: the span is the value, the key span its key', () => {
    const next = seededRandom(20261126);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    const keys = ['a', 'name', '', 'é', 'quo"te', 'back\\slash', 'x:y', '{[', 'a b'];
    const scalar = () =>
      pick<unknown>([0, -1.5e-3, 42, true, false, null, '', 'str', 'with "q"', ']}', '\\', 'ü\u2028']);
    const value = (depth: number): unknown => {
      const roll = next();
      if (depth > 3 || roll < 0.4) return scalar();
      const size = Math.floor(next() * 5);
      if (roll < 0.7) return Array.from({ length: size }, () => value(depth + 1));
      const object: Record<string, unknown> = {};
      for (let i = 0; i < size; i++) object[pick(keys) + (next() < 0.5 ? '' : String(i))] = value(depth + 1);
      return object;
    };
    // JSON.stringify's layouts, and one with odd spacing around every token.
    const layouts = [
      (v: unknown) => JSON.stringify(v),
      (v: unknown) => JSON.stringify(v, null, 2),
      (v: unknown) => JSON.stringify(v, null, '\t'),
      (v: unknown) =>
        ` \r\n${JSON.stringify(v, null, 1).replace(/([,:[\]{}])(?=(?:[^"\\]|\\.|"(?:[^"\\]|\\.)*")*$)/g, ' $1 \n')}\n `,
    ];
    for (let n = 0; n < 200; n++) {
      const document = { root: value(0), list: [value(1), value(1)] };
      const text = pick(layouts)(document);
      const parsedValue: unknown = JSON.parse(text);
      expect(parsedValue).toEqual(document);
      const paths = allPaths(parsedValue);
      const located = locatePaths(text, paths);
      for (const [i, path] of paths.entries()) {
        const node = located[i]!;
        const where = `document ${n}, path ${JSON.stringify(path)}: ${text}`;
        expect(JSON.parse(text.slice(node.offset, node.offset + node.length)), where).toEqual(
          valueAt(parsedValue, path),
        );
        const last = path.at(-1);
        if (typeof last === 'string') {
          expect(JSON.parse(text.slice(node.key!.offset, node.key!.offset + node.key!.length)), where).toBe(last);
        } else {
          expect(node.key, where).toBeUndefined();
        }
      }
    }
  });
});

describe('scanText: keys given twice', () => {
  const many = Array.from({ length: 40 }, (_, i) => `"k${i}": ${i}`).join(', ');
  it.for([
    ['{"a": 1, "b": 2}', []],
    ['{"a": 1, "a": 2}', ['a']],
    ['{"a": 1, "a": 2, "a": 3}', ['a', 'a']],
    ['{"a": {"a": 1}, "b": [{"a": 1}, {"a": 2}]}', []],
    ['{"x": {"a": 1, "b": 2, "a": 3}, "x": 0}', ['a', 'x']],
    ['{"a": 1, "\\u0061": 2}', ['a']],
    ['{"a\\"": 1, "a\\u0022": 2, "a\\\\": 3}', ['a"']],
    ['{"a": "b", "b": "a"}', []],
    ['{"ab": 1, "ba": 2, "abc": 3}', []],
    [`{${many}, "k7": 0, "k40": 1, "k40": 2}`, ['k7', 'k40']],
    [`{${many}, "\\u006b3": 0}`, ['k3']],
    ['[{"a": 1}, {"a": 1}]', []],
  ] as const)('%s → %j', ([text, expected]) => {
    expect(duplicatesOf(text)).toEqual(expected);
  });

  it('finds the repeated keys of 300 random objects, large and small, and no others', () => {
    const next = seededRandom(7);
    for (let n = 0; n < 300; n++) {
      const size = Math.floor(next() * (n % 3 === 0 ? 80 : 10));
      const members: string[] = [];
      const seen = new Set<string>();
      const expected: string[] = [];
      for (let i = 0; i < size; i++) {
        const key = `key${Math.floor(next() * size * 1.5)}`;
        if (seen.has(key)) expected.push(key);
        seen.add(key);
        members.push(`${JSON.stringify(key)}: ${next() < 0.3 ? `{"${key}": [1, {"${key}": 2}]}` : i}`);
      }
      const text = `{"outer": {${members.join(',\n')}}, "${members.length}": true}`;
      expect(duplicatesOf(text), text).toEqual(expected);
    }
  });
});

describe('itemAround: the top-level item around a cursor, without a tree', () => {
  it.for([
    [
      'a replica set member',
      '{"a": 1, "replicaSets": [{"_id": "x"}, {"members": [{"host": "h|"}]}]}',
      ['replicaSets', 1],
    ],
    ['an item that is an array', '{"xs": [[1, 2], [3, |4]]}', ['xs', 1]],
    ['with white space and escapes before it', '{\n  "k\\"ey": "v{[",\n  "xs": [\n    {"a": "|"}\n  ]\n}', ['xs', 0]],
    ['right before the closing bracket', '{"xs": [{"a": 1|}]}', ['xs', 0]],
    ['in a scalar item', '{"xs": [1, |2]}', undefined],
    ['in a top-level object', '{"auth": {"k": "|"}}', undefined],
    ['between two items', '{"xs": [{}, |{}]}', undefined],
    ['after the item', '{"xs": [{}]|}', undefined],
    ['under a top-level key given twice', '{"xs": [{"a": "|"}], "xs": []}', undefined],
    ['in an item that gives a key twice', '{"xs": [{"a": "|", "a": 1}]}', undefined],
    ['in a root that is not an object', '[{"a": "|"}]', undefined],
  ] as const)('%s', ([, marked, path]) => {
    const { text, offset } = cursor(marked);
    const found = itemAround(text, offset);
    expect(found?.path).toEqual(path);
    if (found !== undefined) {
      // Its span is the whole item: the text there is the value JSON.parse gives at its path.
      const [key, index] = path as readonly [string, number];
      expect(JSON.parse(text.slice(found.offset, found.end))).toEqual(JSON.parse(text)[key][index]);
    }
  });
});

describe('secrets in the same pass', () => {
  /** The values at secret paths as a tree of the text has them (every property of a key given twice), in order. */
  function secretsInTree(text: string): string[] {
    const found: string[] = [];
    const walk = (node: import('jsonc-parser').Node, path: JsonPath): void => {
      if (isSecretPath(path)) {
        found.push(text.slice(node.offset, node.offset + node.length));
        return;
      }
      if (node.type === 'object') {
        for (const property of node.children ?? []) {
          const [key, value] = property.children ?? [];
          if (key !== undefined && value !== undefined) walk(value, [...path, key.value as string]);
        }
      } else if (node.type === 'array') {
        for (const [i, item] of (node.children ?? []).entries()) walk(item, [...path, i]);
      }
    };
    walk(parseTree(text)!, []);
    return found;
  }

  const secretsOf = (text: string, paths: readonly JsonPath[] = []): string[] =>
    scanText(text, paths, { repeated: false, secrets: true }).secrets.map((s) =>
      text.slice(s.offset, s.offset + s.length),
    );

  it.for([
    [
      'the vendor’s index example and auth.key',
      '{"indexConfigs": [{"key": [["field", 1]]}], "auth": {"key": "k1"}}',
      ['"k1"'],
    ],
    ['a secret of the wrong type', '{"auth": {"autoPwd": {"a": ["x", 7]}}}', ['{"a": ["x", 7]}']],
    [
      'every user’s passwords',
      '{"auth": {"usersWanted": [{"user": "pwd", "pwd": "h1"}, {"initPwd": "i2"}]}}',
      ['"h1"', '"i2"'],
    ],
    ['a key given twice, both values', '{"auth": {"key": "first", "key": "last"}}', ['"first"', '"last"']],
    ['a section given twice', '{"auth": {"key": "a"}, "auth": {"key": "b"}}', ['"a"', '"b"']],
    ['an escaped key', '{"auth": {"auto\\u0050wd": "e1"}}', ['"e1"']],
    [
      'a server’s passwords',
      '{"processes": [{"name": "autoPwd", "args2_6": {"net": {"tls": {"clusterPassword": "c1", "mode": "requireTLS"}}}}]}',
      ['"c1"'],
    ],
    ['no secret below the root', '{"options": {"auth": {"key": "x"}}, "key": "y", "processes": [{"key": "z"}]}', []],
  ] as const)('finds %s', ([, text, expected]) => {
    expect(secretsOf(text)).toEqual(expected);
    expect(secretsOf(text)).toEqual(secretsInTree(text));
  });

  it('finds them while placing paths, inside and around the places', () => {
    const text = example('secure.automation.json');
    const paths: JsonPath[] = [['auth', 'key'], ['auth', 'usersWanted', 0], ['processes', 1, 'name'], ['version']];
    const { located, secrets } = scanText(text, paths, { repeated: false, secrets: true });
    expect(located).toEqual(scanForPaths(text, paths));
    expect(secrets.map((s) => text.slice(s.offset, s.offset + s.length))).toEqual(secretsInTree(text));
    expect(secrets.length).toBeGreaterThan(3);
  });

  it('agrees with a tree on random documents', () => {
    const random = seededRandom(7);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const keys = [
      'auth',
      'key',
      'autoPwd',
      'usersWanted',
      'pwd',
      'processes',
      'args2_6',
      'net',
      'ssl',
      'tls',
      'PEMKeyPassword',
      'ldap',
      'x',
    ];
    const value = (depth: number): unknown => {
      const roll = random();
      if (depth > 4 || roll < 0.3) return pick(['s', 1, null, true, 'key']);
      if (roll < 0.55) return Array.from({ length: Math.floor(random() * 3) }, () => value(depth + 1));
      return Object.fromEntries(Array.from({ length: Math.floor(random() * 4) }, () => [pick(keys), value(depth + 1)]));
    };
    for (let i = 0; i < 300; i++) {
      const text = JSON.stringify(value(0), null, i % 2 === 0 ? 2 : undefined);
      if (!text.startsWith('{')) continue;
      expect(secretsOf(text), text).toEqual(secretsInTree(text));
    }
  });
});
