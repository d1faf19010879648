/** The explorer's read-only alert documents: the text of each alert opened, kept current as actions change it. */
import type { Alert } from '@dbkit/core';
import * as vscode from 'vscode';
import { ALERT_SCHEME, alertDocumentPath } from '../lib/explorerActions.js';

/** The alerts opened from the explorer, as read-only JSON documents named `<id>.alert.json` (the alert schema). */
export class AlertDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly contents = new Map<string, string>();
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(ALERT_SCHEME, this);

  async show(alert: Alert): Promise<void> {
    const uri = this.uriOf(alert);
    this.set(uri, alert);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: true });
  }

  /** Shows an alert's new state in its document, if it is open. */
  update(alert: Alert): void {
    const uri = this.uriOf(alert);
    if (this.contents.has(uri.toString())) this.set(uri, alert);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return (
      this.contents.get(uri.toString()) ?? '// This alert is no longer loaded: open it again from the dbkit explorer.\n'
    );
  }

  dispose(): void {
    this.registration.dispose();
    this.changed.dispose();
  }

  private uriOf(alert: Alert): vscode.Uri {
    return vscode.Uri.from({ scheme: ALERT_SCHEME, path: alertDocumentPath(alert) });
  }

  private set(uri: vscode.Uri, alert: Alert): void {
    this.contents.set(uri.toString(), `${JSON.stringify(alert, null, 2)}\n`);
    this.changed.fire(uri);
  }
}
