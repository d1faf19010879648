/**
 * The compact tree built straight from valid JSON (`buildValid`) is the tree vscode-json-languageservice's parser
 * makes of the same text: same nodes, offsets, lengths, colons, values and parents (examples, the real corpus, random
 * documents in every layout), and the keys it reports as given twice are the parser's "Duplicate object key"
 * warnings, in the parser's order (small and large objects, keys given two and three times, escaped keys, "//").
 */
import { readdirSync } from 'node:fs';
// The real documents, as the other packages' corpus tests read them (a missing corpus fails under CI=true).
import { findCorpus, registerMissingCorpus } from '@dbkit/corpus';
import { describe, expect, it } from 'vitest';
import { type ASTNode, type Diagnostic, getLanguageService, type JSONDocument } from 'vscode-json-languageservice';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { startFullParse } from '../../../src/service/incremental.js';
import { buildValid, startValidBuild } from '../../../src/service/tree/buildValid.js';
import { nodeOf } from '../../../src/service/tree/nodes.js';
import { sampleConfig } from '../../../src/service/warmUp.js';
import { example, seededRandom } from '../../utils.js';
import { shape } from '../trees.js';

const URI = 'file:///work/built.automation.json';
const json = getLanguageService({});
const DUPLICATE_KEY = 520; // vscode-json-languageservice's ErrorCode.DuplicateKey

