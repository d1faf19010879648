// Benchmark: the `dbkit validate` command against ajv-cli, end to end, on the same files with the same schema.
//
// Run from apps/cli after a build:  node bench/validate-cli.bench.mjs   (or `pnpm bench` at the root, which builds)
//
// Both tools run as whole processes (spawn, Node start-up, reading, parsing, validating, printing), as a user or a
// CI job runs them, over one folder of generated automation configs (≈50 MB in total). ajv-cli is the baseline:
// it only checks the JSON Schema. dbkit, with its defaults, runs every semantic rule of @dbkit/core
// (`validateAutomationConfig`) on every file, and not the JSON Schema itself: core reports everything the schema
// does (scripts/schema-coverage.mjs finds nothing the schema adds), and `--json-schema` runs it as well; see
// docs/decisions/cli.md.
// The goal line reports PASS or MISS; a miss never fails the process (benchmarks report, they do not gate), but a
// tool that fails, or does not validate every file, does.

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateConfig, serialize } from '../../../packages/core/bench/generate.mjs';
import { reportBench } from '../../../tools/bench-report.mjs';

const CLI_DIR = fileURLToPath(new URL('..', import.meta.url));
const DBKIT = join(CLI_DIR, 'dist/main.js');
const SCHEMA = fileURLToPath(new URL('../../../packages/schema/schema/automation-config.schema.json', import.meta.url));
const GENERATOR = new URL('../../../packages/core/bench/generate.mjs', import.meta.url);
const OUT = join(CLI_DIR, 'bench-out/validate-cli');
const CORPUS = join(OUT, 'corpus');
const MANIFEST = join(OUT, 'manifest.json');
const TIME = '/usr/bin/time';
/** Reads and parses the corpus, nothing else: what no validator can avoid (see the file). */
const FLOOR = fileURLToPath(new URL('./read-parse-floor.mjs', import.meta.url));

const WARMUP = 1;
/** Measured runs per tool; BENCH_RUNS=15 for steadier medians on a busy machine. */
const RUNS = Number(process.env.BENCH_RUNS) || 5;
const GOAL_SPEEDUP = 2;

/**
 * The corpus: many small configs, a good number of medium ones and a few large ones, as in a repository of real
 * deployments. Shard counts set the size (about 7 KB per shard of three members); about 50 MB in all.
 */
function corpusPlan() {
  const plan = [];
  const add = (tier, i, shards, membersPerShard, routers) =>
    plan.push({
      file: `${tier}-${String(i).padStart(3, '0')}.automation.json`,
      options: { shards, membersPerShard, routers, clusterName: `${tier}${i}` },
    });
  for (let i = 0; i < 150; i++) add('small', i, 1 + (i % 12), i % 5 === 0 ? 1 : 3, 1 + (i % 3));
  for (let i = 0; i < 40; i++) add('medium', i, 20 + 4 * i, i % 4 === 0 ? 5 : 3, 2 + (i % 6));
  for (const [i, shards] of [700, 1000].entries()) add('large', i, shards, 3, 20);
  return plan;
}

