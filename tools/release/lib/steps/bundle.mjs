// Step 4: what @dbkit/core costs a web page, bundled by esbuild from the installed tarball.
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { formatBytes } from '../report.mjs';

/** The budget of a page that only validates, gzipped. */
export const VALIDATE_BUDGET = 25 * 1024;

/**
 * A minified browser ESM bundle of `entry` (in the consumer folder), in memory: its size raw and gzipped.
 * @param {string} dir
 * @param {string} entry
 */
export async function bundleSize(dir, entry) {
  const result = await build({
    absWorkingDir: dir,
    entryPoints: [join(dir, entry)],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.contents ?? new Uint8Array();
  return { raw: code.length, gzipped: gzipSync(code).length };
}

/**
 * @param {import('../context.mjs').Context} ctx
 * @param {import('../report.mjs').Recorder} report
 */
export async function bundle(ctx, report) {
  if (!ctx.installed) {
    report.skip('needs the install step');
    return '';
  }
  /** @type {Record<string, { raw: number, gzipped: number }>} */
  const sizes = {};
  for (const entry of ['browser-validate.mjs', 'browser-all.mjs']) {
    try {
      sizes[entry] = await bundleSize(ctx.consumerDir, entry);
    } catch (error) {
      report.fail({
        what: `esbuild cannot bundle ${entry} for the browser: ${/** @type {Error} */ (error).message.split('\n').slice(0, 4).join(' ')}`,
        why: '@dbkit/core promises to run in browsers; a bundler that cannot resolve it (a Node built-in, a missing export) breaks every web user',
        fix: 'remove the Node-only import from core, or fix the export the error names',
      });
    }
  }
  const validate = sizes['browser-validate.mjs'];
  const all = sizes['browser-all.mjs'];
  if (validate && validate.gzipped > VALIDATE_BUDGET) {
    report.fail({
      what: `a page importing only validateAutomationConfig bundles to ${formatBytes(validate.gzipped)} gzipped, over the ${formatBytes(VALIDATE_BUDGET)} budget`,
      why: 'every page that validates downloads it; code reachable from the validator cannot be tree-shaken away',
      fix: 'find what the validator pulls in (esbuild --analyze on the entry) and move it behind another entry point, as @dbkit/core/explain is',
    });
  }
  const part = (/** @type {string} */ label, /** @type {{ raw: number, gzipped: number } | undefined} */ size) =>
    size ? `${label} ${formatBytes(size.gzipped)} gzipped (${formatBytes(size.raw)} minified)` : `${label} failed`;
  return `${part('validateAutomationConfig alone', validate)}, budget ${formatBytes(VALIDATE_BUDGET)}; ${part("export * from '@dbkit/core'", all)}`;
}
