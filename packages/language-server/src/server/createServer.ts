/**
 * The LSP server over any connection (Node stdio/IPC/socket, or a browser worker): documents, configuration,
 * diagnostics (pushed, debounced, or pulled with LSP 3.17: `diagnostics.ts`) and one thin handler per feature
 * (`handlers.ts`). Every handler resolves the served document and calls its verb of the language service with the
 * request's token; an exception is logged and becomes an empty answer, never a crash (`context.ts`).
 */
import {
  CodeActionKind,
  type Connection,
  type InitializeParams,
  type InitializeResult,
  type ServerCapabilities,
  TextDocumentSyncKind,
} from 'vscode-languageserver';
import manifest from '../../package.json' with { type: 'json' };
import { describeCodes } from '../service/features/codeDescription.js';
import type { ItemDefault } from '../service/features/completion/compact.js';
import { createLanguageService } from '../service/languageService.js';
import { DEFAULT_SELECTION } from '../service/selection.js';
import { type ServerContext, safe } from './context.js';
import { pushDiagnostics, scheduleDiagnostics } from './diagnostics.js';
import { createDiagnosticsScheduler, DIAGNOSTICS_DELAY_MS } from './diagnosticsScheduler.js';
import { listenToDocuments } from './documents.js';
import { registerHandlers } from './handlers.js';
import { createIdleCollection } from './idleCollection.js';
import { registerRequests } from './requests.js';
import { readCodesBaseUrl, readSettings, type ServerSettings } from './settings.js';

export const SERVER_NAME = 'dbkit-language-server';

export type { PlanParams, PlanResult, PlanRevision, RevisionDiagnostics } from '../service/features/plan.js';
export { DIAGNOSTICS_DELAY_MS, DIAGNOSTICS_MAX_WAIT_MS } from './diagnosticsScheduler.js';
export { PLAN_REQUEST, VALIDATE_REQUEST, type ValidateParams } from './requests.js';

/**
 * The package's version, what `initialize` answers in `serverInfo`. A JSON import, so it holds wherever the server
 * runs: the `dbkit-language-server` bin reads the package.json beside `dist/`, and esbuild inlines it into the
 * extension's Node and web worker bundles.
 */
export const SERVER_VERSION: string = manifest.version;

export interface ServerOptions {
  /** A full garbage collection, where the runtime offers one: run when quiet after large work (`idleCollection.ts`). */
  readonly collectGarbage?: (() => void) | undefined;
}

/** What the server offers every client: each feature the handler table (`handlers.ts`) answers. */
const CAPABILITIES: ServerCapabilities = {
  textDocumentSync: TextDocumentSyncKind.Incremental,
  completionProvider: { triggerCharacters: ['"', ':', ' '], resolveProvider: true },
  hoverProvider: true,
  definitionProvider: true,
  referencesProvider: true,
  renameProvider: { prepareProvider: true },
  documentSymbolProvider: { label: 'dbkit' },
  foldingRangeProvider: true,
  selectionRangeProvider: true,
  documentFormattingProvider: true,
  documentRangeFormattingProvider: true,
  codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
};

/** What it offers a client that pulls diagnostics (LSP 3.17): one document at a time, which no other changes. */
const PULL_DIAGNOSTICS: ServerCapabilities = {
  diagnosticProvider: { identifier: 'dbkit', interFileDependencies: false, workspaceDiagnostics: false },
};

export function createServer(connection: Connection, options: ServerOptions = {}): void {
  const server: ServerContext = {
    connection,
    service: createLanguageService(),
    withPages: describeCodes(),
    settings: { selection: DEFAULT_SELECTION },
    pullDiagnostics: false,
    configurationRequests: false,
    lastAnswered: 0,
    lastChanged: 0,
    lastCompletionUri: undefined,
    documents: listenToDocuments(connection, () => server.service, {
      opened: (document) => changed(server, document.uri, 0),
      changed: (document) => changed(server, document.uri, DIAGNOSTICS_DELAY_MS),
      closed: (uri) => closed(server, uri),
    }),
    idle: createIdleCollection(options.collectGarbage, () => Math.max(server.lastAnswered, server.lastChanged)),
    scheduler: createDiagnosticsScheduler(
      () => server.lastAnswered,
      (uri) => pushDiagnostics(server, uri),
    ),
  };
  connection.onInitialize((params) => initialize(server, params));
  connection.onInitialized(() => {
    if (server.configurationRequests) void pullConfiguration(server);
  });
  connection.onDidChangeConfiguration((change) => {
    if (server.configurationRequests) void pullConfiguration(server);
    else applySettings(server, readSettings(change.settings, server.settings.selection));
  });
  registerRequests(server);
  registerHandlers(server);
  connection.listen();
}

/** `initialize`: the service made for what the client can do, and what the server offers it. */
function initialize(server: ServerContext, params: InitializeParams): InitializeResult {
  const text = params.capabilities.textDocument;
  const contentFormat = text?.hover?.contentFormat;
  server.settings = { selection: readSettings(params.initializationOptions, DEFAULT_SELECTION).selection };
  const codesBaseUrl = readCodesBaseUrl(params.initializationOptions);
  server.service = createLanguageService({
    markdown: contentFormat === undefined || contentFormat.includes('markdown'),
    snippets: text?.completion?.completionItem?.snippetSupport ?? false,
    itemDefaults: (text?.completion?.completionList?.itemDefaults ?? []) as ItemDefault[],
    selection: server.settings.selection,
    ...(codesBaseUrl === undefined ? {} : { codesBaseUrl }),
  });
  server.withPages = describeCodes(codesBaseUrl);
  server.pullDiagnostics = text?.diagnostic !== undefined;
  server.configurationRequests = params.capabilities.workspace?.configuration ?? false;
  const capabilities = server.pullDiagnostics ? { ...CAPABILITIES, ...PULL_DIAGNOSTICS } : { ...CAPABILITIES };
  return { capabilities, serverInfo: { name: SERVER_NAME, version: SERVER_VERSION } };
}

/** A document opened (`delay` 0) or changed: its diagnostics are due after `delay` of quiet. */
function changed(server: ServerContext, uri: string, delay: number): void {
  server.lastChanged = performance.now();
  scheduleDiagnostics(server, uri, delay);
}

/** A document closed: nothing is pending for it, the service forgets it, and its pushed diagnostics are cleared. */
function closed(server: ServerContext, uri: string): void {
  server.scheduler.cancel(uri);
  server.service.forget(uri);
  if (!server.pullDiagnostics) void server.connection.sendDiagnostics({ uri, diagnostics: [] });
}

/** The client's `dbkit` section of `workspace/configuration`. */
async function pullConfiguration(server: ServerContext): Promise<void> {
  await safe(server, 'configuration', undefined, async () => {
    const section: unknown = await server.connection.workspace.getConfiguration('dbkit');
    applySettings(server, readSettings({ dbkit: section }, server.settings.selection));
  });
}

/** New settings: the service selects documents by them, and every document's diagnostics are due again. */
function applySettings(server: ServerContext, next: ServerSettings): void {
  server.settings = next;
  server.service.configure(server.settings.selection);
  if (server.pullDiagnostics) server.connection.languages.diagnostics.refresh();
  else for (const document of server.documents.all()) scheduleDiagnostics(server, document.uri, 0);
}
