/**
 * The production build (`dist/`) served by `bin/dbkit-web.mjs`, driven in Debian's Chromium with playwright-core
 * (`@dbkit/browser-test`: installed with apt-get when missing, never downloaded). Helpers act as a user does:
 * keyboard, mouse, the page's controls; they wait for conditions, never for a fixed time.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_ARGS, ensureChromium } from '@dbkit/browser-test';
import { stopProcess } from '@dbkit/test-process';
import { type Browser, chromium, type Page } from 'playwright-core';
import { PACKAGE_DIR, startServer } from '../test/serverHarness.ts';

export const ARTIFACTS = join(PACKAGE_DIR, 'e2e', 'artifacts');

export interface Session {
  readonly browser: Browser;
  readonly url: string;
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

export interface SessionOptions {
  /** More arguments for `bin/dbkit-web.mjs` (e.g. `--service URL`). */
  readonly serverArgs?: readonly string[];
  /** Screenshots are `<prefix>NN-name.png`; each suite removes only its own. */
  readonly artifactPrefix?: string;
}

let prefix = '';

export async function startSession(options: SessionOptions = {}): Promise<Session> {
  prefix = options.artifactPrefix ?? '';
  mkdirSync(ARTIFACTS, { recursive: true });
  const own = prefix === '' ? /^\d\d-.*\.png$/ : new RegExp(`^${prefix}\\d\\d-.*\\.png$`);
  for (const name of readdirSync(ARTIFACTS)) if (own.test(name)) rmSync(join(ARTIFACTS, name), { force: true });
  const executablePath = ensureChromium();
  const server = await startServer(['--port', '0', ...(options.serverArgs ?? [])]);
  const browser = await chromium.launch({ executablePath, args: [...CHROMIUM_ARGS] });
  return {
    browser,
    url: server.url,
    async newPage() {
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return page;
    },
    async close() {
      await browser.close().catch(() => undefined);
      await stopProcess(server.child);
    },
  };
}

let shot = 0;
/** Saves the step's screenshot (`e2e/artifacts/NN-name.png`) and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  shot += 1;
  const path = join(ARTIFACTS, `${prefix}${String(shot).padStart(2, '0')}-${name}.png`);
  await page.screenshot({ path });
  return path;
}

/** Waits until the page is up and the document in the editor has been validated. */
export async function waitReady(page: Page): Promise<void> {
  await page.waitForSelector('body[data-ready="true"]');
  await page.waitForSelector('.monaco-editor .view-lines');
  await waitValidated(page);
}

interface PlaygroundHandle {
  text(): string;
  version(): string;
}

/** Waits until the current version of the document has its markers. */
export async function waitValidated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const handle = (window as { dbkitPlayground?: PlaygroundHandle }).dbkitPlayground;
    return handle !== undefined && document.body.dataset.validated === handle.version();
  });
}

export const problemCount = (page: Page) => page.textContent('#problem-count');

/** The document in the editor. */
export const documentText = (page: Page) =>
  page.evaluate(() => (window as { dbkitPlayground?: PlaygroundHandle }).dbkitPlayground?.text() ?? '');

export function exampleText(path: string): string {
  return readFileSync(join(PACKAGE_DIR, '..', '..', 'examples', path), 'utf8');
}

/** Waits until the editor holds `text`, validated. */
export async function waitForDocument(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    (expected) => (window as { dbkitPlayground?: PlaygroundHandle }).dbkitPlayground?.text() === expected,
    text,
  );
  await waitValidated(page);
}

/** Opens an example with the picker (via another one, so picking the current example opens it again). */
export async function pickExample(page: Page, path: string): Promise<void> {
  const other = path === 'api/error-body.json' ? 'api/alert-list.json' : 'api/error-body.json';
  await page.selectOption('#example', other);
  await waitForDocument(page, exampleText(other));
  await page.selectOption('#example', path);
  await waitForDocument(page, exampleText(path));
}

/** Moves the cursor with "Go to line" (Ctrl+G), 1-based line and column. */
export async function goTo(page: Page, line: number, column: number): Promise<void> {
  await page.click('.monaco-editor .view-lines');
  await page.keyboard.press('Control+G');
  await page.waitForSelector('.quick-input-widget .quick-input-box input');
  await page.keyboard.type(`${line}:${column}`);
  await page.keyboard.press('Enter');
  await page.waitForFunction(
    (text) => document.getElementById('cursor')?.textContent === text,
    `Ln ${line}, Col ${column}`,
  );
  // The keys pressed next (F2, F12, Ctrl+Space) go to the editor: its text area has the focus back from the box.
  await page.waitForFunction(() => document.activeElement?.closest('.monaco-editor') != null);
}

/** The 1-based line and column where `needle` starts (after `after`, if given) in `text`. */
export function locate(text: string, needle: string, after = ''): { line: number; column: number } {
  const from = after === '' ? 0 : text.indexOf(after);
  const offset = text.indexOf(needle, from);
  if (from < 0 || offset < 0) throw new Error(`"${needle}" not found`);
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
}
