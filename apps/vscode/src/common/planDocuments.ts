/**
 * The plan documents of "dbkit: Compare with…": read-only virtual documents (`dbkit-plan:` uris, one per compared
 * file, so a new run refreshes the same tab) and the plan's diagnostics, on the plan document's lines and at their
 * place in the compared files. A compared file's plan diagnostics go as soon as it is edited (they would point at
 * the wrong place); everything goes when the plan document is closed.
 */
import * as vscode from 'vscode';
import { planPath } from '../lib/compare.js';
import { PLAN_LANGUAGE_ID, PLAN_SCHEME } from '../lib/constants.js';

/** A language change closes and reopens a document within this time. */
const REOPEN_WINDOW_MS = 1000;

export interface ShownPlan {
  readonly text: string;
  readonly planDiagnostics: readonly vscode.Diagnostic[];
  readonly revisionDiagnostics: readonly { readonly uri: vscode.Uri; readonly diagnostics: vscode.Diagnostic[] }[];
}

export class PlanDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly contents = new Map<string, string>();
  /** For each plan uri, the compared files its diagnostics were put on. */
  private readonly revisions = new Map<string, readonly vscode.Uri[]>();
  private readonly collection = vscode.languages.createDiagnosticCollection('dbkit-plan');
  private readonly disposables: vscode.Disposable[];

  constructor() {
    this.disposables = [
      this.changed,
      this.collection,
      vscode.workspace.registerTextDocumentContentProvider(PLAN_SCHEME, this),
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.contentChanges.length > 0 && event.document.uri.scheme !== PLAN_SCHEME) {
          this.collection.delete(event.document.uri);
        }
      }),
      vscode.workspace.onDidCloseTextDocument((document) => {
        if (document.uri.scheme !== PLAN_SCHEME) return;
        // Setting the plan's language closes and reopens it at once: forget it only if it stays closed.
        const uri = document.uri;
        setTimeout(() => {
          if (!vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString())) this.forget(uri);
        }, REOPEN_WINDOW_MS);
      }),
    ];
  }

  /** The plan document's uri for a compared file. */
  uriFor(source: vscode.Uri): vscode.Uri {
    return vscode.Uri.from({ scheme: PLAN_SCHEME, path: planPath(source.path), query: source.toString() });
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return (
      this.contents.get(uri.toString()) ??
      'This plan is no longer available: run "dbkit: Compare with…" on the automation config again.\n'
    );
  }

  /**
   * Sets (or refreshes) the plan at `uri` and its diagnostics, and shows it beside the compared file; `reveal: false`
   * only refreshes it (a replan while the user types must not take the focus).
   */
  async show(uri: vscode.Uri, plan: ShownPlan, reveal = true): Promise<void> {
    const key = uri.toString();
    for (const previous of this.revisions.get(key) ?? []) this.collection.delete(previous);
    this.contents.set(key, plan.text);
    this.revisions.set(
      key,
      plan.revisionDiagnostics.map((r) => r.uri),
    );
    this.changed.fire(uri);
    this.collection.set(uri, [...plan.planDiagnostics]);
    for (const { uri: revision, diagnostics } of plan.revisionDiagnostics) this.collection.set(revision, diagnostics);
    if (!reveal) return;
    let document = await vscode.workspace.openTextDocument(uri);
    if (document.languageId !== PLAN_LANGUAGE_ID) {
      document = await vscode.languages.setTextDocumentLanguage(document, PLAN_LANGUAGE_ID);
    }
    await vscode.window.showTextDocument(document, {
      viewColumn: vscode.ViewColumn.Beside,
      preserveFocus: false,
      preview: false,
    });
  }

  private forget(uri: vscode.Uri): void {
    const key = uri.toString();
    this.collection.delete(uri);
    for (const revision of this.revisions.get(key) ?? []) this.collection.delete(revision);
    this.revisions.delete(key);
    this.contents.delete(key);
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}
