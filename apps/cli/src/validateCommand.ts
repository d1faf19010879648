/** `dbkit validate`: inputs → results (serially or on the worker pool) → output in input order → exit code. */
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import type { ValidateCommand } from './args.js';
import { type Input, resolveInputs, STDIN_NAME } from './inputs.js';
import type { Io } from './io.js';
import { palette, useColor } from './output/color.js';
import { jsonLines } from './output/json.js';
import { createProgress } from './output/progress.js';
import { buildSarif } from './output/sarif.js';
import { formatTextFile, formatTextSummary } from './output/text.js';
import { plural, type Totals, totalsOf } from './output/totals.js';
import { type CheckSettings, createCheckContext } from './validate/context.js';
import type { FileResult } from './validate/finding.js';
import { checkInput } from './validate/task.js';

/**
 * Below this many bytes in total, files are checked in the main thread alone: a worker (a fresh isolate that loads
 * the bundle and the precompiled schema and warms up the JIT again) costs more than it saves (docs/decisions/cli.md,
 * "Workers only for large inputs on three or more cores").
 */
export const PARALLEL_MIN_BYTES = 8_000_000;

/**
 * Fewer cores than this, and the default is no workers: a serial run already keeps ~1.3 cores busy (V8 compiles and
 * collects garbage on background threads), so on 2 cores a worker only competes with them: `--jobs 2` there is at
 * best 1.1× faster than `--jobs 1` and up to 1.5× slower on a busy machine (docs/decisions/cli.md, same record).
 */
export const PARALLEL_MIN_CORES = 3;

/** How many threads check files, the main thread included (it works alongside the workers); 1 for no workers. */
export function threadCount(jobs: number | undefined, inputs: readonly Input[], cores: number): number {
  const files = inputs.filter((input) => input.path !== undefined);
  if (files.length < 2) return 1;
  if (jobs !== undefined) return Math.min(jobs, files.length);
  const bytes = files.reduce((sum, input) => sum + input.size, 0);
  // One core is left to V8's background threads, which the serial run already uses.
  return cores >= PARALLEL_MIN_CORES && bytes >= PARALLEL_MIN_BYTES ? Math.min(cores - 1, files.length) : 1;
}

function list(names: readonly string[]): string {
  return names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
}

/** The one line on stderr that explains a non-zero exit, if one is owed. */
function exitReason(totals: Totals, maxWarnings: number | undefined): { code: number; reason?: string } {
  const problems: string[] = [];
  if (totals.unreadable.length > 0) problems.push(`cannot read ${list(totals.unreadable)}`);
  if (totals.invalidJson.length > 0) {
    const n = totals.invalidJson.length;
    problems.push(
      `${n === 1 ? `${totals.invalidJson[0]} is` : `${n} files are`} not valid JSON${n === 1 ? '' : ` (${list(totals.invalidJson)})`}`,
    );
  }
  if (problems.length > 0) {
    return {
      code: 2,
      reason: `${problems.join('; ')}: fix the json/syntax errors shown (or the file's permissions) and run again`,
    };
  }
  if (totals.errors > 0) return { code: 1 };
  if (maxWarnings !== undefined && totals.warnings > maxWarnings) {
    return { code: 1, reason: `${plural(totals.warnings, 'warning')}, more than --max-warnings ${maxWarnings} allows` };
  }
  return { code: 0 };
}

export async function runValidate(command: ValidateCommand, io: Io): Promise<number> {
  const resolved = await resolveInputs(command.inputs, io.cwd);
  if (!resolved.ok) {
    io.stderr.write(`dbkit: ${resolved.error}\n`);
    return 2;
  }
  const { inputs } = resolved;
  const color = useColor(command.color, io.env, io.stdout.isTTY === true);
  const settings: CheckSettings = {
    quiet: command.quiet,
    frames: command.format === 'text' ? { color } : undefined,
    jsonSchema: command.jsonSchema,
  };
  const { context, schemaUnavailable } = await createCheckContext(settings);
  if (schemaUnavailable !== undefined) {
    io.stderr.write(
      `dbkit: schema not available (${schemaUnavailable}); only core's rules ran. Build it: npx --yes pnpm@10.34.8 --filter @dbkit/schema run build\n`,
    );
  }
  const stdinText = inputs.some((input) => input.path === undefined) ? await io.readStdin() : undefined;

  const p = palette(color);
  const progress = createProgress(inputs.length, io.stderr);
  const write = (text: string): void => {
    if (text === '') return;
    progress.clear();
    io.stdout.write(text);
  };
  const results: (FileResult | undefined)[] = new Array(inputs.length);
  let printed = 0;
  let jsonItems = 0;
  if (command.format === 'json') write('[');
  const emit = (result: FileResult): void => {
    if (command.format === 'text') write(formatTextFile(result, p, command.quiet));
    else if (command.format === 'json') {
      for (const line of jsonLines(result, command.quiet)) write(`${jsonItems++ === 0 ? '\n' : ',\n'}${line}`);
    }
  };
  let completed = 0;
  const accept = (index: number, result: FileResult): void => {
    results[index] = result;
    completed++;
    while (printed < inputs.length && results[printed] !== undefined) emit(results[printed++]!);
    progress.update(completed);
  };

  const threads = threadCount(command.jobs, inputs, availableParallelism());
  if (threads === 1) {
    for (const [index, input] of inputs.entries()) accept(index, checkInput(input, context, stdinText));
  } else {
    // Stdin is already in memory: the main thread checks it first; the files go to the pool, the main thread included.
    const files: number[] = [];
    for (const [index, input] of inputs.entries()) {
      if (input.path === undefined) accept(index, checkInput(input, context, stdinText));
      else files.push(index);
    }
    // Loaded only here: node:worker_threads and the pool cost a serial run nothing.
    const { checkInParallel } = await import('./validate/pool.js');
    await checkInParallel(
      files.map((index) => inputs[index]!),
      threads,
      settings,
      (input) => checkInput(input, context),
      (i, result) => accept(files[i]!, result),
    );
  }
  progress.clear();

  const all = results as FileResult[];
  const totals = totalsOf(all);
  if (command.format === 'text') write(formatTextSummary(totals, p));
  else if (command.format === 'json') write(jsonItems === 0 ? ']\n' : '\n]\n');
  else {
    const root = pathToFileURL(io.cwd).href.replace(/\/?$/, '/');
    const sarif = buildSarif(all, { tool: io.tool, root, stdinName: STDIN_NAME, quiet: command.quiet });
    write(`${JSON.stringify(sarif, null, 2)}\n`);
  }
  const { code, reason } = exitReason(totals, command.maxWarnings);
  if (reason !== undefined) io.stderr.write(`dbkit: ${reason}\n`);
  return code;
}
