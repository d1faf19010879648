// Benchmark: validateAutomationConfig against JSON.parse of the same text, at three document sizes.
//
// Run from packages/core after a build:  node bench/validate.bench.mjs
// Optional: node --expose-gc bench/validate.bench.mjs   (adds a retained-heap column)
//
// JSON.parse is the baseline: every editor or CLI must parse the document before validating it, so
// validation costing about as much as parsing keeps the total at most twice the unavoidable minimum.
// The goal line reports PASS or MISS at 3 MB and at 17 MB; a miss never fails the process (benchmarks report,
// they do not gate).
//
// A second measurement times the first validation in a fresh `node` process (cold code: the language server
// validates a large document right after it starts), against that process's own JSON.parse of the text. It is
// informative, without a goal.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reportBench, times } from '../../../tools/bench-report.mjs';
import { generateConfig, serialize } from './generate.mjs';

const DIST = new URL('../dist/index.js', import.meta.url);
const GOAL_RATIO = 1.0;
/** The sizes the goal judges (labels of CASES). */
const GOAL_CASES = ['~3 MB', '~17 MB'];
/** Fresh processes for the cold measurement; the median is reported. */
const COLD_RUNS = 7;

/** Document sizes: about 0.1 MB, 3 MB and 17 MB of two-space-indented JSON. */
const CASES = [
  { label: '~0.1 MB', shards: 14, routers: 2, warmup: 20, iterations: 200 },
  { label: '~3 MB', shards: 430, routers: 20, warmup: 3, iterations: 20 },
  { label: '~17 MB', shards: 2430, routers: 60, warmup: 2, iterations: 10 },
];

