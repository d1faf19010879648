/**
 * Paths placed in a text (`locate.ts`), whatever the caller has of it: a valid text (one scan), jsonc-parser's tree,
 * a text parsed here, or the language server's own tree. Every source gives the same place, and each anchor shows
 * the part of it its callers underline: `value` and `key` (`dbkit validate`, the editor), `name` (the playground).
 */
import type { JsonPath } from '@dbkit/core';
import { parseTree } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import {
  type Anchor,
  type LocatedNode,
  locatePaths,
  type PathSource,
  rangesOfSpans,
  spanOfLocated,
  spansOfPaths,
} from '../../src/service/locate.js';
import { example, parsed } from '../utils.js';

/** Every way a valid text can be given, and the language server's tree. */
function everySource(text: string): { readonly name: string; readonly locate: (paths: JsonPath[]) => LocatedNode[] }[] {
  const sources: { name: string; source: PathSource }[] = [
    { name: 'a valid text', source: { text, valid: true } },
    { name: 'a tree', source: { text, tree: parseTree(text) } },
    { name: 'a text to parse', source: { text } },
  ];
  const { doc } = parsed(text);
  void doc.json; // built: `locate` answers from the tree
  return [
    ...sources.map(({ name, source }) => ({ name, locate: (paths: JsonPath[]) => locatePaths(source, paths) })),
    { name: "the language server's tree", locate: (paths: JsonPath[]) => doc.locate(paths) },
  ];
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

/** `line:column` (1-based) of a span's start, and the text it shows. */
function shown(text: string, node: LocatedNode, anchor: Anchor): { at: string; text: string } {
  const span = spanOfLocated(text, node, anchor);
  const [range] = rangesOfSpans(text, [span]);
  return {
    at: `${range!.start.line + 1}:${range!.start.character + 1}`,
    text: text.slice(span.offset, span.offset + span.length),
  };
}

const FIELDS = `{
  "options": {
    "downloadBase": "/var/lib/db"
  },
  "processes": [
    { "name": "a", "hostnmae": "h" },
    {
      "name": "b",
      "name": "b2"
    }
  ],
  "empty": {}
}
`;

const COMPACT = '{\n  "version": 3,\n  "auth": { "disabled": true },\n  "processes": [{ "name": "a" }]\n}';

describe('a path is shown by its anchor, from every source', () => {
  it.for<[string, string, JsonPath, Anchor, string, string]>([
    ['a scalar value', FIELDS, ['options', 'downloadBase'], 'value', '3:21', '"/var/lib/db"'],
    ['a multi-line object: its key through the brace', FIELDS, ['options'], 'value', '2:3', '"options": {'],
    ['the root: its opening brace', FIELDS, [], 'value', '1:1', '{'],
    ['an object on one line: all of it', FIELDS, ['processes', 0], 'value', '6:5', '{ "name": "a", "hostnmae": "h" }'],
    ['a multi-line array item: its brace', FIELDS, ['processes', 1], 'value', '7:5', '{'],
    ['a key, for unknown and misspelt fields', FIELDS, ['processes', 0, 'hostnmae'], 'key', '6:20', '"hostnmae"'],
    ['an empty object', FIELDS, ['empty'], 'value', '12:12', '{}'],
    [
      'a missing item: the deepest node that exists',
      FIELDS,
      ['processes', 5, 'name'],
      'value',
      '5:3',
      '"processes": [',
    ],
    [
      'a missing field of a one-line object',
      FIELDS,
      ['processes', 0, 'port'],
      'value',
      '6:5',
      '{ "name": "a", "hostnmae": "h" }',
    ],
    ['a key given twice: the last one, as JSON.parse keeps', FIELDS, ['processes', 1, 'name'], 'value', '9:15', '"b2"'],
    [
      'key anchor on an array item falls back to the value',
      FIELDS,
      ['processes', 0],
      'key',
      '6:5',
      '{ "name": "a", "hostnmae": "h" }',
    ],
    ['name: a scalar is its value', COMPACT, ['version'], 'name', '2:14', '3'],
    ['name: an object is its key', COMPACT, ['auth'], 'name', '3:3', '"auth"'],
    ['name: a scalar in an object', COMPACT, ['auth', 'disabled'], 'name', '3:25', 'true'],
    ['name: a field of an array item', COMPACT, ['processes', 0, 'name'], 'name', '4:27', '"a"'],
    ['name: an array item is all of it', COMPACT, ['processes', 0], 'name', '4:17', '{ "name": "a" }'],
    ['name: a missing item is the key of its array', COMPACT, ['processes', 5, 'name'], 'name', '4:3', '"processes"'],
    ['name: a missing field of the root is its first character', COMPACT, ['missing'], 'name', '1:1', '{'],
    ['name: the root is its first character', COMPACT, [], 'name', '1:1', '{'],
  ])('%s', ([, text, path, anchor, at, underlined]) => {
    for (const { name, locate } of everySource(text)) {
      const [node] = locate([path]);
      expect(shown(text, node!, anchor), name).toEqual({ at, text: underlined });
    }
  });
});

describe('every source finds every path where the others do', () => {
  it.for([
    'replica-set.automation.json',
    'sharded-cluster.automation.json',
    'secure.automation.json',
    'mistakes/broken.automation.json',
  ])('%s', (name) => {
    const text = example(name);
    const paths = allPaths(JSON.parse(text));
    // Missing paths too: the deepest node on the way.
    paths.push(['processes', 999, 'name'], ['nope', 'deeper'], ['processes', 'name']);
    const [first, ...others] = everySource(text).map(({ name, locate }) => ({ name, located: locate(paths) }));
    for (const other of others) expect(other.located, other.name).toEqual(first!.located);
  });
});

describe('text that is not valid JSON', () => {
  it.for<[string, string, JsonPath, Anchor, string]>([
    ['an empty text: its start, empty', '', ['processes', 0], 'value', ''],
    ['an empty text, named: its start, empty', '', [], 'name', ''],
    ['a comment: the tree reads past it', '{\n  // note\n  "version": 1,\n}', ['version'], 'value', '1'],
    [
      'a property without a value: its object',
      '{"auth": {"disabled": }, "version": 1}',
      ['auth', 'disabled'],
      'name',
      '"auth"',
    ],
  ])('%s', ([, text, path, anchor, underlined]) => {
    const [span] = spansOfPaths({ text }, [path], anchor);
    expect(text.slice(span!.offset, span!.offset + span!.length)).toBe(underlined);
    expect(spansOfPaths({ text, tree: parseTree(text) }, [path], anchor)).toEqual([span]);
  });

  it('places nothing and parses nothing when no path is asked for', () => {
    expect(locatePaths({ text: '{"a": ' }, [])).toEqual([]);
  });

  it('gives each path its own anchor in one batch', () => {
    const text = '{"a": {"b": 1}}';
    const spans = spansOfPaths({ text, valid: true }, [['a', 'b'], ['a', 'b'], ['a']], ['value', 'key', 'name']);
    expect(spans.map((s) => text.slice(s.offset, s.offset + s.length))).toEqual(['1', '"b"', '"a"']);
  });
});
