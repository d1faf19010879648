/**
 * The browser entry (VS Code for the Web, and any web extension host): the language server runs in a web worker,
 * `dist/serverBrowser.js` (the bundled @dbkit/language-server browser entry).
 */
import * as vscode from 'vscode';
import {
  BrowserMessageReader,
  BrowserMessageWriter,
  LanguageClient,
  type MessageTransports,
} from 'vscode-languageclient/browser';
import { activateDbkit, type DbkitExtension } from './common/activate.js';
import { CLIENT_ID, CLIENT_NAME } from './lib/constants.js';

let extension: DbkitExtension | undefined;
/** The server's worker: one at a time, terminated when the client starts again or the extension stops. */
let worker: Worker | undefined;

/**
 * A worker running the server script. VS Code's web extension host refuses `new Worker` on an extension installed
 * on a remote server (code-server, Codespaces: `vscode-remote:` uris); there the script is fetched (the host's
 * `fetch` resolves such uris) and started from a blob.
 */
async function startWorker(script: vscode.Uri): Promise<Worker> {
  if (script.scheme !== 'vscode-remote') return new Worker(script.toString(true));
  const response = await fetch(script.toString(true));
  if (!response.ok) throw new Error(`cannot load the language server (${response.status} ${script.toString(true)})`);
  const blob = new Blob([await response.text()], { type: 'application/javascript' });
  return new Worker(URL.createObjectURL(blob));
}

/**
 * Message transports over a fresh worker. Transports rather than the Worker itself: the host wraps the `Worker`
 * constructor, so the client's `instanceof Worker` test fails on what it returns.
 */
async function connect(script: vscode.Uri): Promise<MessageTransports> {
  worker?.terminate();
  worker = await startWorker(script);
  return { reader: new BrowserMessageReader(worker), writer: new BrowserMessageWriter(worker) };
}

export function activate(context: vscode.ExtensionContext): void {
  const script = vscode.Uri.joinPath(context.extensionUri, 'dist', 'serverBrowser.js');
  extension = activateDbkit(
    context,
    (options) => new LanguageClient(CLIENT_ID, CLIENT_NAME, () => connect(script), options),
    'web worker',
  );
}

export async function deactivate(): Promise<void> {
  await extension?.dispose();
  worker?.terminate();
  worker = undefined;
}
