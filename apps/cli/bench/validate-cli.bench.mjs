// Benchmark: the `dbkit validate` command against its floor (a Node process that only reads and parses the same
// files) and against ajv-cli, end to end, on the same files.
//
// Run from apps/cli after a build:  node bench/validate-cli.bench.mjs   (or `pnpm bench` at the root, which builds)
//
// Every tool runs as a whole process (spawn, Node start-up, reading, parsing, validating, printing), as a user or a
// CI job runs them, over one folder of generated automation configs (≈50 MB in total), and dbkit and the floor also
// over a copy of it where every file carries findings (an unknown field and a deprecated one: an info and a warning,
// placed, framed and printed). ajv-cli only checks the JSON Schema. dbkit, with its defaults, runs every semantic
// rule of @dbkit/core (`validateAutomationConfig`) on every file, and not the JSON Schema itself: core reports
// everything the schema does (scripts/schema-coverage.mjs finds nothing the schema adds), and `--json-schema` runs it
// as well; see docs/decisions/cli.md.
// The goal lines report PASS or MISS; a miss never fails the process (benchmarks report, they do not gate), but a
// tool that fails, or does not validate every file as expected, does.

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
/** The same configs, each with two findings. */
const FINDINGS = join(OUT, 'findings');
const MANIFEST = join(OUT, 'manifest.json');
const TIME = '/usr/bin/time';
/** Reads and parses the corpus, nothing else: what no validator can avoid (see the file). */
const FLOOR = fileURLToPath(new URL('./read-parse-floor.mjs', import.meta.url));

const WARMUP = 1;
/** Measured runs per tool; BENCH_RUNS=15 for steadier medians on a busy machine. */
const RUNS = Number(process.env.BENCH_RUNS) || 5;
/** Goals: `dbkit validate` (defaults) at most this many times its read + JSON.parse floor, over the same folder. */
const GOAL_VALID = 1.25;
const GOAL_FINDINGS = 1.5;

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

/**
 * Two findings in a generated config, as a user's edit leaves them: an unknown field in the middle process (DBK107,
 * an info) and the deprecated `maxUncompressed` in the last one's log rotation (DBK507, a warning). Still valid
 * JSON; nothing about them is harder to place than any other path.
 */
function withFindings(config) {
  const { processes } = config;
  processes[processes.length >> 1].benchOwner = 'ops';
  const last = processes[processes.length - 1];
  last.logRotate = { ...last.logRotate, maxUncompressed: 5 };
  return config;
}

/** Writes the two folders, or reuses those on disk when they were made from the same plan by the same code. */
function ensureCorpus() {
  const plan = corpusPlan();
  const key = createHash('sha256')
    .update(readFileSync(GENERATOR))
    .update(JSON.stringify(plan))
    .update(withFindings.toString())
    .digest('hex');
  const manifest = existsSync(MANIFEST) ? JSON.parse(readFileSync(MANIFEST, 'utf8')) : undefined;
  const sizeOf = (path) => statSync(path, { throwIfNoEntry: false })?.size;
  const intact =
    manifest?.key === key &&
    manifest.files.every((f) => sizeOf(join(CORPUS, f.file)) === f.bytes) &&
    manifest.findings.every((f) => sizeOf(join(FINDINGS, f.file)) === f.bytes);
  if (intact) return { files: manifest.files, findings: manifest.findings, reused: true };

  for (const dir of [CORPUS, FINDINGS]) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
  }
  const write = (dir, file, text) => {
    writeFileSync(join(dir, file), text);
    return { file, bytes: Buffer.byteLength(text) };
  };
  const files = [];
  const findings = [];
  for (const { file, options } of plan) {
    files.push(write(CORPUS, file, serialize(generateConfig(options))));
    findings.push(write(FINDINGS, file, serialize(withFindings(generateConfig(options)))));
  }
  // The manifest is written last: an interrupted generation is not mistaken for a complete corpus.
  writeFileSync(MANIFEST, `${JSON.stringify({ key, plan, files, findings }, null, 2)}\n`);
  return { files, findings, reused: false };
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
  const findingsDir = relative(CLI_DIR, FINDINGS);
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
    dbkitTool('dbkit', `dbkit ${dbkit.version}`, [dir], files, 0),
    // For reference, not for the goal: the other choice, so the table shows what the workers buy or cost here.
    availableParallelism() >= PARALLEL_MIN_CORES
      ? dbkitTool('dbkit-jobs', `dbkit ${dbkit.version} --jobs 1`, [dir, '--jobs', '1'], files, 0)
      : dbkitTool('dbkit-jobs', `dbkit ${dbkit.version} --jobs 2`, [dir, '--jobs', '2'], files, 0),
    // The floor: reading and JSON.parse alone, which every validator pays before checking anything.
    floorTool('floor', 'floor: read + JSON.parse', dir, files),
    // The same configs with findings, and their own floor.
    dbkitTool('dbkit-findings', `dbkit ${dbkit.version}, configs with findings`, [findingsDir], files, 1),
    floorTool('floor-findings', 'floor: read + JSON.parse, the configs with findings', findingsDir, files),
  ];
}

