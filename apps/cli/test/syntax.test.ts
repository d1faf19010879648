import { describe, expect, it } from 'vitest';
import { syntaxFindings } from '../src/validate/syntax.js';

function syntax(text: string): string[] {
  let message = '';
  try {
    JSON.parse(text);
  } catch (error) {
    message = (error as Error).message;
  }
  return syntaxFindings(text, message).map((f) => `${f.span?.offset}+${f.span?.length} ${f.message.split(':')[0]}`);
}

describe('syntax errors', () => {
  it.for<[string, string, string[]]>([
    ['a line comment', '{"a": 1 // c\n}', ['8+4 Comments are not allowed']],
    ['a block comment', '{/* c */"a": 1}', ['1+7 Comments are not allowed']],
    ['a trailing comma in an object, at the comma', '{"a": 1,\n}', ['7+1 Trailing comma']],
    ['a trailing comma in an array', '[1, 2, ]', ['5+1 Trailing comma']],
    ['a missing comma', '{"a": 1 "b": 2}', ['8+3 A comma "," is expected between two items.']],
    ['an unclosed object', '{"a": 1', ['7+1 A closing brace "}" is expected']],
    ['an empty file', '', ['0+1 A value is expected here.']],
    ['a single-quoted string: the first error of the line only', "{'a': 1}", ['1+3 Unexpected character']],
    [
      'errors on several lines',
      '{\n "a": 1, // c\n "b": [1,],\n}',
      ['11+4 Comments are not allowed', '24+1 Trailing comma'],
    ],
  ])('%s', ([, text, expected]) => {
    expect(syntax(text)).toEqual(expected);
  });

  it('never repeats JSON.parse’s message, which can quote the text (and a secret in it)', () => {
    const findings = syntaxFindings(
      '{"autoPwd": "hunter2"}',
      'Unexpected token in "{"autoPwd": "hunter2"}" at position 3',
    );
    for (const f of findings) expect(f.message).not.toContain('hunter2');
  });
});
