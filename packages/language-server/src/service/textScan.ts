/**
 * Where JSON paths are in valid JSON text, and which keys it gives twice in one object, in one pass and without
 * building a tree: the diagnostics of a freshly opened document. The pass walks the containers on the way to the
 * wanted paths item by item and skips everything else from one structural character (`"{}[]`) to the next with a
 * native regular-expression search, counting or hashing keys on the way when asked. One pass serves both the places
 * and the repeated keys; a structure of every node in typed arrays and a loop over every character are slower
 * (docs/decisions/language-server.md, "A fresh valid text is diagnosed without a tree"). Asked for, the same pass
 * also finds every value at a secret path (core's `SECRET_PATHS`, every occurrence of a key given twice too), so
 * `dbkit validate` masks its code frames without a second pass.
 *
 * The text must be valid JSON (`JSON.parse` accepted it); the tree serves broken documents. As with `JSON.parse`, a
 * key given twice resolves to its last occurrence.
 */

import type { JsonPath } from '@dbkit/core';
import {
  isJsonSpace,
  jsonSpaceEnd,
  jsonStringEnd,
  jsonValueEnd,
  mayHoldSecretBelow,
  SECRET_ROOT,
  type SecretNode,
  secretStep,
} from '@dbkit/core/internal';
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

/** A stretch of the text: offset and length. */
export interface TextSpan {
  readonly offset: number;
  readonly length: number;
}

export interface TextScan {
  /** The located node of every path asked for, in order. */
  readonly located: LocatedNode[];
  /** The values at secret paths, in text order (with `secrets`; else empty). */
  readonly secrets: TextSpan[];
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
  /** Where the values at secret paths go, when they are asked for. */
  readonly secrets: TextSpan[] | undefined;
  /** Where the root value starts: its sections are searched for secrets before they are read. */
  readonly root: number;
}

/** No path wanted below: what a value holding only secrets is scanned with. */
const NO_PATHS: Trie = { children: new Map() };

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

/** Whether some keys of an object hold secrets themselves: reading it is then as cheap as searching it first. */
function holdsSecretKeys(node: SecretNode): boolean {
  for (const next of node.keys.values()) if (next.secret) return true;
  return false;
}

/**
 * Reads the object or array at `start` key by key (item by item), scanning the values on the way; the offset after
 * it. The sections of the root (`isRoot`) and the items of an array are searched for secrets before they are read.
 */
function readContainer(
  text: string,
  start: number,
  type: 'object' | 'array',
  trie: Trie,
  collect: Collect,
  secretBelow: SecretNode | undefined,
  isRoot = false,
): number {
  const { repeated } = collect;
  if (type === 'object') {
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
      const secretChild = secretBelow === undefined ? undefined : secretStep(secretBelow, name);
      if (child === undefined && secretChild === undefined) {
        at = skipValue(text, at, collect);
      } else if (child === undefined) {
        at = scan(text, at, NO_PATHS, undefined, collect, secretChild, isRoot);
      } else {
        forgetBelow(child); // a key given again: only its last value counts
        at = scan(text, at, child, { offset: keyStart, length: keyEnd - keyStart }, collect, secretChild, isRoot);
      }
      at = jsonSpaceEnd(text, at);
      if (text.charCodeAt(at) === COMMA) at = jsonSpaceEnd(text, at + 1);
    }
    return at + 1;
  }
  let at = jsonSpaceEnd(text, start + 1);
  let index = 0;
  while (at < text.length && text.charCodeAt(at) !== CLOSE_BRACKET) {
    const child = trie.children.get(index);
    const secretChild = secretBelow?.items;
    at =
      child !== undefined || secretChild !== undefined
        ? scan(text, at, child ?? NO_PATHS, undefined, collect, secretChild, true)
        : skipValue(text, at, collect);
    at = jsonSpaceEnd(text, at);
    if (text.charCodeAt(at) === COMMA) at = jsonSpaceEnd(text, at + 1);
    index++;
  }
  return at + 1;
}

/**
 * Scans the value at `start` for the paths below `trie` and, with `secret` (where the value stands among the secret
 * paths), for the secrets below it, first searching its text for them when `search`; returns the offset after it.
 */
function scan(
  text: string,
  start: number,
  trie: Trie,
  key: LocatedNode['key'],
  collect: Collect,
  secret: SecretNode | undefined,
  search = false,
): number {
  const first = text.charCodeAt(start);
  const type = first === OPEN_BRACE ? 'object' : first === OPEN_BRACKET ? 'array' : 'scalar';
  // Below a secret, or where no secret path leads, the text is only skipped for secrets.
  const secretBelow =
    secret === undefined || secret.secret
      ? undefined
      : type === 'object' && secret.keys.size > 0
        ? secret
        : type === 'array' && secret.items !== undefined
          ? secret
          : undefined;
  let end: number;
  if (type === 'scalar' || (trie.children.size === 0 && secretBelow === undefined)) {
    end = skipValue(text, start, collect);
  } else if (trie.children.size > 0 || secretBelow === undefined || !search || holdsSecretKeys(secretBelow)) {
    end = readContainer(text, start, type, trie, collect, secretBelow, start === collect.root);
  } else {
    // Only secrets deeper down, in a section of the root or an item of an array: it is read key by key only when its
    // text names a key that holds one (most deployments' processes name none, and are skipped whole); what it holds
    // is then read without searching again.
    const after = jsonValueEnd(text, start);
    end = mayHoldSecretBelow(secretBelow, text, start, after)
      ? readContainer(text, start, type, trie, collect, secretBelow)
      : collect.counting || collect.repeated !== undefined
        ? skipValue(text, start, collect)
        : after;
  }
  if (trie !== NO_PATHS) trie.found = { type, offset: start, length: end - start, ...(key ? { key } : {}) };
  if (secret?.secret === true) collect.secrets?.push({ offset: start, length: end - start });
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
  options: { readonly repeated: boolean; readonly countKeys?: boolean; readonly secrets?: boolean },
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
  const secrets = options.secrets === true ? [] : undefined;
  const start = jsonSpaceEnd(text, text.charCodeAt(0) === 0xfeff ? 1 : 0);
  const collect: Collect = { repeated: options.repeated ? [] : undefined, keys: 0, counting, secrets, root: start };
  // Without paths to place, a text that names no key holding a secret is not read at all; with paths, the root is
  // read anyway, and each of its sections searched for such keys before it is read.
  const secretRoot =
    secrets !== undefined && (paths.length > 0 || mayHoldSecretBelow(SECRET_ROOT, text)) ? SECRET_ROOT : undefined;
  if (paths.length === 0 && secretRoot !== undefined && text.charCodeAt(start) === OPEN_BRACE) {
    readContainer(text, start, 'object', root, collect, secretRoot, true); // searched already: read at once
  } else scan(text, start, root, undefined, collect, secretRoot);
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
  return { located, secrets: secrets ?? [], repeated: collect.repeated ?? [], keys: counting ? collect.keys : -1 };
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
