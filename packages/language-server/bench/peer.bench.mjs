// Benchmark: dbkit's language server against the server a user would otherwise run, VS Code's own JSON language
// server (`vscode-json-language-server` from vscode-langservers-extracted) given dbkit's JSON Schema for the same
// file. The same client drives both over their process pipes, pulling diagnostics as VS Code does, on generated
// automation configs of ~0.3, ~3 and ~17 MB, the servers alternating:
//
//   open → diagnostics       didOpen sent → the answer to textDocument/diagnostic
//   typed at once            right after that answer, a character typed into the first member's host →
//                            the completion answer there
//   after 1 s                the same on another fresh server, typed 1 s after the diagnostics
//   settled memory           that server's RSS once it has been quiet for SETTLE_MS after the keystroke
//
// Run from packages/language-server after a build:  node bench/peer.bench.mjs [--size "~3 MB"]
// Goals are reported PASS/MISS (dbkit at or below the peer on every row); a miss never fails the process.
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { reportBench } from '../../../tools/bench-report.mjs';
import { generateConfig, serialize } from '../../core/bench/generate.mjs';
import { chosenCases, median, positionAt, rssMB, startServer } from './lspClient.mjs';

const require = createRequire(import.meta.url);
const DBKIT = fileURLToPath(new URL('../bin/dbkit-language-server.js', import.meta.url));
const PEER = require.resolve('vscode-langservers-extracted/lib/json-language-server/node/jsonServerMain.js');
const SCHEMA = pathToFileURL(require.resolve('@dbkit/schema/schema/automation-config.schema.json')).href;
const CASES = [
  { label: '~0.3 MB', shards: 40, routers: 4 },
  { label: '~3 MB', shards: 430, routers: 20 },
  { label: '~17 MB', shards: 2430, routers: 60 },
];
const RUNS = 3;
const SETTLE_MS = 10_000;
const URI = 'file:///bench/peer.automation.json';

/** How each server is started and told about the document: dbkit knows it, the peer is given the schema. */
const SERVERS = [
  { name: 'dbkit', path: DBKIT, languageId: 'dbkit-automation' },
  {
    name: 'vscode-json-language-server',
    path: PEER,
    languageId: 'json',
    initializationOptions: { handledSchemaProtocols: ['file'], provideFormatter: false },
    settings: { json: { schemas: [{ fileMatch: ['*.automation.json'], url: SCHEMA }], validate: { enable: true } } },
  },
];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fresh server with the document open and its diagnostics pulled: the open time, and the connection. */
async function opened(server, text) {
  const started = await startServer(server.path, { pull: true, initializationOptions: server.initializationOptions });
  const { connection } = started;
  if (server.settings) {
    await connection.sendNotification('workspace/didChangeConfiguration', { settings: server.settings });
  }
  const t = performance.now();
  await connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri: URI, languageId: server.languageId, version: 1, text },
  });
  const report = await connection.sendRequest('textDocument/diagnostic', { textDocument: { uri: URI } });
  const openMs = performance.now() - t;
  if (report?.kind !== 'full') throw new Error(`${server.name}: no diagnostics report for the document`);
  return { ...started, openMs };
}

/** A character typed into the first replica-set member's host, then completion there: ms from the edit. */
async function keystroke(connection, text) {
  const valueAt = text.indexOf('"host": "', text.indexOf('"replicaSets"')) + '"host": "'.length;
  const at = positionAt(text, valueAt);
  const t = performance.now();
  await connection.sendNotification('textDocument/didChange', {
    textDocument: { uri: URI, version: 2 },
    contentChanges: [{ range: { start: at, end: at }, text: 'b' }],
  });
  await connection.sendRequest('textDocument/completion', {
    textDocument: { uri: URI },
    position: { line: at.line, character: at.character + 1 },
  });
  return performance.now() - t;
}

/** One run of one server: typed at once on one fresh server; after 1 s and settled memory on another. */
async function run(server, text) {
  const first = await opened(server, text);
  let atOnceMs;
  try {
    atOnceMs = await keystroke(first.connection, text);
  } finally {
    first.child.kill();
  }
  const second = await opened(server, text);
  try {
    await sleep(1000);
    const afterSecondMs = await keystroke(second.connection, text);
    await sleep(SETTLE_MS);
    return { openMs: median([first.openMs, second.openMs]), atOnceMs, afterSecondMs, rss: rssMB(second.child.pid) };
  } finally {
    second.child.kill();
  }
}

const f = (n, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const chosen = chosenCases('peer.bench', CASES);
const rows = [];
for (const spec of chosen) {
  const text = serialize(generateConfig({ shards: spec.shards, membersPerShard: 3, routers: spec.routers }));
  const mb = `${f(Buffer.byteLength(text) / 1e6, 2)} MB`;
  const samples = new Map(SERVERS.map((server) => [server.name, []]));
  for (let i = 0; i < RUNS; i++) {
    for (const server of i % 2 === 0 ? SERVERS : [...SERVERS].reverse()) {
      samples.get(server.name).push(await run(server, text));
    }
  }
  const of = (name, key) => median(samples.get(name).map((sample) => sample[key]));
  const [ours, peer] = SERVERS.map((server) => server.name);
  for (const [key, what, unit] of [
    ['openMs', 'open → diagnostics (pulled)', 'ms'],
    ['atOnceMs', 'a keystroke typed at once → completion', 'ms'],
    ['afterSecondMs', 'a keystroke typed 1 s after the diagnostics → completion', 'ms'],
    ['rss', 'settled memory', 'MB RSS'],
  ]) {
    const measured = of(ours, key);
    const against = of(peer, key);
    rows.push({
      goal: `${what} against ${peer}, ${mb}`,
      target: '≤ the peer',
      measured: `${f(measured)} ${unit}`,
      floor: `${peer} with dbkit's schema ${f(against)} ${unit}`,
      ratio: measured / against,
      pass: measured <= against,
    });
    console.log(`${spec.label} ${what}: dbkit ${f(measured)} ${unit}, ${peer} ${f(against)} ${unit}`);
  }
}

if (chosen === CASES)
  reportBench('language-server-peer', {
    rows,
    notes: [
      `The peer is vscode-json-language-server (vscode-langservers-extracted) given dbkit's automation-config schema for *.automation.json; the same client (vscode-languageserver-protocol, pulling diagnostics) drives both over their pipes.`,
      `Medians of ${RUNS} runs per server, the servers alternating; each run opens two fresh servers (typed at once; typed after 1 s, then quiet for ${SETTLE_MS / 1000} s for the memory).`,
    ],
  });
