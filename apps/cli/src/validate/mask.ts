/**
 * Secrets never leave dbkit: the values of secret fields (core's `SECRET_FIELDS`) are found in the text, so code
 * frames can mask them and messages can be scrubbed (core's `scrubSecrets`). In valid JSON they are read after each
 * secret name a native search finds; any other text is read whole by jsonc-parser's scanner, which works on broken
 * JSON too.
 */
import { isSecretField, SECRET_FIELDS, SECRET_MASK, type SecretText, scrubSecrets } from '@dbkit/core';
import { createScanner, type JSONScanner } from 'jsonc-parser';
import type { Span } from './finding.js';

/** A masked value: where it is, and its text (without quotes) for scrubbing messages. */
export interface SecretValue extends Span, SecretText {}

// jsonc-parser's SyntaxKind is an ambient const enum, which isolatedModules cannot read: its values, by name.
const SyntaxKind = {
  OpenBraceToken: 1,
  CloseBraceToken: 2,
  OpenBracketToken: 3,
  CloseBracketToken: 4,
  ColonToken: 6,
  StringLiteral: 10,
  NumericLiteral: 11,
  Unknown: 16,
  EOF: 17,
} as const;

/**
 * The last three letters of a secret field's name and a closing quote. A native search for these is about twice as
 * fast as one for the quoted names, whose opening quote starts a candidate every few characters of a JSON text; each
 * match is then checked to end a whole quoted name (`nextQuotedName`).
 */
const NAME_END = new RegExp(`(?:${[...new Set(SECRET_FIELDS.map((name) => name.slice(-3)))].join('|')})"`, 'g');

/**
 * Every value token of a property whose key is a secret field, in text order: the string or number after
 * `"autoPwd":`, and every string and number inside an object or array given as a secret field's value (secrets in
 * the wrong type are still secrets). `key` is also the name of an index's key pattern in `indexConfigs`; those
 * field names are masked too, since a scanner cannot tell the two apart and over-masking is the safe side.
 *
 * @param valid whether `JSON.parse` accepted the text: then only the values after the quoted secret names are read,
 *   not the whole text.
 */
export function findSecretValues(text: string, valid = false): readonly SecretValue[] {
  // A key spelt with a \u escape (`"auto\u0050wd"`) is a secret field no search for its name finds: such a text is
  // scanned whole.
  if (text.includes('\\u')) return valuesInWholeText(text);
  if (valid) return valuesAfterNames(text);
  // Most documents name no secret field at all: no scan.
  return nextQuotedName(text, 0) === -1 ? [] : valuesInWholeText(text);
}

/** The offset of the opening quote of the next secret field's name in quotes from `from` on, or -1. */
function nextQuotedName(text: string, from: number): number {
  NAME_END.lastIndex = from;
  while (NAME_END.test(text)) {
    const end = NAME_END.lastIndex;
    const start = text.lastIndexOf('"', end - 2);
    if (start >= from && isSecretField(text.slice(start + 1, end - 1))) return start;
  }
  return -1;
}

/**
 * The secret values of valid JSON written without \u escapes, read only after each quoted secret name: there, the
 * quoted name is a key exactly where a whole-text scan finds one. A quote preceded by an odd run of backslashes is
 * inside a string (`"say \"key\""`); any other quote before a name opens a string, since in valid JSON a closing
 * quote is never followed by a letter; and the string is a key when a colon follows it. The values are read by hand:
 * jsonc-parser's scanner builds a string of every run of white space it skips, most of the time of a pretty-printed
 * text.
 */
function valuesAfterNames(text: string): SecretValue[] {
  const found: SecretValue[] = [];
  // From the end of the last value read on: a secret name inside it (`"autoPwd": {"key": …}`) was masked with it.
  let from = 0;
  for (let start = nextQuotedName(text, 0); start !== -1; start = nextQuotedName(text, from)) {
    const end = text.indexOf('"', start + 1) + 1;
    from = end;
    if (isEscaped(text, start)) continue;
    const colon = skipSpace(text, end);
    if (text.charCodeAt(colon) !== Code.colon) continue;
    from = readValidValue(text, skipSpace(text, colon + 1), found);
  }
  return found;
}

/** Character codes of JSON's punctuation. */
const Code = {
  quote: 0x22,
  backslash: 0x5c,
  colon: 0x3a,
  comma: 0x2c,
  minus: 0x2d,
  openBrace: 0x7b,
  closeBrace: 0x7d,
  openBracket: 0x5b,
  closeBracket: 0x5d,
} as const;

function skipSpace(text: string, at: number): number {
  for (let code = text.charCodeAt(at); code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09; ) {
    code = text.charCodeAt(++at);
  }
  return at;
}

