// Offsets as 1-based lines and columns (paths become offsets in @dbkit/language-server/internal/locate, tested there).
import { describe, expect, it } from 'vitest';
import { rangesOf } from '../src/validate/lines.js';

describe('offsets → lines and columns', () => {
  it.for<[string, number, string]>([
    ['a\nbc\n', 0, '1:1'],
    ['a\nbc\n', 3, '2:2'],
    ['a\nbc\n', 5, '3:1'],
    ['a\r\nbc', 3, '2:1'],
    ['😀x', 2, '1:3'], // UTF-16 code units, as editors and SARIF count
    ['abc', 99, '1:4'], // clamped to the end
  ])('%j at %i is %s', ([source, offset, expected]) => {
    const { line, column } = rangesOf(source, [{ offset, length: 0 }])[0]!.start;
    expect(`${line}:${column}`).toBe(expected);
  });

  it('a range ends just after its last character (exclusive end column)', () => {
    expect(rangesOf('{"a": 1}', [{ offset: 6, length: 1 }])).toEqual([
      { start: { line: 1, column: 7 }, end: { line: 1, column: 8 } },
    ]);
  });

  it('places many spans, in any order, in the order given', () => {
    const text = '{\n  "a": 1,\n  "b": [\n    2\n  ]\n}';
    const spans = [text.indexOf('2'), text.indexOf('"a"'), text.indexOf('"b"')].map((offset) => ({
      offset,
      length: 1,
    }));
    expect(rangesOf(text, spans).map(({ start, end }) => `${start.line}:${start.column}-${end.column}`)).toEqual([
      '4:5-6',
      '2:3-4',
      '3:3-4',
    ]);
  });
});
