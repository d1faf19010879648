/**
 * Secrets never leave dbkit: the values at secret paths (core's `SECRET_PATHS`: `auth.key`, never an index's `key`)
 * are found in the text, so code frames can mask them and a service's messages can be scrubbed (core's
 * `scrubSecrets`; dbkit's own messages mask their quotations of the document themselves). In valid JSON they are
 * found by the one pass that places the findings (`validSpansAndSecrets`), or by that pass alone; any other text is
 * read whole by jsonc-parser's scanner, which works on broken JSON too, tracking where each value stands.
 */

import { SECRET_MASK, type SecretText, scrubSecrets } from '@dbkit/core';
import { mayHoldSecretBelow, SECRET_ROOT, type SecretNode, secretStep } from '@dbkit/core/internal';
import { type Span as TextSpan, validSpansAndSecrets } from '@dbkit/language-server/internal/locate';
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
 * Every value token at a secret path, in text order: the string or number of `auth.autoPwd`, and every string and
 * number inside an object or array given in its place (secrets in the wrong type are still secrets). A key of the
 * same name elsewhere (`indexConfigs[].key`, a process's `pwd`) holds no secret.
 *
 * @param valid whether `JSON.parse` accepted the text: then one pass finds the values along the secret paths,
 *   skipping everything else.
 */
export function findSecretValues(text: string, valid = false): readonly SecretValue[] {
  // Most documents name no secret key at all: no pass.
  if (!mayHoldSecretBelow(SECRET_ROOT, text)) return [];
  if (valid) return secretValuesIn(text, validSpansAndSecrets(text, []).secrets);
  return valuesInWholeText(text);
}

/** The value tokens inside the values at secret paths of valid JSON (`validSpansAndSecrets`' `secrets`). */
export function secretValuesIn(text: string, values: readonly TextSpan[]): SecretValue[] {
  const found: SecretValue[] = [];
  for (const value of values) readValidValue(text, value.offset, found);
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

/** An open container of a text read token by token, and where it stands among the secret paths. */
interface Frame {
  readonly array: boolean;
  /** Undefined when no secret lies below. */
  readonly node: SecretNode | undefined;
}

/**
 * The whole text scanned token by token: any text, broken JSON and escaped keys included. Each value's place among
 * the secret paths is its container's and its key (or its being an item); inside a secret every value token counts.
 */
function valuesInWholeText(text: string): SecretValue[] {
  const scanner = createScanner(text, true);
  const found: SecretValue[] = [];
  const stack: Frame[] = [];
  let key: string | undefined;
  let afterColon = false;
  // The open containers inside a secret value, while one is read.
  let secretDepth = 0;
  for (let kind: number = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
    const opens = kind === SyntaxKind.OpenBraceToken || kind === SyntaxKind.OpenBracketToken;
    const closes = kind === SyntaxKind.CloseBraceToken || kind === SyntaxKind.CloseBracketToken;
    if (secretDepth > 0) {
      if (opens) secretDepth++;
      else if (closes) secretDepth--;
      else if (isValueToken(kind)) found.push(tokenOf(scanner));
      continue;
    }
    const frame = stack[stack.length - 1];
    const inObject = frame !== undefined && !frame.array;
    if (closes) {
      stack.pop();
      afterColon = false;
      continue;
    }
    if (kind === SyntaxKind.ColonToken) {
      afterColon = inObject;
      continue;
    }
    if (inObject && !afterColon) {
      // A key (or what stands where one should): the last string is the key of the value after the colon.
      key = kind === SyntaxKind.StringLiteral ? scanner.getTokenValue() : undefined;
      continue;
    }
    // A value (the root's, an item's, or the token after a key's colon), or a comma between items.
    afterColon = false;
    if (!opens && !isValueToken(kind)) {
      key = undefined;
      continue;
    }
    const node =
      frame === undefined
        ? SECRET_ROOT
        : frame.node === undefined
          ? undefined
          : frame.array
            ? secretStep(frame.node, 0)
            : key === undefined
              ? undefined
              : secretStep(frame.node, key);
    key = undefined;
    if (node?.secret === true) {
      if (opens) secretDepth = 1;
      else found.push(tokenOf(scanner));
    } else if (opens) stack.push({ array: kind === SyntaxKind.OpenBracketToken, node });
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
 * Core's `scrubSecrets` for messages dbkit did not write (a service's, about one document), each scrubbed with only
 * the secrets it could show. Masks
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
