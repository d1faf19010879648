/**
 * Masking secrets in what dbkit writes. A message is dbkit's own words with quotations of the document in them
 * (a process name, a value, a version): a secret value is masked only inside the quotations, where the document's
 * text is, and never in the words around them, so a secret that happens to be a common word ("field", "version")
 * leaves the message readable. Core's messages and plans quote the document only through a {@link Quoter}; text
 * dbkit did not write (a service's answer) has no known quotations and is scrubbed whole ({@link scrubSecrets}).
 * docs/decisions/validation.md, "A message masks secrets only where it quotes the document".
 */
import { isObject } from '../validation/util.js';
import { SECRET_ROOT, type SecretNode } from './paths.js';

/** What a secret prints as: a fixed length, so the text does not reveal the secret's length. */
export const SECRET_MASK = '********';

/** A secret's value as text (a string's contents, a number's digits). */
export interface SecretText {
  readonly value: string;
}

/**
 * Every value at a secret path (`SECRET_PATHS`) of a parsed document: the string or number there, and every
 * string and number inside an object or array given in its place. Only the secret paths are walked.
 *
 * @example
 * secretTextsOf({ auth: { autoPwd: 'hunter22' }, indexConfigs: [{ key: [['field', 1]] }] }); // [{ value: 'hunter22' }]
 */
export function secretTextsOf(document: unknown): SecretText[] {
  const found: SecretText[] = [];
  const collectAll = (value: unknown): void => {
    if (typeof value === 'string' || typeof value === 'number') found.push({ value: String(value) });
    else if (Array.isArray(value)) for (const item of value) collectAll(item);
    else if (isObject(value)) for (const item of Object.values(value)) collectAll(item);
  };
  const walk = (value: unknown, node: SecretNode): void => {
    if (node.secret) collectAll(value);
    else if (Array.isArray(value)) {
      if (node.items !== undefined) for (const item of value) walk(item, node.items);
    } else if (isObject(value)) {
      for (const [key, next] of node.keys) if (Object.hasOwn(value, key)) walk(value[key], next);
    }
  };
  walk(document, SECRET_ROOT);
  return found;
}

/** Secrets shorter than this are masked only where they are a whole token, so `"a"` does not garble every word. */
const SHORTEST_ANYWHERE = 4;

/** Longest quotation shown; longer ones are shortened (after masking, so no part of a secret is cut into view). */
const LONGEST_QUOTATION = 60;

interface Prepared {
  readonly raw: string;
  /** As it appears inside a JSON string: `JSON.stringify` escapes quotes, backslashes and control characters. */
  readonly escaped: string;
}

/** The text between two tokens of JSON, or its ends: where a short secret standing alone is a whole token. */
const TOKEN_EDGE = /[\s[\]{},:]/;

function isTokenEdge(text: string, at: number): boolean {
  return at < 0 || at >= text.length || TOKEN_EDGE.test(text.charAt(at));
}

/**
 * Whether the JSON text at `from` is inside a property's name: the string it stands in closes, and a colon follows.
 * A name is never a secret (`"processes"` holds the word of a secret `"process"`, `"key"` is no `auth.key`).
 */
function inPropertyName(text: string, from: number): boolean {
  let at = from;
  while (at < text.length && text.charAt(at) !== '"') at += text.charAt(at) === '\\' ? 2 : 1;
  if (at >= text.length) return false;
  at++;
  while (at < text.length && /\s/.test(text.charAt(at))) at++;
  return text.charAt(at) === ':';
}

/** A stretch of text: offset and length. */
export interface TextRange {
  readonly offset: number;
  readonly length: number;
}

/**
 * Where the secrets stand in `text` (JSON text when `json`: a secret is looked for as JSON escapes it), merged
 * where they overlap and in order: anywhere when long enough, else where one is a whole token, a short string
 * with its quotation marks.
 */
