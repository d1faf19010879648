#!/usr/bin/env node
// Installs what the end-to-end tests need to run the extension in a real VS Code, and reuses it when present:
// - Debian's Chromium (the browser playwright-core drives; `@dbkit/browser-test`, shared with apps/web) and, only when code-server must be built, the Kerberos
//   headers one of its native modules needs: `apt-get install` only when missing (CI runs as root on Debian);
// - Node 24 and code-server (a real VS Code served to a browser) from the npm registry, into the git-ignored
//   `<repo>/.cache/real-vscode/` (`DBKIT_REAL_VSCODE_DIR` overrides). About two minutes the first time; a marker
//   file written last says the install finished, so a half-finished one is deleted and redone.
// Prints the paths as JSON on the last line of stdout. `node e2e/setup.mjs` runs it alone.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { aptInstall, debPackageInstalled, ensureChromium } from '@dbkit/browser-test';

export const CODE_SERVER_VERSION = '4.139.1';
export const NODE_FOR_CODE_SERVER = '24';

const here = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = resolve(here, '../../..');

export function cacheDir() {
  return process.env.DBKIT_REAL_VSCODE_DIR ?? join(repoRoot, '.cache', 'real-vscode');
}

const log = (message) => process.stderr.write(`[e2e setup] ${message}\n`);

function readMarker(dir) {
  try {
    return JSON.parse(readFileSync(join(dir, '.ready.json'), 'utf8'));
  } catch {
    return undefined;
  }
}

function ensureCodeServer() {
  const dir = cacheDir();
  // Two npm prefixes: installing code-server beside `node` would make npm prune and redo the Node binary (and
  // its headers) while code-server's native modules build against them.
  const nodeBin = join(dir, 'node24', 'node_modules', '.bin');
  const codeServerBin = join(dir, 'code-server', 'node_modules', '.bin');
  const marker = readMarker(dir);
  if (
    marker?.codeServer === CODE_SERVER_VERSION &&
    existsSync(join(codeServerBin, 'code-server')) &&
    existsSync(join(nodeBin, 'node'))
  ) {
    log(`reusing code-server ${CODE_SERVER_VERSION} in ${dir}`);
    return { dir, nodeBin, codeServerBin };
  }
  if (existsSync(dir)) {
    log(`deleting the unfinished or outdated install in ${dir}`);
    rmSync(dir, { recursive: true, force: true });
  }
  if (!debPackageInstalled('libkrb5-dev')) aptInstall(['libkrb5-dev']);
  const started = Date.now();
  const quiet = ['--no-audit', '--no-fund', '--loglevel=error'];
  // Run from `npm test` (pnpm, turbo), the environment describes the outer run: its Node 20 (`NODE`,
  // `npm_node_execpath`, `npm_config_nodedir`…), on which npm would run code-server's install scripts (they refuse
  // anything but Node 24), and its project (`npm_config_local_prefix`, where npm would install). The installs get
  // an environment without those, and keep the user's npm settings (`npm_config_*`: the registry, its CA file):
  // npm running on Node 24 would not find the global npmrc, which is looked up beside the Node binary.
  const OUTER_RUN = new Set([
    'npm_config_node_gyp',
    'npm_config_nodedir',
    'npm_config_local_prefix',
    'npm_config_user_agent',
  ]);
  const cleanEnv = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) =>
        key !== 'NODE' &&
        key !== 'INIT_CWD' &&
        (!/^npm_/i.test(key) || (/^npm_config_/i.test(key) && !OUTER_RUN.has(key))),
    ),
  );
  const npmIn = (prefix, spec, env = cleanEnv) => {
    const cwd = join(dir, prefix);
    mkdirSync(cwd, { recursive: true });
    writeFileSync(join(cwd, 'package.json'), `${JSON.stringify({ name: `real-vscode-${prefix}`, private: true })}\n`);
    log(`npm i ${spec}`);
    execFileSync('npm', ['i', spec, ...quiet], { cwd, stdio: ['ignore', 'ignore', 'inherit'], env });
  };
  npmIn('node24', `node@${NODE_FOR_CODE_SERVER}`);
  // code-server needs Node 24: with that Node first on PATH, its install scripts (node-gyp) run on Node 24, and
  // they build against Node 24's headers, which the npm package ships (node-gyp cannot download them here, and a
  // user npmrc may point `nodedir` at the system Node's).
  const nodedir = join(
    dir,
    'node24',
    'node_modules',
    'node',
    'node_modules',
    `node-${process.platform}-${process.arch}`,
  );
  if (!existsSync(join(nodedir, 'include', 'node', 'common.gypi'))) throw new Error(`no Node headers in ${nodedir}`);
  const env = { ...cleanEnv, PATH: `${nodeBin}:${process.env.PATH ?? ''}`, npm_config_nodedir: nodedir };
  npmIn('code-server', `code-server@${CODE_SERVER_VERSION}`, env);
  const seconds = Math.round((Date.now() - started) / 1000);
  writeFileSync(
    join(dir, '.ready.json'),
    `${JSON.stringify({ codeServer: CODE_SERVER_VERSION, node: NODE_FOR_CODE_SERVER, seconds }, null, 2)}\n`,
  );
  log(`code-server installed in ${seconds} s`);
  return { dir, nodeBin, codeServerBin };
}

/** Installs (or finds) everything; returns `{ chromium, codeServer, path }` (`path`: prepend to PATH). */
export function setup() {
  const chromium = ensureChromium();
  const { nodeBin, codeServerBin } = ensureCodeServer();
  // `code-server` is a Node script: run it with `nodeBin` first on PATH.
  return { chromium, codeServer: join(codeServerBin, 'code-server'), path: `${nodeBin}:${codeServerBin}` };
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const result = setup();
  log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