/** Writes the corpus, or reuses the one on disk when it was made from the same plan by the same generator. */
function ensureCorpus() {
  const plan = corpusPlan();
  const key = createHash('sha256').update(readFileSync(GENERATOR)).update(JSON.stringify(plan)).digest('hex');
  const manifest = existsSync(MANIFEST) ? JSON.parse(readFileSync(MANIFEST, 'utf8')) : undefined;
  const intact =
    manifest?.key === key &&
    manifest.files.every((f) => statSync(join(CORPUS, f.file), { throwIfNoEntry: false })?.size === f.bytes);
  if (intact) return { files: manifest.files, reused: true };

  rmSync(CORPUS, { recursive: true, force: true });
  mkdirSync(CORPUS, { recursive: true });
  const files = plan.map(({ file, options }) => {
    const text = serialize(generateConfig(options));
    writeFileSync(join(CORPUS, file), text);
    return { file, bytes: Buffer.byteLength(text) };
  });
  // The manifest is written last: an interrupted generation is not mistaken for a complete corpus.
  writeFileSync(MANIFEST, `${JSON.stringify({ key, plan, files }, null, 2)}\n`);
  return { files, reused: false };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function fail(message) {
  console.error(`\nvalidate-cli bench: ${message}`);
  process.exit(1);
}

/**
 * GNU time, when installed, wraps every run of both tools alike (a small C program: about a millisecond) and
 * reports the CPU time (user + sys, all threads) and peak RSS of the process. CPU time shows the work done whatever
 * the parallelism and the machine's other load; wall time is what the user waits.
 */
const RUSAGE = existsSync(TIME) ? join(OUT, 'rusage.txt') : undefined;

/** Runs one command: wall ms, and when GNU time is there, CPU ms and peak RSS MB. */
function run(tool) {
  const [command, args] = RUSAGE
    ? [TIME, ['-f', '%U %S %M', '-o', RUSAGE, ...tool.command]]
    : [tool.command[0], tool.command.slice(1)];
  const start = performance.now();
  const result = spawnSync(command, args, { cwd: CLI_DIR, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const ms = performance.now() - start;
  if (result.error) fail(`${tool.name} could not start: ${result.error.message}`);
  const problem = tool.check(result);
  if (problem !== undefined) {
    const stderr = result.stderr.trim().split('\n').slice(-5).join('\n  ');
    fail(
      `${tool.name} did not validate the corpus as expected: ${problem}\n  command: ${tool.command.join(' ')}\n  exit: ${result.status}${stderr ? `\n  stderr: ${stderr}` : ''}`,
    );
  }
  if (!RUSAGE) return { ms };
  const [user, sys, kb] = readFileSync(RUSAGE, 'utf8').trim().split('\n').pop().split(' ').map(Number);
  return { ms, cpuMs: (user + sys) * 1000, rssMB: kb / 1024 };
}

function tools(files) {
  const dir = relative(CLI_DIR, CORPUS);
  const require = createRequire(join(CLI_DIR, 'package.json'));
  const ajvPackage = require.resolve('ajv-cli/package.json');
  const ajvCli = JSON.parse(readFileSync(ajvPackage, 'utf8'));
  const dbkit = JSON.parse(readFileSync(join(CLI_DIR, 'package.json'), 'utf8'));
  return [
    {
      key: 'ajv-cli',
      name: `ajv-cli ${ajvCli.version}`,
      // Node runs ajv-cli's bin directly, as it runs dbkit's: neither pays for a shell shim. Strict mode as
      // @dbkit/schema's `ajvOptions` (union types, editor keywords declared); first error only, as dbkit's check
      // of a valid document. ajv-cli expands the quoted glob itself.
      command: [
        process.execPath,
        join(dirname(ajvPackage), ajvCli.bin.ajv),
        'validate',
        '-s',
        relative(CLI_DIR, SCHEMA),
        '-d',
        `${dir}/*.json`,
        '--allow-union-types',
        '-c',
        './bench/ajv-editor-keywords.cjs',
      ],
      check(result) {
        if (result.status !== 0) return 'exit code is not 0';
        const valid = new Set(result.stdout.split('\n').filter((line) => line.endsWith(' valid')));
        const missing = files.filter((f) => !valid.has(`${dir}/${f.file} valid`));
        if (missing.length > 0) return `${missing.length} files not reported valid, first ${missing[0].file}`;
        return undefined;
      },
    },
    // The defaults a user gets: text output (piped, so uncoloured); workers for an input this large only with 3
    // cores or more (PARALLEL_MIN_CORES), else one thread.
    dbkitTool('dbkit', `dbkit ${dbkit.version}`, [dir], files),
    // For reference, not for the goal: the other choice, so the table shows what the workers buy or cost here.
    availableParallelism() >= PARALLEL_MIN_CORES
      ? dbkitTool('dbkit-jobs', `dbkit ${dbkit.version} --jobs 1`, [dir, '--jobs', '1'], files)
      : dbkitTool('dbkit-jobs', `dbkit ${dbkit.version} --jobs 2`, [dir, '--jobs', '2'], files),
    // The floor: reading and JSON.parse alone, which every validator pays before checking anything.
    {
      key: 'floor',
      name: 'floor: read + JSON.parse',
      command: [process.execPath, FLOOR, dir],
      check: (result) =>
        result.stdout.trim() === `${files.length} parsed` ? undefined : `parsed ${result.stdout.trim()}`,
    },
  ];
}

function dbkitTool(key, name, args, files) {
  return {
    key,
    name,
    command: [process.execPath, DBKIT, 'validate', ...args],
    check(result) {
      if (result.status !== 0) return 'exit code is not 0';
      const summary = /(\d+) errors?, (\d+) warnings?.* in (\d+) files?/.exec(result.stdout);
      if (!summary) return 'no summary line on stdout';
      if (Number(summary[1]) > 0) return `${summary[1]} errors on configs meant to be valid`;
      if (Number(summary[3]) !== files.length || /skipped/.test(result.stdout)) {
        return `validated ${summary[3]} of ${files.length} files (${summary[0]})`;
      }
      return undefined;
    },
  };
}

function printTable(rows) {
  const header = ['tool', 'files', 'MB', 'median ms', 'min ms', 'MB/s', 'vs ajv-cli', 'CPU ms', 'peak RSS MB'];
  const lines = rows.map((r) => [
    r.name,
    String(r.files),
    r.mb.toFixed(1),
    r.medianMs.toFixed(0),
    r.minMs.toFixed(0),
    (r.mb / (r.medianMs / 1000)).toFixed(1),
    `${r.speedup.toFixed(2)}×`,
    r.cpuMs === undefined ? 'n/a' : r.cpuMs.toFixed(0),
    r.rssMB === undefined ? 'n/a' : r.rssMB.toFixed(0),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const row = (cells) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  console.log(row(header));
  console.log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const l of lines) console.log(row(l));
}

if (!existsSync(DBKIT)) fail(`${DBKIT} is missing; build first: npx pnpm@10.34.8 --filter @dbkit/cli... run build`);
// tsc's output beside the bundle: the threshold the default uses.
const { PARALLEL_MIN_CORES } = await import('../dist/validateCommand.js');
const corpus = ensureCorpus();
const bytes = corpus.files.reduce((sum, f) => sum + f.bytes, 0);
const mb = bytes / 1e6;
console.log(
  `node ${process.version}, ${availableParallelism()} cores; ${corpus.files.length} configs, ${mb.toFixed(1)} MB in ${relative(process.cwd(), CORPUS) || '.'} (${corpus.reused ? 'reused' : 'generated'})`,
);
console.log(`whole processes, ${WARMUP} warm-up + ${RUNS} measured runs each, tools alternating\n`);

const list = tools(corpus.files);
// The warm-up runs fill the page cache (and load what the OS caches of Node and the tools).
for (let w = 0; w < WARMUP; w++) for (const tool of list) run(tool);
const samples = new Map(list.map((tool) => [tool.key, []]));
// Alternating the tools spreads any drift of the machine (other load, thermal) over both.
for (let i = 0; i < RUNS; i++) for (const tool of list) samples.get(tool.key).push(run(tool));

const medianOf = (key, field) => median(samples.get(key).map((sample) => sample[field]));
const baseline = medianOf('ajv-cli', 'ms');
const rows = list.map((tool) => {
  const medianMs = medianOf(tool.key, 'ms');
  return {
    key: tool.key,
    name: tool.name,
    files: corpus.files.length,
    mb,
    medianMs,
    minMs: Math.min(...samples.get(tool.key).map((sample) => sample.ms)),
    speedup: baseline / medianMs,
    cpuMs: RUSAGE ? medianOf(tool.key, 'cpuMs') : undefined,
    rssMB: RUSAGE ? Math.max(...samples.get(tool.key).map((sample) => sample.rssMB)) : undefined,
  };
});
printTable(rows);
const speedup = rows.find((r) => r.key === 'dbkit').speedup;
console.log(`\nevery run exited 0 and reported all ${corpus.files.length} files valid (dbkit: 0 errors).`);
console.log(
  `vs ajv-cli: ajv-cli's median time / the tool's (higher is faster). dbkit runs every semantic rule of @dbkit/core, which reports all the schema does.`,
);
console.log(
  'CPU ms: median user + sys time of the process, all threads (GNU time); peak RSS MB: the largest of the runs.',
);
const floor = rows.find((r) => r.key === 'floor').speedup;
console.log(
  `goal dbkit ≥ ${GOAL_SPEEDUP}× faster than ajv-cli: ${speedup >= GOAL_SPEEDUP ? 'PASS' : 'MISS'} (measured ${speedup.toFixed(2)}×; reading and JSON.parse alone, before any check: ${floor.toFixed(2)}×)`,
);

const byKey = (key) => rows.find((r) => r.key === key);
const floorMs = byKey('floor').medianMs;
const ajvMs = byKey('ajv-cli').medianMs;
reportBench('cli', {
  rows: ['dbkit', 'dbkit-jobs'].map((key) => {
    const r = byKey(key);
    return {
      goal: `\`${r.name.replace(/^dbkit [^ ]+/, 'dbkit validate')}\`${key === 'dbkit' ? ' (defaults)' : ''}, ${r.files} configs, ${mb.toFixed(1)} MB`,
      target: key === 'dbkit' ? `≥ ${GOAL_SPEEDUP}× faster than ajv-cli` : undefined,
      measured: `${r.medianMs.toFixed(0)} ms; ajv-cli ${ajvMs.toFixed(0)} ms, ${r.speedup.toFixed(2)}× as long`,
      floor: `read + JSON.parse ${floorMs.toFixed(0)} ms`,
      ratio: r.medianMs / floorMs,
      pass: key === 'dbkit' ? r.speedup >= GOAL_SPEEDUP : undefined,
    };
  }),
  notes: [
    `Whole processes, ${WARMUP} warm-up and ${RUNS} measured runs each, tools alternating; medians of wall time.`,
    'The floor is a Node process that reads and parses every file and checks nothing (bench/read-parse-floor.mjs).',
  ],
});
