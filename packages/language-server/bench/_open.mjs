import { spawn } from 'node:child_process';
import {
  createProtocolConnection,
  PublishDiagnosticsNotification,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-languageserver-protocol/node';
import { generateConfig, serialize } from '../../core/bench/generate.mjs';

const text = serialize(generateConfig({ shards: 2430, membersPerShard: 3, routers: 60 }));
const args = process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/exp/sp', '--cpu-prof-interval=200'] : [];
const child = spawn(process.execPath, [...args, 'bin/dbkit-language-server.js', '--stdio'], {
  stdio: ['pipe', 'pipe', 'inherit'],
});
const c = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
let diag;
c.onNotification(PublishDiagnosticsNotification.type, (p) => diag?.(p));
c.listen();
await c.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
await c.sendNotification('initialized', {});
await new Promise((r) => setTimeout(r, 1000));
let t = performance.now();
JSON.parse(text);
const parse = performance.now() - t;
const d = new Promise((r) => (diag = r));
t = performance.now();
await c.sendNotification('textDocument/didOpen', {
  textDocument: { uri: 'file:///x.automation.json', languageId: 'dbkit-automation', version: 1, text },
});
const p = await d;
const open = performance.now() - t;
console.log(
  `parse ${parse.toFixed(0)} open ${open.toFixed(0)} ${(open / parse).toFixed(2)}x diags ${p.diagnostics.length}`,
);
await c.sendRequest('shutdown');
await c.sendNotification('exit');
await new Promise((r) => child.on('exit', r));
