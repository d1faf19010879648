/** From tree nodes and JSON paths to LSP ranges. Offsets stay offsets until a result leaves the service. */
import type { ASTNode } from 'vscode-json-languageservice';
import type { Position, Range } from 'vscode-languageserver-types';
import type { ParsedDocument } from './document.js';
import type { LocatedNode } from './textScan.js';

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

/** A span of text: offset and length. */
export interface Span {
  readonly offset: number;
  readonly length: number;
}

/** Whether `[from, to)` holds no line break. */
function oneLine(text: string, from: number, to: number): boolean {
  const newline = text.indexOf('\n', from);
  return newline === -1 || newline >= to;
}

/**
 * The span to underline for a located node (as the CLI's code frames do):
 * - a scalar: the value itself;
 * - with `anchor: 'key'`, when the node is a property's value: the key;
 * - an object or array on one line: all of it; spread over lines: from the key of the property holding it to the
 *   opening bracket (`"options": {`), or the bracket alone for array items and the root. A missing field's path is
 *   its object, so this is what a missing-field diagnostic underlines.
 */
export function spanOfLocated(text: string, node: LocatedNode, anchor: Anchor = 'value'): Span {
  const key = node.key;
  if (anchor === 'key' && key !== undefined) return key;
  if (node.type === 'scalar' || oneLine(text, node.offset, node.offset + node.length)) return node;
  if (key !== undefined && oneLine(text, key.offset, node.offset)) {
    return { offset: key.offset, length: node.offset + 1 - key.offset };
  }
  return { offset: node.offset, length: 1 };
}

/**
 * The ranges of many spans in one pass over the text's line breaks (a native search per line), without building
 * a line index: placing a few diagnostics in a freshly opened 17 MB document costs a fraction of indexing every
 * line.
 */
export function rangesOfSpans(text: string, spans: readonly Span[]): Range[] {
  const offsets = new Set<number>();
  for (const span of spans) {
    offsets.add(span.offset);
    offsets.add(span.offset + span.length);
  }
  const sorted = [...offsets].sort((a, b) => a - b);
  const positions = new Map<number, Position>();
  let line = 0;
  let lineStart = 0;
  let nextBreak = text.indexOf('\n');
  for (const offset of sorted) {
    const clamped = Math.min(Math.max(offset, 0), text.length);
    while (nextBreak !== -1 && nextBreak < clamped) {
      line++;
      lineStart = nextBreak + 1;
      nextBreak = text.indexOf('\n', lineStart);
    }
    positions.set(offset, { line, character: clamped - lineStart });
  }
  return spans.map((span) => ({ start: positions.get(span.offset)!, end: positions.get(span.offset + span.length)! }));
}
