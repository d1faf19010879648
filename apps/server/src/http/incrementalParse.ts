/**
 * `JSON.parse` of a text that differs from an earlier, parsed text only inside the members of its top-level object:
 * only the members the change touches are parsed, and every other member is the earlier document's own value. A
 * client's PUT usually sends back the revision it read with a few fields changed, so a 3 MB body costs the parse of
 * what changed (a new `version`: almost nothing) instead of the whole text, and core's plan finds each member kept
 * at once (`a === b`). The result is always what `JSON.parse` gives: when the change reaches outside the members, a
 * key is given twice, or the changed stretch is not members, the caller parses the whole text (and gets its error).
 */

import { jsonSpaceEnd, jsonStringEnd, jsonValueEnd } from '@dbkit/core/internal';

/**
 * Where the members of a JSON object text are: each key, decoded, with the span of its value (the value's first
 * character to just after its last; surrounding spaces may be included). Only for objects that give each key once.
 */
export interface MemberSpans {
  /** Just after the opening brace. */
  readonly open: number;
  /** The closing brace. */
  readonly close: number;
  readonly keys: readonly string[];
  readonly starts: readonly number[];
  readonly ends: readonly number[];
}

/** A parsed text and its members' spans. */
export interface ParsedText {
  readonly text: string;
  readonly document: unknown;
  readonly spans: MemberSpans;
}

const QUOTE = 0x22;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const COMMA = 0x2c;
const COLON = 0x3a;

/** The longest stretch of two texts compared at once. */
const CHUNK = 65536;

/**
 * The members of `text`, a valid JSON text (`JSON.parse` accepted it), when it is an object that gives each key once;
 * else undefined (a repeated key resolves to its last occurrence, which a change to an earlier one does not move; a
 * `__proto__` key is left to `JSON.parse` too).
 * One pass over the text.
 */
export function memberSpans(text: string): MemberSpans | undefined {
  let at = jsonSpaceEnd(text, 0);
  if (text.charCodeAt(at) !== OPEN_BRACE) return undefined;
  const keys: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  const seen = new Set<string>();
  const open = at + 1;
  at = jsonSpaceEnd(text, open);
  while (text.charCodeAt(at) === QUOTE) {
    const keyEnd = jsonStringEnd(text, at);
    const raw = text.slice(at + 1, keyEnd - 1);
    const key = raw.includes('\\') ? (JSON.parse(text.slice(at, keyEnd)) as string) : raw;
    if (seen.has(key) || key === '__proto__') return undefined;
    seen.add(key);
    at = jsonSpaceEnd(text, keyEnd);
    if (text.charCodeAt(at) !== COLON) return undefined;
    const start = jsonSpaceEnd(text, at + 1);
    const end = jsonValueEnd(text, start);
    keys.push(key);
    starts.push(start);
    ends.push(end);
    at = jsonSpaceEnd(text, end);
    if (text.charCodeAt(at) !== COMMA) break;
    at = jsonSpaceEnd(text, at + 1);
  }
  return text.charCodeAt(at) === CLOSE_BRACE ? { open, close: at, keys, starts, ends } : undefined;
}

/** How many leading characters `a` and `b` share. */
function commonPrefix(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  let at = 0;
  // Equal stretches are compared natively, halving the stretch at a difference.
  for (let chunk = CHUNK; chunk >= 16; chunk >>= 1) {
    while (at + chunk <= length && a.slice(at, at + chunk) === b.slice(at, at + chunk)) at += chunk;
  }
  while (at < length && a.charCodeAt(at) === b.charCodeAt(at)) at++;
  return at;
}

/** How many trailing characters `a` and `b` share, at most `limit`. */
function commonSuffix(a: string, b: string, limit: number): number {
  const x = a.length;
  const y = b.length;
  let n = 0;
  for (let chunk = CHUNK; chunk >= 16; chunk >>= 1) {
    while (n + chunk <= limit && a.slice(x - n - chunk, x - n) === b.slice(y - n - chunk, y - n)) n += chunk;
  }
  while (n < limit && a.charCodeAt(x - 1 - n) === b.charCodeAt(y - 1 - n)) n++;
  return n;
}

/** The members of a stretch of the new text: keys, spans in the new text, values. */
interface Members {
  readonly keys: string[];
  readonly starts: number[];
  readonly ends: number[];
  readonly values: unknown[];
}

/**
 * The members the new text gives in [from, to), which replaces the basis's members `lo` to `hi` (the stretch ends
 * where member `hi` ends, or at the closing brace when `hi` is the last member); undefined unless that stretch is
 * exactly members. A member whose text (separator, key and value) is the basis's, at its shifted place, is the basis's
 * value without a scan; the value that ends the stretch is parsed up to its end without a scan.
 */
