/**
 * What the server's parts share (the service, what the client can do, the open documents, when the server was last
 * busy) and the guards every handler runs in: a handler resolves the served document and calls the service; an
 * exception is logged and becomes an empty answer, never a crash.
 */
import { type Connection, type Diagnostic, ResponseError } from 'vscode-languageserver';
import type { ServedDocument } from '../service/document.js';
import type { LanguageService } from '../service/languageService.js';
import type { DiagnosticsScheduler } from './diagnosticsScheduler.js';
import type { Documents } from './documents.js';
import type { IdleCollection } from './idleCollection.js';
import type { ServerSettings } from './settings.js';

export interface ServerContext {
  readonly connection: Connection;
  /** Made again at `initialize`, with what the client can do. */
  service: LanguageService;
  /** Gives diagnostics their codes' pages (`initializationOptions` may name where they are). */
  withPages: (diagnostics: Diagnostic[]) => Diagnostic[];
  settings: ServerSettings;
  /** Whether the client pulls diagnostics (LSP 3.17); otherwise they are pushed. */
  pullDiagnostics: boolean;
  /** Whether the client answers `workspace/configuration`. */
  configurationRequests: boolean;
  /** When a handler last finished (`performance.now()`). */
  lastAnswered: number;
  /** When a document was last opened or changed. */
  lastChanged: number;
  /** The document of the last completion answer: its items may leave the uri to `itemDefaults.data`. */
  lastCompletionUri: string | undefined;
  readonly documents: Documents;
  readonly idle: IdleCollection;
  readonly scheduler: DiagnosticsScheduler;
}

/** Runs a handler; a failure is logged with the request's name and answered with `fallback`. */
export async function safe<T>(server: ServerContext, name: string, fallback: T, run: () => T | Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    return failed(server, name, error, fallback);
  } finally {
    server.lastAnswered = performance.now();
  }
}

/** A handler's failure: LSP errors go to the client as they are, others are logged and answered `fallback`. */
function failed<T>(server: ServerContext, name: string, error: unknown, fallback: T): T {
  if (error instanceof ResponseError) throw error;
  server.connection.console.error(
    `${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  return fallback;
}

/** The parsed document when dbkit serves it; undefined for unknown and other documents. */
export function served(server: ServerContext, uri: string): ServedDocument | undefined {
  const document = server.documents.get(uri);
  if (document === undefined || !server.service.isAutomationConfig(document)) return undefined;
  return server.service.parse(document);
}

/**
 * A handler over the served document of `uri`, guarded as `safe` guards (without a closure of its own: it runs on
 * every keystroke's completion); `fallback` for a document dbkit does not serve.
 */
export async function onServed<T>(
  server: ServerContext,
  name: string,
  fallback: T,
  uri: string,
  run: (doc: ServedDocument) => T | Promise<T>,
): Promise<T> {
  try {
    const doc = served(server, uri);
    return doc === undefined ? fallback : await run(doc);
  } catch (error) {
    return failed(server, name, error, fallback);
  } finally {
    server.lastAnswered = performance.now();
  }
}
