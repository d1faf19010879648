// Benchmark: the language server as an editor feels it, over real stdio. Spawns `dbkit-language-server --stdio`,
// talks JSON-RPC to it with vscode-languageserver-protocol (as VS Code and neovim do), on generated automation
// configs of ~0.1, ~3 and ~17 MB, with JSON.parse of the same text as the baseline in the same run:
//
//   open → diagnostics       didOpen sent → publishDiagnostics received
//   floors                   the same against bench/transport-floor-server.mjs: answering at once (the client's
//                            serialization, the pipe and the server's reading), after JSON.parse of the text, and
//                            after core's validation too (the goal's floor: what no language server can skip)
//   1st / 10th / worst       didChange (a character of a replica-set member's host, retyped, 3 s after the
//   keystroke                diagnostics arrived: the user read them) → completion answer; the goal is on the
//                            worst of the ten
//   completion size          items and bytes of the first answer (one character typed: every process matches)
//   hover, definition, rename at the same member host, right after the edit that puts the host back (the worst of
//                            three each: the first after an edit is the one that brings the references up to date)
//   at any moment            each kind of keystroke (`KINDS`: an insertion, a replacement, a deletion, typing over
//                            a selection, a pasted line) → completion, and hover and definition, on a fresh server,
//                            0, 250, 1 000 or 3 000 ms after the first diagnostics arrive (the warm-up may be
//                            running: it yields between short steps); the median of three servers per kind and
//                            moment, and the worst for the goal; their open → diagnostics times give the open row's
//   after a long read        the first keystroke → completion after LONG_READING_MS without a request, once the
//                            server has collected its garbage and given its young generation back
//                            (src/server/idleCollection.ts)
//   memory                   the server's RSS with the document open, as a multiple of the document's size: right
//                            after the steps above (busy), after SETTLE_MS of quiet (settled: what the server holds
//                            while the user reads, and what the goal is judged on), and the peak of the whole run
//                            (the kernel's high-water mark, VmHWM)
//
// Run from packages/language-server after a build:  node bench/stdio.bench.mjs [--size "~3 MB"]
// Goals are reported PASS/MISS; a miss never fails the process (benchmarks report, they do not gate).
import { fileURLToPath } from 'node:url';
import { reportBench } from '../../../tools/bench-report.mjs';
import { generateConfig, serialize } from '../../core/bench/generate.mjs';
import { chosenCases, median, positionAt, rssMB, startServer } from './lspClient.mjs';

const SERVER = fileURLToPath(new URL('../bin/dbkit-language-server.js', import.meta.url));
const start = (server = SERVER, options = {}) => startServer(server, options);
/** A server that answers didOpen at once with empty diagnostics: what the transport alone costs (see the file). */
const FLOOR_SERVER = fileURLToPath(new URL('./transport-floor-server.mjs', import.meta.url));
const CASES = [
  { label: '~0.1 MB', shards: 14, routers: 2 },
  // Every kind of keystroke, hover and definition at any moment ≤ anyMomentMs.
  { label: '~0.3 MB', shards: 40, routers: 4, anyMomentMs: 50 },
  { label: '~3 MB', shards: 430, routers: 20, anyMomentMs: 100 },
  { label: '~17 MB', shards: 2430, routers: 60, anyMomentMs: 300 },
];
/** Open → diagnostics at most this many times a fresh server that JSON.parses the text and runs core's rules. */
const OPEN_VS_VALIDATING_FLOOR = 1.2;
/** When the keystroke of "at any moment" is typed, in ms after the first diagnostics arrive. */
const MOMENTS_MS = [0, 250, 1000, 3000];
/** Fresh servers per moment (the median is reported). */
const MOMENT_RUNS = 3;
/** How long the simulated user looks at the diagnostics before the first keystroke. */
const READING_MS = 3000;
/** How long the server is left quiet before its settled memory is read (it collects when quiet: idleCollection.ts). */
const SETTLE_MS = 10_000;
/** A longer read before typing: past both of the server's collections when quiet (1 s and 6 s). */
const LONG_READING_MS = 10_000;
const GOALS = { completionMs: 50, items: 1000, bytes: 1_000_000, warmMs: 50, memoryTimesSize: 10 };

