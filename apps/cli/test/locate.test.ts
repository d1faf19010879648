import { parseTree } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { type Anchor, createLineIndex, positionAt, rangeOf, spanOfPath } from '../src/validate/locate.js';

const text = `{
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

describe('path → range', () => {
  const root = parseTree(text);
  const index = createLineIndex(text);
  it.for<[string, (string | number)[], Anchor, string, string]>([
    ['a scalar value', ['options', 'downloadBase'], 'value', '3:21', '"/var/lib/db"'],
    ['a multi-line object: its key through the brace', ['options'], 'value', '2:3', '"options": {'],
    ['the root: its opening brace', [], 'value', '1:1', '{'],
    ['an object on one line: all of it', ['processes', 0], 'value', '6:5', '{ "name": "a", "hostnmae": "h" }'],
    ['a multi-line array item: its brace', ['processes', 1], 'value', '7:5', '{'],
    ['a key, for unknown and misspelt fields', ['processes', 0, 'hostnmae'], 'key', '6:20', '"hostnmae"'],
    ['an empty object', ['empty'], 'value', '12:12', '{}'],
    ['a missing item: the deepest node that exists', ['processes', 5, 'name'], 'value', '5:3', '"processes": ['],
    [
      'a missing field of a one-line object',
      ['processes', 0, 'port'],
      'value',
      '6:5',
      '{ "name": "a", "hostnmae": "h" }',
    ],
    ['a duplicated key: the last one, as JSON.parse keeps', ['processes', 1, 'name'], 'value', '9:15', '"b2"'],
    [
      'key anchor on an array item falls back to the value',
      ['processes', 0],
      'key',
      '6:5',
      '{ "name": "a", "hostnmae": "h" }',
    ],
  ])('%s', ([, path, anchor, position, underlined]) => {
    const span = spanOfPath(root, index, path, anchor);
    const { start } = rangeOf(index, span);
    expect(`${start.line}:${start.column}`).toBe(position);
    expect(text.slice(span.offset, span.offset + span.length)).toBe(underlined);
  });
});

describe('offsets → lines and columns', () => {
  it.for<[string, number, string]>([
    ['a\nbc\n', 0, '1:1'],
    ['a\nbc\n', 3, '2:2'],
    ['a\nbc\n', 5, '3:1'],
    ['a\r\nbc', 3, '2:1'],
    ['😀x', 2, '1:3'], // UTF-16 code units, as editors and SARIF count
    ['abc', 99, '1:4'], // clamped to the end
  ])('%j at %i is %s', ([source, offset, expected]) => {
    const { line, column } = positionAt(createLineIndex(source), offset);
    expect(`${line}:${column}`).toBe(expected);
  });

  it('a range ends just after its last character (exclusive end column)', () => {
    const index = createLineIndex('{"a": 1}');
    expect(rangeOf(index, { offset: 6, length: 1 })).toEqual({
      start: { line: 1, column: 7 },
      end: { line: 1, column: 8 },
    });
  });
});
