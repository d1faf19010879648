// Step 7: the VS Code extension as its users get it: the .vsix its `package` script makes (vsce, which runs the
// production build first), what it holds, and what vsce warned about.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listZip } from '../archive.mjs';
import { tail } from '../context.mjs';
import { run } from '../process.mjs';
import { describeFiles, formatBytes } from '../report.mjs';
import { vsceWarnings, vsixProblems } from '../vsix.mjs';

/**
 * The extension's `package` script as a command line with `--out`, run from its own node_modules/.bin as
 * apps/vscode/e2e/harness.ts runs it.
 * @param {string} packageDir
 * @param {string} script
 * @param {string} out
 */
export function packageCommand(packageDir, script, out) {
  const [command = 'vsce', ...args] = script.trim().split(/\s+/);
  return { command: join(packageDir, 'node_modules', '.bin', command), args: [...args, '--out', out] };
}

/**
 * @param {import('../context.mjs').Context} ctx
 * @param {import('../report.mjs').Recorder} report
 */
export async function vsix(ctx, report) {
  const extension = ctx.extension;
  if (extension === undefined) {
    report.skip('no workspace package is a VS Code extension (engines.vscode)');
    return '';
  }
  const scripts = /** @type {Record<string, string>} */ (extension.manifest.scripts ?? {});
  if (scripts.package === undefined) {
    report.fail({
      what: `${extension.dir}/package.json has no "package" script`,
      why: 'the .vsix is made by that script (`pnpm vsix` runs it)',
      fix: 'add "package": "vsce package --no-dependencies" to its scripts',
    });
    return 'no package script';
  }
  const dir = join(ctx.root, extension.dir);
  const out = join(ctx.vsixDir, `${extension.manifest.name}.vsix`);
  const { command, args } = packageCommand(dir, scripts.package, out);
  const result = await run(command, args, { cwd: dir, timeoutMs: 180_000 });
  const output = `${result.stdout}\n${result.stderr}`;
  const warnings = vsceWarnings(output);
  for (const warning of warnings) {
    report.fail({
      what: `vsce warned: ${warning}`,
      why: 'the Marketplace and users see what vsce warns about (a missing README, LICENSE, repository or CHANGELOG, a broken link)',
      fix: `fix ${extension.dir}/package.json or the file vsce names`,
    });
  }
  if (result.code !== 0) {
    report.fail({
      what: `\`${scripts.package}\` ${result.timedOut ? 'timed out' : `exited with code ${result.code}`}: ${tail(output)}`,
      why: 'no .vsix, no release of the extension',
      fix: `run \`pnpm vsix\` and fix what it reports`,
    });
    return 'no .vsix';
  }
  const buffer = readFileSync(out);
  const entries = listZip(buffer);
  const paths = entries.map((entry) => entry.path);
  const problems = vsixProblems(paths);
  for (const kind of new Set(problems.map((problem) => problem.kind))) {
    const found = problems.filter((problem) => problem.kind === kind).map((problem) => problem.path);
    report.fail({
      what: `the .vsix holds ${found.length} ${kind} file${found.length === 1 ? '' : 's'}: ${found.slice(0, 5).join(', ')}${found.length > 5 ? ', …' : ''}`,
      why: 'the extension is bundled: anything else only makes every install bigger',
      fix: `exclude them in ${extension.dir}/.vscodeignore`,
    });
  }
  const unpacked = entries.reduce((sum, entry) => sum + entry.size, 0);
  report.detail(
    `${extension.manifest.name}.vsix  ${formatBytes(buffer.length)} (${formatBytes(unpacked)} unpacked), ${entries.length} files: ${describeFiles(paths.map((path) => path.replace(/^extension\//, '')))}`,
  );
  if (ctx.listFiles) {
    for (const entry of entries) report.detail(`    ${entry.path}  ${formatBytes(entry.size)}`);
  }
  return `${formatBytes(buffer.length)}, ${entries.length} files, ${problems.length} node_modules or test files; vsce: ${warnings.length} warning${warnings.length === 1 ? '' : 's'}`;
}