/**
 * Open → diagnostics against the floor server (fresh process each time, as the language server gets): the median of
 * three. `args` picks the floor: none for the transport alone, `--parse` with `JSON.parse` of the text, `--validate`
 * with core's rules too. No language server can answer an editor's didOpen faster than the last.
 */
async function floorOpen(text, args = []) {
  const samples = [];
  for (let i = 0; i < 3; i++) {
    const server = await start(FLOOR_SERVER, { args });
    try {
      samples.push(await openAndDiagnose(server, 'file:///bench/floor.automation.json', text));
    } finally {
      server.child.kill();
    }
  }
  return median(samples);
}

/** The three floors of open → diagnostics, each measured on fresh servers, interleaved with nothing else. */
async function openFloors(text) {
  const transport = await floorOpen(text);
  const parse = await floorOpen(text, ['--parse']);
  const validate = await floorOpen(text, ['--validate']);
  return { transport, parse, validate };
}

/**
 * A client that pulls diagnostics, as VS Code's does: open, pull, read for READING_MS, then complete at the first
 * member host (nothing typed): what the first completion after opening costs such an editor.
 */
async function firstCompletionPulling(text) {
  const { child, connection } = await start(SERVER, { pull: true });
  try {
    const uri = 'file:///bench/pull.automation.json';
    await connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'dbkit-automation', version: 1, text },
    });
    await connection.sendRequest('textDocument/diagnostic', { textDocument: { uri } });
    await new Promise((resolve) => setTimeout(resolve, READING_MS));
    const valueAt = text.indexOf('"host": "', text.indexOf('"replicaSets"')) + '"host": "'.length;
    const position = positionAt(text, valueAt + 1);
    const t = performance.now();
    await connection.sendRequest('textDocument/completion', { textDocument: { uri }, position });
    return performance.now() - t;
  } finally {
    child.kill();
  }
}

/** didOpen sent → its first diagnostics received, in ms. */
async function openAndDiagnose({ connection, nextDiagnostics }, uri, text) {
  const diagnosed = nextDiagnostics();
  const openedAt = performance.now();
  await connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId: 'dbkit-automation', version: 1, text },
  });
  await diagnosed;
  return performance.now() - openedAt;
}

/**
 * What the user does at the first replica-set member's host (`start`/`end`: the string's content, `members`: where the
 * first member's line starts),
 * timed from the edit to the answer: each kind of keystroke an editor sends (an edit, then completion at the cursor),
 * and hover and definition at the host with nothing typed. `cursor` is an offset in the edited text.
 */
const KINDS = [
  { name: 'insertion', edit: (v) => ({ start: v.start, end: v.start, text: 'b', cursor: v.start + 1 }) },
  // The last character replaced by another that still names processes ("…-0" → "…-1").
  { name: 'replacement', edit: (v) => ({ start: v.end - 1, end: v.end, text: '1', cursor: v.end }) },
  { name: 'deletion', edit: (v) => ({ start: v.end - 1, end: v.end, text: '', cursor: v.end - 1 }) },
  // The host's whole value selected (a double-click) and typed over.
  { name: 'typing over a selection', edit: (v) => ({ start: v.start, end: v.end, text: 'b', cursor: v.start + 1 }) },
  // A member copied from elsewhere, pasted as a line of its own above the first member, then completion in the host.
  {
    name: 'pasted line',
    edit: (v) => ({ start: v.members, end: v.members, text: PASTED_LINE, cursor: v.start + 1 + PASTED_LINE.length }),
  },
  { name: 'hover', request: 'textDocument/hover' },
  { name: 'definition', request: 'textDocument/definition' },
];
const PASTED_LINE = '        { "_id": 99, "host": "bench-cfg-0", "priority": 0, "votes": 0 },\n';

