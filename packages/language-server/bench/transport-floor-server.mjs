// The floors for `stdio.bench.mjs`: a JSON-RPC server over stdio that does nothing with a document but answer, or
// (with `--parse`) `JSON.parse`s its text first, or (with `--validate`) also runs core's validation on the value.
// It reads messages with the same library and reader as the language server (vscode-languageserver's connection over
// process.stdin/stdout), and publishes empty diagnostics once that work is done. Open → diagnostics against it is
// what the transport alone costs an editor (the client's serialization, the pipe, the server's decoding and the
// message's JSON.parse), then what parsing the text and core's rules add in a fresh process: the part of the
// language server's open that no language server can avoid.
import { validateAutomationConfig } from '@dbkit/core';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';

const parse = process.argv.includes('--parse') || process.argv.includes('--validate');
const validate = process.argv.includes('--validate');
const connection = createConnection(ProposedFeatures.all);
connection.onInitialize(() => ({ capabilities: { textDocumentSync: 1 } }));
connection.onDidOpenTextDocument(({ textDocument }) => {
  if (parse) {
    const value = JSON.parse(textDocument.text);
    if (validate) validateAutomationConfig(value);
  }
  void connection.sendDiagnostics({ uri: textDocument.uri, version: textDocument.version, diagnostics: [] });
});
connection.listen();