function occurrencesIn(text: string, secrets: readonly Prepared[], json: boolean): TextRange[] {
  const found: [number, number][] = [];
  for (const secret of secrets) {
    const value = json ? secret.escaped : secret.raw;
    if (value === '') continue;
    const long = secret.raw.length >= SHORTEST_ANYWHERE;
    for (let at = text.indexOf(value); at !== -1; at = text.indexOf(value, at + 1)) {
      const end = at + value.length;
      if (json && inPropertyName(text, end)) continue;
      if (long) found.push([at, end]);
      else if (json && text.charAt(at - 1) === '"' && text.charAt(end) === '"') found.push([at - 1, end + 1]);
      else if (isTokenEdge(text, at - 1) && isTokenEdge(text, end)) found.push([at, end]);
    }
  }
  if (found.length === 0) return [];
  found.sort((a, b) => a[0] - b[0]);
  const merged: TextRange[] = [];
  let [from, to] = found[0]!;
  for (const [start, end] of found) {
    if (start < to) to = Math.max(to, end);
    else {
      merged.push({ offset: from, length: to - from });
      [from, to] = [start, end];
    }
  }
  merged.push({ offset: from, length: to - from });
  return merged;
}

/** `text` with each occurrence masked: a quoted string keeps its quotation marks. */
function maskIn(text: string, secrets: readonly Prepared[], json: boolean): string {
  const occurrences = occurrencesIn(text, secrets, json);
  if (occurrences.length === 0) return text;
  let out = '';
  let at = 0;
  for (const { offset, length } of occurrences) {
    const quoted = json && length > 1 && text.charAt(offset) === '"' && text.charAt(offset + length - 1) === '"';
    out += text.slice(at, offset) + (quoted ? `"${SECRET_MASK}"` : SECRET_MASK);
    at = offset + length;
  }
  return out + text.slice(at);
}

function shorten(text: string): string {
  return text.length > LONGEST_QUOTATION ? `${text.slice(0, LONGEST_QUOTATION - 3)}…` : text;
}

/** How core's messages and plans write the document into their text, with its secrets masked. */
export interface Quoter {
  /** A value of the document as a message quotes it: its JSON (`"rs0"`, `1500`, `["a"]`), shortened past 60 characters. */
  quote(value: unknown): string;
  /** Text of the document shown without quotation marks (a version in `4.4.0 → 5.0.0`, a name in a path). */
  bare(value: unknown): string;
  /** Whether `text` holds a secret: a value offered as a fix (a suggestion) must not. */
  holdsSecret(text: string): boolean;
  /**
   * Where the secrets stand in a stretch of the document's JSON text shown as it is (a line of a code frame), so
   * that it masks them as a quotation does, a value at another place that equals a secret too.
   */
  occurrences(json: string): readonly TextRange[];
}

/**
 * A {@link Quoter} masking `secrets`: the values themselves, or a function giving them when first needed (most
 * documents are reported without a single quotation).
 *
 * @example
 * const q = quoterOf([{ value: 'field' }]);
 * `missing the required field "version"; ${q.quote({ key: 'field' })}`; // 'missing the required field "version"; {"key":"********"}'
 */
export function quoterOf(secrets: readonly SecretText[] | (() => readonly SecretText[])): Quoter {
  let prepared: readonly Prepared[] | undefined;
  const get = (): readonly Prepared[] => {
    prepared ??= (typeof secrets === 'function' ? secrets() : secrets).map(({ value }) => ({
      raw: value,
      escaped: JSON.stringify(value).slice(1, -1),
    }));
    return prepared;
  };
  return {
    quote: (value) => shorten(maskIn(JSON.stringify(value) ?? String(value), get(), true)),
    bare: (value) => maskIn(String(value), get(), false),
    holdsSecret: (text) => occurrencesIn(text, get(), false).length > 0,
    occurrences: (json) => occurrencesIn(json, get(), true),
  };
}

/**
 * Scrubs text dbkit did not write, whose quotations of the document are unknown (a service's messages): every
 * secret value anywhere in it is masked, and a value shorter than 4 characters where it appears quoted. The words
 * around a secret that is a common word are masked with it; dbkit's own messages use a {@link Quoter} instead.
 *
 * @example
 * scrubSecrets('password "hunter22" rejected', [{ value: 'hunter22' }]); // 'password "********" rejected'
 */
export function scrubSecrets(message: string, secrets: readonly SecretText[]): string {
  let out = message;
  for (const { value } of secrets) {
    if (value === '') continue;
    out = out.split(JSON.stringify(value)).join(`"${SECRET_MASK}"`);
    if (value.length >= SHORTEST_ANYWHERE) out = out.split(value).join(SECRET_MASK);
  }
  return out;
}