function floorTool(key, name, dir, files) {
  return {
    key,
    name,
    command: [process.execPath, FLOOR, dir],
    check: (result) =>
      result.stdout.trim() === `${files.length} parsed` ? undefined : `parsed ${result.stdout.trim()}`,
  };
}

/** dbkit over a folder where every file has `warningsPerFile` warnings (and as many infos), and no error. */
function dbkitTool(key, name, args, files, warningsPerFile) {
  return {
    key,
    name,
    command: [process.execPath, DBKIT, 'validate', ...args],
    check(result) {
      if (result.status !== 0) return 'exit code is not 0';
      const summary = /(\d+) errors?, (\d+) warnings?(?:, (\d+) infos?)? in (\d+) files?/.exec(result.stdout);
      if (!summary) return 'no summary line on stdout';
      const [errors, warnings, infos, checked] = [summary[1], summary[2], summary[3] ?? '0', summary[4]].map(Number);
      if (errors > 0) return `${errors} errors on configs meant to have none`;
      const expected = warningsPerFile * files.length;
      if (warnings !== expected || infos !== expected) {
        return `${warnings} warnings and ${infos} infos where ${expected} of each were expected (${summary[0]})`;
      }
      if (checked !== files.length || /skipped/.test(result.stdout)) {
        return `validated ${checked} of ${files.length} files (${summary[0]})`;
      }
      return undefined;
    },
  };
}

