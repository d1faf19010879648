/** The status bar item: shown while the active editor holds a document dbkit serves, with the schema version. */
import * as vscode from 'vscode';
import { Command, LANGUAGE_ID, SCHEMA_VERSION } from '../lib/constants.js';
import type { ServerHost, ServerState } from './server.js';

export class StatusItem implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('dbkit.status', vscode.StatusBarAlignment.Right, 100);
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly host: ServerHost) {
    this.item.name = 'dbkit';
    this.disposables.push(
      this.item,
      vscode.window.onDidChangeActiveTextEditor(() => this.update()),
      vscode.workspace.onDidOpenTextDocument(() => this.update()),
      host.onDidChangeState(() => this.update()),
    );
    this.update();
  }

  update(): void {
    const document = vscode.window.activeTextEditor?.document;
    if (document?.languageId !== LANGUAGE_ID) {
      this.item.hide();
      return;
    }
    const view = VIEWS[this.host.state];
    this.item.text = view.text;
    this.item.tooltip = new vscode.MarkdownString(view.tooltip, true);
    this.item.command = view.command;
    this.item.backgroundColor =
      this.host.state === 'stopped' ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.item.accessibilityInformation = { label: view.label };
    this.item.show();
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}

const VIEWS: Record<ServerState, { text: string; label: string; tooltip: string; command: string }> = {
  running: {
    text: `$(pass) dbkit ${SCHEMA_VERSION}`,
    label: `Handled by dbkit, automation configuration schema ${SCHEMA_VERSION}`,
    tooltip: `**Handled by dbkit**: automation configuration, schema ${SCHEMA_VERSION}.\n\nClick to open the JSON Schema.`,
    command: Command.openSchema,
  },
  starting: {
    text: '$(sync~spin) dbkit',
    label: 'dbkit language server starting',
    tooltip: 'The dbkit language server is starting.',
    command: Command.showOutput,
  },
  stopped: {
    text: '$(error) dbkit',
    label: 'dbkit language server stopped',
    tooltip: 'The dbkit language server is not running. Click to restart it.',
    command: Command.restartServer,
  },
  disabled: {
    text: '$(circle-slash) dbkit',
    label: 'dbkit disabled',
    tooltip: 'dbkit is disabled (`dbkit.enable`).',
    command: Command.showOutput,
  },
};