/** Where the first replica-set member's host value is in `text`, and the start of its members' first line. */
function firstMemberHost(text) {
  const replicaSets = text.indexOf('"replicaSets"');
  const start = text.indexOf('"host": "', replicaSets) + '"host": "'.length;
  const members = text.indexOf('\n', text.indexOf('"members": [', replicaSets)) + 1;
  return { start, end: text.indexOf('"', start), members };
}

/**
 * One kind of keystroke (or request) on a fresh server, `readMs` after the first diagnostics: what a user who types
 * at once (or a little later) waits, whatever the warm-up is doing then. Also gives that server's open → diagnostics.
 */
async function kindAt(text, readMs, kind) {
  const server = await start();
  const { child, connection } = server;
  const uri = 'file:///bench/moment.automation.json';
  try {
    const openMs = await openAndDiagnose(server, uri, text);
    if (readMs > 0) await new Promise((resolve) => setTimeout(resolve, readMs));
    const host = firstMemberHost(text);
    const edit = kind.edit?.(host);
    const edited = edit === undefined ? text : text.slice(0, edit.start) + edit.text + text.slice(edit.end);
    const position = positionAt(edited, edit?.cursor ?? host.start + 1);
    const typedAt = performance.now();
    if (edit !== undefined) {
      await connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version: 2 },
        contentChanges: [
          { range: { start: positionAt(text, edit.start), end: positionAt(text, edit.end) }, text: edit.text },
        ],
      });
    }
    const answer = await connection.sendRequest(kind.request ?? 'textDocument/completion', {
      textDocument: { uri },
      position,
    });
    const ms = performance.now() - typedAt;
    const empty = Array.isArray(answer) ? answer.length === 0 : !answer || answer.items?.length === 0;
    if (empty) throw new Error(`${kind.name}: an empty answer at ${readMs} ms`);
    return { openMs, ms };
  } finally {
    child.kill();
  }
}

/**
 * `kindAt` for every kind and moment, MOMENT_RUNS servers each, interleaved: medians by kind and moment, the worst
 * moment of each kind, and the median of every open.
 */
async function anyMoment(text) {
  const samples = new Map(KINDS.map((kind) => [kind.name, MOMENTS_MS.map(() => [])]));
  const opens = [];
  for (let run = 0; run < MOMENT_RUNS; run++) {
    for (const kind of KINDS) {
      for (const [i, readMs] of MOMENTS_MS.entries()) {
        const { openMs, ms } = await kindAt(text, readMs, kind);
        samples.get(kind.name)[i].push(ms);
        opens.push(openMs);
      }
    }
  }
  const kinds = KINDS.map((kind) => {
    const moments = samples.get(kind.name).map(median);
    return { name: kind.name, completion: kind.request === undefined, moments, worstMs: Math.max(...moments) };
  });
  return { kinds, openMs: median(opens) };
}