function printTable(rows) {
  const header = [
    'tool',
    'files',
    'MB',
    'median ms',
    'min ms',
    'MB/s',
    'vs floor',
    'vs ajv-cli',
    'CPU ms',
    'peak RSS MB',
  ];
  const lines = rows.map((r) => [
    r.name,
    String(r.files),
    r.mb.toFixed(1),
    r.medianMs.toFixed(0),
    r.minMs.toFixed(0),
    (r.mb / (r.medianMs / 1000)).toFixed(1),
    `${r.vsFloor.toFixed(2)}×`,
    r.vsAjv === undefined ? '—' : `${r.vsAjv.toFixed(2)}×`,
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
const megabytes = (files) => files.reduce((sum, f) => sum + f.bytes, 0) / 1e6;
const mb = megabytes(corpus.files);
const findingsMb = megabytes(corpus.findings);
console.log(
  `node ${process.version}, ${availableParallelism()} cores; ${corpus.files.length} configs, ${mb.toFixed(1)} MB in ${relative(process.cwd(), CORPUS) || '.'}, and with findings ${findingsMb.toFixed(1)} MB in ${relative(process.cwd(), FINDINGS)} (${corpus.reused ? 'reused' : 'generated'})`,
);
console.log(`whole processes, ${WARMUP} warm-up + ${RUNS} measured runs each, tools alternating\n`);

const list = tools(corpus.files);
// The warm-up runs fill the page cache (and load what the OS caches of Node and the tools).
for (let w = 0; w < WARMUP; w++) for (const tool of list) run(tool);
const samples = new Map(list.map((tool) => [tool.key, []]));
// Alternating the tools spreads any drift of the machine (other load, thermal) over all of them, each dbkit run and
// the floor of its folder alike.
for (let i = 0; i < RUNS; i++) for (const tool of list) samples.get(tool.key).push(run(tool));

/** The floor of each tool's folder. */
const FLOOR_OF = { 'dbkit-findings': 'floor-findings', 'floor-findings': 'floor-findings' };
const medianOf = (key, field) => median(samples.get(key).map((sample) => sample[field]));
const ajvMs = medianOf('ajv-cli', 'ms');
const rows = list.map((tool) => {
  const medianMs = medianOf(tool.key, 'ms');
  const withFindings = FLOOR_OF[tool.key] !== undefined;
  return {
    key: tool.key,
    name: tool.name,
    files: corpus.files.length,
    mb: withFindings ? findingsMb : mb,
    medianMs,
    minMs: Math.min(...samples.get(tool.key).map((sample) => sample.ms)),
    vsFloor: medianMs / medianOf(FLOOR_OF[tool.key] ?? 'floor', 'ms'),
    vsAjv: withFindings ? undefined : ajvMs / medianMs,
    cpuMs: RUSAGE ? medianOf(tool.key, 'cpuMs') : undefined,
    rssMB: RUSAGE ? Math.max(...samples.get(tool.key).map((sample) => sample.rssMB)) : undefined,
  };
});
printTable(rows);
const byKey = (key) => rows.find((r) => r.key === key);
console.log(
  `\nevery run exited 0; dbkit reported all ${corpus.files.length} files, with no errors, and with findings one warning and one info in each.`,
);
console.log(
  "vs floor: the tool's median time / that of reading and JSON.parse of the same folder alone (lower is faster); vs ajv-cli: ajv-cli's median time / the tool's (higher is faster).",
);
console.log(
  'CPU ms: median user + sys time of the process, all threads (GNU time); peak RSS MB: the largest of the runs.',
);
const goals = [
  { key: 'dbkit', target: GOAL_VALID, folder: 'valid configs' },
  { key: 'dbkit-findings', target: GOAL_FINDINGS, folder: 'configs with findings' },
];
for (const { key, target, folder } of goals) {
  const r = byKey(key);
  console.log(
    `goal dbkit validate ≤ ${target}× its floor, ${folder}: ${r.vsFloor <= target ? 'PASS' : 'MISS'} (measured ${r.vsFloor.toFixed(2)}×)`,
  );
}

reportBench('cli', {
  rows: [
    ...goals.map(({ key, target, folder }) => {
      const r = byKey(key);
      const floor = byKey(FLOOR_OF[key] ?? 'floor');
      return {
        goal: `\`dbkit validate\` (defaults), ${r.files} ${folder}, ${r.mb.toFixed(1)} MB`,
        target: `≤ ${target}× read + JSON.parse`,
        measured: `${r.medianMs.toFixed(0)} ms${r.vsAjv === undefined ? '' : `; ajv-cli ${ajvMs.toFixed(0)} ms`}`,
        floor: `read + JSON.parse ${floor.medianMs.toFixed(0)} ms`,
        ratio: r.vsFloor,
        pass: r.vsFloor <= target,
      };
    }),
    (() => {
      const r = byKey('dbkit-jobs');
      return {
        goal: `\`${r.name.replace(/^dbkit [^ ]+/, 'dbkit validate')}\`, ${r.files} valid configs, ${mb.toFixed(1)} MB`,
        target: undefined,
        measured: `${r.medianMs.toFixed(0)} ms; ajv-cli ${ajvMs.toFixed(0)} ms`,
        floor: `read + JSON.parse ${byKey('floor').medianMs.toFixed(0)} ms`,
        ratio: r.vsFloor,
        pass: undefined,
      };
    })(),
  ],
  notes: [
    `Whole processes, ${WARMUP} warm-up and ${RUNS} measured runs each, tools alternating; medians of wall time.`,
    'The floor is a Node process that reads and parses every file of the same folder and checks nothing (bench/read-parse-floor.mjs).',
    'With findings: the same configs, each with an unknown field and a deprecated one (an info and a warning), placed with code frames.',
  ],
});
