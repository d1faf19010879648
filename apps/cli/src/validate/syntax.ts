/**
 * JSON syntax errors with exact positions. dbkit takes plain JSON, as the service does: comments and trailing
 * commas are syntax errors here, reported where they are, with what to do.
 */
import { type ParseError, parseTree, printParseErrorCode } from 'jsonc-parser';
import type { Finding } from './finding.js';

export const SYNTAX_CODE = 'json/syntax';

const messages: { readonly [code: string]: string } = {
  InvalidSymbol: 'Unexpected character: JSON allows only objects, arrays, strings, numbers, true, false and null here.',
  InvalidNumberFormat: 'Invalid number: write digits with an optional fraction and exponent (no leading +, no hex).',
  PropertyNameExpected: 'A property name in double quotes is expected here.',
  ValueExpected: 'A value is expected here.',
  ColonExpected: 'A colon ":" is expected after the property name.',
  CommaExpected: 'A comma "," is expected between two items.',
  CloseBraceExpected: 'A closing brace "}" is expected: the object is not closed.',
  CloseBracketExpected: 'A closing bracket "]" is expected: the array is not closed.',
  EndOfFileExpected: 'The document should end here: JSON holds a single value.',
  InvalidCommentToken:
    'Comments are not allowed: the service takes plain JSON. Remove the comment (or move the note into a field).',
  UnexpectedEndOfComment: 'The comment is not closed, and comments are not allowed in JSON: remove it.',
  UnexpectedEndOfString: 'The string is not closed: add the closing double quote on the same line.',
  UnexpectedEndOfNumber: 'The number is cut short: add the missing digits.',
  InvalidUnicode: 'Invalid \\u escape: write four hex digits.',
  InvalidEscapeCharacter: 'Invalid escape: JSON allows \\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX.',
  InvalidCharacter: 'Invalid character in a string: control characters must be escaped (\\n, \\t, \\u0000).',
};

const TRAILING_COMMA =
  'Trailing comma: JSON allows no comma after the last item, and the service takes plain JSON. Remove the comma.';

/**
 * The syntax errors of a text `JSON.parse` refused, in text order, the first of each line only: after an error
 * jsonc-parser recovers and goes on (so a comment on line 3 and a trailing comma on line 9 are both reported), but
 * the errors that follow one on the same line are mostly its echoes. Falls back to the position in
 * `JSON.parse`'s own message when jsonc-parser finds nothing (it is more lenient on a few corner cases, such as
 * control characters in strings).
 */
export function syntaxFindings(text: string, jsonParseMessage: string): readonly Finding[] {
  const errors: ParseError[] = [];
  parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const findings: Finding[] = [];
  const lines = new Set<number>();
  for (const error of errors) {
    const name = printParseErrorCode(error.error);
    const comma = trailingCommaBefore(text, error.offset, name);
    const offset = comma ?? error.offset;
    const line = lineNumber(text, offset);
    if (lines.has(line)) continue;
    lines.add(line);
    findings.push({
      code: SYNTAX_CODE,
      severity: 'error',
      message: comma === undefined ? (messages[name] ?? `Invalid JSON (${name}).`) : TRAILING_COMMA,
      path: [],
      source: 'json',
      span: { offset, length: comma === undefined ? Math.max(error.length, 1) : 1 },
    });
  }
  if (findings.length > 0) return findings;
  const at = /position (\d+)/.exec(jsonParseMessage);
  return [
    {
      code: SYNTAX_CODE,
      severity: 'error',
      // JSON.parse's message may quote the text around the error, secrets included: it is not repeated.
      message: 'Invalid JSON: the parser stops here. Check the character at this position.',
      path: [],
      source: 'json',
      span: { offset: at ? Number(at[1]) : 0, length: 1 },
    },
  ];
}

function lineNumber(text: string, offset: number): number {
  let line = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) line++;
  return line;
}

/** The offset of a comma that directly precedes a closing bracket where a name or value was expected. */
function trailingCommaBefore(text: string, offset: number, name: string): number | undefined {
  if (name !== 'PropertyNameExpected' && name !== 'ValueExpected') return undefined;
  const close = text[offset];
  if (close !== '}' && close !== ']') return undefined;
  let at = offset - 1;
  while (at >= 0 && /\s/.test(text[at] ?? '')) at--;
  return text[at] === ',' ? at : undefined;
}
