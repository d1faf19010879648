/**
 * Where JSON paths are in valid JSON text, and which keys it gives twice in one object, in one pass and without
 * building a tree: the diagnostics of a freshly opened document. The pass walks the containers on the way to the
 * wanted paths item by item and skips everything else from one structural character (`"{}[]`) to the next with a
 * native regular-expression search, counting or hashing keys on the way when asked. One pass serves both the places
 * and the repeated keys; a structure of every node in typed arrays and a loop over every character are slower
 * (docs/decisions/language-server.md, "A fresh valid text is diagnosed without a tree").
 *
 * The text must be valid JSON (`JSON.parse` accepted it); the tree serves broken documents. As with `JSON.parse`, a
 * key given twice resolves to its last occurrence.
 */
import { isJsonSpace, type JsonPath, jsonSpaceEnd, jsonStringEnd, jsonValueEnd } from '@dbkit/core';
import { CLOSE_BRACKET, COLON, COMMA, OPEN_BRACE, OPEN_BRACKET, QUOTE } from './charCodes.js';

/** A located node: its span, its kind, and the span of the key when it is a property's value. */
export interface LocatedNode {
  readonly type: 'object' | 'array' | 'scalar';
  readonly offset: number;
  readonly length: number;
  readonly key?: { readonly offset: number; readonly length: number };
}

/** A key given again in the same object: the span of its quoted text, and the key, decoded. */
export interface RepeatedKey {
  readonly offset: number;
  readonly length: number;
  readonly key: string;
}

export interface TextScan {
  /** The located node of every path asked for, in order. */
  readonly located: LocatedNode[];
  /** Every occurrence of a key after the first in the same object, in document order (when asked for). */
  readonly repeated: RepeatedKey[];
  /** How many keys the text gives, repeated ones included (with `countKeys` and without `repeated`; else -1). */
  readonly keys: number;
}

/**
 * What one pass collects besides the places: the repeated keys (hashing every key of every object), or only how many
 * keys there are (a check for a colon after each string): a text whose key count is that of its parsed value gives no
 * key twice, and counting costs a fraction of hashing.
 */
interface Collect {
  readonly repeated: RepeatedKey[] | undefined;
  keys: number;
  readonly counting: boolean;
}

/** The paths to place, as a trie: each node what was found at its path, `undefined` until found. */
interface Trie {
  readonly children: Map<string | number, Trie>;
  found?: LocatedNode | undefined;
}