function membersBetween(basis: ParsedText, text: string, lo: number, hi: number, from: number, to: number) {
  const old = basis.text;
  const { keys, starts, ends } = basis.spans;
  const before = basis.document as Readonly<Record<string, unknown>>;
  const out: Members = { keys: [], starts: [], ends: [], values: [] };
  // Before the first member of the object there is no comma; `at` and `oldAt` are the same place in both texts.
  let separated = from !== basis.spans.open;
  let at = from;
  let oldAt = from;
  let next = lo;
  try {
    for (;;) {
      const length = next <= hi ? (ends[next] as number) - oldAt : -1;
      if (length >= 0 && at + length <= to && text.slice(at, at + length) === old.slice(oldAt, ends[next])) {
        out.keys.push(keys[next] as string);
        out.starts.push((starts[next] as number) - oldAt + at);
        out.ends.push(at + length);
        out.values.push(before[keys[next] as string]);
        at += length;
      } else {
        at = jsonSpaceEnd(text, at);
        if (at >= to) break;
        if (separated) {
          if (text.charCodeAt(at) !== COMMA) return undefined;
          at = jsonSpaceEnd(text, at + 1);
        }
        if (text.charCodeAt(at) !== QUOTE) return undefined;
        const keyEnd = jsonStringEnd(text, at);
        if (keyEnd > to) return undefined;
        const key = JSON.parse(text.slice(at, keyEnd)) as string;
        at = jsonSpaceEnd(text, keyEnd);
        if (text.charCodeAt(at) !== COLON) return undefined;
        const start = jsonSpaceEnd(text, at + 1);
        // The basis's last member of the stretch usually ends it: parsed to the end, its value needs no scan.
        let end = next === hi ? to : -1;
        let value: unknown;
        if (end === to) {
          try {
            value = JSON.parse(text.slice(start, to));
          } catch {
            end = -1;
          }
        }
        if (end === -1) {
          end = jsonValueEnd(text, start);
          if (end > to) return undefined;
          value = JSON.parse(text.slice(start, end));
        }
        out.keys.push(key);
        out.starts.push(start);
        out.ends.push(end);
        out.values.push(value);
        at = end;
      }
      separated = true;
      // The new member stands in for the basis's next one: what follows is compared with what followed that one.
      if (next <= hi) oldAt = ends[next++] as number;
      if (at >= to) break;
    }
  } catch {
    return undefined;
  }
  return out.keys.length > 0 ? out : undefined;
}

/** Where two texts differ: every changed character is after the first `prefix` and before the last `suffix`. */
export interface Stretch {
  readonly prefix: number;
  readonly suffix: number;
}

/**
 * Where `text` differs from `old`, when it is worth parsing only that: undefined when the texts are equal, or when
 * the change reaches over more than half of the new text (scanning and parsing it piece by piece would cost more than
 * parsing the whole).
 */
export function changedStretch(old: string, text: string): Stretch | undefined {
  const prefix = commonPrefix(old, text);
  if (prefix === old.length && prefix === text.length) return undefined;
  const suffix = commonSuffix(old, text, Math.min(old.length, text.length) - prefix);
  return text.length - suffix - prefix > text.length / 2 ? undefined : { prefix, suffix };
}

/**
 * `JSON.parse(text)`, built from `basis` when the two texts differ only inside the top-level object's members (the
 * basis gives each key once), `stretch` apart: the members the change touches are parsed from the new text, the
 * others are the basis document's own values, in the new text's order, and the members' spans come along for the
 * next text. Undefined when `text` must be parsed whole (it may not be JSON at all). Nothing may change a document
 * afterwards: the two share their unchanged members.
 *
 * @example
 * const next = text.replace('"version": 7', '"version": 8');
 * const stretch = changedStretch(text, next);
 * const basis = { text, document: JSON.parse(text), spans: memberSpans(text) };
 * parseChanged(basis, next, stretch)?.document; // JSON.parse(next), sharing `processes` and the rest with `basis`
 */
export function parseChanged(basis: ParsedText, text: string, { prefix, suffix }: Stretch): ParsedText | undefined {
  const before = basis.document as Readonly<Record<string, unknown>>;
  const old = basis.text;
  // Every changed character of the old text is in [prefix, changedEnd); the new text differs by `delta` after it.
  const changedEnd = old.length - suffix;
  const delta = text.length - old.length;
  const { open, close, keys, starts, ends } = basis.spans;
  const count = keys.length;
  if (prefix < open) return undefined;
  // One member's value changed: only it is parsed, and nothing else is scanned.
  for (let i = 0; i < count; i++) {
    if ((starts[i] as number) > prefix || changedEnd > (ends[i] as number)) continue;
    let value: unknown;
    try {
      value = JSON.parse(text.slice(starts[i], (ends[i] as number) + delta));
    } catch {
      return undefined;
    }
    return {
      text,
      document: { ...before, [keys[i] as string]: value },
      spans: {
        open,
        close: close + delta,
        keys,
        starts: starts.map((s, j) => (j > i ? s + delta : s)),
        ends: ends.map((e, j) => (j >= i ? e + delta : e)),
      },
    };
  }
  // Otherwise the members from the one after `first` to `last` are replaced by what the new text gives between the
  // end of member `first` (or the opening brace) and the end of member `last` (or the closing brace).
  let first = -1;
  while (first + 1 < count && (ends[first + 1] as number) <= prefix) first++;
  let last = first + 1;
  while (last < count && (ends[last] as number) < changedEnd) last++;
  const from = first === -1 ? open : (ends[first] as number);
  const to = (last === count ? close : (ends[last] as number)) + delta;
  const middle = membersBetween(basis, text, first + 1, Math.min(last, count - 1), from, to);
  if (middle === undefined) return undefined;
  const kept = last === count ? count : last + 1;
  const newKeys = [...keys.slice(0, first + 1), ...middle.keys, ...keys.slice(kept)];
  if (new Set(newKeys).size !== newKeys.length || middle.keys.includes('__proto__')) return undefined;
  const document: Record<string, unknown> = {};
  for (let i = 0; i <= first; i++) document[keys[i] as string] = before[keys[i] as string];
  middle.keys.forEach((key, i) => {
    document[key] = middle.values[i];
  });
  for (let i = kept; i < count; i++) document[keys[i] as string] = before[keys[i] as string];
  return {
    text,
    document,
    spans: {
      open,
      close: close + delta,
      keys: newKeys,
      starts: [...starts.slice(0, first + 1), ...middle.starts, ...starts.slice(kept).map((s) => s + delta)],
      ends: [...ends.slice(0, first + 1), ...middle.ends, ...ends.slice(kept).map((e) => e + delta)],
    },
  };
}
