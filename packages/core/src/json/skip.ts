/**
 * Skipping over valid JSON text without parsing it: white space, a string, a whole value. What the editor's first
 * diagnostics, its completion before a tree and the service's PUT of a revision read only in part share. The text
 * must be valid JSON (`JSON.parse` accepted it, or it differs from such a text only in ways the caller checked):
 * nothing here looks for errors. Strings are skipped with a native search for the next quote, containers from one
 * structural character to the next with a native regular-expression search.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;

/** Whether `code` is JSON white space (space, line feed, carriage return, tab). */
export function isJsonSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/** The offset of the first character at or after `at` that is not JSON white space. */
export function jsonSpaceEnd(text: string, at: number): number {
  while (at < text.length && isJsonSpace(text.charCodeAt(at))) at++;
  return at;
}

/** The offset just after the string whose opening quote is at `start` (the text's end when it is not closed). */
export function jsonStringEnd(text: string, start: number): number {
  let at = start + 1;
  for (;;) {
    const quote = text.indexOf('"', at);
    if (quote === -1) return text.length;
    let backslashes = 0;
    for (let i = quote - 1; text.charCodeAt(i) === BACKSLASH; i--) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    at = quote + 1;
  }
}

/** Structural characters; `lastIndex` is set before each use (never nested). */
const STRUCTURAL = /["{}[\]]/g;

/**
 * The offset just after the value that starts at `start` (not white space): a string, an object or array with
 * everything in it, or a number or literal.
 *
 * @example
 * jsonValueEnd('{"a": [1, "]"]}, 2', 0); // 15
 */
export function jsonValueEnd(text: string, start: number): number {
  const first = text.charCodeAt(start);
  if (first === QUOTE) return jsonStringEnd(text, start);
  if (first === OPEN_BRACE || first === OPEN_BRACKET) {
    // `test` with the global flag moves `lastIndex` without allocating a match.
    const structural = STRUCTURAL;
    structural.lastIndex = start;
    let depth = 0;
    while (structural.test(text)) {
      const at = structural.lastIndex - 1;
      const code = text.charCodeAt(at);
      if (code === QUOTE) structural.lastIndex = jsonStringEnd(text, at);
      else if (code === OPEN_BRACE || code === OPEN_BRACKET) depth++;
      else if (--depth === 0) return at + 1;
    }
    return text.length;
  }
  let at = start;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    if (code === COMMA || code === CLOSE_BRACE || code === CLOSE_BRACKET || isJsonSpace(code)) break;
    at++;
  }
  return at;
}