async function runCase(spec) {
  const text = serialize(generateConfig({ shards: spec.shards, membersPerShard: 3, routers: spec.routers }));
  const mb = Buffer.byteLength(text) / 1e6;
  const parseSamples = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    JSON.parse(text);
    parseSamples.push(performance.now() - t);
  }
  const parseMs = median(parseSamples);
  const floors = await openFloors(text);
  const floorMs = floors.transport;
  const moment = spec.anyMomentMs === undefined ? undefined : await anyMoment(text);

  const server = await start();
  const { child, connection, nextDiagnostics } = server;
  const uri = 'file:///bench/generated.automation.json';
  try {
    const openMs = await openAndDiagnose(server, uri, text);

    // The user retypes the first replica-set member's host: the value is emptied (not timed), then "bench-shar" is
    // typed a character at a time, each followed by a completion request at the cursor, as an editor sends them.
    // Every prefix still matches thousands of processes, so every answer is a full one (1 000 names).
    const valueAt = text.indexOf('"host": "', text.indexOf('"replicaSets"')) + '"host": "'.length;
    const valueEnd = text.indexOf('"', valueAt);
    const original = text.slice(valueAt, valueEnd);
    let version = 2;
    const from = positionAt(text, valueAt);
    const to = positionAt(text, valueEnd);
    const emptied = nextDiagnostics();
    await connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version },
      contentChanges: [{ range: { start: from, end: to }, text: '' }],
    });
    await emptied;
    // The user reads the diagnostics before typing: a server may use that time.
    await new Promise((resolve) => setTimeout(resolve, READING_MS));
    const keystrokes = [];
    let items = 0;
    let bytes = 0;
    const typed = 'bench-shar';
    for (let k = 0; k < 10; k++) {
      const character = typed[k % typed.length];
      const at = { line: from.line, character: from.character + k };
      version += 1;
      const typedAt = performance.now();
      await connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version },
        contentChanges: [{ range: { start: at, end: at }, text: character }],
      });
      const position = { line: at.line, character: at.character + 1 };
      const completion = await connection.sendRequest('textDocument/completion', { textDocument: { uri }, position });
      keystrokes.push(performance.now() - typedAt);
      const list = Array.isArray(completion) ? completion : (completion?.items ?? []);
      if (k === 0) {
        items = list.length;
        bytes = Buffer.byteLength(JSON.stringify(completion));
      }
    }
    // Put the original host back so hover, definition and rename see a valid reference.
    version += 1;
    await connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version },
      contentChanges: [
        { range: { start: from, end: { line: from.line, character: from.character + 10 } }, text: original },
      ],
    });
    const position = { line: from.line, character: from.character + 2 };
    const timed = async (method, params) => {
      const samples = [];
      for (let i = 0; i < 3; i++) {
        const t = performance.now();
        await connection.sendRequest(method, { textDocument: { uri }, position, ...params });
        samples.push(performance.now() - t);
      }
      return Math.max(...samples);
    };
    const hoverMs = await timed('textDocument/hover', {});
    const definitionMs = await timed('textDocument/definition', {});
    const renameMs = await timed('textDocument/rename', { newName: 'renamed-process' });
    const busyRss = rssMB(child.pid);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const settledRss = rssMB(child.pid);
    const peakRss = rssMB(child.pid, 'VmHWM');
    // The user comes back after a long read and types at the same place (the host is back to its original value).
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, LONG_READING_MS - SETTLE_MS)));
    const at = { line: from.line, character: from.character + original.length };
    version += 1;
    const typedAt = performance.now();
    await connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version },
      contentChanges: [{ range: { start: at, end: at }, text: 'x' }],
    });
    await connection.sendRequest('textDocument/completion', {
      textDocument: { uri },
      position: { line: at.line, character: at.character + 1 },
    });
    const afterLongReadMs = performance.now() - typedAt;
    return {
      spec,
      moment,
      label: spec.label,
      text,
      mb,
      parseMs,
      floorMs,
      floors,
      openMs,
      firstMs: keystrokes[0],
      tenthMs: keystrokes[9],
      worstMs: Math.max(...keystrokes),
      afterLongReadMs,
      items,
      bytes,
      hoverMs,
      definitionMs,
      renameMs,
      memoryTimes: settledRss / mb,
      busyTimes: busyRss / mb,
      peakTimes: peakRss / mb,
    };
  } finally {
    child.kill();
  }
}

const chosen = chosenCases('stdio.bench', CASES);
const results = [];
for (const spec of chosen) results.push(await runCase(spec));