/** Structural characters; `lastIndex` is set before each use (never nested). */
const STRUCTURAL = /["{}[\]]/g;

/** The key whose quoted text is `[start, end)`, decoded. */
function keyAt(text: string, start: number, end: number): string {
  const raw = text.slice(start + 1, end - 1);
  return raw.includes('\\') ? (JSON.parse(text.slice(start, end)) as string) : raw;
}

/** Records the key at `[start, end)` in `seen` (the keys of its object so far), and in `repeated` when it is there. */
function noteKey(text: string, start: number, end: number, seen: Set<string>, repeated: RepeatedKey[]): string {
  const key = keyAt(text, start, end);
  if (seen.has(key)) repeated.push({ offset: start, length: end - start, key });
  else seen.add(key);
  return key;
}

/** Offset just after the value starting at `start` (not white space), collecting its keys as asked. */
function skipValue(text: string, start: number, collect: Collect): number {
  const first = text.charCodeAt(start);
  if (first === QUOTE) return jsonStringEnd(text, start);
  if (first === OPEN_BRACE || first === OPEN_BRACKET) {
    // From one structural character to the next with a native search (`test` with the global flag moves
    // `lastIndex` without allocating a match); strings are skipped whole. One entry per open container: the keys
    // seen so far for an object (null for an array, or when keys are not wanted). A flat list searched linearly
    // is slower: comparing many same-length keys costs more than hashing each once.
    const structural = STRUCTURAL;
    structural.lastIndex = start;
    const { repeated, counting } = collect;
    const stack: (Set<string> | null)[] = [];
    while (structural.test(text)) {
      const at = structural.lastIndex - 1;
      const code = text.charCodeAt(at);
      if (code === QUOTE) {
        const end = jsonStringEnd(text, at);
        structural.lastIndex = end;
        if (counting) {
          // In valid JSON, a string followed by a colon is a key.
          let next = end;
          while (isJsonSpace(text.charCodeAt(next))) next++;
          if (text.charCodeAt(next) === COLON) collect.keys++;
          continue;
        }
        const keys = stack[stack.length - 1];
        if (keys === null || keys === undefined || repeated === undefined) continue;
        let next = end;
        while (isJsonSpace(text.charCodeAt(next))) next++;
        if (text.charCodeAt(next) === COLON) noteKey(text, at, end, keys, repeated);
      } else if (code === OPEN_BRACE) {
        stack.push(repeated === undefined ? null : new Set());
      } else if (code === OPEN_BRACKET) {
        stack.push(null);
      } else {
        stack.pop();
        if (stack.length === 0) return at + 1;
      }
    }
    return text.length;
  }
  return jsonValueEnd(text, start);
}

/** Forgets what was found below `trie`: a key given again replaces the earlier value, as in `JSON.parse`. */
function forgetBelow(trie: Trie): void {
  for (const child of trie.children.values()) {
    if (child.found === undefined) continue;
    child.found = undefined;
    forgetBelow(child);
  }
}

/** Scans the value at `start` for the paths below `trie`; returns the offset after it. */
function scan(text: string, start: number, trie: Trie, key: LocatedNode['key'], collect: Collect): number {
  const { repeated } = collect;
  const first = text.charCodeAt(start);
  const type = first === OPEN_BRACE ? 'object' : first === OPEN_BRACKET ? 'array' : 'scalar';
  let end: number;
  if (trie.children.size === 0 || type === 'scalar') {
    end = skipValue(text, start, collect);
  } else if (type === 'object') {
    const seen = new Set<string>();
    let at = jsonSpaceEnd(text, start + 1);
    while (text.charCodeAt(at) === QUOTE) {
      const keyEnd = jsonStringEnd(text, at);
      const name = repeated === undefined ? keyAt(text, at, keyEnd) : noteKey(text, at, keyEnd, seen, repeated);
      collect.keys++;
      const keyStart = at;
      at = jsonSpaceEnd(text, keyEnd);
      at = jsonSpaceEnd(text, at + 1); // the colon
      const child = trie.children.get(name);
      if (child === undefined) {
        at = skipValue(text, at, collect);
      } else {
        forgetBelow(child); // a key given again: only its last value counts
        at = scan(text, at, child, { offset: keyStart, length: keyEnd - keyStart }, collect);
      }
      at = jsonSpaceEnd(text, at);
      if (text.charCodeAt(at) === COMMA) at = jsonSpaceEnd(text, at + 1);
    }
    end = at + 1;
  } else {
    let at = jsonSpaceEnd(text, start + 1);
    let index = 0;
    while (at < text.length && text.charCodeAt(at) !== CLOSE_BRACKET) {
      const child = trie.children.get(index);
      at = child ? scan(text, at, child, undefined, collect) : skipValue(text, at, collect);
      at = jsonSpaceEnd(text, at);
      if (text.charCodeAt(at) === COMMA) at = jsonSpaceEnd(text, at + 1);
      index++;
    }
    end = at + 1;
  }
  trie.found = { type, offset: start, length: end - start, ...(key ? { key } : {}) };
  return end;
}

/**
 * Scans valid JSON `text` once: the place of every path (for a path that does not exist, the deepest node on the
 * way to it, the object that lacks a field, as the tree lookup gives) and, when `repeated` is asked for, the keys
 * given twice, or with `countKeys`, how many keys there are. Without them, only the containers on the way to the
 * paths are read key by key.
 */
export function scanText(
  text: string,
  paths: readonly JsonPath[],
  options: { readonly repeated: boolean; readonly countKeys?: boolean },
): TextScan {
  const root: Trie = { children: new Map() };
  for (const path of paths) {
    let node = root;
    for (const segment of path) {
      let next = node.children.get(segment);
      if (next === undefined) {
        next = { children: new Map() };
        node.children.set(segment, next);
      }
      node = next;
    }
  }
  const counting = !options.repeated && options.countKeys === true;
  const collect: Collect = { repeated: options.repeated ? [] : undefined, keys: 0, counting };
  scan(text, jsonSpaceEnd(text, text.charCodeAt(0) === 0xfeff ? 1 : 0), root, undefined, collect);
  const located = paths.map((path) => {
    let node = root;
    let found = root.found ?? { type: 'scalar' as const, offset: 0, length: 0 };
    for (const segment of path) {
      const next = node.children.get(segment);
      if (next?.found === undefined) break;
      node = next;
      found = next.found;
    }
    return found;
  });
  return { located, repeated: collect.repeated ?? [], keys: counting ? collect.keys : -1 };
}

/** The place of every path (`scanText` without the repeated keys: only the containers on the way are read). */
export function scanForPaths(text: string, paths: readonly JsonPath[]): LocatedNode[] {
  return scanText(text, paths, { repeated: false }).located;
}

/** An item of a top-level array. */
export interface ItemAround {
  /** Its opening bracket. */
  readonly offset: number;
  /** Just after its closing bracket. */
  readonly end: number;
  /** Its path: the top-level key, then its index. */
  readonly path: JsonPath;
}

/**
 * The object or array item of a top-level array whose brackets hold `offset` (a process, a replica set…), in valid
 * JSON `text`, found by skipping every value before it with native searches (no tree). Undefined when the cursor
 * is not in one, or when the path
 * read from the text may not be the one `JSON.parse` keeps: the top-level key, or a key of the item, is given twice
 * (the top-level key is looked for again after its value with a plain search: a hit anywhere counts, to be safe).
 */
export function itemAround(text: string, offset: number): ItemAround | undefined {
  const root = jsonSpaceEnd(text, text.charCodeAt(0) === 0xfeff ? 1 : 0);
  if (text.charCodeAt(root) !== OPEN_BRACE) return undefined;
  const seen = new Set<string>();
  let at = jsonSpaceEnd(text, root + 1);
  while (text.charCodeAt(at) === QUOTE && at < offset) {
    const keyEnd = jsonStringEnd(text, at);
    const key = keyAt(text, at, keyEnd);
    if (seen.has(key)) return undefined;
    seen.add(key);
    const start = jsonSpaceEnd(text, jsonSpaceEnd(text, keyEnd) + 1);
    const end = jsonValueEnd(text, start);
    if (offset < end) {
      const item = childAround(text, start, offset);
      if (item === undefined || text.includes(text.slice(at, keyEnd), end)) return undefined;
      const repeated = scanText(text.slice(item.offset, item.end), [], { repeated: true }).repeated;
      return repeated.length > 0 ? undefined : { ...item, path: [key, ...item.path] };
    }
    at = jsonSpaceEnd(text, end);
    if (text.charCodeAt(at) === COMMA) at = jsonSpaceEnd(text, at + 1);
  }
  return undefined;
}

/** The item of the array at `start` that is an object or array whose brackets hold `offset`, with its index. */
function childAround(text: string, start: number, offset: number): ItemAround | undefined {
  if (text.charCodeAt(start) !== OPEN_BRACKET) return undefined;
  let at = jsonSpaceEnd(text, start + 1);
  for (let index = 0; at < offset && text.charCodeAt(at) !== CLOSE_BRACKET; index++) {
    const code = text.charCodeAt(at);
    const end = jsonValueEnd(text, at);
    if (offset < end) {
      return (code === OPEN_BRACE || code === OPEN_BRACKET) && at < offset
        ? { offset: at, end, path: [index] }
        : undefined;
    }
    at = jsonSpaceEnd(text, end);
    if (text.charCodeAt(at) !== COMMA) return undefined;
    at = jsonSpaceEnd(text, at + 1);
  }
  return undefined;
}
