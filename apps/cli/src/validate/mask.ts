/**
 * Secrets never leave dbkit: the values of secret fields (core's `SECRET_FIELDS`) are found with jsonc-parser's
 * scanner, which works on broken JSON too, so code frames can mask them and messages can be scrubbed.
 */
import { isSecretField, SECRET_FIELDS } from '@dbkit/core';
import { createScanner } from 'jsonc-parser';
import type { Span } from './finding.js';

/** What a masked string value prints as: a fixed length, so the frame does not reveal the secret's length. */
export const MASK = '********';

/** A masked value: where it is, and its text (without quotes) for scrubbing messages. */
export interface SecretValue extends Span {
  readonly value: string;
}

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

const quotedNames = SECRET_FIELDS.map((name) => `"${name}"`);

/**
 * Every value token of a property whose key is a secret field, in text order: the string or number after
 * `"autoPwd":`, and every string and number inside an object or array given as a secret field's value (secrets in
 * the wrong type are still secrets). `key` is also the name of an index's key pattern in `indexConfigs`; those
 * field names are masked too, since a scanner cannot tell the two apart and over-masking is the safe side.
 */
export function findSecretValues(text: string): readonly SecretValue[] {
  // Most documents name no secret field at all: skip the scan.
  if (!quotedNames.some((name) => text.includes(name))) return [];
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
      else if (isValueToken(kind)) {
        found.push({
          offset: scanner.getTokenOffset(),
          length: scanner.getTokenLength(),
          value: scanner.getTokenValue(),
        });
      }
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
  return token.startsWith('"') ? `"${MASK}"` : MASK;
}

/**
 * Replaces any secret value that made its way into a message with the mask. Core never quotes secrets and dbkit's
 * own messages never quote data values; this is the second line of defence. Values shorter than 4 characters are
 * replaced only where they appear quoted, so a one-letter password does not garble every word.
 */
export function scrub(message: string, secrets: readonly SecretValue[]): string {
  let out = message;
  for (const { value } of secrets) {
    if (value === '') continue;
    out = out.split(JSON.stringify(value)).join(`"${MASK}"`);
    if (value.length >= 4) out = out.split(value).join(MASK);
  }
  return out;
}
