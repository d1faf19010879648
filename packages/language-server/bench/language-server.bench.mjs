// Benchmark: the language server's hot paths on generated automation configs of ~0.1, ~3.5 and ~17 MB, in one run,
// against JSON.parse of the same text and against vscode-json-languageservice (what VS Code's JSON support runs)
// with dbkit's schema.
//
//   full diagnostics     dbkit: parse once + syntax + semantic (core) diagnostics with ranges
//                        jsonls: parseJSONDocument + doValidation with the automation-config schema
//   keystroke→completion an edit (one character typed into a member's host), then completion at the cursor
//   server memory        RSS of the real `dbkit-language-server --stdio` after opening the 17 MB document and
//                        answering diagnostics, a completion and a hover, then 10 s of quiet (settled: the goal), as
//                        a multiple of the document's size; right after the answers and the peak (VmHWM) beside it
//
// Run from packages/language-server after a build:  node --expose-gc bench/language-server.bench.mjs
// Goals are reported PASS/MISS; a miss never fails the process (benchmarks report, they do not gate).

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { reportBench } from '../../../tools/bench-report.mjs';
import { generateConfig, serialize } from '../../core/bench/generate.mjs';

const dist = (path) => new URL(`../dist/${path}`, import.meta.url).href;
const { TextModel } = await import(dist('service/textModel.js'));
const { createLanguageService } = await import(dist('service/index.js')).catch((error) => {
  console.error(
    `Cannot load the built service (${error.message}). Build first: npx pnpm@10.34.8 --filter @dbkit/language-server run build`,
  );
  process.exit(1);
});
const { getLanguageService } = await import('vscode-json-languageservice');
const { TextDocument } = await import('vscode-languageserver-textdocument');
const { automationConfigSchema } = await import('@dbkit/schema');

const CASES = [
  { label: '~0.1 MB', shards: 14, routers: 2, iterations: 20 },
  { label: '~3.5 MB', shards: 500, routers: 20, iterations: 5 },
  { label: '~17 MB', shards: 2430, routers: 60, iterations: 3 },
];
const GOALS = { diagnosticsVsParse: 3, fasterThanJsonls: 10, completionMs: 50, memoryTimesSize: 10 };

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function measure(iterations, fn) {
  const samples = [];
  await fn(); // warm-up
  for (let i = 0; i < iterations; i++) {
    globalThis.gc?.();
    const start = performance.now();
    await fn(i);
    samples.push(performance.now() - start);
  }
  return median(samples);
}

/** The generated document with three mistakes, so diagnostics need positions: a dangling host, version and rs. */
function documentText(spec) {
  const doc = generateConfig({ shards: spec.shards, membersPerShard: 3, routers: spec.routers });
  const last = doc.replicaSets.at(-1);
  last.members[0].host = `${last.members[0].host}-typo`;
  doc.processes.at(-1).version = '0.0.0-missing';
  doc.sharding[0].shards.at(-1).rs = 'no-such-rs';
  return serialize(doc);
}

function jsonService() {
  const service = getLanguageService({});
  service.configure({
    validate: true,
    schemas: [{ uri: 'dbkit://automation', fileMatch: ['*'], schema: automationConfigSchema }],
  });
  return service;
}

/** What the user types into the host, a character per keystroke: every prefix names thousands of processes. */
const TYPED = 'bench-shar';

/** Where a user types: just after the opening quote of the last replica set's first member host. */
function editPoint(text) {
  const lastSet = text.lastIndexOf('"members"');
  return text.indexOf('"host": "', lastSet) + '"host": "'.length;
}

