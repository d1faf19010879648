/**
 * A real VS Code for the end-to-end tests: code-server (VS Code 1.139 served to a browser) with the packaged
 * .vsix installed in a fresh extensions folder, a fresh user-data folder and a fixture workspace, driven through
 * Debian's Chromium by playwright-core. code-server is tracked (`@dbkit/test-process`): it runs in a process group of
 * its own and is stopped with it, since it leaves child processes (file watcher, extension host, agent host) behind
 * otherwise, and after the test file at the latest, even when the hook that launched it fails or times out.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CHROMIUM_ARGS } from '@dbkit/browser-test';
import { runTracked, spawnTracked, stopProcess } from '@dbkit/test-process';
import { type Browser, chromium, type Page } from 'playwright-core';

/** Runs a command to its end; rejects with what it printed when it fails. */
async function run(command: string, args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv }) {
  const result = await runTracked(command, args, options);
  if (result.code !== 0) {
    throw new Error(`${command} ${args.join(' ')} ended with ${result.code ?? result.signal}:\n${result.stderr}`);
  }
}

export const PACKAGE_DIR = resolve(import.meta.dirname, '..');
export const REPO_ROOT = resolve(PACKAGE_DIR, '../..');
export const ARTIFACTS_DIR = join(PACKAGE_DIR, 'e2e', 'artifacts');

export interface Tools {
  readonly chromium: string;
  readonly codeServer: string;
  /** Prepended to PATH so code-server runs on its Node 24. */
  readonly path: string;
}

/** Installs or reuses code-server and Chromium (`e2e/setup.mjs`). */
export async function setupTools(): Promise<Tools> {
  const setupModule: { setup(): Tools } = await import(join(PACKAGE_DIR, 'e2e', 'setup.mjs'));
  return setupModule.setup();
}

/** Packages the extension as a user gets it: the `package` script (`vsce package`, which runs the production build). */
export async function packageExtension(dir: string): Promise<string> {
  const out = join(dir, 'dbkit-vscode.vsix');
  const manifest = JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as {
    scripts: { package: string };
  };
  const [command, ...args] = manifest.scripts.package.split(/\s+/);
  await run(join(PACKAGE_DIR, 'node_modules', '.bin', command!), [...args, '--out', out], { cwd: PACKAGE_DIR });
  return out;
}

/** A port nobody listens on, from the kernel. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Polls `check` until it returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface VsCode {
  readonly page: Page;
  readonly workspace: string;
  readonly logs: () => string;
  close(): Promise<void>;
}

/** The user settings of the test profile: nothing that pops up or downloads. */
const USER_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'chat.disableAIFeatures': true,
  'chat.commandCenter.enabled': false,
  'security.workspace.trust.enabled': false,
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'editor.minimap.enabled': false,
  'editor.hover.delay': 300,
  'files.autoSave': 'off',
  'git.enabled': false,
  'window.restoreWindows': 'none',
};

export interface LaunchOptions {
  readonly tools: Tools;
  readonly vsix: string;
  /** Fills the workspace folder. */
  readonly fillWorkspace: (dir: string) => void;
  /** User settings on top of the test profile's. */
  readonly settings?: Readonly<Record<string, unknown>>;
}

/** Starts code-server with the .vsix installed and opens the workspace in Chromium. */
export async function launchVsCode({ tools, vsix, fillWorkspace, settings }: LaunchOptions): Promise<VsCode> {
  const root = mkdtempSync(join(tmpdir(), 'dbkit-e2e-'));
  const userData = join(root, 'user-data');
  const extensions = join(root, 'extensions');
  const workspace = join(root, 'workspace');
  for (const dir of [userData, extensions, workspace, join(userData, 'User')]) mkdirSync(dir, { recursive: true });
  writeFileSync(join(userData, 'User', 'settings.json'), JSON.stringify({ ...USER_SETTINGS, ...settings }, null, 2));
  fillWorkspace(workspace);

  // Everything code-server writes outside the given folders (its config.yaml, state) stays in the temp root.
  const env = {
    ...process.env,
    PATH: `${tools.path}:${process.env.PATH ?? ''}`,
    XDG_CONFIG_HOME: join(root, 'config'),
    XDG_DATA_HOME: join(root, 'data'),
    XDG_CACHE_HOME: join(root, 'cache'),
  };
  const common = ['--user-data-dir', userData, '--extensions-dir', extensions, '--config', join(root, 'config.yaml')];
  await run(tools.codeServer, [...common, '--install-extension', vsix], { env });
  const installed = readdirSync(extensions).filter((name) => name.startsWith('dbkit.dbkit-vscode-'));
  if (installed.length !== 1) throw new Error(`the .vsix did not install: ${readdirSync(extensions).join(', ')}`);

  const port = await freePort();
  let log = '';
  const server = spawnTracked(
    tools.codeServer,
    [
      ...common,
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--auth',
      'none',
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--disable-getting-started-override',
      workspace,
    ],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  server.stdout?.on('data', (chunk) => {
    log += String(chunk);
  });
  server.stderr?.on('data', (chunk) => {
    log += String(chunk);
  });
  let browser: Browser | undefined;
  try {
    await waitFor(
      'code-server to answer',
      async () => {
        if (server.exitCode !== null) throw new Error(`code-server exited (${server.exitCode}): ${log}`);
        const response = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined);
        return response?.ok;
      },
      60_000,
    );
    browser = await chromium.launch({
      executablePath: tools.chromium,
      args: [...CHROMIUM_ARGS],
    });
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace)}`);
    await page.waitForSelector('.monaco-workbench', { timeout: 60_000 });
    const opened = browser;
    return {
      page,
      workspace,
      logs: () => log,
      async close() {
        await opened.close().catch(() => undefined);
        await stopProcess(server, 10_000);
        if (process.env.DBKIT_E2E_KEEP !== '1') rmSync(root, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await browser?.close().catch(() => undefined);
    await stopProcess(server);
    throw error;
  }
}

/** Copies the repository's example automation configs (and the deliberately broken one) into `dir`. */
export function copyExamples(dir: string): void {
  cpSync(join(REPO_ROOT, 'examples', 'automation'), dir, { recursive: true });
}
