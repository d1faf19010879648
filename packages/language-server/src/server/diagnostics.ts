/**
 * A document's diagnostics, pushed (debounced by `diagnosticsScheduler.ts`) or pulled with LSP 3.17, and the work
 * that follows them once they are out: the warm-up, a collection when quiet, and the keys given twice.
 */
import {
  type CancellationToken,
  type Diagnostic,
  DocumentDiagnosticReportKind,
  type FullDocumentDiagnosticReport,
} from 'vscode-languageserver';
import type { ServedDocument } from '../service/document.js';
import { byPosition } from '../service/features/diagnostics.js';
import { type ServerContext, safe, served } from './context.js';

/** The length of a document's text (its offset at the end). */
function lengthOf(doc: ServedDocument): number {
  return doc.textDocument.offsetAt({ line: doc.textDocument.lineCount, character: 0 });
}

/** `uri` opened (`delay` 0) or changed: its diagnostics are pushed once due, unless the client pulls them. */
export function scheduleDiagnostics(server: ServerContext, uri: string, delay: number): void {
  if (server.pullDiagnostics) return;
  server.scheduler.schedule(uri, delay);
}

/** Pushes the diagnostics of `uri` (the scheduler's `publish`). */
export function pushDiagnostics(server: ServerContext, uri: string): void {
  const document = server.documents.get(uri);
  if (document === undefined) return;
  void safe(server, 'diagnostics', undefined, () => {
    const doc = served(server, uri);
    const version = document.version;
    // Syntax and core's rules go out first; keys given twice in valid JSON follow, from the warm-up's tree.
    const first = doc ? server.service.doValidation(doc, { duplicateKeys: false, namesForTyping: true }) : [];
    void server.connection.sendDiagnostics({ uri, version, diagnostics: first });
    if (doc !== undefined) warmUpLater(server, doc, first);
  });
}

/** The answer to a pull of the diagnostics of `uri` (`textDocument/diagnostic`). */
export function pullDiagnostics(
  server: ServerContext,
  uri: string,
  token: CancellationToken,
): FullDocumentDiagnosticReport {
  const doc = served(server, uri);
  const items = doc ? server.service.doValidation(doc, { namesForTyping: true }, token) : [];
  if (doc !== undefined) warmUpLater(server, doc);
  return { kind: DocumentDiagnosticReportKind.Full, items };
}

/**
 * Once a version's diagnostics are out (pushed or pulled): the warm-up (`service/warmUp.ts`), built while the user
 * reads them, so that the first keystroke does not pay for it (VS Code's client pulls diagnostics: without this, its
 * first completion in a 17 MB document would build the tree and the graph); then a collection once quiet, and with
 * pushed diagnostics (`first`) the keys given twice in valid JSON, which the tree just built reports (no other pass
 * over the text), pushed again with the first diagnostics only when there are any. Each step runs on a later turn,
 * guarded like a handler, and is skipped when a newer version came.
 */
function warmUpLater(server: ServerContext, doc: ServedDocument, first?: readonly Diagnostic[]): void {
  const { uri, version } = doc;
  server.service.scheduleWarmUp(doc, {
    schedule: (task) => setTimeout(() => void safe(server, 'warm-up', undefined, task), 0),
    isCurrent: () => server.documents.get(uri)?.version === version && served(server, uri) === doc,
    afterWarmUp: () => {
      server.idle.afterWork(lengthOf(doc));
      if (first === undefined) return;
      const duplicates = server.service.findDuplicateKeys(doc);
      if (duplicates.length > 0) {
        void server.connection.sendDiagnostics({ uri, version, diagnostics: byPosition([...first, ...duplicates]) });
      }
    },
  });
}
