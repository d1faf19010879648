/**
 * The structure of valid JSON text in typed arrays: one pass over the text records every value's kind, span and key
 * span, and the end of its subtree, in document order (pre-order), and finds the keys given twice in one object on
 * the way. No node objects and no strings are made: a 17 MB document's structure is a few typed arrays instead of
 * vscode-json-languageservice's ~1.5 million objects, and placing diagnostics (`locateInFlat`) walks only the
 * containers on the way to each path. It replaced two scans of the text (one for the repeated keys, one for the
 * places) that together cost about twice as much.
 *
 * The text must be valid JSON (`JSON.parse` accepted it): the scanner trusts its syntax and never looks back. On
 * any other text it still ends (every step moves forward) but its answer means nothing; broken documents are read
 * through vscode-json-languageservice's tree.
 */
import type { JsonPath } from '@dbkit/core';

/** A located node: its span, its kind, and the span of the key when it is a property's value. */
export interface LocatedNode {
  readonly type: 'object' | 'array' | 'scalar';
  readonly offset: number;
  readonly length: number;
  readonly key?: { readonly offset: number; readonly length: number };
}

/** What a node is. Closed set; the low bits of `FlatTree.kind`. */
export const FlatKind = { object: 1, array: 2, string: 3, number: 4, boolean: 5, null: 6 } as const;
export type FlatKind = (typeof FlatKind)[keyof typeof FlatKind];

/** Set in `FlatTree.kind` when the node's key holds a backslash (an escape): compare it decoded. */
const ESCAPED_KEY = 0x10;
const KIND_MASK = 0x0f;

export interface FlatTree {
  readonly text: string;
  /** Number of nodes; node 0 is the root. */
  readonly count: number;
  /** `FlatKind`, with `ESCAPED_KEY` set when the node's key holds an escape. */
  readonly kind: Uint8Array;
  /** Offset of the value's first character. */
  readonly start: Int32Array;
  /** Offset just after the value. */
  readonly end: Int32Array;
  /** Offset of the opening quote of the key whose value this node is; -1 for array items and the root. */
  readonly keyStart: Int32Array;
  /** Offset just after the key's closing quote. */
  readonly keyEnd: Int32Array;
  /** The index just after the node's subtree: its next sibling, when it has one. */
  readonly next: Int32Array;
  /** Nodes whose key repeats an earlier key of the same object (every occurrence after the first). */
  readonly duplicates: readonly number[];
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const SPACE = 0x20;
const LOWER_T = 0x74;
const LOWER_F = 0x66;
const LOWER_N = 0x6e;

/** Objects with more keys than this find repeated keys through a map instead of comparing with every sibling. */
const LINEAR_KEYS = 24;

/** Offset of the quote that closes the string opened at `open` (the text's length when there is none). */
function closingQuote(text: string, open: number): number {
  let quote = text.indexOf('"', open + 1);
  while (quote !== -1 && text.charCodeAt(quote - 1) === BACKSLASH) {
    let backslashes = 1;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) break;
    quote = text.indexOf('"', quote + 1);
  }
  return quote === -1 ? text.length : quote;
}

/** Offset just after the number or literal starting at `at`. */
function scalarEnd(text: string, at: number): number {
  const n = text.length;
  let i = at + 1;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || c <= SPACE) break;
    i++;
  }
  return i;
}

/** The key of node `node`, decoded. */
export function keyOf(tree: FlatTree, node: number): string {
  const from = tree.keyStart[node]!;
  if (from < 0) return '';
  const to = tree.keyEnd[node]!;
  return (tree.kind[node]! & ESCAPED_KEY) === 0
    ? tree.text.slice(from + 1, to - 1)
    : (JSON.parse(tree.text.slice(from, to)) as string);
}

/** Whether the key of `node` is `name`. */
function keyIs(tree: FlatTree, node: number, name: string): boolean {
  const from = tree.keyStart[node]!;
  if ((tree.kind[node]! & ESCAPED_KEY) !== 0) return keyOf(tree, node) === name;
  return tree.keyEnd[node]! - from - 2 === name.length && tree.text.startsWith(name, from + 1);
}