/** Whether the character at `at` follows an odd run of backslashes. */
function isEscaped(text: string, at: number): boolean {
  let backslashes = 0;
  for (let i = at - 1; i >= 0 && text.charCodeAt(i) === Code.backslash; i--) backslashes++;
  return backslashes % 2 === 1;
}

/**
 * Reads the value at `at` of valid JSON, recording its strings and numbers as jsonc-parser's scanner gives them (a
 * string's offset at its opening quote and its value unescaped; a number's text), and returns the offset after it.
 */
function readValidValue(text: string, at: number, found: SecretValue[]): number {
  let depth = 0;
  do {
    at = skipSpace(text, at);
    const code = text.charCodeAt(at);
    if (code === Code.quote) {
      let end = text.indexOf('"', at + 1);
      while (isEscaped(text, end)) end = text.indexOf('"', end + 1);
      end++;
      const raw = text.slice(at + 1, end - 1);
      found.push({ offset: at, length: end - at, value: raw.includes('\\') ? JSON.parse(text.slice(at, end)) : raw });
      at = end;
    } else if (code === Code.openBrace || code === Code.openBracket) {
      depth++;
      at++;
    } else if (code === Code.closeBrace || code === Code.closeBracket) {
      depth--;
      at++;
    } else if (code === Code.colon || code === Code.comma) {
      at++;
    } else {
      // A number or true, false, null: up to the next delimiter.
      const start = at;
      while (at < text.length && !isDelimiter(text.charCodeAt(at))) at++;
      if (code === Code.minus || (code >= 0x30 && code <= 0x39)) {
        found.push({ offset: start, length: at - start, value: text.slice(start, at) });
      }
    }
  } while (depth > 0 && at < text.length);
  return at;
}

function isDelimiter(code: number): boolean {
  return (
    code === Code.comma ||
    code === Code.closeBrace ||
    code === Code.closeBracket ||
    code === 0x20 ||
    code === 0x0a ||
    code === 0x0d ||
    code === 0x09
  );
}

function tokenOf(scanner: JSONScanner): SecretValue {
  return { offset: scanner.getTokenOffset(), length: scanner.getTokenLength(), value: scanner.getTokenValue() };
}

/** The whole text scanned token by token: any text, broken JSON and escaped keys included. */
function valuesInWholeText(text: string): SecretValue[] {
  const scanner = createScanner(text, true);
  const found: SecretValue[] = [];
  let lastString: string | undefined;
  let awaitingValue = false;
  let depth = 0;
  for (let kind: number = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
    const inSecret = awaitingValue || depth > 0;
    if (inSecret) {
      if (kind === SyntaxKind.OpenBraceToken || kind === SyntaxKind.OpenBracketToken) depth++;
      else if (kind === SyntaxKind.CloseBraceToken || kind === SyntaxKind.CloseBracketToken) depth--;
      else if (isValueToken(kind)) found.push(tokenOf(scanner));
      if (depth < 0) depth = 0;
      if (awaitingValue && kind !== SyntaxKind.ColonToken) awaitingValue = false;
      lastString = undefined;
      continue;
    }
    if (kind === SyntaxKind.ColonToken) {
      awaitingValue = isSecretField(lastString);
    } else {
      lastString = kind === SyntaxKind.StringLiteral ? scanner.getTokenValue() : undefined;
    }
  }
  return found;
}

/** Strings, numbers, and anything the scanner cannot read (`autoPwd: hunter2` without quotes). */
function isValueToken(kind: number): boolean {
  return kind === SyntaxKind.StringLiteral || kind === SyntaxKind.NumericLiteral || kind === SyntaxKind.Unknown;
}

/** How a secret token prints in a frame: `"********"` for a string, `********` for anything else. */
export function maskToken(token: string): string {
  return token.startsWith('"') ? `"${SECRET_MASK}"` : SECRET_MASK;
}

/** A character that a mask brings in (`*`, `"`) or that `JSON.stringify` escapes: a value holding one needs care. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what JSON.stringify escapes.
const NEEDS_CARE = /["*\\\u0000-\u001f\ud800-\udfff]/;

/**
 * Core's `scrubSecrets` for the messages of one document, each scrubbed with only the secrets it could show. Masks
 * bring in nothing but `*` and `"`, so a value without those or characters `JSON.stringify` escapes appears in a
 * message, at any step of the scrubbing, only if the message held it at first: such a value is passed to a message
 * only when the message holds it. A document's thousands of secrets then cost a native search each, not a split and
 * a join each, and the result is `scrubSecrets`'s with all of them.
 */
export function scrubberOf(secrets: readonly SecretText[]): (message: string) => string {
  const plain = secrets.map(({ value }) => !NEEDS_CARE.test(value));
  return (message) =>
    scrubSecrets(
      message,
      secrets.filter(({ value }, i) => !plain[i] || message.includes(value)),
    );
}
