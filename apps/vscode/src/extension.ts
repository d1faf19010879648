/**
 * The Node entry (desktop VS Code, code-server, remote hosts): the language server runs in a child process,
 * `dist/server.js` (the bundled @dbkit/language-server Node entry), over Node IPC.
 */
import * as vscode from 'vscode';
import { LanguageClient, TransportKind } from 'vscode-languageclient/node';
import { activateDbkit, type DbkitExtension } from './common/activate.js';
import { CLIENT_ID, CLIENT_NAME } from './lib/constants.js';

let extension: DbkitExtension | undefined;

export function activate(context: vscode.ExtensionContext): void {
  const module = vscode.Uri.joinPath(context.extensionUri, 'dist', 'server.js').fsPath;
  extension = activateDbkit(
    context,
    (options) =>
      new LanguageClient(
        CLIENT_ID,
        CLIENT_NAME,
        {
          run: { module, transport: TransportKind.ipc },
          debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
        },
        options,
      ),
    'Node process (IPC)',
  );
}

export function deactivate(): Promise<void> | undefined {
  return extension?.dispose();
}
