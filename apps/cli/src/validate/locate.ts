/**
 * From JSON paths to places in the text: a diagnostic's path becomes a node of jsonc-parser's tree, and offsets
 * become 1-based lines and columns.
 */
import type { JsonPath } from '@dbkit/core';
import type { Node } from 'jsonc-parser';
import type { Position, Range, Span } from './finding.js';

/** Offsets of the first character of every line. */
export interface LineIndex {
  readonly lineStarts: readonly number[];
  readonly textLength: number;
}

export function createLineIndex(text: string): LineIndex {
  const lineStarts = [0];
  let at = text.indexOf('\n');
  while (at !== -1) {
    lineStarts.push(at + 1);
    at = text.indexOf('\n', at + 1);
  }
  return { lineStarts, textLength: text.length };
}

/** 0-based line of an offset. */
export function lineOf(index: LineIndex, offset: number): number {
  const starts = index.lineStarts;
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((starts[mid] ?? 0) <= offset) low = mid;
    else high = mid - 1;
  }
  return low;
}

export function positionAt(index: LineIndex, offset: number): Position {
  const clamped = Math.max(0, Math.min(offset, index.textLength));
  const line = lineOf(index, clamped);
  return { line: line + 1, column: clamped - (index.lineStarts[line] ?? 0) + 1 };
}

export function rangeOf(index: LineIndex, span: Span): Range {
  return { start: positionAt(index, span.offset), end: positionAt(index, span.offset + span.length) };
}

/** What to underline for a path: the value (default), or the key of the property (unknown and misspelt fields). */
export type Anchor = 'value' | 'key';

/**
 * The node at `path`, or the deepest node that exists on the way to it. A key given twice resolves to its last
 * occurrence, the one `JSON.parse` keeps.
 */
export function nodeAtPath(root: Node, path: JsonPath): Node {
  let node = root;
  for (const segment of path) {
    let next: Node | undefined;
    if (node.type === 'object' && typeof segment === 'string') {
      for (const property of node.children ?? []) {
        if (property.children?.[0]?.value === segment) next = property.children[1];
      }
    } else if (node.type === 'array' && typeof segment === 'number') {
      next = node.children?.[segment];
    }
    if (next === undefined) return node;
    node = next;
  }
  return node;
}

/**
 * The span to underline for a path.
 * - A scalar: the value itself (`"shop-shard1-2"`, `1500.0`).
 * - With `anchor: 'key'`, and the node is a property's value: the key (`"hostnmae"`).
 * - An object or array on one line: all of it. Spread over lines: the key of the property holding it through the
 *   opening bracket (`"options": {`), or the bracket alone for array items and the root. A missing field's path is
 *   its object, so this is what a missing-field diagnostic underlines.
 */
export function spanOfPath(root: Node | undefined, index: LineIndex, path: JsonPath, anchor: Anchor = 'value'): Span {
  if (root === undefined) return { offset: 0, length: 0 };
  const node = nodeAtPath(root, path);
  const property = node.parent?.type === 'property' && node.parent.children?.[1] === node ? node.parent : undefined;
  const key = property?.children?.[0];
  if (anchor === 'key' && key !== undefined) return { offset: key.offset, length: key.length };
  if (node.type !== 'object' && node.type !== 'array') return { offset: node.offset, length: node.length };
  if (lineOf(index, node.offset) === lineOf(index, node.offset + node.length)) {
    return { offset: node.offset, length: node.length };
  }
  if (key !== undefined && lineOf(index, key.offset) === lineOf(index, node.offset)) {
    return { offset: key.offset, length: node.offset + 1 - key.offset };
  }
  return { offset: node.offset, length: 1 };
}
