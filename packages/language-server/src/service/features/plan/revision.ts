/**
 * One revision of a compared pair, read as `dbkit plan` reads a file: plain JSON (a byte-order mark dropped), an
 * object. Anything else is one sentence saying what is wrong, where, and what to do; never a throw.
 */
import { type ParseError, parse, printParseErrorCode } from 'jsonc-parser';
import { rangesOfSpans } from '../../locate.js';

export type ParsedRevision =
  | { readonly ok: true; readonly text: string; readonly value: Record<string, unknown> }
  | { readonly ok: false; readonly error: string };

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

/** `CommaExpected` → `comma expected`. */
function readableParseError(error: ParseError): string {
  return printParseErrorCode(error.error)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

/** Where the first syntax error is (`line:column`, 1-based) and what it is, as jsonc-parser reads plain JSON. */
function firstSyntaxError(text: string, fallback: string): string {
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (first === undefined) return `1:1: ${fallback}`;
  const [range] = rangesOfSpans(text, [{ offset: first.offset, length: first.length }]);
  const more =
    errors.length > 1 ? ` (and ${errors.length - 1} more syntax error${errors.length === 2 ? '' : 's'})` : '';
  return `${(range?.start.line ?? 0) + 1}:${(range?.start.character ?? 0) + 1}: ${readableParseError(first)}${more}`;
}

/**
 * Parses a revision named `name` (what the messages call it).
 *
 * @example
 * parseRevision('HEAD:a.json', '[]'); // { ok: false, error: 'HEAD:a.json is not an automation config: …' }
 */
export function parseRevision(name: string, source: string): ParsedRevision {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const where = firstSyntaxError(text, error instanceof Error ? error.message : String(error));
    return {
      ok: false,
      error: `${name}:${where}: not valid JSON, so there is no plan. Fix the syntax (the Problems panel lists it when the file is open), then compare again.`,
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {
      ok: false,
      error: `${name} is not an automation config: the document is ${describeType(value)}, not an object. Compare two automation configs.`,
    };
  }
  return { ok: true, text, value: value as Record<string, unknown> };
}
