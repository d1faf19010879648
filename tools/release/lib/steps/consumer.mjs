// Step 3: a strict TypeScript project on the installed packages, compiled under node16 and bundler resolution and
// run under Node; and a CommonJS `require('@dbkit/core')`, whose outcome is recorded.
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tail, VALID_EXAMPLE } from '../context.mjs';
import { run } from '../process.mjs';

export const FIXTURES = new URL('../../fixtures/consumer/', import.meta.url);

/**
 * Writes the consumer project's files from the templates: the tsconfigs point at tools/release's Node types, as the
 * project compiles with tools/release's TypeScript.
 * @param {import('../context.mjs').Context} ctx
 */
export function writeConsumer(ctx) {
  const typeRoots = join(ctx.releaseDir, 'node_modules', '@types');
  for (const name of readdirSync(FIXTURES)) {
    const text = readFileSync(new URL(name, FIXTURES), 'utf8').replaceAll('__TYPE_ROOTS__', typeRoots);
    writeFileSync(join(ctx.consumerDir, name), text);
  }
  copyFileSync(join(ctx.root, VALID_EXAMPLE), join(ctx.consumerDir, 'valid.automation.json'));
}

/**
 * What `require('@dbkit/core')` does on this Node, as one line, and whether it is what the ESM-only decision says:
 * it works where Node can require() an ES module (`process.features.require_module`), and throws ERR_REQUIRE_ESM
 * where it cannot.
 * @param {import('../process.mjs').RunResult} result
 * @param {boolean} requireModule
 */
export function judgeRequire(result, requireModule) {
  const stderr = result.stderr.trim();
  if (result.code === 0) {
    const warning = /Warning: (.*)/.exec(stderr)?.[1];
    return {
      expected: requireModule,
      line: `works (${result.stdout.trim()})${warning ? `, with "${warning}"` : ', no warning'}`,
    };
  }
  const error = /^(\w*Error.*|.*\[ERR_\w+\].*)$/m.exec(stderr)?.[1] ?? tail(stderr, 2);
  return { expected: !requireModule && /ERR_REQUIRE_ESM/.test(stderr), line: `throws: ${error}` };
}

/**
 * @param {import('../context.mjs').Context} ctx
 * @param {import('../report.mjs').Recorder} report
 */
export async function consumer(ctx, report) {
  if (!ctx.installed) {
    report.skip('needs the install step');
    return '';
  }
  writeConsumer(ctx);
  const tsc = join(ctx.releaseDir, 'node_modules', 'typescript', 'bin', 'tsc');
  const version = JSON.parse(
    readFileSync(join(ctx.releaseDir, 'node_modules', 'typescript', 'package.json'), 'utf8'),
  ).version;
  const compiled = [];
  for (const [mode, config] of /** @type {const} */ ([
    ['node16', 'tsconfig.node16.json'],
    ['bundler', 'tsconfig.bundler.json'],
  ])) {
    const result = await run(process.execPath, [tsc, '-p', config], { cwd: ctx.consumerDir, timeoutMs: 120_000 });
    if (result.code !== 0) {
      report.fail({
        what: `tsc (${mode} resolution, strict) does not compile the consumer: ${tail(result.stdout || result.stderr, 12)}`,
        why: `a TypeScript user with moduleResolution ${mode} gets these errors from dbkit's published types`,
        fix: 'fix the types or exports the errors name (DBKIT_RELEASE_KEEP=1 keeps the project to reproduce it)',
      });
      continue;
    }
    compiled.push(mode);
    const ran = await run(process.execPath, [`out/${mode}/index.mjs`, 'valid.automation.json'], {
      cwd: ctx.consumerDir,
      timeoutMs: 60_000,
    });
    const line = ran.stdout.trim().split('\n').at(-1) ?? '';
    /** @type {{ diagnostics?: number, explained?: string, explainedTitle?: string, planChanges?: number, clientMethods?: number, codes?: number }} */
    let out = {};
    try {
      out = JSON.parse(line);
    } catch {
      // Reported below.
    }
    if (ran.code !== 0 || out.diagnostics !== 0 || out.explained !== 'DBK202') {
      report.fail({
        what: `the compiled consumer (${mode}) ${ran.code === 0 ? `printed ${line}` : `exited with code ${ran.code}: ${tail(ran.stderr)}`}`,
        why: `the valid example ${VALID_EXAMPLE} must give 0 diagnostics and explainCode('DBK202') its entry, as in the workspace`,
        fix: 'run the consumer by hand (DBKIT_RELEASE_KEEP=1) and compare with the same calls in the workspace',
      });
      continue;
    }
    if (mode === 'node16') {
      ctx.explained = { code: out.explained, title: out.explainedTitle ?? '' };
      report.detail(
        `node ran it: ${out.diagnostics} diagnostics on the valid example, plan of it onto itself: ${out.planChanges} changes, ${out.codes} codes, explainCode('DBK202') found, createClient gave ${out.clientMethods} methods`,
      );
    }
  }

  const required = await run(process.execPath, ['require.cjs'], { cwd: ctx.consumerDir, timeoutMs: 60_000 });
  const requireModule = Boolean(/** @type {{ require_module?: boolean }} */ (process.features).require_module);
  const { expected, line } = judgeRequire(required, requireModule);
  report.detail(`CommonJS require('@dbkit/core') on Node ${process.version}: ${line}`);
  if (!expected) {
    report.fail({
      what: `require('@dbkit/core') ${line}`,
      why: requireModule
        ? 'Node can require() an ES module here, so a CommonJS user should get the package (ESM-only decision); an ES module graph with top-level await or a CommonJS-only export breaks that'
        : 'Node cannot require() an ES module here; the expected error is ERR_REQUIRE_ESM',
      fix: 'keep top-level await out of the packages, or change the decision in docs/decisions/repository.md',
    });
  }
  // A CommonJS TypeScript project: `module: node20` compiles the import to require(), which this Node serves.
  let typedRequire = 'not tried (this Node cannot require() an ES module)';
  if (requireModule) {
    const cts = await run(process.execPath, [tsc, '-p', 'tsconfig.require.json'], {
      cwd: ctx.consumerDir,
      timeoutMs: 120_000,
    });
    const ran =
      cts.code === 0
        ? await run(process.execPath, ['out/require/require.cjs'], { cwd: ctx.consumerDir, timeoutMs: 60_000 })
        : undefined;
    typedRequire = ran?.code === 0 ? 'compiles to require() and runs' : 'fails';
    if (ran?.code !== 0) {
      report.fail({
        what: `a CommonJS TypeScript module (require.cts, module node20) ${cts.code === 0 ? `compiles, then fails under Node: ${tail(ran?.stderr ?? '')}` : `does not compile: ${tail(cts.stdout || cts.stderr)}`}`,
        why: "the ESM-only decision serves CommonJS TypeScript users through `module: node20` and Node's require() of ES modules",
        fix: 'fix what the errors name, or change the decision in docs/decisions/repository.md',
      });
    }
  }
  report.detail(`CommonJS TypeScript (a .cts importing @dbkit/core, module node20): ${typedRequire}`);
  return `TypeScript ${version} strict, ${compiled.length === 2 ? 'node16 and bundler resolution compile' : `compiles under ${compiled.join(', ') || 'no resolution'}`}, Node runs it; require() ${expected ? 'behaves as decided' : 'does not behave as decided'}`;
}
