#!/usr/bin/env node
// Bundles the extension with esbuild, one file per entry, so the .vsix holds no node_modules:
//   dist/extension.js         the Node entry (CommonJS, `vscode` external)
//   dist/browserExtension.js  the browser entry (CommonJS for the web extension host)
//   dist/server.js            @dbkit/language-server's Node entry (a child process over IPC)
//   dist/serverBrowser.js     @dbkit/language-server's browser entry (a web worker)
// and copies @dbkit/schema's schemas to dist/schemas/ for `jsonValidation` and `dbkit: Open JSON Schema`.
// `--production` minifies and drops source maps (the .vsix build, `vscode:prepublish`).
import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const production = process.argv.includes('--production');
const require = createRequire(join(root, 'package.json'));

rmSync(dist, { recursive: true, force: true });

/** @type {import('esbuild').BuildOptions} */
const common = {
  bundle: true,
  minify: production,
  sourcemap: production ? false : 'linked',
  // ESM builds first: jsonc-parser's `main` is a UMD build whose inner requires esbuild cannot follow.
  mainFields: ['module', 'main'],
  legalComments: production ? 'none' : 'inline',
  logLevel: 'warning',
  metafile: true,
};
const node = { ...common, platform: 'node', target: 'node20', format: 'cjs' };
const browser = { ...common, platform: 'browser', target: 'es2022', mainFields: ['browser', 'module', 'main'] };

const results = await Promise.all([
  build({
    ...node,
    entryPoints: { extension: 'src/extension.ts' },
    external: ['vscode'],
    outdir: dist,
  }),
  build({
    ...browser,
    format: 'cjs',
    entryPoints: { browserExtension: 'src/browserExtension.ts' },
    external: ['vscode'],
    outdir: dist,
  }),
  build({ ...node, entryPoints: { server: require.resolve('@dbkit/language-server/node') }, outdir: dist }),
  build({
    ...browser,
    format: 'iife',
    entryPoints: { serverBrowser: require.resolve('@dbkit/language-server/browser') },
    outdir: dist,
  }),
]);

const schemaDir = join(dirname(require.resolve('@dbkit/schema/package.json')), 'schema');
mkdirSync(join(dist, 'schemas'), { recursive: true });
const schemas = readdirSync(schemaDir).filter((name) => name.endsWith('.json'));
for (const name of schemas) copyFileSync(join(schemaDir, name), join(dist, 'schemas', name));

for (const result of results) {
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    if (!file.endsWith('.map')) console.log(`${file.replace(`${root}`, '')}  ${(output.bytes / 1024).toFixed(0)} KiB`);
  }
}
console.log(`dist/schemas/  ${schemas.length} files${production ? '  (production)' : ''}`);
