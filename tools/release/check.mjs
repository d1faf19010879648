#!/usr/bin/env node
// `pnpm release:check`: dbkit as its users get it, proven from outside the monorepo. Packs every published package
// and the VS Code extension, installs the tarballs with plain npm in an empty folder, and uses them as each kind of
// user does. Needs `pnpm build` first. One line per step, then PASS or FAIL; exits 1 when a step failed.
//
//   --files               list every file of each tarball and of the .vsix
//   DBKIT_RELEASE_KEEP=1  keep the temporary folders (their path is printed) to reproduce a failure
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { outsideEnv, stopAll } from './lib/process.mjs';
import { newStep, renderStep, renderVerdict } from './lib/report.mjs';
import { bundle } from './lib/steps/bundle.mjs';
import { commands, service } from './lib/steps/commands.mjs';
import { consumer } from './lib/steps/consumer.mjs';
import { install } from './lib/steps/install.mjs';
import { lint } from './lib/steps/lint.mjs';
import { pack } from './lib/steps/pack.mjs';
import { vsix } from './lib/steps/vsix.mjs';
import { extensions, pnpmCommand, publishedPackages, RELEASE_DIR, REPO_ROOT, readWorkspace } from './lib/workspace.mjs';

/**
 * @typedef {import('./lib/context.mjs').Context} Context
 * @typedef {(ctx: Context, report: import('./lib/report.mjs').Recorder) => Promise<string>} Step
 */

const started = Date.now();
const keep = process.env.DBKIT_RELEASE_KEEP === '1';
const work = realpathSync(mkdtempSync(join(tmpdir(), 'dbkit-release-')));
if (!relative(REPO_ROOT, work).startsWith('..')) {
  throw new Error(`Expected the temporary folder outside the repository, got ${work} (set TMPDIR elsewhere)`);
}

function cleanUp() {
  stopAll();
  if (!keep) rmSync(work, { recursive: true, force: true });
}
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(signal, () => {
    cleanUp();
    process.exit(130);
  });
}

const workspace = readWorkspace(REPO_ROOT);
/** @type {Context} */
const ctx = {
  root: REPO_ROOT,
  releaseDir: RELEASE_DIR,
  work,
  packDir: join(work, 'tarballs'),
  consumerDir: join(work, 'consumer'),
  vsixDir: join(work, 'vsix'),
  workspace,
  packages: publishedPackages(workspace),
  extension: extensions(workspace)[0],
  pnpm: pnpmCommand(JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'))),
  outsideEnv: outsideEnv(process.env),
  listFiles: process.argv.includes('--files'),
  tarballs: [],
  installed: false,
  explained: undefined,
};
for (const dir of [ctx.packDir, ctx.consumerDir, ctx.vsixDir]) mkdirSync(dir, { recursive: true });

console.log(
  `release check: ${ctx.packages.map((pkg) => pkg.manifest.name).join(', ')}${ctx.extension ? ` and ${ctx.extension.dir}'s .vsix` : ''}, in ${work}${keep ? ' (kept)' : ''}`,
);

/**
 * Runs one step, timing it and turning an exception of the check itself into a failure.
 * @param {string} name
 * @param {Step} step
 */
async function runStep(name, step) {
  const { result, recorder } = newStep(name);
  const stepStarted = Date.now();
  try {
    const summary = await step(ctx, recorder);
    if (result.status !== 'skip' || result.summary === '') result.summary = summary || result.summary;
  } catch (error) {
    recorder.fail({
      what: `the check itself failed: ${/** @type {Error} */ (error).stack ?? error}`,
      why: 'a bug in tools/release, or an environment it does not expect',
      fix: 'fix tools/release (its unit tests: `pnpm --filter @dbkit/release test`)',
    });
  }
  result.ms = Date.now() - stepStarted;
  return result;
}

/** @type {import('./lib/report.mjs').StepResult[]} */
const results = [];
const print = (/** @type {import('./lib/report.mjs').StepResult} */ result) => {
  results.push(result);
  console.log(renderStep(result).join('\n'));
};

try {
  print(await runStep('pack', pack));
  // The linters and the extension need no install: they run while npm downloads.
  const linted = runStep('lint', lint);
  const packaged = runStep('vsix', vsix);
  print(await runStep('install', install));
  print(await runStep('consumer', consumer));
  print(await runStep('bundle', bundle));
  print(await runStep('commands', commands));
  print(await runStep('service', service));
  print(await linted);
  print(await packaged);
} finally {
  cleanUp();
}
console.log(renderVerdict(results, Date.now() - started));
process.exitCode = results.some((result) => result.status === 'fail') ? 1 : 0;