/** What `shape` leaves out: every number's sign (-0) and `isInteger`, in document order. */
function numbers(root: ASTNode | undefined): string[] {
  const out: string[] = [];
  const visit = (node: ASTNode | undefined): void => {
    if (node === undefined) return;
    if (node.type === 'number') {
      out.push(`${node.offset} ${Object.is(node.value, -0) ? '-0' : String(node.value)} ${node.isInteger}`);
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(root);
  return out;
}

/** The parser's document of `text`, and its duplicate-key warnings as `[start, end)` offsets, flattened. */
function reference(text: string) {
  const document = TextDocument.create(URI, 'json', 1, text);
  const parsed = json.parseJSONDocument(document);
  // vscode-json-languageservice keeps its syntax errors on the document (not in its declared type).
  const { syntaxErrors } = parsed as JSONDocument & { syntaxErrors: Diagnostic[] };
  const duplicates = syntaxErrors
    .filter((error) => error.code === DUPLICATE_KEY)
    .flatMap((error) => [document.offsetAt(error.range.start), document.offsetAt(error.range.end)]);
  return { document, parsed, syntaxErrors, duplicates };
}

/**
 * `actual` is `expected` (two `shape`s): on a difference, the first differing line with a few around it (a diff of
 * two large pictures that differ everywhere takes minutes).
 */
function expectSameShape(actual: string, expected: string, where: string): void {
  if (actual === expected) return;
  const [a, b] = [actual.split('\n'), expected.split('\n')];
  let line = 0;
  while (a[line] === b[line]) line++;
  const around = (lines: string[]) => lines.slice(Math.max(0, line - 3), line + 4);
  expect({ line, lines: around(a) }, where).toEqual({ line, lines: around(b) });
}

/**
 * Builds `text` and compares it with the parser's tree: shape, numbers, repeated keys (and, valid JSON having no
 * other syntax error, nothing but duplicate keys from the parser). Returns the repeated keys' text.
 */
function compare(text: string, label = text): string[] {
  const where = label.length > 2000 ? `${label.slice(0, 2000)}…` : label;
  expect(() => JSON.parse(text), where).not.toThrow();
  const { tree, repeatedKeys } = buildValid(text);
  const { parsed, syntaxErrors, duplicates } = reference(text);
  expect(
    syntaxErrors.filter((error) => error.code !== DUPLICATE_KEY),
    where,
  ).toEqual([]);
  const root = nodeOf(tree, tree.root);
  expectSameShape(shape(root), shape(parsed.root), where);
  expect(numbers(root), where).toEqual(numbers(parsed.root));
  expect(repeatedKeys, where).toEqual(duplicates);
  const keys: string[] = [];
  for (let i = 0; i < repeatedKeys.length; i += 2) keys.push(text.slice(repeatedKeys[i], repeatedKeys[i + 1]));
  return keys;
}

/** Every example config JSON.parse accepts, by its name under `examples/automation/`. */
const examples = (
  readdirSync(new URL('../../../../../examples/automation/', import.meta.url), { recursive: true }) as string[]
)
  .map((name) => name.replaceAll('\\', '/'))
  .filter((name) => name.endsWith('.json'))
  .filter((name) => {
    try {
      JSON.parse(example(name));
      return true;
    } catch {
      return false;
    }
  })
  .sort();

describe('buildValid: the parser’s tree', () => {
  it('finds the example configs', () => {
    expect(examples).toEqual(
      expect.arrayContaining(['replica-set.automation.json', 'sharded-cluster.automation.json']),
    );
    expect(examples.length).toBeGreaterThanOrEqual(4);
  });

  it.for(examples)('builds %s as the parser does', (name) => {
    const text = example(name);
    compare(text, name);
    // The same with CRLF line ends and with no white space at all.
    compare(text.replaceAll('\n', '\r\n'), `${name} (CRLF)`);
    compare(JSON.stringify(JSON.parse(text)), `${name} (compact)`);
  });

  for (const folder of ['real-automation-configs', 'real-api-responses'] as const) {
    describe(`../shared/corpus/${folder}`, () => {
      const corpus = findCorpus(folder);
      if (registerMissingCorpus(it, corpus)) return;
      const valid = corpus.files.filter((file) => {
        try {
          JSON.parse(corpus.read(file));
          return true;
        } catch {
          return false;
        }
      });

      it('holds JSON documents', () => {
        expect(valid.length).toBeGreaterThan(0);
      });

      it.for(valid)('builds %s as the parser does', (file) => {
        compare(corpus.read(file), file);
      });
    });
  }

  it.for([
    ['an empty object', '{}'],
    ['an empty array', '[]'],
    ['a scalar root', '42'],
    ['a string root', ' "s" '],
    ['a literal root', 'null'],
    ['empty containers in containers', '{"a":{},"b":[],"c":[{},[]]}'],
    ['white space everywhere', ' \t\r\n{ \r\n"a" \t: \n[ 1 ,\t2 ] , "b"\r\n:\r\n"x" }\n\n'],
    ['escaped quotes and backslashes', '{"a\\"b": "c\\\\", "d\\\\\\"": ["\\\\\\\\", "\\""]}'],
    ['every escape', '{"\\b\\f\\n\\r\\t\\/\\\\\\"": "\\u0041\\u00e9\\ud83d\\ude00\\b\\f\\n\\r\\t\\/"}'],
    ['unicode characters and surrogate pairs', '{"é😀": "ü\u2028\u2029😀", "\u00a0": ["😀😀", "é"]}'],
    [
      'numbers of every form',
      '[0, -0, 1, -1, 1.5, -1.5e-3, 1e5, 1E-3, 1e+2, 2E+0, 12345678901234567890, 1e400, -1e-400]',
    ],
    ['long keys and values', '{"a key of many more than thirteen characters": "a value of many more than thirteen"}'],
    [
      'properties named as Object.prototype members',
      '{"__proto__": 1, "constructor": 2, "toString": 3, "hasOwnProperty": 4}',
    ],
    ['a value string that looks like a key', '["a", "b" , "c"\n, "d"]'],
    ['structure characters in strings', '{"{": "}", "[": "]", ":": ",", ",": ":", "\\"": "\\"}"}'],
    ['nesting deeper than the builder’s first stack', `${'['.repeat(150)}1${']'.repeat(150)}`],
    ['objects nested deeper than the first stack', `${'{"a":'.repeat(100)}{"a":1,"a":2}${'}'.repeat(100)}`],
  ] as const)('builds %s', ([, text]) => {
    compare(text);
  });

  it.for([
    ['1', 1, true],
    ['-0', -0, true],
    ['1.5', 1.5, false],
    ['1e5', 1e5, true],
    ['1E-3', 1e-3, true],
    ['-2.50', -2.5, false],
    ['0.0', 0, false],
  ] as const)('reads the number %s as %d (isInteger %s), as the parser does', ([raw, value, isInteger]) => {
    const text = `{"n": ${raw}, "list": [${raw}]}`;
    const { tree } = buildValid(text);
    const built = nodeOf(tree, tree.root);
    const parsed = reference(text).parsed.root;
    for (const root of [built, parsed]) {
      if (root?.type !== 'object') throw new Error(`not an object: ${root?.type}`);
      const property = root.properties[0]!.valueNode;
      const list = root.properties[1]!.valueNode;
      if (list?.type !== 'array') throw new Error(`not an array: ${list?.type}`);
      for (const node of [property, list.items[0]]) {
        if (node?.type !== 'number') throw new Error(`not a number: ${node?.type}`);
        expect(Object.is(node.value, value), `${raw} → ${node.value}`).toBe(true);
        expect(node.isInteger).toBe(isInteger);
      }
    }
    expect(numbers(built)).toEqual(numbers(parsed));
  });
});

describe('buildValid: keys given twice', () => {
  /** `count` members `"k0": 0, "k1": 1, …` (more than 24 keys: the builder looks repeats up in a map). */
  const members = (count: number, from = 0) =>
    Array.from({ length: count }, (_, i) => `"k${i + from}": ${i + from}`).join(', ');
  const many = members(30);

  it.for([
    ['no repeat', '{"a": 1, "b": 2}', []],
    ['a key given twice', '{"a": 1, "a": 2}', ['"a"', '"a"']],
    ['a key given three times', '{"a": 1, "a": 2, "a": 3}', ['"a"', '"a"', '"a"']],
    ['two keys given twice, interleaved', '{"a": 1, "b": 1, "a": 2, "b": 2}', ['"a"', '"a"', '"b"', '"b"']],
    ['the same key in different objects', '{"a": {"a": 1}, "b": [{"a": 1}, {"a": 2}]}', []],
    ['a repeat inside a repeated value', '{"x": {"a": 1, "b": 2, "a": 3}, "x": 0}', ['"a"', '"a"', '"x"', '"x"']],
    ['escaped keys that decode to the same name', '{"a": 1, "\\u0061": 2}', ['"\\u0061"', '"a"']],
    ['escaped quotes in keys', '{"a\\"": 1, "a\\u0022": 2, "a\\\\": 3}', ['"a\\u0022"', '"a\\""']],
    ['"//" keys (exempt)', '{"//": "one", "//": "two", "//": "three"}', []],
    ['"//" written with escapes (exempt)', '{"//": 1, "\\/\\/": 2, "\\u002f/": 3}', []],
    ['keys that are not "//"', '{"/": 1, "/": 2, "///": 1, "///": 2}', ['"/"', '"/"', '"///"', '"///"']],
    ['an empty key', '{"": 1, "": 2}', ['""', '""']],
    [
      'keys named as Object.prototype members',
      '{"__proto__": 1, "toString": 2, "__proto__": 3}',
      ['"__proto__"', '"__proto__"'],
    ],
    ['an object after the repeat closes', '{"o": {"a": 1, "a": 2}, "p": {"a": 3}}', ['"a"', '"a"']],
    // Past 24 keys the builder switches to a map of the object's keys.
    ['no repeat among many keys', `{${many}}`, []],
    ['a repeat after many keys', `{${many}, "k7": 0}`, ['"k7"', '"k7"']],
    ['a repeat given three times after many keys', `{${many}, "k7": 0, "k7": 1}`, ['"k7"', '"k7"', '"k7"']],
    ['a repeat before and after the switch', `{"k3": 9, ${many}, "k3": 8}`, ['"k3"', '"k3"', '"k3"']],
    ['a repeat right at the switch', `{${members(24)}, "k0": 0}`, ['"k0"', '"k0"']],
    ['a repeat just before the switch', `{${members(23)}, "k0": 0, "k0": 1}`, ['"k0"', '"k0"', '"k0"']],
    ['keys new after the switch, then repeated', `{${many}, "x": 1, "y": 2, "x": 3}`, ['"x"', '"x"']],
    ['an escaped repeat among many keys', `{${many}, "\\u006b3": 0}`, ['"\\u006b3"', '"k3"']],
    ['"//" among many keys', `{"//": 0, ${many}, "//": 1, "//": 2}`, []],
    [
      'two large objects, the second after the first closed',
      `{"a": {${many}, "k1": 1}, "b": {${many}}}`,
      ['"k1"', '"k1"'],
    ],
    [
      'a large object inside a large object',
      `{${many}, "in": {${many}, "k2": 2}, "k2": 2}`,
      ['"k2"', '"k2"', '"k2"', '"k2"'],
    ],
    [
      'objects in an array',
      '[{"a": 1, "a": 2}, {"a": 1}, {"b": 1, "b": 1, "b": 1}]',
      ['"a"', '"a"', '"b"', '"b"', '"b"'],
    ],
  ] as const)('%s', ([, text, expected]) => {
    expect(compare(text)).toEqual(expected);
  });

  it('finds repeated keys among more names than fit a property’s word (70 000), and in keys of 70 000 characters', () => {
    // Past 32 767 names a key's name does not fit its property's word, past 65 535 not even 16 bits of it.
    const names = Array.from({ length: 70_000 }, (_, i) => `"name${i}": ${i}`).join(',');
    const long = `"${'k'.repeat(70_000)}"`;
    const text = `{"a": {${names}, "name69999": 0, "name5": 1, "name69999": 2}, "b": {${long}: 1, "x": 2, ${long}: 3}}`;
    const keys = compare(text, 'many names, long keys');
    expect(keys).toEqual(['"name69999"', '"name69999"', '"name5"', '"name5"', '"name69999"', long, long]);
  });

  it('warns about every key given twice as a full parse does (message, severity, range)', () => {
    const text = `{\r\n  "a": 1,\r\n  "é😀": {${many}, "k5": 5, "k5": 6},\r\n  "a": 2,\r\n  "é😀": null\r\n}`;
    const { document, syntaxErrors } = reference(text);
    const full = startFullParse(document, json, text, true, (start, end) => text.slice(start, end)).run()!;
    expect(full.syntaxErrors).toEqual(syntaxErrors);
    expect(full.syntaxErrors.length).toBe(7);
  });

  it('finds the repeated keys of 300 random objects, large and small, and no others', () => {
    const next = seededRandom(11);
    for (let n = 0; n < 300; n++) {
      const size = Math.floor(next() * (n % 3 === 0 ? 80 : 30));
      const parts: string[] = [];
      for (let i = 0; i < size; i++) {
        const key = next() < 0.05 ? '//' : `key${Math.floor(next() * size * 1.5)}`;
        // The same name written with an escape now and then.
        const written = next() < 0.2 ? `"\\u006b${key.slice(1)}"` : JSON.stringify(key);
        parts.push(`${written}: ${next() < 0.2 ? `{"${key}": [1, {"${key}": 2, "${key}": 3}]}` : i}`);
      }
      compare(`{"outer": {${parts.join(',\n')}}, "${parts.length}": true}`);
    }
  });
});

describe('buildValid: random documents', () => {
  /** A generated value: objects keep their members as a list, so a key can be given twice. */
  type Value =
    | { readonly kind: 'object'; readonly members: readonly (readonly [string, Value])[] }
    | { readonly kind: 'array'; readonly items: readonly Value[] }
    | { readonly kind: 'string'; readonly text: string }
    /** A number or literal, as written. */
    | { readonly kind: 'scalar'; readonly text: string };

  interface Layout {
    readonly name: string;
    /** Indent per level; undefined: everything on one line. */
    readonly indent?: string;
    readonly newline: string;
    /** Around colons and commas. */
    readonly space: string;
    /** Characters written as \uXXXX or a short escape when they need none, one time in `escapeRate`. */
    readonly escapeRate: number;
  }

  const LAYOUTS: readonly Layout[] = [
    { name: 'compact', newline: '', space: '', escapeRate: 0 },
    { name: 'pretty', indent: '  ', newline: '\n', space: ' ', escapeRate: 0 },
    { name: 'tabs', indent: '\t', newline: '\n', space: ' ', escapeRate: 0 },
    { name: 'CRLF', indent: '  ', newline: '\r\n', space: ' ', escapeRate: 0 },
    { name: 'odd spacing', indent: ' ', newline: ' \r\n\t', space: ' \t ', escapeRate: 0 },
    { name: 'escaped', indent: '  ', newline: '\n', space: ' ', escapeRate: 3 },
    { name: 'escaped, compact', newline: '', space: '', escapeRate: 2 },
  ];

  const KEYS = [
    'a',
    'name',
    '',
    'é',
    'quo"te',
    'back\\slash',
    'x:y',
    '{[',
    'a b',
    '//',
    '😀',
    '__proto__',
    'a key longer than thirteen',
  ];
  const STRINGS = [
    '',
    'str',
    'with "q"',
    ']}',
    '\\',
    'ü\u2028',
    'tab\there',
    'line\nbreak',
    '\u0000\u001f',
    '😀',
    'a value longer than thirteen characters',
    '/path/to',
  ];
  const NUMBERS = ['0', '-0', '42', '1.5', '-1.5e-3', '1e5', '1E-3', '1e+2', '0.0', '12345678901234567890', '1e400'];

  /** A random document; `stats.large` counts its objects of more than 24 keys. */
  function generate(next: () => number, stats: { large: number }): Value {
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    const scalar = (): Value => {
      const roll = next();
      if (roll < 0.4) return { kind: 'string', text: pick(STRINGS) };
      if (roll < 0.8) return { kind: 'scalar', text: pick(NUMBERS) };
      return { kind: 'scalar', text: pick(['true', 'false', 'null']) };
    };
    const value = (depth: number): Value => {
      const roll = next();
      if (depth > 4 || (depth > 0 && roll < 0.35)) return scalar();
      if (depth > 0 && roll < 0.6)
        return { kind: 'array', items: Array.from({ length: Math.floor(next() * 5) }, () => value(depth + 1)) };
      // Now and then a large object (more than 24 keys), with numbered keys that repeat.
      // Their values are scalars (mostly) and small containers: documents stay small.
      const large = next() < 0.12;
      if (large) stats.large++;
      const size = Math.floor(next() * (large ? 50 : 6)) + (large ? 25 : depth === 0 ? 2 : 0);
      const members: [string, Value][] = [];
      for (let i = 0; i < size; i++) {
        const key = large ? `k${Math.floor(next() * size * 1.2)}` : pick(KEYS) + (next() < 0.6 ? '' : String(i % 3));
        members.push([key, large && next() < 0.9 ? scalar() : value(large ? depth + 3 : depth + 1)]);
      }
      return { kind: 'object', members };
    };
    return value(0);
  }

  /** A string literal; some characters escaped though they need not be (as `\uXXXX`, `\/`). */
  function quote(s: string, layout: Layout, next: () => number): string {
    let out = '"';
    for (const ch of s) {
      const code = ch.codePointAt(0)!;
      const escapeThis = layout.escapeRate > 0 && next() * layout.escapeRate < 1;
      if (ch === '"' || ch === '\\' || code < 0x20) {
        out += escapeThis ? unicode(ch, next) : JSON.stringify(ch).slice(1, -1);
      } else if (escapeThis) {
        out += ch === '/' && next() < 0.5 ? '\\/' : unicode(ch, next);
      } else {
        out += ch;
      }
    }
    return `${out}"`;
  }

  /** `\uXXXX` for each UTF-16 unit of `ch`, in either case. */
  function unicode(ch: string, next: () => number): string {
    let out = '';
    for (let i = 0; i < ch.length; i++) {
      const hex = ch.charCodeAt(i).toString(16).padStart(4, '0');
      out += `\\u${next() < 0.5 ? hex : hex.toUpperCase()}`;
    }
    return out;
  }

  function render(value: Value, layout: Layout, next: () => number, depth = 0): string {
    const inner = layout.indent === undefined ? '' : layout.newline + layout.indent.repeat(depth + 1);
    const outer = layout.indent === undefined ? '' : layout.newline + layout.indent.repeat(depth);
    switch (value.kind) {
      case 'string':
        return quote(value.text, layout, next);
      case 'scalar':
        return value.text;
      case 'array':
        if (value.items.length === 0) return '[]';
        return `[${value.items.map((item) => inner + render(item, layout, next, depth + 1)).join(`,${layout.space}`)}${outer}]`;
      case 'object':
        if (value.members.length === 0) return '{}';
        return `{${value.members
          .map(
            ([key, item]) =>
              `${inner}${quote(key, layout, next)}${layout.space}:${layout.space}${render(item, layout, next, depth + 1)}`,
          )
          .join(`,${layout.space}`)}${outer}}`;
    }
  }

  it('builds 210 random documents in every layout as the parser does, repeated keys included', () => {
    const next = seededRandom(20260301);
    let repeats = 0;
    const stats = { large: 0 };
    for (let n = 0; n < 210; n++) {
      const layout = LAYOUTS[n % LAYOUTS.length]!;
      // A scalar root one time in ten.
      const scalarRoot = ['-1.5e-3', '"s\\u00e9"', 'true', 'null', '0'][Math.floor(n / 10) % 5];
      const root: Value = n % 10 === 9 ? { kind: 'scalar', text: scalarRoot! } : generate(next, stats);
      const text = `${n % 5 === 0 ? layout.newline : ''}${render(root, layout, next)}${n % 4 === 0 ? layout.newline : ''}`;
      repeats += compare(text, `document ${n} (${layout.name}): ${text}`).length;
    }
    // The documents hold what the test is about.
    expect(repeats).toBeGreaterThan(50);
    expect(stats.large).toBeGreaterThan(10);
  });
});

describe('buildValid in slices', () => {
  const sample = sampleConfig(200);
  it.for<[string, string]>([
    ['a generated config', sample],
    [
      'one with a key given twice in every process',
      sample.replaceAll('"processType": "dbd"', '"processType": "dbd", "processType": "dbd"'),
    ],
  ])('builds %s a slice at a time into the tree and repeated keys of one build', ([, text]) => {
    const builder = startValidBuild(text);
    let slices = 1;
    // A deadline already past: each slice reads a few thousand characters, then stops.
    while (builder.run(0) === undefined) slices++;
    expect(slices).toBeGreaterThan(5);
    const sliced = builder.run()!;
    const whole = buildValid(text);
    expect(shape(nodeOf(sliced.tree, sliced.tree.root))).toBe(shape(nodeOf(whole.tree, whole.tree.root)));
    expect(sliced.repeatedKeys).toEqual(whole.repeatedKeys);
  });
});