async function runCase(spec) {
  const text = documentText(spec);
  const uri = 'file:///bench/config.automation.json';
  const jsonls = jsonService();

  const parseMs = await measure(spec.iterations * 3, () => JSON.parse(text));
  let diagnosticsCount = 0;
  const dbkitMs = await measure(spec.iterations, (i) => {
    const service = createLanguageService();
    const doc = service.parse(TextDocument.create(uri, 'json', i ?? 0, text));
    diagnosticsCount = service.doValidation(doc).length;
  });
  const jsonlsMs = await measure(Math.min(spec.iterations, 3), async () => {
    const document = TextDocument.create(uri, 'json', 1, text);
    await jsonls.doValidation(document, jsonls.parseJSONDocument(document), undefined, automationConfigSchema);
  });

  // Keystroke to completion: the document is open and parsed; one character is typed, then completion is asked.
  const at = editPoint(text);
  const service = createLanguageService();
  // The server's own text model (pieces and a line index updated from each edit), as it holds an open document.
  const document = new TextModel(uri, 'json', 1, text);
  void service.parse(document).json; // opened and parsed: the tree exists, as after the first request
  let items = 0;
  const dbkitCompletionMs = await measure(spec.iterations, async (i = -1) => {
    // One more character typed into the same host each time (the warm-up is i = -1): what the server does on
    // didChange is apply the edit to the text model and hand it to the service, which updates the tree
    // incrementally; then completion is asked.
    const offset = at + i + 1;
    // The typed prefix (`bench-shar`…) keeps matching thousands of processes, so every answer is a full one.
    document.edit({ start: offset, end: offset, text: TYPED[(i + 1) % TYPED.length] }, document.version + 1);
    const typed = service.update(document, { start: offset, end: offset, newLength: 1 });
    const list = await service.doComplete(typed, document.positionAt(offset + 1));
    items = list?.items.length ?? 0;
  });
  const jsonDocument = TextDocument.create(uri, 'json', 1, text);
  const jsonlsCompletionMs = await measure(Math.min(spec.iterations, 3), async () => {
    const position = jsonDocument.positionAt(at);
    const typed = TextDocument.update(
      jsonDocument,
      [{ range: { start: position, end: position }, text: 'x' }],
      jsonDocument.version + 1,
    );
    await jsonls.doComplete(typed, typed.positionAt(at + 1), jsonls.parseJSONDocument(typed));
  });

  return {
    spec,
    sizeMB: text.length / 1e6,
    text,
    parseMs,
    dbkitMs,
    jsonlsMs,
    diagnosticsCount,
    dbkitCompletionMs,
    jsonlsCompletionMs,
    items,
  };
}

/** Peak and settled RSS of the real server after opening `text` and answering diagnostics and a completion. */
async function serverMemory(text) {
  const { createProtocolConnection, StreamMessageReader, StreamMessageWriter } = await import(
    'vscode-languageserver-protocol/node'
  );
  const bin = fileURLToPath(new URL('../bin/dbkit-language-server.js', import.meta.url));
  const child = spawn(process.execPath, [bin, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const connection = createProtocolConnection(
    new StreamMessageReader(child.stdout),
    new StreamMessageWriter(child.stdin),
  );
  connection.listen();
  const rss = (field = 'VmRSS') =>
    Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]) * 1024;
  const baseline = { start: 0 };
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: null,
    capabilities: { textDocument: { diagnostic: {} } },
  });
  await connection.sendNotification('initialized', {});
  baseline.start = rss();
  const uri = 'file:///bench/memory.automation.json';
  await connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId: 'json', version: 1, text },
  });
  await connection.sendRequest('textDocument/diagnostic', { textDocument: { uri } });
  const at = editPoint(text);
  const before = text.slice(0, at);
  const line = before.split('\n').length - 1;
  const position = { line, character: at - before.lastIndexOf('\n') - 1 };
  await connection.sendRequest('textDocument/completion', { textDocument: { uri }, position });
  await connection.sendRequest('textDocument/hover', { textDocument: { uri }, position });
  const busy = rss();
  // The server collects its garbage once quiet (src/server/idleCollection.ts); what it holds then is the measure.
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  const after = rss();
  const peak = rss('VmHWM');
  connection.dispose();
  child.kill();
  return { startMB: baseline.start / 1e6, afterMB: after / 1e6, busyMB: busy / 1e6, peakMB: peak / 1e6 };
}

