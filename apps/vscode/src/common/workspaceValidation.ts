/**
 * `dbkit: Validate Workspace`: every file of the workspace named like an automation config (the catalog's patterns
 * and `dbkit.files.associations`; not `*.schema.json`), read from disk and checked by the server (`dbkit/validate`),
 * its diagnostics in a collection of their own so the Problems panel lists files nobody opened. An open document's
 * live diagnostics replace its entry; when it closes, it is checked again from disk. Files that change on disk
 * after a run are checked again.
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient, Diagnostic } from 'vscode-languageclient';
import { LANGUAGE_ID, VALIDATE_REQUEST } from '../lib/constants.js';
import { automationConfigGlob, isAutomationConfigUri, VALIDATE_EXCLUDE_GLOB } from '../lib/patterns.js';
import type { ClientSettings } from '../lib/settings.js';
import { applySeverityOverrides } from '../lib/severity.js';
import type { ServerHost } from './server.js';

const CONCURRENCY = 8;
const RECHECK_AFTER_CLOSE_MS = 500;

export interface ValidationSummary {
  readonly files: number;
  readonly errors: number;
  readonly warnings: number;
}

export class WorkspaceValidator implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('dbkit-workspace');
  /** The server's diagnostics of each file checked from disk, before overrides (re-applied on setting changes). */
  private readonly raw = new Map<string, { uri: vscode.Uri; diagnostics: Diagnostic[] }>();
  private readonly disposables: vscode.Disposable[] = [this.collection];
  /** The watcher of the last run's glob, and its listeners. */
  private watching: vscode.Disposable | undefined;
  private ran = false;

  constructor(
    private readonly host: ServerHost,
    private readonly settings: () => ClientSettings,
    private readonly output: vscode.LogOutputChannel,
  ) {
    this.disposables.push(
      vscode.workspace.onDidOpenTextDocument((document) => {
        if (document.languageId === LANGUAGE_ID) this.forget(document.uri);
      }),
      vscode.workspace.onDidCloseTextDocument((document) => {
        const uri = document.uri;
        if (!this.ran || document.languageId !== LANGUAGE_ID || !this.inScope(uri)) return;
        // A language change closes and reopens the document at once: check it from disk only if it stays closed.
        setTimeout(() => {
          if (!vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString()))
            void this.revalidate([uri]);
        }, RECHECK_AFTER_CLOSE_MS);
      }),
    );
  }

  /** A file `Validate Workspace` would find: in a workspace folder, named like an automation config. */
  private inScope(uri: vscode.Uri): boolean {
    return (
      vscode.workspace.getWorkspaceFolder(uri) !== undefined &&
      isAutomationConfigUri(uri.toString(), uri.path, this.settings().extraPatterns)
    );
  }

  private isOpen(uri: vscode.Uri): boolean {
    const key = uri.toString();
    return vscode.workspace.textDocuments.some((d) => d.languageId === LANGUAGE_ID && d.uri.toString() === key);
  }

  private forget(uri: vscode.Uri): void {
    this.raw.delete(uri.toString());
    this.collection.delete(uri);
  }

  /** Re-applies `dbkit.diagnostics.severityOverrides` to what is shown (the setting changed). */
  async refresh(): Promise<void> {
    const client = await this.host.client();
    if (client === undefined) return;
    for (const { uri, diagnostics } of this.raw.values()) await this.show(client, uri, diagnostics);
  }

  clear(): void {
    this.raw.clear();
    this.collection.clear();
  }

  private async show(client: BaseLanguageClient, uri: vscode.Uri, diagnostics: Diagnostic[]): Promise<void> {
    const converted = await client.protocol2CodeConverter.asDiagnostics(diagnostics);
    this.collection.set(uri, applySeverityOverrides(converted, this.settings().severityOverrides));
  }

  private async check(client: BaseLanguageClient, uri: vscode.Uri, token?: vscode.CancellationToken): Promise<void> {
    if (this.isOpen(uri)) return;
    try {
      const text = new TextDecoder('utf-8').decode(await vscode.workspace.fs.readFile(uri));
      // `force`: the file was chosen by the patterns, including the user's, whatever the server knows of them yet.
      const diagnostics = await client.sendRequest<Diagnostic[]>(
        VALIDATE_REQUEST,
        { uri: uri.toString(), text, force: true },
        token,
      );
      if (token?.isCancellationRequested || this.isOpen(uri)) return;
      this.raw.set(uri.toString(), { uri, diagnostics });
      await this.show(client, uri, diagnostics);
    } catch (error) {
      if (token?.isCancellationRequested) return;
      this.output.warn(`Validate ${uri.toString()}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async revalidate(uris: readonly vscode.Uri[]): Promise<void> {
    const client = await this.host.client();
    if (client === undefined) return;
    for (const uri of uris) await this.check(client, uri);
  }

  private recheck(uri: vscode.Uri): void {
    if (this.inScope(uri)) void this.revalidate([uri]);
  }

  private watch(glob: string): void {
    this.watching?.dispose();
    const watcher = vscode.workspace.createFileSystemWatcher(glob);
    this.watching = vscode.Disposable.from(
      watcher,
      watcher.onDidChange((uri) => this.recheck(uri)),
      watcher.onDidCreate((uri) => this.recheck(uri)),
      watcher.onDidDelete((uri) => this.forget(uri)),
    );
  }

  /** Runs the command: finds, checks, shows; returns the counts (after overrides) for the message. */
  async run(): Promise<ValidationSummary | undefined> {
    const client = await this.host.client();
    if (client === undefined) {
      void vscode.window.showWarningMessage(
        this.settings().enable
          ? 'dbkit: the language server is not running; see the dbkit output.'
          : 'dbkit is disabled (setting dbkit.enable).',
      );
      return undefined;
    }
    const glob = automationConfigGlob(this.settings().extraPatterns);
    return vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: 'dbkit: validating the workspace', cancellable: true },
      async (progress, token) => {
        const uris = await vscode.workspace.findFiles(glob, VALIDATE_EXCLUDE_GLOB, undefined, token);
        this.output.info(`Validate Workspace: ${uris.length} files match ${glob}`);
        this.clear();
        this.ran = true;
        this.watch(glob);
        let next = 0;
        const worker = async () => {
          while (next < uris.length && !token.isCancellationRequested) {
            const uri = uris[next++]!;
            await this.check(client, uri, token);
            progress.report({ increment: 100 / uris.length, message: vscode.workspace.asRelativePath(uri) });
          }
        };
        await Promise.all(Array.from({ length: Math.min(CONCURRENCY, uris.length) }, worker));
        return this.summarize(uris);
      },
    );
  }

  /** Counts over every matching file: this collection for closed files, the live diagnostics for open ones. */
  private summarize(uris: readonly vscode.Uri[]): ValidationSummary {
    let errors = 0;
    let warnings = 0;
    for (const uri of uris) {
      const diagnostics = this.isOpen(uri)
        ? vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'dbkit')
        : (this.collection.get(uri) ?? []);
      for (const d of diagnostics) {
        if (d.severity === vscode.DiagnosticSeverity.Error) errors++;
        else if (d.severity === vscode.DiagnosticSeverity.Warning) warnings++;
      }
    }
    return { files: uris.length, errors, warnings };
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
    this.watching?.dispose();
  }
}
