/**
 * Puts documents in the right language when they open, so that exactly one JSON service answers for each: VS
 * Code's JSON support serves `json` and `jsonc`, dbkit serves `dbkit-automation`. Files named like automation
 * configs open in dbkit's language by the package.json's `filenamePatterns`; the client switches JSON documents
 * that match `dbkit.files.associations` or whose `$schema` names dbkit's schema, and sends JSON Schema files
 * (`automation-config.schema.json` matches a catalog pattern) back to JSON. A user who picks another language for a
 * document by hand keeps it for the session; `files.associations` entries that name another language win.
 */
import * as vscode from 'vscode';
import { createSwitchTest } from '../lib/patterns.js';
import type { ClientSettings } from '../lib/settings.js';

/** The switch test reads `$schema` near the start of the text only. */
const HEAD_CHARACTERS = 4096;
/** A language change is a close followed at once by an open of the same uri. */
const LANGUAGE_CHANGE_WINDOW_MS = 1000;

export class DocumentSwitcher implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  private readonly closed = new Map<string, { readonly languageId: string; readonly at: number }>();
  /** Uris the switcher itself is changing the language of. */
  private readonly switching = new Set<string>();
  /** Uris whose language the user chose by hand. */
  private readonly optedOut = new Set<string>();

  constructor(
    private readonly settings: () => ClientSettings,
    private readonly output: vscode.LogOutputChannel,
  ) {
    this.disposables.push(
      vscode.workspace.onDidOpenTextDocument((document) => this.opened(document)),
      vscode.workspace.onDidCloseTextDocument((document) => {
        this.closed.set(document.uri.toString(), { languageId: document.languageId, at: Date.now() });
      }),
    );
  }

  /** Checks every open document again (on activation, and when the patterns change). */
  checkOpenDocuments(): void {
    for (const document of vscode.workspace.textDocuments) void this.check(document);
  }

  private opened(document: vscode.TextDocument): void {
    const uri = document.uri.toString();
    const closed = this.closed.get(uri);
    this.closed.delete(uri);
    if (this.switching.has(uri)) return;
    if (
      closed !== undefined &&
      closed.languageId !== document.languageId &&
      Date.now() - closed.at < LANGUAGE_CHANGE_WINDOW_MS
    ) {
      // The user picked another language for this document: leave it alone from now on.
      this.optedOut.add(uri);
      return;
    }
    void this.check(document);
  }

  /** Switches the document's language when it should; returns the document as it is afterwards. */
  async check(document: vscode.TextDocument): Promise<vscode.TextDocument> {
    const settings = this.settings();
    const uri = document.uri.toString();
    if (!settings.enable || this.optedOut.has(uri) || this.switching.has(uri)) return document;
    const target = createSwitchTest({
      extraPatterns: settings.extraPatterns,
      fileAssociations: vscode.workspace.getConfiguration('files').get<Record<string, unknown>>('associations') ?? {},
    })({
      uri,
      languageId: document.languageId,
      path: document.uri.path,
      text: document.getText(new vscode.Range(new vscode.Position(0, 0), document.positionAt(HEAD_CHARACTERS))),
    });
    if (target === undefined) return document;
    // The change closes and reopens the document: its events must not read as the user's choice.
    this.switching.add(uri);
    setTimeout(() => this.switching.delete(uri), LANGUAGE_CHANGE_WINDOW_MS);
    try {
      const switched = await vscode.languages.setTextDocumentLanguage(document, target);
      this.output.info(`Opened ${vscode.workspace.asRelativePath(document.uri)} as ${target}`);
      return switched;
    } catch (error) {
      this.output.warn(
        `Could not switch ${uri} to ${target}: ${error instanceof Error ? error.message : String(error)}`,
      );
      return document;
    }
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}
