// Last build step, after tsc and precompile-schema.mjs: bundles the CLI with esbuild, so a run loads a few files
// instead of ~120 ES modules (the CLI's, core's, schema's, client's, the language server's path locator,
// jsonc-parser's, tinyglobby's), each resolved, read and compiled on its own; bundled, start-up is 1.75× a bare
// `node -e 0` (unbundled 2.75×), in the main thread and again in every worker (docs/decisions/cli.md, "Start-up is
// one esbuild bundle").
//
//   dist/main.js         the `dbkit` entry (src/main.ts: the compile cache on Node 22.1+, then run.js)
//   dist/worker.js       the worker of the pool (src/validate/worker.ts)
//   dist/chunk-*.js      the CLI (src/run.ts and what it imports), split where the entries share code or a
//                        module is imported on demand
//
// Everything sits directly in dist/, beside dist/generated/ and one level below package.json, so the paths the
// sources build from `import.meta.url` (./worker.js, ./generated/, ../package.json) hold in the bundle as they hold
// in tsc's output. tsc still writes dist/ (declarations, and the modules scripts/precompile-schema.mjs imports);
// this step overwrites its dist/main.js and dist/validate/worker.js is left unused. ajv stays outside the bundle: it
// is required only when dist/generated/ is missing.
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');

// Chunk names carry a content hash: the previous build's would pile up.
for (const name of readdirSync(dist)) {
  if (/^chunk-[\w-]+\.js(\.map)?$/.test(name)) rmSync(join(dist, name));
}

const result = await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/main.ts', worker: 'src/validate/worker.ts' },
  outdir: dist,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // jsonc-parser's `main` is a UMD build whose inner requires esbuild cannot follow; its ESM build is `module`.
  mainFields: ['module', 'main'],
  external: ['ajv', 'ajv/*'],
  entryNames: '[name]',
  chunkNames: 'chunk-[name]-[hash]',
  sourcemap: 'linked',
  logLevel: 'warning',
  metafile: true,
});

// `@dbkit/language-server/internal/locate` and `/internal/publish` are the language server without its service: a bundle that pulled in
// the service (vscode-json-languageservice and the LSP libraries) would load them on every run.
const heavy = Object.keys(result.metafile.inputs).filter((input) =>
  /[/\\]vscode-(json-languageservice|languageserver)/.test(input),
);
if (heavy.length > 0) throw new Error(`The CLI bundle must not hold the language service: ${heavy.join(', ')}`);

for (const [file, output] of Object.entries(result.metafile.outputs)) {
  if (!file.endsWith('.map')) console.log(`${file}  ${(output.bytes / 1024).toFixed(0)} KiB`);
}
