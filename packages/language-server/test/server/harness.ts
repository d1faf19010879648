/**
 * A real LSP client for tests: spawns the built `dbkit-language-server --stdio` and speaks JSON-RPC to it over its
 * stdin/stdout with vscode-languageserver-protocol, as an editor does. The server is tracked
 * (`@dbkit/test-process`): it is stopped after the test file at the latest, even when the hook starting it fails.
 */
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { spawnTracked } from '@dbkit/test-process';
import {
  type ClientCapabilities,
  createProtocolConnection,
  type InitializeResult,
  LogMessageNotification,
  type ProtocolConnection,
  PublishDiagnosticsNotification,
  type PublishDiagnosticsParams,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-languageserver-protocol/node';

export const SERVER_BIN = fileURLToPath(new URL('../../bin/dbkit-language-server.js', import.meta.url));

export interface TestClient {
  readonly connection: ProtocolConnection;
  readonly process: ChildProcess;
  readonly initializeResult: InitializeResult;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  /** The messages the server logged (`window/logMessage`): a failed handler logs `<request> failed: …`. */
  logs(): readonly string[];
  /** Resolves with the next diagnostics published for `uri` that satisfy `accept` (no fixed sleeps). */
  diagnostics(uri: string, accept?: (params: PublishDiagnosticsParams) => boolean): Promise<PublishDiagnosticsParams>;
  open(uri: string, text: string, languageId?: string, version?: number): Promise<void>;
  shutdown(): Promise<number | null>;
}

export const DEFAULT_CAPABILITIES: ClientCapabilities = {
  textDocument: {
    hover: { contentFormat: ['markdown', 'plaintext'] },
    completion: { completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'] } },
    rename: { prepareSupport: true },
    publishDiagnostics: { relatedInformation: true, tagSupport: { valueSet: [1, 2] } },
  },
  workspace: { configuration: false },
};

export async function startServer(
  capabilities: ClientCapabilities = DEFAULT_CAPABILITIES,
  initializationOptions?: unknown,
): Promise<TestClient> {
  const child = spawnTracked(process.execPath, [SERVER_BIN, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const connection = createProtocolConnection(
    new StreamMessageReader(child.stdout!),
    new StreamMessageWriter(child.stdin!),
  );
  const published: PublishDiagnosticsParams[] = [];
  const logs: string[] = [];
  connection.onNotification(LogMessageNotification.type, (params) => {
    logs.push(params.message);
  });
  const waiters: {
    uri: string;
    accept: (p: PublishDiagnosticsParams) => boolean;
    resolve: (p: PublishDiagnosticsParams) => void;
  }[] = [];
  connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
    const waiter = waiters.find((w) => w.uri === params.uri && w.accept(params));
    if (waiter !== undefined) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(params);
    } else published.push(params);
  });
  connection.listen();
  const initializeResult = await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: null,
    capabilities,
    initializationOptions,
  });
  await connection.sendNotification('initialized', {});
  return {
    connection,
    process: child,
    initializeResult: initializeResult as InitializeResult,
    stderr: () => stderr,
    logs: () => logs,
    diagnostics(uri, accept = () => true) {
      const index = published.findIndex((p) => p.uri === uri && accept(p));
      if (index !== -1) return Promise.resolve(published.splice(index, 1)[0]!);
      return new Promise((resolve) => waiters.push({ uri, accept, resolve }));
    },
    async open(uri, text, languageId = 'json', version = 1) {
      await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version, text } });
    },
    async shutdown() {
      await connection.sendRequest('shutdown');
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      await connection.sendNotification('exit');
      const code = await exited;
      connection.dispose();
      return code;
    },
  };
}
