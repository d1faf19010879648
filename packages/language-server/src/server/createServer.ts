/**
 * The LSP server over any connection (Node stdio/IPC/socket, or a browser worker): documents, configuration,
 * diagnostics (pushed, debounced, or pulled with LSP 3.17) and one thin handler per feature. Every handler
 * resolves the served document and calls its verb of the language service with the request's token; an exception
 * is logged and becomes an empty answer, never a crash.
 */
import {
  CodeActionKind,
  type Connection,
  type Diagnostic,
  DocumentDiagnosticReportKind,
  type InitializeParams,
  type InitializeResult,
  ResponseError,
  type ServerCapabilities,
  TextDocumentSyncKind,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import manifest from '../../package.json' with { type: 'json' };
import type { ServedDocument } from '../service/document.js';
import { describeCodes } from '../service/features/codeDescription.js';
import type { ItemDefault } from '../service/features/completion/compact.js';
import { byPosition } from '../service/features/diagnostics.js';
import { getPlan, type PlanParams, type PlanResult } from '../service/features/plan.js';
import type { PrepareRenameResult, RenameResult } from '../service/features/rename.js';
import { createLanguageService, type LanguageService } from '../service/languageService.js';
import { DEFAULT_SELECTION } from '../service/selection.js';
import { listenToDocuments } from './documents.js';
import { createIdleCollection } from './idleCollection.js';
import { readCodesBaseUrl, readSettings, type ServerSettings } from './settings.js';

export const SERVER_NAME = 'dbkit-language-server';

/**
 * Custom request `dbkit/validate`: the diagnostics of a document the client has not opened (the extension's
 * "Validate Workspace" reads each matching file and asks). Params `{ uri, text }`; result `Diagnostic[]`, empty
 * for a document that is not an automation config.
 */
export const VALIDATE_REQUEST = 'dbkit/validate';
export interface ValidateParams {
  readonly uri: string;
  readonly text: string;
  /** Validate even when the uri does not look like an automation config (the user chose the file). */
  readonly force?: boolean;
}

/**
 * Custom request `dbkit/plan`: the transition plan between two revisions (the extension's "Compare with…"). Params
 * `PlanParams` (the two texts with their names, the new one's uri, the plan document's uri); result `PlanResult`:
 * the plan as `dbkit plan` prints it and its diagnostics, or why there is none.
 */
export const PLAN_REQUEST = 'dbkit/plan';
export type { PlanParams, PlanResult, PlanRevision, RevisionDiagnostics } from '../service/features/plan.js';

/**
 * The package's version, what `initialize` answers in `serverInfo`. A JSON import, so it holds wherever the server
 * runs: the `dbkit-language-server` bin reads the package.json beside `dist/`, and esbuild inlines it into the
 * extension's Node and web worker bundles.
 */
export const SERVER_VERSION: string = manifest.version;

/**
 * How long after the last change, and after the last answer to a request, diagnostics are pushed (clients without
 * pull diagnostics): a user typing and completing is not made to wait for a large document's diagnostics.
 */
export const DIAGNOSTICS_DELAY_MS = 200;
/** The longest pushed diagnostics wait for a quiet moment after a change. */
export const DIAGNOSTICS_MAX_WAIT_MS = 2000;

export interface ServerOptions {
  /** A full garbage collection, where the runtime offers one: run when quiet after large work (`idleCollection.ts`). */
  readonly collectGarbage?: (() => void) | undefined;
}

export function createServer(connection: Connection, options: ServerOptions = {}): void {
  let service: LanguageService = createLanguageService();
  let withPages = describeCodes();
  let settings: ServerSettings = { selection: DEFAULT_SELECTION };
  let pullDiagnostics = false;
  let configurationRequests = false;
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  /** When a handler last finished (`performance.now()`). */
  let lastAnswered = 0;
  /** When a document was last opened or changed. */
  let lastChanged = 0;
  const idle = createIdleCollection(options.collectGarbage, () => Math.max(lastAnswered, lastChanged));
  /** The length of a document's text (its offset at the end). */
  const lengthOf = (doc: ServedDocument): number =>
    doc.textDocument.offsetAt({ line: doc.textDocument.lineCount, character: 0 });

  /** Runs a handler; a failure is logged with the request's name and answered with `fallback`. */
  async function safe<T>(name: string, fallback: T, run: () => T | Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      return failed(name, error, fallback);
    } finally {
      lastAnswered = performance.now();
    }
  }

  /** A handler's failure: LSP errors go to the client as they are, others are logged and answered `fallback`. */
  function failed<T>(name: string, error: unknown, fallback: T): T {
    if (error instanceof ResponseError) throw error;
    connection.console.error(
      `${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return fallback;
  }

  /** The parsed document when dbkit serves it; undefined for unknown and other documents. */
  function served(uri: string): ServedDocument | undefined {
    const document = documents.get(uri);
    if (document === undefined || !service.isAutomationConfig(document)) return undefined;
    return service.parse(document);
  }

  /**
   * A handler over the served document of `uri`, guarded as `safe` guards (without a closure of its own: it runs on
   * every keystroke's completion); `fallback` for a document dbkit does not serve.
   */
  async function onServed<T>(
    name: string,
    fallback: T,
    uri: string,
    run: (doc: ServedDocument) => T | Promise<T>,
  ): Promise<T> {
    try {
      const doc = served(uri);
      return doc === undefined ? fallback : await run(doc);
    } catch (error) {
      return failed(name, error, fallback);
    } finally {
      lastAnswered = performance.now();
    }
  }

  function publishDiagnostics(uri: string): void {
    timers.delete(uri);
    const document = documents.get(uri);
    if (document === undefined) return;
    void safe('diagnostics', undefined, () => {
      const doc = served(uri);
      const version = document.version;
      // Syntax and core's rules go out first; keys given twice in valid JSON follow, from the warm-up's tree.
      const first = doc ? service.doValidation(doc, { duplicateKeys: false, namesForTyping: true }) : [];
      void connection.sendDiagnostics({ uri, version, diagnostics: first });
      if (doc !== undefined) warmUpLater(doc, first);
    });
  }

  /**
   * Once a version's diagnostics are out (pushed or pulled): the warm-up (`service/warmUp.ts`), built while the user
   * reads them, so that the first keystroke does not pay for it (VS Code's client pulls diagnostics: without this, its
   * first completion in a 17 MB document would build the tree and the graph); then a collection once quiet, and with
   * pushed diagnostics (`first`) the keys given twice in valid JSON, which the tree just built reports (no other pass
   * over the text), pushed again with the first diagnostics only when there are any. Each step runs on a later turn,
   * guarded like a handler, and is skipped when a newer version came.
   */
  function warmUpLater(doc: ServedDocument, first?: readonly Diagnostic[]): void {
    const { uri, version } = doc;
    service.scheduleWarmUp(doc, {
      schedule: (task) => setTimeout(() => void safe('warm-up', undefined, task), 0),
      isCurrent: () => documents.get(uri)?.version === version && served(uri) === doc,
      afterWarmUp: () => {
        idle.afterWork(lengthOf(doc));
        if (first === undefined) return;
        const duplicates = service.findDuplicateKeys(doc);
        if (duplicates.length > 0) {
          void connection.sendDiagnostics({ uri, version, diagnostics: byPosition([...first, ...duplicates]) });
        }
      },
    });
  }

  function scheduleDiagnostics(uri: string, delay: number): void {
    if (pullDiagnostics) return;
    const pending = timers.get(uri);
    if (pending !== undefined) clearTimeout(pending);
    // Due once the document has been quiet for `delay`: no change and no request answered meanwhile (a keystroke
    // and its completion taking longer than the delay would otherwise start a 17 MB document's diagnostics between
    // two keystrokes). Requests never stop coming for long (hovers while the mouse moves), so not later than
    // DIAGNOSTICS_MAX_WAIT_MS after the change.
    const latest = performance.now() + DIAGNOSTICS_MAX_WAIT_MS;
    const due = (): void => {
      const now = performance.now();
      const quiet = now - lastAnswered;
      if (delay > 0 && quiet < delay && now < latest) {
        timers.set(uri, setTimeout(due, Math.min(delay - quiet, latest - now)));
      } else publishDiagnostics(uri);
    };
    timers.set(uri, setTimeout(due, delay));
  }

  function applySettings(next: ServerSettings): void {
    settings = next;
    service.configure(settings.selection);
    if (pullDiagnostics) connection.languages.diagnostics.refresh();
    else for (const document of documents.all()) scheduleDiagnostics(document.uri, 0);
  }

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const text = params.capabilities.textDocument;
    const contentFormat = text?.hover?.contentFormat;
    settings = { selection: readSettings(params.initializationOptions, DEFAULT_SELECTION).selection };
    const codesBaseUrl = readCodesBaseUrl(params.initializationOptions);
    service = createLanguageService({
      markdown: contentFormat === undefined || contentFormat.includes('markdown'),
      snippets: text?.completion?.completionItem?.snippetSupport ?? false,
      itemDefaults: (text?.completion?.completionList?.itemDefaults ?? []) as ItemDefault[],
      selection: settings.selection,
      ...(codesBaseUrl === undefined ? {} : { codesBaseUrl }),
    });
    withPages = describeCodes(codesBaseUrl);
    pullDiagnostics = text?.diagnostic !== undefined;
    configurationRequests = params.capabilities.workspace?.configuration ?? false;
    const capabilities: ServerCapabilities = {
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
      ...(pullDiagnostics
        ? { diagnosticProvider: { identifier: 'dbkit', interFileDependencies: false, workspaceDiagnostics: false } }
        : {}),
    };
    return { capabilities, serverInfo: { name: SERVER_NAME, version: SERVER_VERSION } };
  });

  connection.onInitialized(() => {
    if (configurationRequests) void pullConfiguration();
  });

  async function pullConfiguration(): Promise<void> {
    await safe('configuration', undefined, async () => {
      const section: unknown = await connection.workspace.getConfiguration('dbkit');
      applySettings(readSettings({ dbkit: section }, settings.selection));
    });
  }

  connection.onDidChangeConfiguration((change) => {
    if (configurationRequests) void pullConfiguration();
    else applySettings(readSettings(change.settings, settings.selection));
  });

  const documents = listenToDocuments(connection, () => service, {
    opened: (document) => {
      lastChanged = performance.now();
      scheduleDiagnostics(document.uri, 0);
    },
    changed: (document) => {
      lastChanged = performance.now();
      scheduleDiagnostics(document.uri, DIAGNOSTICS_DELAY_MS);
    },
    closed: (uri) => {
      const pending = timers.get(uri);
      if (pending !== undefined) clearTimeout(pending);
      timers.delete(uri);
      service.forget(uri);
      if (!pullDiagnostics) void connection.sendDiagnostics({ uri, diagnostics: [] });
    },
  });

  connection.languages.diagnostics.on((params, token) =>
    safe('diagnostics', { kind: DocumentDiagnosticReportKind.Full, items: [] }, () => {
      const doc = served(params.textDocument.uri);
      const items = doc ? service.doValidation(doc, { namesForTyping: true }, token) : [];
      if (doc !== undefined) warmUpLater(doc);
      return { kind: DocumentDiagnosticReportKind.Full, items };
    }),
  );

  connection.onRequest(VALIDATE_REQUEST, (params: ValidateParams) =>
    safe(VALIDATE_REQUEST, [], () => {
      const document = TextDocument.create(params.uri, 'json', 0, params.text);
      if (params.force !== true && !service.isAutomationConfig(document)) return [];
      // Not cached: the client has not opened it, and an open document with the same uri must keep its cache entry.
      return service.doValidation(service.parse(document, { cache: false }));
    }),
  );

  connection.onRequest(PLAN_REQUEST, (params: PlanParams) =>
    safe<PlanResult>(PLAN_REQUEST, { ok: false, error: 'dbkit failed while planning; see the dbkit output.' }, () =>
      describePlan(getPlan(params), withPages),
    ),
  );

  /** A rename the service refuses becomes LSP's error for it, with the reason the client shows. */
  function accepted<T extends PrepareRenameResult | RenameResult>(result: T | null): Extract<T, { ok: true }> | null {
    if (result !== null && !result.ok) throw new ResponseError(-32803, result.reason);
    return result as Extract<T, { ok: true }> | null;
  }

  /** The document of the last completion answer: its items may leave the uri to `itemDefaults.data`. */
  let lastCompletionUri: string | undefined;
  connection.onCompletion((params, token) =>
    onServed('completion', null, params.textDocument.uri, (doc) => {
      if (!token.isCancellationRequested) lastCompletionUri = doc.uri;
      return service.doComplete(doc, params.position, token);
    }),
  );
  connection.onCompletionResolve((item, token) => {
    const uri = (item.data as { uri?: unknown } | undefined)?.uri ?? lastCompletionUri;
    return onServed('completionResolve', item, typeof uri === 'string' ? uri : '', (doc) =>
      service.doResolve(doc, item, token),
    );
  });
  connection.onHover((params, token) =>
    onServed('hover', null, params.textDocument.uri, (doc) => service.doHover(doc, params.position, token)),
  );
  connection.onDefinition((params, token) =>
    onServed('definition', null, params.textDocument.uri, (doc) => service.findDefinition(doc, params.position, token)),
  );
  connection.onReferences((params, token) =>
    onServed('references', null, params.textDocument.uri, (doc) =>
      service.findReferences(doc, params.position, params.context, token),
    ),
  );
  connection.onPrepareRename((params, token) =>
    onServed('prepareRename', null, params.textDocument.uri, (doc) => {
      const result = accepted(service.prepareRename(doc, params.position, token));
      return result && { range: result.range, placeholder: result.placeholder };
    }),
  );
  connection.onRenameRequest((params, token) =>
    onServed(
      'rename',
      null,
      params.textDocument.uri,
      (doc) => accepted(service.doRename(doc, params.position, params.newName, token))?.edit ?? null,
    ),
  );
  connection.onDocumentSymbol((params, token) =>
    onServed('documentSymbol', null, params.textDocument.uri, (doc) => service.findDocumentSymbols(doc, token)),
  );
  connection.onFoldingRanges((params, token) =>
    onServed('foldingRange', null, params.textDocument.uri, (doc) => service.getFoldingRanges(doc, token)),
  );
  connection.onSelectionRanges((params, token) =>
    onServed('selectionRange', null, params.textDocument.uri, (doc) =>
      service.getSelectionRanges(doc, params.positions, token),
    ),
  );
  connection.onDocumentFormatting((params, token) =>
    onServed('formatting', null, params.textDocument.uri, (doc) =>
      service.format(doc, undefined, params.options, token),
    ),
  );
  connection.onDocumentRangeFormatting((params, token) =>
    onServed('rangeFormatting', null, params.textDocument.uri, (doc) =>
      service.format(doc, params.range, params.options, token),
    ),
  );
  connection.onCodeAction((params, token) =>
    onServed('codeAction', null, params.textDocument.uri, (doc) =>
      service.getCodeActions(doc, params.range, params.context, token),
    ),
  );

  connection.listen();
}

/** A plan's diagnostics with their codes' pages. */
function describePlan(result: PlanResult, withPages: (diagnostics: Diagnostic[]) => Diagnostic[]): PlanResult {
  if (!result.ok) return result;
  withPages(result.planDiagnostics);
  for (const revision of result.revisionDiagnostics) withPages(revision.diagnostics);
  return result;
}