async function loadValidator() {
  try {
    const core = await import(DIST.href);
    if (typeof core.validateAutomationConfig !== 'function') {
      throw new Error('dist/index.js does not export a function named validateAutomationConfig');
    }
    return core.validateAutomationConfig;
  } catch (error) {
    console.error(`Cannot load validateAutomationConfig from ${DIST.pathname}: ${error.message}`);
    console.error('Build the package first: npx pnpm@10.34.8 --filter @dbkit/core run build');
    process.exit(1);
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Heap retained by one validation result, when the process runs with --expose-gc; otherwise undefined. */
function retainedHeapMB(validate, text) {
  if (typeof globalThis.gc !== 'function') return undefined;
  const doc = JSON.parse(text);
  globalThis.gc();
  const before = process.memoryUsage().heapUsed;
  const diagnostics = validate(doc);
  globalThis.gc();
  const after = process.memoryUsage().heapUsed;
  if (diagnostics.length < 0) console.log('unreachable: keeps the result alive until here');
  return (after - before) / 1e6;
}

function runCase(validate, spec) {
  const text = serialize(generateConfig({ shards: spec.shards, membersPerShard: 3, routers: spec.routers }));
  const parseSamples = [];
  const validateSamples = [];
  let diagnostics = [];
  for (let i = 0; i < spec.warmup + spec.iterations; i++) {
    // A fresh document per iteration, so a validator that caches per object cannot skip work. With --expose-gc
    // (the `bench` script's default) each step starts from a collected heap, so neither pays for the other's garbage.
    // Each step is timed inline: through one shared `time(fn)` helper, V8 ran JSON.parse of 17 MB 2.2–2.5× slower
    // once the validator allocated little, which flattered the ratio (docs/decisions/repository.md, "Benchmarks
    // report and never gate").
    globalThis.gc?.();
    let start = performance.now();
    const doc = JSON.parse(text);
    const parseMs = performance.now() - start;
    globalThis.gc?.();
    start = performance.now();
    diagnostics = validate(doc);
    const validateMs = performance.now() - start;
    if (i >= spec.warmup) {
      parseSamples.push(parseMs);
      validateSamples.push(validateMs);
    }
  }
  const processes = JSON.parse(text).processes.length;
  const parseMs = median(parseSamples);
  const validateMs = median(validateSamples);
  return {
    label: spec.label,
    sizeMB: text.length / 1e6,
    processes,
    parseMs,
    validateMs,
    ratio: validateMs / parseMs,
    errors: diagnostics.filter((d) => d.severity === 'error').length,
    diagnostics: diagnostics.length,
    firstError: diagnostics.find((d) => d.severity === 'error'),
    heapMB: retainedHeapMB(validate, text),
  };
}

function printTable(rows) {
  const header = [
    'size',
    'processes',
    'JSON.parse ms (baseline)',
    'validate ms',
    'ratio validate/JSON.parse',
    'diagnostics',
  ];
  const withHeap = rows.some((r) => r.heapMB !== undefined);
  if (withHeap) header.push('retained heap MB');
  const lines = rows.map((r) => {
    const cells = [
      `${r.sizeMB.toFixed(2)} MB`,
      String(r.processes),
      r.parseMs.toFixed(2),
      r.validateMs.toFixed(2),
      r.ratio.toFixed(2),
      `${r.diagnostics} (${r.errors} errors)`,
    ];
    if (withHeap) cells.push(r.heapMB === undefined ? 'n/a' : r.heapMB.toFixed(1));
    return cells;
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const row = (cells) => `| ${cells.map((c, i) => c.padStart(widths[i])).join(' | ')} |`;
  console.log(row(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 1)).join('-|')}-|`);
  for (const l of lines) console.log(row(l));
}

const validate = await loadValidator();
console.log(`node ${process.version}; medians over N iterations after warm-up; documents from bench/generate.mjs\n`);
const rows = [];
for (const spec of CASES) {
  const result = runCase(validate, spec);
  rows.push(result);
  console.log(
    `${spec.label}: ${result.sizeMB.toFixed(2)} MB, ${result.processes} processes, warm-up ${spec.warmup}, N=${spec.iterations}`,
  );
  if (result.errors > 0) {
    // The generated documents are meant to be valid; errors mean the generator or the validator is wrong.
    const e = result.firstError;
    console.log(
      `  warning: ${result.errors} errors on a document meant to be valid; first: ${e.code} at ${JSON.stringify(e.path)}: ${e.message}`,
    );
  }
}
console.log('');
printTable(rows);

const judged = rows.filter((r) => GOAL_CASES.includes(r.label));
const verdict = judged.every((r) => r.ratio <= GOAL_RATIO) ? 'PASS' : 'MISS';
console.log(
  `\ngoal: ratio <= ${GOAL_RATIO.toFixed(1)} at 3 MB and at 17 MB: ${verdict} (measured ${judged.map((r) => `${r.ratio.toFixed(2)} at ${r.sizeMB.toFixed(2)} MB`).join(', ')})`,
);

/** The child: imports dist, parses the file, times one validation; prints both times as JSON. */
const COLD_CHILD = `
import { readFileSync } from 'node:fs';
const [dist, file] = process.argv.slice(1);
const text = readFileSync(file, 'utf8');
const { validateAutomationConfig } = await import(dist);
let start = performance.now();
const doc = JSON.parse(text);
const parseMs = performance.now() - start;
start = performance.now();
const diagnostics = validateAutomationConfig(doc);
const validateMs = performance.now() - start;
console.log(JSON.stringify({ parseMs, validateMs, diagnostics: diagnostics.length }));
`;

function runCold(spec) {
  const text = serialize(generateConfig({ shards: spec.shards, membersPerShard: 3, routers: spec.routers }));
  const dir = mkdtempSync(join(tmpdir(), 'dbkit-bench-'));
  const file = join(dir, 'config.json');
  writeFileSync(file, text);
  const samples = [];
  try {
    for (let i = 0; i < COLD_RUNS; i++) {
      const out = execFileSync(process.execPath, ['--input-type=module', '-e', COLD_CHILD, DIST.href, file], {
        encoding: 'utf8',
      });
      samples.push(JSON.parse(out));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const parseMs = median(samples.map((s) => s.parseMs));
  const validateMs = median(samples.map((s) => s.validateMs));
  // The ratio of each run, then the median: both times of a run share that process's machine state.
  const ratio = median(samples.map((s) => s.validateMs / s.parseMs));
  return { sizeMB: text.length / 1e6, parseMs, validateMs, ratio };
}

const coldSpec = CASES[CASES.length - 1];
const cold = runCold(coldSpec);
console.log(
  `\ncold: first validate in a fresh \`node\` process, ${coldSpec.label}, median of ${COLD_RUNS} processes\n`,
);
const coldHeader = ['size', 'JSON.parse ms (baseline)', 'first validate ms', 'ratio validate/JSON.parse'];
const coldCells = [
  `${cold.sizeMB.toFixed(2)} MB`,
  cold.parseMs.toFixed(2),
  cold.validateMs.toFixed(2),
  cold.ratio.toFixed(2),
];
const coldWidths = coldHeader.map((h, i) => Math.max(h.length, coldCells[i].length));
const coldRow = (cells) => `| ${cells.map((c, i) => c.padStart(coldWidths[i])).join(' | ')} |`;
console.log(coldRow(coldHeader));
console.log(`|${coldWidths.map((w) => '-'.repeat(w + 1)).join('-|')}-|`);
console.log(coldRow(coldCells));

reportBench('core', {
  rows: [
    ...rows.map((r) => ({
      goal: `validate, ${r.sizeMB.toFixed(2)} MB document`,
      target: GOAL_CASES.includes(r.label) ? `≤ ${times(GOAL_RATIO, 1)} JSON.parse` : undefined,
      measured: `${r.validateMs.toFixed(2)} ms`,
      floor: `JSON.parse ${r.parseMs.toFixed(2)} ms`,
      ratio: r.ratio,
      pass: GOAL_CASES.includes(r.label) ? r.ratio <= GOAL_RATIO : undefined,
    })),
    {
      goal: `first validate in a fresh process, ${cold.sizeMB.toFixed(2)} MB`,
      measured: `${cold.validateMs.toFixed(2)} ms`,
      floor: `JSON.parse ${cold.parseMs.toFixed(2)} ms`,
      ratio: cold.ratio,
    },
  ],
  notes: [
    `Medians of ${CASES.map((c) => c.iterations).join(' / ')} iterations after warm-up; documents from packages/core/bench/generate.mjs.`,
    `The fresh-process row is the median of ${COLD_RUNS} processes, each against its own JSON.parse.`,
  ],
});
