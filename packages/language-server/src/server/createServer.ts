/**
 * The LSP server over any connection (Node stdio/IPC/socket, or a browser worker): documents, configuration,
 * diagnostics (pushed, debounced, or pulled with LSP 3.17) and one thin handler per feature. Every handler
 * resolves the parsed document, calls its feature in the service, and returns; an exception is logged and becomes
 * an empty answer, never a crash.
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
import { type ParsedDocument, parseDocument } from '../service/document.js';
import { getCodeActions } from '../service/features/codeActions.js';
import type { ItemDefault } from '../service/features/completion/compact.js';
import { getCompletion, resolveCompletionItem } from '../service/features/completion.js';
import { getDefinition } from '../service/features/definition.js';
import { byPosition, getDiagnostics, getDuplicateKeyDiagnostics } from '../service/features/diagnostics.js';
import { getDocumentSymbols } from '../service/features/documentSymbols.js';
import { getFoldingRanges } from '../service/features/folding.js';
import { format } from '../service/features/formatting.js';
import { getHover } from '../service/features/hover.js';
import { getPlan, type PlanParams, type PlanResult } from '../service/features/plan.js';
import { getReferences } from '../service/features/references.js';
import { prepareRename, rename } from '../service/features/rename.js';
import { getSelectionRanges } from '../service/features/selectionRanges.js';
import { createLanguageService, type LanguageService } from '../service/languageService.js';
import { DEFAULT_SELECTION } from '../service/selection.js';
import { scheduleWarmUp } from '../service/warmUp.js';
import { listenToDocuments } from './documents.js';
import { createIdleCollection } from './idleCollection.js';
import { readSettings, type ServerSettings } from './settings.js';

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

export const SERVER_VERSION = '0.1.0';

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
  const lengthOf = (doc: ParsedDocument): number =>
    doc.textDocument.offsetAt({ line: doc.textDocument.lineCount, character: 0 });

  /** Runs a handler; a failure is logged with the request's name and answered with `fallback`. */
  async function safe<T>(name: string, fallback: T, run: () => T | Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof ResponseError) throw error;
      connection.console.error(
        `${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      return fallback;
    } finally {
      lastAnswered = performance.now();
    }
  }

  /** The parsed document when dbkit serves it; undefined for unknown and other documents. */
  function served(uri: string): ParsedDocument | undefined {
    const document = documents.get(uri);
    if (document === undefined || !service.isAutomationConfig(document)) return undefined;
    return service.parse(document);
  }

  function publishDiagnostics(uri: string): void {
    timers.delete(uri);
    const document = documents.get(uri);
    if (document === undefined) return;
    void safe('diagnostics', undefined, () => {
      const doc = served(uri);
      const version = document.version;
      // Syntax and core's rules go out first; keys given twice in valid JSON follow, from the warm-up's tree.
      const first = doc ? getDiagnostics(doc, { duplicateKeys: false }) : [];
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
  function warmUpLater(doc: ParsedDocument, first?: readonly Diagnostic[]): void {
    const { uri, version } = doc;
    scheduleWarmUp(doc, service.context, {
      schedule: (task) => setTimeout(() => void safe('warm-up', undefined, task), 0),
      isCurrent: () => documents.get(uri)?.version === version && served(uri) === doc,
      afterWarmUp: () => {
        idle.afterWork(lengthOf(doc));
        if (first === undefined) return;
        const duplicates = getDuplicateKeyDiagnostics(doc);
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
    service = createLanguageService({
      markdown: contentFormat === undefined || contentFormat.includes('markdown'),
      snippets: text?.completion?.completionItem?.snippetSupport ?? false,
      itemDefaults: (text?.completion?.completionList?.itemDefaults ?? []) as ItemDefault[],
      selection: settings.selection,
    });
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

  connection.languages.diagnostics.on((params) =>
    safe('diagnostics', { kind: DocumentDiagnosticReportKind.Full, items: [] }, () => {
      const doc = served(params.textDocument.uri);
      const items = doc ? getDiagnostics(doc) : [];
      if (doc !== undefined) warmUpLater(doc);
      return { kind: DocumentDiagnosticReportKind.Full, items };
    }),
  );

  connection.onRequest(VALIDATE_REQUEST, (params: ValidateParams) =>
    safe(VALIDATE_REQUEST, [], () => {
      const document = TextDocument.create(params.uri, 'json', 0, params.text);
      if (params.force !== true && !service.isAutomationConfig(document)) return [];
      // Not cached: the client has not opened it, and an open document with the same uri must keep its cache entry.
      return getDiagnostics(parseDocument(document, service.context.json));
    }),
  );

  connection.onRequest(PLAN_REQUEST, (params: PlanParams) =>
    safe<PlanResult>(PLAN_REQUEST, { ok: false, error: 'dbkit failed while planning; see the dbkit output.' }, () =>
      getPlan(params),
    ),
  );

  const offsetOf = (doc: ParsedDocument, position: { line: number; character: number }): number =>
    doc.textDocument.offsetAt(position);

  /** The document of the last completion answer: its items may leave the uri to `itemDefaults.data`. */
  let lastCompletionUri: string | undefined;
  connection.onCompletion((params, token) =>
    safe('completion', null, () => {
      const doc = served(params.textDocument.uri);
      if (doc === undefined || token.isCancellationRequested) return null;
      lastCompletionUri = doc.uri;
      return getCompletion(doc, params.position, service.context);
    }),
  );
  connection.onCompletionResolve((item) =>
    safe('completionResolve', item, () => {
      const uri = (item.data as { uri?: unknown } | undefined)?.uri ?? lastCompletionUri;
      const doc = typeof uri === 'string' ? served(uri) : undefined;
      return doc ? resolveCompletionItem(doc, item, service.context) : item;
    }),
  );
  connection.onHover((params, token) =>
    safe('hover', null, () => {
      const doc = served(params.textDocument.uri);
      if (doc === undefined || token.isCancellationRequested) return null;
      return getHover(doc, params.position, service.context);
    }),
  );
  connection.onDefinition((params) =>
    safe('definition', null, () => {
      const doc = served(params.textDocument.uri);
      return doc ? getDefinition(doc, offsetOf(doc, params.position)) : null;
    }),
  );
  connection.onReferences((params) =>
    safe('references', null, () => {
      const doc = served(params.textDocument.uri);
      return doc ? getReferences(doc, offsetOf(doc, params.position), params.context.includeDeclaration) : null;
    }),
  );
  connection.onPrepareRename((params) =>
    safe('prepareRename', null, () => {
      const doc = served(params.textDocument.uri);
      if (doc === undefined) return null;
      const result = prepareRename(doc, offsetOf(doc, params.position));
      if (!result.ok) throw new ResponseError(-32803, result.reason);
      return { range: result.range, placeholder: result.placeholder };
    }),
  );
  connection.onRenameRequest((params) =>
    safe('rename', null, () => {
      const doc = served(params.textDocument.uri);
      if (doc === undefined) return null;
      const result = rename(doc, offsetOf(doc, params.position), params.newName);
      if (!result.ok) throw new ResponseError(-32803, result.reason);
      return result.edit;
    }),
  );
  connection.onDocumentSymbol((params) =>
    safe('documentSymbol', null, () => {
      const doc = served(params.textDocument.uri);
      return doc ? getDocumentSymbols(doc, service.context) : null;
    }),
  );
  connection.onFoldingRanges((params) =>
    safe('foldingRange', null, () => {
      const doc = served(params.textDocument.uri);
      return doc ? getFoldingRanges(doc, service.context) : null;
    }),
  );
  connection.onSelectionRanges((params) =>
    safe('selectionRange', null, () => {
      const doc = served(params.textDocument.uri);
      return doc ? getSelectionRanges(doc, params.positions, service.context) : null;
    }),
  );
  connection.onDocumentFormatting((params) =>
    safe('formatting', null, () => {
      const doc = served(params.textDocument.uri);
      return doc ? format(doc, undefined, params.options, service.context) : null;
    }),
  );
  connection.onDocumentRangeFormatting((params) =>
    safe('rangeFormatting', null, () => {
      const doc = served(params.textDocument.uri);
      return doc ? format(doc, params.range, params.options, service.context) : null;
    }),
  );
  connection.onCodeAction((params) =>
    safe('codeAction', null, () => {
      const doc = served(params.textDocument.uri);
      return doc ? getCodeActions(doc, params.range, params.context.diagnostics) : null;
    }),
  );

  connection.listen();
}
