/**
 * Where a few JSON paths are in a text, without recording anything else: the first diagnostics of a freshly opened
 * document. One pass walks only the containers on the way to the wanted paths and skips everything else at
 * string-search speed (about half of what building the flat structure costs, `flatTree.ts`), so the first push
 * of a 17 MB document does not wait for the structure of all of it; the repeated keys, pushed next, build that.
 *
 * The text must be valid JSON (`JSON.parse` accepted it); the tree serves broken documents. As with `JSON.parse`,
 * a key given twice resolves to its last occurrence. Answers as `flatTree.ts`'s `locateInFlat` does (tested).
 */
import type { JsonPath } from '@dbkit/core';
import type { LocatedNode } from './flatTree.js';

interface Trie {
  readonly children: Map<string | number, Trie>;
  found?: LocatedNode;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const STRUCTURAL = /["{}[\]]/g;

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/** Offset just after the string whose opening quote is at `start`. */
function skipString(text: string, start: number): number {
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

/** Offset just after the value starting at `start` (not whitespace). */
function skipValue(text: string, start: number): number {
  const first = text.charCodeAt(start);
  if (first === QUOTE) return skipString(text, start);
  if (first === OPEN_BRACE || first === OPEN_BRACKET) {
    // Jump from one structural character to the next with a native regular-expression search (`test` with the
    // global flag moves `lastIndex` without allocating a match); strings are skipped whole.
    const structural = STRUCTURAL;
    structural.lastIndex = start;
    let depth = 0;
    while (structural.test(text)) {
      const at = structural.lastIndex - 1;
      const code = text.charCodeAt(at);
      if (code === QUOTE) structural.lastIndex = skipString(text, at);
      else if (code === OPEN_BRACE || code === OPEN_BRACKET) depth++;
      else if (--depth === 0) return at + 1;
    }
    return text.length;
  }
  let at = start;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    if (code === COMMA || code === CLOSE_BRACE || code === CLOSE_BRACKET || isSpace(code)) break;
    at++;
  }
  return at;
}

function skipSpace(text: string, at: number): number {
  while (at < text.length && isSpace(text.charCodeAt(at))) at++;
  return at;
}

/** Scans the value at `start` for the paths below `trie`; returns the offset after it. */
function scan(text: string, start: number, trie: Trie, key: LocatedNode['key']): number {
  const first = text.charCodeAt(start);
  const type = first === OPEN_BRACE ? 'object' : first === OPEN_BRACKET ? 'array' : 'scalar';
  let end: number;
  if (trie.children.size === 0 || type === 'scalar') {
    end = skipValue(text, start);
  } else if (type === 'object') {
    let at = skipSpace(text, start + 1);
    while (text.charCodeAt(at) === QUOTE) {
      const keyEnd = skipString(text, at);
      const raw = text.slice(at + 1, keyEnd - 1);
      const name = raw.includes('\\') ? (JSON.parse(text.slice(at, keyEnd)) as string) : raw;
      at = skipSpace(text, keyEnd);
      at = skipSpace(text, at + 1); // the colon
      const child = trie.children.get(name);
      at = child
        ? scan(text, at, child, { offset: keyEnd - raw.length - 2, length: raw.length + 2 })
        : skipValue(text, at);
      at = skipSpace(text, at);
      if (text.charCodeAt(at) === COMMA) at = skipSpace(text, at + 1);
    }
    end = at + 1;
  } else {
    let at = skipSpace(text, start + 1);
    let index = 0;
    while (at < text.length && text.charCodeAt(at) !== CLOSE_BRACKET) {
      const child = trie.children.get(index);
      at = child ? scan(text, at, child, undefined) : skipValue(text, at);
      at = skipSpace(text, at);
      if (text.charCodeAt(at) === COMMA) at = skipSpace(text, at + 1);
      index++;
    }
    end = at + 1;
  }
  trie.found = { type, offset: start, length: end - start, ...(key ? { key } : {}) };
  return end;
}

/**
 * The located node of every path, in the order given; for a path that does not exist, the deepest node on the way
 * to it (the object that lacks a missing field), as the tree lookup does.
 */
export function scanForPaths(text: string, paths: readonly JsonPath[]): LocatedNode[] {
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
  const start = skipSpace(text, text.charCodeAt(0) === 0xfeff ? 1 : 0);
  scan(text, start, root, undefined);
  return paths.map((path) => {
    let node = root;
    let found = root.found!;
    for (const segment of path) {
      const next = node.children.get(segment);
      if (next?.found === undefined) break;
      node = next;
      found = next.found;
    }
    return found;
  });
}
