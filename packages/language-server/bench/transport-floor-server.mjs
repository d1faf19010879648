// The transport floor for `stdio.bench.mjs`: a JSON-RPC server over stdio that does nothing with a document but
// answer. It reads messages with the same library and reader as the language server (vscode-languageserver's
// connection over process.stdin/stdout), and publishes empty diagnostics as soon as `didOpen` has been read and
// parsed. Open → diagnostics against it is what the transport alone costs an editor: the client's serialization,
// the pipe, the server's decoding and the message's JSON.parse, before any language work.
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';

const connection = createConnection(ProposedFeatures.all);
connection.onInitialize(() => ({ capabilities: { textDocumentSync: 1 } }));
connection.onDidOpenTextDocument(({ textDocument }) => {
  void connection.sendDiagnostics({ uri: textDocument.uri, version: textDocument.version, diagnostics: [] });
});
connection.listen();
