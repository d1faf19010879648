/**
 * Skipping over valid JSON text: each function lands just after what it skips, strings with escaped quotes and
 * brackets inside them included, and agrees with `JSON.parse` on every value of random documents.
 */
import { describe, expect, it } from 'vitest';
import { jsonSpaceEnd, jsonStringEnd, jsonValueEnd } from '../../src/json/skip.js';
import { seededRandom } from '../../src/random.js';

describe('skipping valid JSON text', () => {
  it.for([
    ['a string', '"ab" ,', 0, 4],
    ['a string with escaped quotes and backslashes', String.raw`"a\"b\\" ,`, 0, 8],
    ['an object with brackets in strings', '{"a": ["}", "]"], "b": {}} ,', 0, 26],
    ['an array of objects', '[{}, [1, [2]], "x"]]', 0, 19],
    ['a number', '-1.5e3,', 0, 6],
    ['a literal before a closing bracket', 'true]', 0, 4],
    ['a value further on', '[1, {"a": 2}]', 4, 12],
  ] as const)('jsonValueEnd: %s', ([, text, start, end]) => {
    expect(jsonValueEnd(text, start)).toBe(end);
  });

  it('jsonStringEnd and jsonSpaceEnd land after the string and the white space', () => {
    expect(jsonStringEnd('"unclosed', 0)).toBe(9);
    expect(jsonSpaceEnd(' \t\r\n x', 0)).toBe(5);
    expect(jsonSpaceEnd('   ', 1)).toBe(3);
  });

  it('agrees with JSON.parse on every value of 300 random documents, in every layout', () => {
    const random = seededRandom(0x5e1);
    const scalar = () =>
      [() => 'a"b\\c]', () => random() * 1e6 - 5e5, () => random() < 0.5, () => null, () => '{[}]'][
        Math.floor(random() * 5)
      ]!();
    const value = (depth: number): unknown => {
      if (depth > 3 || random() < 0.3) return scalar();
      const n = Math.floor(random() * 4);
      if (random() < 0.5) return Array.from({ length: n }, () => value(depth + 1));
      return Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}"}`, value(depth + 1)]));
    };
    for (let run = 0; run < 300; run++) {
      const items = Array.from({ length: 1 + Math.floor(random() * 5) }, () => value(0));
      const text = JSON.stringify(items, null, run % 3 === 0 ? undefined : run % 3);
      // Walk the top-level array item by item: each item's text is the item.
      let at = jsonSpaceEnd(text, 1);
      for (const item of items) {
        const end = jsonValueEnd(text, at);
        expect(JSON.parse(text.slice(at, end))).toEqual(item);
        at = jsonSpaceEnd(text, end);
        if (text[at] === ',') at = jsonSpaceEnd(text, at + 1);
      }
      expect(text[at]).toBe(']');
    }
  });
});