/** Whether the keys of two nodes are the same string. */
function sameKey(text: string, kind: Uint8Array, keyStart: Int32Array, keyEnd: Int32Array, a: number, b: number) {
  const aFrom = keyStart[a]!;
  const bFrom = keyStart[b]!;
  const length = keyEnd[a]! - aFrom;
  if (((kind[a]! | kind[b]!) & ESCAPED_KEY) !== 0) {
    return JSON.parse(text.slice(aFrom, keyEnd[a])) === JSON.parse(text.slice(bFrom, keyEnd[b]));
  }
  if (keyEnd[b]! - bFrom !== length) return false;
  for (let i = 1; i < length - 1; i++) {
    if (text.charCodeAt(aFrom + i) !== text.charCodeAt(bFrom + i)) return false;
  }
  return true;
}

/** The structure of `text`, which must be valid JSON. */
export function buildFlatTree(text: string): FlatTree {
  const n = text.length;
  // About one node per 32 characters in pretty-printed documents; grown by half when short.
  let capacity = Math.max(64, n >> 5);
  let kind = new Uint8Array(capacity);
  let start = new Int32Array(capacity);
  let end = new Int32Array(capacity);
  let keyStart = new Int32Array(capacity);
  let keyEnd = new Int32Array(capacity);
  let next = new Int32Array(capacity);
  // The open containers, innermost last, with how many children each has so far; maps of keys for large objects.
  let open = new Int32Array(64);
  let children = new Int32Array(64);
  const keyMaps: (Map<string, number> | undefined)[] = [];
  let depth = 0;
  let count = 0;
  const duplicates: number[] = [];
  // The key read since the last value, waiting for it; -1 when there is none.
  let pendingKey = -1;
  let pendingKeyEnd = -1;
  let pendingEscaped = 0;
  // The next backslash at or after some offset already passed (moves forward only: the scan costs O(n) in all).
  let nextBackslash = -2;

  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c <= SPACE || c === COMMA) {
      // Indentation comes in runs of spaces: a tight loop of its own.
      i++;
      while (text.charCodeAt(i) === SPACE) i++;
      continue;
    }
    if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      if (depth > 0) {
        depth--;
        const node = open[depth]!;
        end[node] = i + 1;
        next[node] = count;
        keyMaps[depth] = undefined;
      }
      i++;
      continue;
    }
    let valueEnd: number;
    let valueKind: number;
    if (c === QUOTE) {
      const close = closingQuote(text, i);
      let after = close + 1;
      while (after < n && text.charCodeAt(after) <= SPACE) after++;
      if (text.charCodeAt(after) === COLON) {
        // A key: it waits for its value.
        pendingKey = i;
        pendingKeyEnd = close + 1;
        if (nextBackslash !== -1 && nextBackslash < i) nextBackslash = text.indexOf('\\', i);
        pendingEscaped = nextBackslash !== -1 && nextBackslash < close ? ESCAPED_KEY : 0;
        i = after + 1;
        continue;
      }
      valueKind = FlatKind.string;
      valueEnd = close + 1;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      valueKind = c === OPEN_BRACE ? FlatKind.object : FlatKind.array;
      valueEnd = -1;
    } else {
      valueKind = c === LOWER_T || c === LOWER_F ? FlatKind.boolean : c === LOWER_N ? FlatKind.null : FlatKind.number;
      valueEnd = scalarEnd(text, i);
    }
    if (count === capacity) {
      capacity += capacity >> 1;
      kind = grow(kind, new Uint8Array(capacity));
      start = grow(start, new Int32Array(capacity));
      end = grow(end, new Int32Array(capacity));
      keyStart = grow(keyStart, new Int32Array(capacity));
      keyEnd = grow(keyEnd, new Int32Array(capacity));
      next = grow(next, new Int32Array(capacity));
    }
    const node = count++;
    kind[node] = valueKind | (pendingKey >= 0 ? pendingEscaped : 0);
    start[node] = i;
    keyStart[node] = pendingKey;
    keyEnd[node] = pendingKeyEnd;
    if (pendingKey >= 0 && depth > 0) {
      const siblings = children[depth - 1]!;
      children[depth - 1] = siblings + 1;
      if (
        siblings > 0 &&
        isRepeated(text, kind, keyStart, keyEnd, next, keyMaps, open[depth - 1]!, node, depth - 1, siblings)
      ) {
        duplicates.push(node);
      }
    }
    pendingKey = -1;
    if (valueEnd === -1) {
      if (depth === open.length) {
        open = grow(open, new Int32Array(depth * 2));
        children = grow(children, new Int32Array(depth * 2));
      }
      open[depth] = node;
      children[depth] = 0;
      depth++;
      i++;
    } else {
      end[node] = valueEnd;
      next[node] = count;
      i = valueEnd;
    }
  }
  // Containers left open (only in text that is not JSON) end with the text.
  while (depth > 0) {
    const node = open[--depth]!;
    end[node] = n;
    next[node] = count;
  }
  return { text, count, kind, start, end, keyStart, keyEnd, next, duplicates };
}

