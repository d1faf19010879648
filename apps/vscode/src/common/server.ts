/**
 * The language client's lifetime: created from the entry's factory (Node: a child process over IPC; browser: a web
 * worker), started when dbkit is enabled, replaced by a new one on restart (a browser client cannot restart its
 * terminated worker), stopped when dbkit is disabled.
 */
import * as vscode from 'vscode';
import {
  type BaseLanguageClient,
  type LanguageClientOptions,
  type Middleware,
  State,
  vsdiag,
} from 'vscode-languageclient';
import { CLIENT_ID, LANGUAGE_ID, SECTION } from '../lib/constants.js';
import { isJsonSchemaFile } from '../lib/patterns.js';
import { type ClientSettings, initializationOptions } from '../lib/settings.js';
import { applySeverityOverrides } from '../lib/severity.js';

export type ClientFactory = (options: LanguageClientOptions) => BaseLanguageClient;

export type ServerState = 'stopped' | 'starting' | 'running' | 'disabled';

export class ServerHost implements vscode.Disposable {
  private current: BaseLanguageClient | undefined;
  private starting: Promise<BaseLanguageClient | undefined> | undefined;
  private readonly stateEmitter = new vscode.EventEmitter<ServerState>();
  readonly onDidChangeState = this.stateEmitter.event;
  private stateValue: ServerState = 'stopped';

  constructor(
    private readonly createClient: ClientFactory,
    private readonly output: vscode.LogOutputChannel,
    /** The client's settings as they are now (the severity overrides apply to whatever the server answers). */
    readonly settings: () => ClientSettings,
  ) {}

  get state(): ServerState {
    return this.stateValue;
  }

  private setState(state: ServerState): void {
    if (state === this.stateValue) return;
    this.stateValue = state;
    this.stateEmitter.fire(state);
  }

  /** The running client, starting it if needed; undefined when dbkit is disabled or the server failed. */
  async client(): Promise<BaseLanguageClient | undefined> {
    if (this.current?.state === State.Running) return this.current;
    return this.start();
  }

  start(): Promise<BaseLanguageClient | undefined> {
    if (!this.settings().enable) {
      this.setState('disabled');
      return Promise.resolve(undefined);
    }
    this.starting ??= this.doStart().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  private async doStart(): Promise<BaseLanguageClient | undefined> {
    if (this.current?.state === State.Running) return this.current;
    let client = this.current;
    if (client === undefined) {
      const created = this.createClient(this.clientOptions());
      created.onDidChangeState((event) => {
        if (created !== this.current) return;
        this.setState(
          event.newState === State.Running ? 'running' : event.newState === State.Starting ? 'starting' : 'stopped',
        );
      });
      client = created;
      this.current = created;
    }
    this.setState('starting');
    try {
      await client.start();
      this.setState('running');
      return client;
    } catch (error) {
      this.output.error(
        `The dbkit language server did not start: ${error instanceof Error ? error.message : String(error)}`,
      );
      this.setState('stopped');
      return undefined;
    }
  }

  async stop(): Promise<void> {
    await this.starting;
    const client = this.current;
    this.current = undefined;
    if (client !== undefined) {
      try {
        await client.dispose(2000);
      } catch (error) {
        this.output.warn(`Stopping the server: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    this.setState(this.settings().enable ? 'stopped' : 'disabled');
  }

  async restart(): Promise<BaseLanguageClient | undefined> {
    await this.stop();
    this.output.info('Restarting the dbkit language server');
    return this.start();
  }

  private clientOptions(): LanguageClientOptions {
    const overrides = () => this.settings().severityOverrides;
    // A JSON Schema file opens in dbkit's language for a moment (its name can match a catalog pattern) before the
    // switcher sends it back to JSON: the server never hears of it.
    const skip = (document: vscode.TextDocument) => isJsonSchemaFile(document.uri.path);
    /** Whether the document is still open in dbkit's language (a pull may answer after a language change). */
    const stillOurs = (uri: vscode.Uri) =>
      vscode.workspace.textDocuments.some((d) => d.languageId === LANGUAGE_ID && d.uri.toString() === uri.toString());
    const middleware: Middleware = {
      didOpen: (document, next) => (skip(document) ? Promise.resolve() : next(document)),
      didChange: (event, next) => (skip(event.document) ? Promise.resolve() : next(event)),
      didSave: (document, next) => (skip(document) ? Promise.resolve() : next(document)),
      didClose: (document, next) => (skip(document) ? Promise.resolve() : next(document)),
      // Servers that push diagnostics (older clients of the same server) …
      handleDiagnostics: (uri, diagnostics, next) => next(uri, applySeverityOverrides(diagnostics, overrides())),
      // … and pulled ones (LSP 3.17, what VS Code uses with this server).
      provideDiagnostics: async (document, previousResultId, token, next) => {
        const uri = document instanceof vscode.Uri ? document : document.uri;
        if (isJsonSchemaFile(uri.path)) return { kind: vsdiag.DocumentDiagnosticReportKind.full, items: [] };
        const report = await next(document, previousResultId, token);
        if (report?.kind !== vsdiag.DocumentDiagnosticReportKind.full) return report;
        if (!stillOurs(uri)) return { ...report, items: [] };
        return { ...report, items: applySeverityOverrides(report.items, overrides()) };
      },
      workspace: {
        // The server asks for the `dbkit` section: hand it the cleaned patterns, keep whatever else it holds.
        configuration: async (params, token, next) => {
          const result = await next(params, token);
          if (!Array.isArray(result)) return result;
          return params.items.map((item, i) => {
            const value: unknown = result[i];
            if (item.section !== SECTION) return value;
            const section = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
            return { ...section, ...initializationOptions(this.settings()).dbkit };
          });
        },
      },
    };
    return {
      documentSelector: [{ language: LANGUAGE_ID }],
      diagnosticCollectionName: CLIENT_ID,
      outputChannel: this.output,
      initializationOptions: () => initializationOptions(this.settings()),
      // The server pulls `dbkit` with workspace/configuration whenever it is told the section changed.
      synchronize: { configurationSection: SECTION },
      middleware,
    };
  }

  dispose(): void {
    void this.stop();
    this.stateEmitter.dispose();
  }
}
