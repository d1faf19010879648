/** From tree nodes to LSP ranges (JSON paths: `locate.ts`). Offsets stay offsets until a result leaves the service. */
import type { ASTNode } from 'vscode-json-languageservice';
import type { Range } from 'vscode-languageserver-types';
import type { ParsedDocument } from './document.js';

export function rangeOfSpan(doc: Pick<ParsedDocument, 'textDocument'>, offset: number, length: number): Range {
  return { start: doc.textDocument.positionAt(offset), end: doc.textDocument.positionAt(offset + length) };
}

export function rangeOfNode(doc: ParsedDocument, node: ASTNode): Range {
  return rangeOfSpan(doc, node.offset, node.length);
}

/** The range of a string node's contents, without its quotes: what a rename or a name completion replaces. */
export function rangeInsideQuotes(doc: ParsedDocument, node: ASTNode): Range {
  return node.length >= 2 ? rangeOfSpan(doc, node.offset + 1, node.length - 2) : rangeOfNode(doc, node);
}
