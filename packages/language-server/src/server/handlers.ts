/**
 * The handler table: each LSP request the server answers (`CAPABILITIES` in `createServer.ts` offers them), mapped to its verb of the
 * language service. A handler resolves the served document and calls the verb with the request's token, guarded by
 * `onServed` (`context.ts`).
 */
import { DocumentDiagnosticReportKind, ResponseError } from 'vscode-languageserver';
import type { PrepareRenameResult, RenameResult } from '../service/features/rename.js';
import { onServed, type ServerContext, safe } from './context.js';
import { pullDiagnostics } from './diagnostics.js';

/** A rename the service refuses becomes LSP's error for it, with the reason the client shows. */
function accepted<T extends PrepareRenameResult | RenameResult>(result: T | null): Extract<T, { ok: true }> | null {
  if (result !== null && !result.ok) throw new ResponseError(-32803, result.reason);
  return result as Extract<T, { ok: true }> | null;
}

/** Every request of the table. */
export function registerHandlers(server: ServerContext): void {
  server.connection.languages.diagnostics.on((params, token) =>
    safe(server, 'diagnostics', { kind: DocumentDiagnosticReportKind.Full, items: [] }, () =>
      pullDiagnostics(server, params.textDocument.uri, token),
    ),
  );
  registerCompletion(server);
  registerNavigation(server);
  registerDocumentFeatures(server);
}

/** Completion, and the resolve of an item's details (`itemDefaults.data` may leave its uri to the last answer). */
function registerCompletion(server: ServerContext): void {
  const { connection } = server;
  connection.onCompletion((params, token) =>
    onServed(server, 'completion', null, params.textDocument.uri, (doc) => {
      if (!token.isCancellationRequested) server.lastCompletionUri = doc.uri;
      return server.service.doComplete(doc, params.position, token);
    }),
  );
  connection.onCompletionResolve((item, token) => {
    const uri = (item.data as { uri?: unknown } | undefined)?.uri ?? server.lastCompletionUri;
    return onServed(server, 'completionResolve', item, typeof uri === 'string' ? uri : '', (doc) =>
      server.service.doResolve(doc, item, token),
    );
  });
}

/** Hover, and the requests that follow a name: definition, references, rename. */
function registerNavigation(server: ServerContext): void {
  const { connection } = server;
  connection.onHover((params, token) =>
    onServed(server, 'hover', null, params.textDocument.uri, (doc) =>
      server.service.doHover(doc, params.position, token),
    ),
  );
  connection.onDefinition((params, token) =>
    onServed(server, 'definition', null, params.textDocument.uri, (doc) =>
      server.service.findDefinition(doc, params.position, token),
    ),
  );
  connection.onReferences((params, token) =>
    onServed(server, 'references', null, params.textDocument.uri, (doc) =>
      server.service.findReferences(doc, params.position, params.context, token),
    ),
  );
  connection.onPrepareRename((params, token) =>
    onServed(server, 'prepareRename', null, params.textDocument.uri, (doc) => {
      const result = accepted(server.service.prepareRename(doc, params.position, token));
      return result && { range: result.range, placeholder: result.placeholder };
    }),
  );
  connection.onRenameRequest((params, token) =>
    onServed(
      server,
      'rename',
      null,
      params.textDocument.uri,
      (doc) => accepted(server.service.doRename(doc, params.position, params.newName, token))?.edit ?? null,
    ),
  );
}

/** The requests over the whole document or a range of it: symbols, folding, selection, formatting, code actions. */
function registerDocumentFeatures(server: ServerContext): void {
  const { connection } = server;
  connection.onDocumentSymbol((params, token) =>
    onServed(server, 'documentSymbol', null, params.textDocument.uri, (doc) =>
      server.service.findDocumentSymbols(doc, token),
    ),
  );
  connection.onFoldingRanges((params, token) =>
    onServed(server, 'foldingRange', null, params.textDocument.uri, (doc) =>
      server.service.getFoldingRanges(doc, token),
    ),
  );
  connection.onSelectionRanges((params, token) =>
    onServed(server, 'selectionRange', null, params.textDocument.uri, (doc) =>
      server.service.getSelectionRanges(doc, params.positions, token),
    ),
  );
  connection.onDocumentFormatting((params, token) =>
    onServed(server, 'formatting', null, params.textDocument.uri, (doc) =>
      server.service.format(doc, undefined, params.options, token),
    ),
  );
  connection.onDocumentRangeFormatting((params, token) =>
    onServed(server, 'rangeFormatting', null, params.textDocument.uri, (doc) =>
      server.service.format(doc, params.range, params.options, token),
    ),
  );
  connection.onCodeAction((params, token) =>
    onServed(server, 'codeAction', null, params.textDocument.uri, (doc) =>
      server.service.getCodeActions(doc, params.range, params.context, token),
    ),
  );
}
