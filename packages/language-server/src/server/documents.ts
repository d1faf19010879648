/**
 * Text document sync (incremental): keeps the open documents and tells the service about each edit, so the tree of
 * a large document is updated, not parsed again, on every keystroke. `TextDocuments` from vscode-languageserver
 * hides the edits, which is why this small store exists. Documents are `TextModel`s: an edit does not copy the text.
 */
import type { Connection, TextDocumentContentChangeEvent } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { LanguageService } from '../service/languageService.js';
import { TextModel } from '../service/textModel.js';

export interface DocumentEvents {
  opened(document: TextDocument): void;
  changed(document: TextDocument): void;
  closed(uri: string): void;
}

export interface Documents {
  get(uri: string): TextDocument | undefined;
  all(): readonly TextDocument[];
}

/** The longest removed text a change carries to the service (a selection typed over, a word deleted). */
const KEPT_REMOVAL = 4096;

export function listenToDocuments(
  connection: Connection,
  service: () => LanguageService,
  events: DocumentEvents,
): Documents {
  const documents = new Map<string, TextModel>();
  connection.onDidOpenTextDocument(({ textDocument }) => {
    const document = new TextModel(textDocument.uri, textDocument.languageId, textDocument.version, textDocument.text);
    documents.set(document.uri, document);
    events.opened(document);
  });
  connection.onDidChangeTextDocument(({ textDocument, contentChanges }) => {
    const document = documents.get(textDocument.uri);
    if (document === undefined) return;
    const version = textDocument.version;
    for (const change of contentChanges as TextDocumentContentChangeEvent[]) {
      if ('range' in change) {
        const start = document.offsetAt(change.range.start);
        const end = document.offsetAt(change.range.end);
        const removed = end - start <= KEPT_REMOVAL ? document.slice(start, end) : undefined;
        document.edit({ start, end, text: change.text }, version);
        service().update(document, {
          start,
          end,
          newLength: change.text.length,
          ...(removed === undefined ? {} : { removed }),
        });
      } else {
        document.update([change], version);
      }
    }
    events.changed(document);
  });
  connection.onDidCloseTextDocument(({ textDocument }) => {
    documents.delete(textDocument.uri);
    events.closed(textDocument.uri);
  });
  return { get: (uri) => documents.get(uri), all: () => [...documents.values()] };
}
