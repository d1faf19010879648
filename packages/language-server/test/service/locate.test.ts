/** The tree-free path locator agrees with the tree on every path of real documents, and on missing paths. */
import type { JsonPath } from '@dbkit/core';
import { describe, expect, it } from 'vitest';
import { duplicateKeys, locatePaths } from '../../src/service/locate.js';
import { example, parsed } from '../utils.js';

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

const TRICKY = `{
  "a\\"b": { "x\\\\": [1, -2.5e3, "s\\"]", {"k": null}], "": true },
  "dup": 1,
  "arr": [ [], {}, [ [ "deep" ] ] ],
  "dup": { "last": "wins" },
  "é": "ü\\u0041"
}`;

describe('locatePaths', () => {
  it.for([
    'replica-set.automation.json',
    'sharded-cluster.automation.json',
    'secure.automation.json',
    'mistakes/broken.automation.json',
  ])('finds every path of %s where the tree does', (name) => {
    const text = example(name);
    const paths = allPaths(JSON.parse(text));
    const fast = locatePaths(text, paths);
    const { doc } = parsed(text);
    void doc.json; // build the tree: locate now answers from it
    expect(fast).toEqual(doc.locate(paths));
  });

  it('handles escapes, empty keys, nesting and repeated keys (the last one wins, as in JSON.parse)', () => {
    const paths = allPaths(JSON.parse(TRICKY));
    const { doc } = parsed(TRICKY);
    void doc.json;
    expect(locatePaths(TRICKY, paths)).toEqual(doc.locate(paths));
    expect(duplicateKeys(TRICKY).map((d) => d.key)).toEqual(['dup']);
    const [last] = locatePaths(TRICKY, [['dup', 'last']]);
    expect(TRICKY.slice(last!.offset, last!.offset + last!.length)).toBe('"wins"');
  });

  it.for([
    [['processes', 0, 'nope'], 'processes[0]'],
    [['processes', 999], 'processes'],
    [['nope', 'deeper'], 'the root'],
  ] as const)('gives the deepest existing node for the missing path %j (%s)', ([path]) => {
    const text = example('replica-set.automation.json');
    const { doc } = parsed(text);
    const fast = locatePaths(text, [path]);
    void doc.json;
    expect(fast).toEqual(doc.locate([path]));
  });
});