/**
 * Whether the key of `node`, the `siblings + 1`-th child of `object`, repeats an earlier child's key. Small objects
 * compare with each earlier sibling; past `LINEAR_KEYS`, the object's keys go into a map kept while it is open.
 */
function isRepeated(
  text: string,
  kind: Uint8Array,
  keyStart: Int32Array,
  keyEnd: Int32Array,
  next: Int32Array,
  keyMaps: (Map<string, number> | undefined)[],
  object: number,
  node: number,
  level: number,
  siblings: number,
): boolean {
  if (siblings < LINEAR_KEYS) {
    for (let sibling = object + 1; sibling < node; sibling = next[sibling]!) {
      if (sameKey(text, kind, keyStart, keyEnd, sibling, node)) return true;
    }
    return false;
  }
  let keys = keyMaps[level];
  if (keys === undefined) {
    keys = new Map();
    keyMaps[level] = keys;
    for (let sibling = object + 1; sibling < node; sibling = next[sibling]!) {
      keys.set(decodedKey(text, kind, keyStart, keyEnd, sibling), sibling);
    }
  }
  const key = decodedKey(text, kind, keyStart, keyEnd, node);
  if (keys.has(key)) return true;
  keys.set(key, node);
  return false;
}

function decodedKey(text: string, kind: Uint8Array, keyStart: Int32Array, keyEnd: Int32Array, node: number) {
  const from = keyStart[node]!;
  return (kind[node]! & ESCAPED_KEY) === 0
    ? text.slice(from + 1, keyEnd[node]! - 1)
    : (JSON.parse(text.slice(from, keyEnd[node])) as string);
}

function grow<T extends Uint8Array | Int32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

/** The kind of node `node`. */
export function kindOf(tree: FlatTree, node: number): FlatKind {
  return (tree.kind[node]! & KIND_MASK) as FlatKind;
}

/** The child of `node` at `segment` (the last one when a key is given twice, as `JSON.parse` keeps), or -1. */
export function childAt(tree: FlatTree, node: number, segment: string | number): number {
  const kind = kindOf(tree, node);
  const next = tree.next;
  let found = -1;
  if (kind === FlatKind.object && typeof segment === 'string') {
    for (let child = node + 1; child < next[node]!; child = next[child]!) {
      if (keyIs(tree, child, segment)) found = child;
    }
  } else if (kind === FlatKind.array && typeof segment === 'number') {
    let index = 0;
    for (let child = node + 1; child < next[node]!; child = next[child]!) {
      if (index++ === segment) return child;
    }
  }
  return found;
}

/** Where `path` is: the node at the path, or the deepest node on the way to it (the object that lacks a field). */
export function locateInFlat(tree: FlatTree, path: JsonPath): LocatedNode {
  if (tree.count === 0) return { type: 'scalar', offset: 0, length: 0 };
  let node = 0;
  for (const segment of path) {
    const child = childAt(tree, node, segment);
    if (child === -1) break;
    node = child;
  }
  const kind = kindOf(tree, node);
  const offset = tree.start[node]!;
  const located = {
    type: kind === FlatKind.object ? 'object' : kind === FlatKind.array ? 'array' : 'scalar',
    offset,
    length: tree.end[node]! - offset,
  } as const;
  const key = tree.keyStart[node]!;
  return key < 0 ? located : { ...located, key: { offset: key, length: tree.keyEnd[node]! - key } };
}
