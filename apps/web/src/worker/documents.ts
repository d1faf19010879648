/**
 * The worker's copy of each open document: the page sends monaco's edits, applied here one by one (monaco orders
 * them from the end of the document, so each edit's offsets hold in the version before it). Each edit is also
 * reported to `onEdit`, so the language service updates its tree instead of parsing again.
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { ContentChange, DocumentKind } from './protocol.js';

export interface OpenDocument {
  readonly kind: DocumentKind;
  readonly document: TextDocument;
}

/** An edit in the previous version's offsets (the language service's `TextChange`). */
export interface Edit {
  readonly start: number;
  readonly end: number;
  readonly newLength: number;
}

export function openDocument(uri: string, kind: DocumentKind, version: number, text: string): OpenDocument {
  return { kind, document: TextDocument.create(uri, 'json', version, text) };
}

export function applyChanges(
  open: OpenDocument,
  version: number,
  changes: readonly ContentChange[],
  onEdit: (document: TextDocument, edit: Edit) => void,
): OpenDocument {
  let document = open.document;
  for (const change of changes) {
    const start = change.rangeOffset;
    const end = start + change.rangeLength;
    const range = { start: document.positionAt(start), end: document.positionAt(end) };
    document = TextDocument.update(document, [{ range, text: change.text }], version);
    onEdit(document, { start, end, newLength: change.text.length });
  }
  return { kind: open.kind, document };
}
