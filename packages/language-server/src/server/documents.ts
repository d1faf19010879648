/**
 * Text document sync (incremental): keeps the open documents and tells the service about each edit, so the tree of
 * a large document is updated, not parsed again, on every keystroke. `TextDocuments` from vscode-languageserver
 * hides the edits, which is why this small store exists.
 */
import type { Connection, TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { LanguageService } from '../service/languageService.js';

export interface DocumentEvents {
  opened(document: TextDocument): void;
  changed(document: TextDocument): void;
  closed(uri: string): void;
}

export interface Documents {
  get(uri: string): TextDocument | undefined;
  all(): readonly TextDocument[];
}

export function listenToDocuments(
  connection: Connection,
  service: () => LanguageService,
  events: DocumentEvents,
): Documents {
  const documents = new Map<string, TextDocument>();
  connection.onDidOpenTextDocument(({ textDocument }) => {
    const document = TextDocument.create(
      textDocument.uri,
      textDocument.languageId,
      textDocument.version,
      textDocument.text,
    );
    documents.set(document.uri, document);
    events.opened(document);
  });
  connection.onDidChangeTextDocument(({ textDocument, contentChanges }) => {
    let document = documents.get(textDocument.uri);
    if (document === undefined) return;
    const version = textDocument.version;
    for (const change of contentChanges as TextDocumentContentChangeEvent[]) {
      if ('range' in change) {
        const start = document.offsetAt(change.range.start);
        const end = document.offsetAt(change.range.end);
        document = TextDocument.update(document, [change], version);
        service().update(document, { start, end, newLength: change.text.length });
      } else {
        document = TextDocument.update(document, [change], version);
      }
    }
    documents.set(document.uri, document);
    events.changed(document);
  });
  connection.onDidCloseTextDocument(({ textDocument }) => {
    documents.delete(textDocument.uri);
    events.closed(textDocument.uri);
  });
  return { get: (uri) => documents.get(uri), all: () => [...documents.values()] };
}
