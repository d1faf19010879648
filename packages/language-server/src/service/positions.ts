/** From tree nodes and JSON paths to LSP ranges. Offsets stay offsets until a result leaves the service. */
import type { JsonPath } from '@dbkit/core';
import type { ASTNode } from 'vscode-json-languageservice';
import type { Range } from 'vscode-languageserver-types';
import type { ParsedDocument } from './document.js';
import type { LocatedNode } from './locate.js';

export function rangeOfSpan(doc: ParsedDocument, offset: number, length: number): Range {
  return { start: doc.textDocument.positionAt(offset), end: doc.textDocument.positionAt(offset + length) };
}

export function rangeOfNode(doc: ParsedDocument, node: ASTNode): Range {
  return rangeOfSpan(doc, node.offset, node.length);
}

/** The range of a string node's contents, without its quotes: what a rename or a name completion replaces. */
export function rangeInsideQuotes(doc: ParsedDocument, node: ASTNode): Range {
  return node.length >= 2 ? rangeOfSpan(doc, node.offset + 1, node.length - 2) : rangeOfNode(doc, node);
}

/** What to underline for a path: the value (default), or the key of the property (unknown and misspelt fields). */
export type Anchor = 'value' | 'key';

/**
 * The range to underline for a located node (as the CLI's code frames do):
 * - a scalar: the value itself;
 * - with `anchor: 'key'`, when the node is a property's value: the key;
 * - an object or array on one line: all of it; spread over lines: from the key of the property holding it to the
 *   opening bracket (`"options": {`), or the bracket alone for array items and the root. A missing field's path is
 *   its object, so this is what a missing-field diagnostic underlines.
 */
export function rangeOfLocated(doc: ParsedDocument, node: LocatedNode, anchor: Anchor = 'value'): Range {
  const key = node.key;
  if (anchor === 'key' && key !== undefined) return rangeOfSpan(doc, key.offset, key.length);
  if (node.type === 'scalar') return rangeOfSpan(doc, node.offset, node.length);
  const whole = rangeOfSpan(doc, node.offset, node.length);
  if (whole.start.line === whole.end.line) return whole;
  if (key !== undefined && doc.textDocument.positionAt(key.offset).line === whole.start.line) {
    return rangeOfSpan(doc, key.offset, node.offset + 1 - key.offset);
  }
  return rangeOfSpan(doc, node.offset, 1);
}

/** The range of one path (see `rangeOfLocated`); for many paths, locate them in one batch with `doc.locate`. */
export function rangeOfPath(doc: ParsedDocument, path: JsonPath, anchor: Anchor = 'value'): Range {
  return rangeOfLocated(doc, doc.locate([path])[0]!, anchor);
}