const f = (n, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const verdict = (ok) => (ok ? 'PASS' : 'MISS');
console.log('\nLanguage server over stdio (a real LSP client, JSON-RPC over the process pipes)');
console.log(
  '| document | JSON.parse ms | transport floor ms (×parse) | open→diagnostics ms (×parse) | 1st keystroke→completion ms | 10th ms | worst ms | after a 10 s read ms | completion items / KB | hover / definition / rename ms | RSS ×size: busy / settled / peak |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of results) {
  console.log(
    `| ${r.label} (${f(r.mb, 1)} MB) | ${f(r.parseMs, 1)} | ${f(r.floorMs)} (${f(r.floorMs / r.parseMs, 1)}×) | ${f(r.openMs)} (${f(r.openMs / r.parseMs, 1)}×) | ${f(r.firstMs, 1)} | ${f(r.tenthMs, 1)} | ${f(r.worstMs, 1)} | ${f(r.afterLongReadMs, 1)} | ${f(r.items)} / ${f(r.bytes / 1024)} | ${f(r.hoverMs, 1)} / ${f(r.definitionMs, 1)} / ${f(r.renameMs, 1)} | ${f(r.busyTimes, 1)}× / ${f(r.memoryTimes, 1)}× / ${f(r.peakTimes, 1)}× |`,
  );
}
const big = results[results.length - 1];
const pulledFirstMs = await firstCompletionPulling(big.text);
console.log(`Goals at ${big.label}:`);
console.log(
  `  every keystroke → completion ≤ ${GOALS.completionMs} ms: first ${f(big.firstMs)} ms, tenth ${f(big.tenthMs)} ms, worst of ten ${f(big.worstMs)} ms; after a ${LONG_READING_MS / 1000} s read ${f(big.afterLongReadMs)} ms; a client that pulls diagnostics (VS Code's): first completion ${f(pulledFirstMs)} ms → ${verdict(Math.max(big.worstMs, big.afterLongReadMs, pulledFirstMs) <= GOALS.completionMs)}`,
);
console.log(
  `  completion answer ≤ ~${GOALS.items} items / 1 MB: ${f(big.items)} items, ${f(big.bytes / 1e6, 2)} MB → ${verdict(big.items <= GOALS.items && big.bytes <= GOALS.bytes)}`,
);
console.log(
  `  hover, definition, rename ≤ ${GOALS.warmMs} ms (worst of three each, the first right after an edit): ${f(Math.max(big.hoverMs, big.definitionMs, big.renameMs))} ms → ${verdict(Math.max(big.hoverMs, big.definitionMs, big.renameMs) <= GOALS.warmMs)}`,
);
console.log(
  `  server memory ≤ ${GOALS.memoryTimesSize}× the document: ${f(big.memoryTimes, 1)}× settled (${f(big.busyTimes, 1)}× right after the steps, ${f(big.peakTimes, 1)}× at the peak) → ${verdict(big.memoryTimes <= GOALS.memoryTimesSize)}`,
);

/** The goals measured on fresh servers: every kind of keystroke at any moment, and open → diagnostics against its floor. */
const momentRows = [];
for (const r of results.filter((x) => x.moment !== undefined)) {
  const { spec, moment } = r;
  const mb = `${f(r.mb, 2)} MB`;
  // Open → diagnostics against a server that parses the text and runs core's rules on it, and where the rest goes.
  const { transport, parse, validate } = r.floors;
  const openPass = moment.openMs <= OPEN_VS_VALIDATING_FLOOR * validate;
  const parts = `transport ${f(transport)}, parse ${f(parse - transport)}, rules ${f(validate - parse)}, placing and the rest ${f(moment.openMs - validate)} ms`;
  const describe = (kinds) => kinds.map((k) => `${k.name} ${k.moments.map((ms) => f(ms)).join(' / ')}`).join('; ');
  const typed = moment.kinds.filter((k) => k.completion);
  const asked = moment.kinds.filter((k) => !k.completion);
  const worstTyped = Math.max(...typed.map((k) => k.worstMs));
  const worstAsked = Math.max(...asked.map((k) => k.worstMs));
  console.log(
    `  ${r.label}: each kind typed ${MOMENTS_MS.join(' / ')} ms after the first diagnostics → completion (medians of ${MOMENT_RUNS}): ${describe(typed)} ms → ${verdict(worstTyped <= spec.anyMomentMs)}; ${describe(asked)} ms → ${verdict(worstAsked <= spec.anyMomentMs)}; open → diagnostics ${f(moment.openMs)} ms against a server that parses and validates, ${f(validate)} ms (${f(moment.openMs / validate, 2)}×; ${parts}) → ${verdict(openPass)}`,
  );
  momentRows.push(
    {
      goal: `every kind of keystroke → completion at any moment after the first diagnostics, ${mb}`,
      target: `≤ ${spec.anyMomentMs} ms`,
      measured: `${f(worstTyped)} ms at worst; typed ${MOMENTS_MS.join(' / ')} ms after: ${describe(typed)}`,
      pass: worstTyped <= spec.anyMomentMs,
    },
    {
      goal: `hover and definition at any moment after the first diagnostics, ${mb}`,
      target: `≤ ${spec.anyMomentMs} ms`,
      measured: `${f(worstAsked)} ms at worst; asked ${MOMENTS_MS.join(' / ')} ms after: ${describe(asked)}`,
      pass: worstAsked <= spec.anyMomentMs,
    },
    {
      goal: `open → diagnostics, ${mb}`,
      target: `≤ ${OPEN_VS_VALIDATING_FLOOR}× the floor`,
      measured: `${f(moment.openMs)} ms: ${parts}`,
      floor: `a server that JSON.parses and validates ${f(validate)} ms (doing nothing: ${f(transport)} ms)`,
      ratio: moment.openMs / validate,
      pass: openPass,
    },
  );
}

const bigMB = `${f(big.mb, 2)} MB`;
const worstKeystrokeMs = Math.max(big.worstMs, big.afterLongReadMs, pulledFirstMs);
const warmMs = Math.max(big.hoverMs, big.definitionMs, big.renameMs);
if (chosen === CASES)
  reportBench('language-server-stdio', {
    rows: [
      ...momentRows,
      {
        goal: `every keystroke → completion, ${bigMB}`,
        target: `≤ ${GOALS.completionMs} ms`,
        measured: `${f(worstKeystrokeMs)} ms at worst: first ${f(big.firstMs)}, tenth ${f(big.tenthMs)}, worst of ten ${f(big.worstMs)}, after a ${LONG_READING_MS / 1000} s read ${f(big.afterLongReadMs)}, first for a pulling client ${f(pulledFirstMs)}`,
        pass: worstKeystrokeMs <= GOALS.completionMs,
      },
      {
        goal: `completion answer, ${bigMB}`,
        target: `≤ ~${f(GOALS.items)} items / 1 MB`,
        measured: `${f(big.items)} items, ${f(big.bytes / 1e6, 2)} MB`,
        pass: big.items <= GOALS.items && big.bytes <= GOALS.bytes,
      },
      {
        goal: `hover, definition, rename, ${bigMB}`,
        target: `≤ ${GOALS.warmMs} ms`,
        measured: `${f(warmMs)} ms at worst: ${f(big.hoverMs, 1)} / ${f(big.definitionMs, 1)} / ${f(big.renameMs, 1)}`,
        pass: warmMs <= GOALS.warmMs,
      },
      {
        goal: `server memory with the ${bigMB} document open, settled`,
        target: `≤ ${GOALS.memoryTimesSize}× the document`,
        measured: `${f(big.memoryTimes * big.mb)} MB RSS`,
        floor: `the document ${bigMB}`,
        ratio: big.memoryTimes,
        pass: big.memoryTimes <= GOALS.memoryTimesSize,
      },
    ],
    notes: [
      'A real LSP client (vscode-languageserver-protocol) over the server process pipes; documents from packages/core/bench/generate.mjs.',
      `At any moment: on a fresh server ${MOMENTS_MS.join(', ')} ms after the first diagnostics, one of: a character inserted into a member host, its last character replaced, deleted (Backspace), its whole value typed over, a line pasted above it (then completion in the host), or hover or definition at the host; the median of ${MOMENT_RUNS} servers per kind and moment; the open rows are the median of those servers' opens, against a vscode-languageserver server that JSON.parses the text, runs core's validation and answers with nothing (bench/transport-floor-server.mjs --validate, median of 3); its parts are that server doing nothing (transport), only parsing, and validating too.`,
      `Other keystrokes retype a member host ${READING_MS / 1000} s after the diagnostics arrive; hover, definition and rename are the worst of three each, the first right after an edit.`,
      `Server memory: ${f(big.busyTimes, 1)}× the document right after the steps, ${f(big.peakTimes, 1)}× at the peak (VmHWM).`,
    ],
  });