function table(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padStart(widths[i])).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 1)).join('-|')}-|`);
  for (const r of rows) console.log(line(r));
}

const pass = (ok) => (ok ? 'PASS' : 'MISS');
console.log(
  `node ${process.version}; medians after a warm-up; documents from packages/core/bench/generate.mjs with 3 mistakes\n`,
);
const results = [];
for (const spec of CASES) {
  const r = await runCase(spec);
  results.push(r);
  console.log(
    `${spec.label}: ${r.sizeMB.toFixed(2)} MB, ${r.diagnosticsCount} diagnostics, ${r.items} completion items`,
  );
}
console.log('\nFull diagnostics (parse + syntax + schema/semantic, with ranges)\n');
table(
  ['size', 'JSON.parse ms (baseline)', 'dbkit ms', 'dbkit / JSON.parse', 'jsonls ms', 'jsonls / dbkit'],
  results.map((r) => [
    `${r.sizeMB.toFixed(2)} MB`,
    r.parseMs.toFixed(1),
    r.dbkitMs.toFixed(1),
    `${(r.dbkitMs / r.parseMs).toFixed(2)}×`,
    r.jsonlsMs.toFixed(1),
    `${(r.jsonlsMs / r.dbkitMs).toFixed(1)}×`,
  ]),
);
console.log('\nKeystroke to completion (type one character into a member host, then complete there)\n');
table(
  ['size', 'dbkit ms', 'jsonls ms', 'jsonls / dbkit'],
  results.map((r) => [
    `${r.sizeMB.toFixed(2)} MB`,
    r.dbkitCompletionMs.toFixed(1),
    r.jsonlsCompletionMs.toFixed(1),
    `${(r.jsonlsCompletionMs / r.dbkitCompletionMs).toFixed(1)}×`,
  ]),
);
const largest = results.at(-1);
const memory = await serverMemory(largest.text);
console.log(
  `\nServer memory with the ${largest.sizeMB.toFixed(2)} MB document open, settled: ${memory.afterMB.toFixed(0)} MB RSS (${(memory.afterMB / largest.sizeMB).toFixed(1)}× the document; ${memory.startMB.toFixed(0)} MB before opening; ${memory.busyMB.toFixed(0)} MB right after the answers, ${(memory.busyMB / largest.sizeMB).toFixed(1)}×; peak ${memory.peakMB.toFixed(0)} MB, ${(memory.peakMB / largest.sizeMB).toFixed(1)}×)`,
);
console.log('\nGoals at the largest size:');
console.log(
  `  diagnostics ≤ ${GOALS.diagnosticsVsParse}× JSON.parse: ${(largest.dbkitMs / largest.parseMs).toFixed(2)}× ${pass(largest.dbkitMs / largest.parseMs <= GOALS.diagnosticsVsParse)}`,
);
console.log(
  `  diagnostics ≥ ${GOALS.fasterThanJsonls}× faster than jsonls: ${(largest.jsonlsMs / largest.dbkitMs).toFixed(1)}× ${pass(largest.jsonlsMs / largest.dbkitMs >= GOALS.fasterThanJsonls)}`,
);
console.log(
  `  keystroke→completion ≤ ${GOALS.completionMs} ms: ${largest.dbkitCompletionMs.toFixed(1)} ms ${pass(largest.dbkitCompletionMs <= GOALS.completionMs)}`,
);
console.log(
  `  server memory ≤ ${GOALS.memoryTimesSize}× the document: ${(memory.afterMB / largest.sizeMB).toFixed(1)}× ${pass(memory.afterMB / largest.sizeMB <= GOALS.memoryTimesSize)}`,
);

const largestMB = `${largest.sizeMB.toFixed(2)} MB`;
reportBench('language-server', {
  rows: [
    {
      goal: `full diagnostics, ${largestMB} document`,
      target: `≤ ${GOALS.diagnosticsVsParse}× JSON.parse`,
      measured: `${largest.dbkitMs.toFixed(1)} ms`,
      floor: `JSON.parse ${largest.parseMs.toFixed(1)} ms`,
      ratio: largest.dbkitMs / largest.parseMs,
      pass: largest.dbkitMs / largest.parseMs <= GOALS.diagnosticsVsParse,
    },
    {
      goal: `full diagnostics against vscode-json-languageservice, ${largestMB}`,
      target: `≥ ${GOALS.fasterThanJsonls}× faster than jsonls`,
      measured: `${largest.dbkitMs.toFixed(1)} ms; jsonls ${largest.jsonlsMs.toFixed(1)} ms, ${(largest.jsonlsMs / largest.dbkitMs).toFixed(1)}× as long`,
      floor: `JSON.parse ${largest.parseMs.toFixed(1)} ms`,
      ratio: largest.dbkitMs / largest.parseMs,
      pass: largest.jsonlsMs / largest.dbkitMs >= GOALS.fasterThanJsonls,
    },
    {
      goal: `keystroke → completion, ${largestMB}`,
      target: `≤ ${GOALS.completionMs} ms`,
      measured: `${largest.dbkitCompletionMs.toFixed(1)} ms; jsonls ${largest.jsonlsCompletionMs.toFixed(1)} ms`,
      pass: largest.dbkitCompletionMs <= GOALS.completionMs,
    },
    {
      goal: `server memory with the ${largestMB} document open, settled`,
      target: `≤ ${GOALS.memoryTimesSize}× the document`,
      measured: `${memory.afterMB.toFixed(0)} MB RSS`,
      floor: `the document ${largestMB}`,
      ratio: memory.afterMB / largest.sizeMB,
      pass: memory.afterMB / largest.sizeMB <= GOALS.memoryTimesSize,
    },
  ],
  notes: [
    `Medians after a warm-up; documents from packages/core/bench/generate.mjs with 3 mistakes.`,
    `Server memory: ${memory.startMB.toFixed(0)} MB before opening, ${(memory.busyMB / largest.sizeMB).toFixed(1)}× the document right after the answers, ${(memory.peakMB / largest.sizeMB).toFixed(1)}× at the peak (VmHWM).`,
  ],
});
