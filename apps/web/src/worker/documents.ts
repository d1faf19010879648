/**
 * The worker's copy of each open document: the page sends monaco's edits, applied here one by one (monaco orders
 * them from the end of the document, so each edit's offsets hold in the version before it). Each edit is also
 * reported to `onEdit`, so the language service updates its tree instead of parsing again.
 *
 * The text is the language server's `TextModel`, edited in place: a keystroke in a 3 MB document does not copy
 * the text or rebuild its line index (vscode-languageserver-textdocument's `update` does both). A new version is a
 * new `OpenDocument` around the same model, so "is this still the current version" stays an identity check.
 */
import { TextModel } from '@dbkit/language-server';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ContentChange, DocumentKind } from './protocol.js';

export interface OpenDocument {
  readonly kind: DocumentKind;
  readonly document: TextModel;
}

/** An edit in the previous version's offsets (the language service's `TextChange`). */
export interface Edit {
  readonly start: number;
  readonly end: number;
  readonly newLength: number;
}

export function openDocument(uri: string, kind: DocumentKind, version: number, text: string): OpenDocument {
  return { kind, document: new TextModel(uri, 'json', version, text) };
}

export function applyChanges(
  open: OpenDocument,
  version: number,
  changes: readonly ContentChange[],
  onEdit: (document: TextDocument, edit: Edit) => void,
): OpenDocument {
  const document = open.document;
  for (const change of changes) {
    const start = change.rangeOffset;
    const end = start + change.rangeLength;
    document.edit({ start, end, text: change.text }, version);
    onEdit(document, { start, end, newLength: change.text.length });
  }
  return { kind: open.kind, document };
}
