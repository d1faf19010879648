/**
 * What a user does in the workbench, as playwright steps that wait for what the user would wait for: a quick
 * input to open, a status bar text, a widget. No fixed sleeps.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { ARTIFACTS_DIR, waitFor } from './harness.ts';

/** Status bar items by id: VS Code's own, and the extension's (`<publisher>.<name>.<item id>`). */
export const Status = {
  languageMode: '[id="status.editor.mode"]',
  selection: '[id="status.editor.selection"]',
  problems: '[id="status.problems"]',
  dbkit: '[id="dbkit.dbkit-vscode.dbkit.status"]',
} as const;

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

/** The first match's visible text ('' when there is none); Monaco's no-break spaces read as spaces. */
export async function text(locator: Locator): Promise<string> {
  if ((await locator.count()) === 0) return '';
  // biome-ignore lint/performance/useDomNodeTextContent: playwright's innerText: the rendered text a user reads.
  return (await locator.first().innerText()).replace(/\u00a0/g, ' ');
}

/** Waits until the status bar item's text (or aria-label) matches. */
export async function waitForStatus(
  page: Page,
  selector: string,
  expected: RegExp,
  timeoutMs = 30_000,
): Promise<string> {
  return waitFor(
    `status bar ${selector} to match ${expected}`,
    async () => {
      const item = page.locator(selector);
      if ((await item.count()) === 0) return undefined;
      const value = `${await text(item)} ${(await item.first().getAttribute('aria-label')) ?? ''}`;
      return expected.test(value) ? value : undefined;
    },
    timeoutMs,
  );
}

export async function quickInput(page: Page, key: string, value: string): Promise<void> {
  await page.keyboard.press(key);
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await input.waitFor({ state: 'visible' });
  await page.keyboard.type(value);
  // What the box holds (a prefix such as `>` or `:` stays in front): nothing typed was lost.
  await waitFor(`the quick input to read ${value}`, async () => (await input.inputValue()).endsWith(value));
}

/** Quick Open (Ctrl+P): waits for the file among the results and clicks it. */
export async function openFile(page: Page, name: string, folder?: string): Promise<void> {
  await quickInput(page, 'Control+P', folder ? `${folder}/${name}` : name);
  let row = page.locator('.quick-input-list .monaco-list-row', { hasText: name });
  if (folder) row = row.filter({ hasText: folder });
  await row.first().click({ timeout: 30_000 });
  await page.locator('.tabs-container .tab.active', { hasText: name.replace(/\.json$/, '') }).waitFor();
}

/** Runs a command from the Command Palette (F1) by its title, as a user does. */
export async function runCommand(page: Page, title: string): Promise<void> {
  await quickInput(page, 'F1', title);
  const row = page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first();
  await row.waitFor({ state: 'visible' });
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
}

/** Go to Line/Column (Ctrl+G), then waits for the cursor to be there. */
export async function goTo(page: Page, at: Position): Promise<void> {
  await quickInput(page, 'Control+G', `${at.line}:${at.column}`);
  await page.keyboard.press('Enter');
  await waitForStatus(page, Status.selection, new RegExp(`Ln ${at.line}, Col ${at.column}\\b`));
}

/** A 1-based position, as the status bar shows it. */
export interface Position {
  readonly line: number;
  readonly column: number;
}

/** Where `needle` starts in `text` (its `occurrence`-th match), moved `shift` characters right. */
export function positionOf(text: string, needle: string, shift = 0, occurrence = 1): Position {
  let index = -1;
  for (let i = 0; i < occurrence; i++) {
    index = text.indexOf(needle, index + 1);
    if (index < 0) throw new Error(`${needle} (${occurrence}) is not in the fixture`);
  }
  const before = text.slice(0, index + shift);
  const line = before.split('\n').length;
  return { line, column: before.length - before.lastIndexOf('\n') };
}

/** The Problems panel (Ctrl+Shift+M), its visible text. */
export async function problemsText(page: Page): Promise<string> {
  return text(page.locator('.markers-panel'));
}

export async function showProblems(page: Page): Promise<void> {
  await page.keyboard.press('Control+Shift+M');
  await page.locator('.markers-panel').waitFor({ state: 'visible' });
}

/** Types into the Problems panel's filter (a file name, a code), or clears it with ''. */
export async function filterProblems(page: Page, filter: string): Promise<void> {
  const input = page.locator('.panel .viewpane-filter input:visible').first();
  await input.fill(filter);
}

/** The labels of the open suggest widget's rows: `"shop-cfg-1"` from `"shop-cfg-1", Reference`. */
export async function suggestions(page: Page): Promise<string[]> {
  const labels = await page
    .locator('.suggest-widget.visible .monaco-list-row')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label') ?? ''));
  return labels.map((label) => label.replace(/, [^,]*$/, ''));
}

/** Runs "dbkit: Show Output" and returns the output once the extension has logged its activation. */
export async function showOutput(page: Page): Promise<string> {
  await runCommand(page, 'dbkit: Show Output');
  return waitFor('the dbkit output', async () => {
    const value = await text(page.locator('.output-view .view-lines'));
    return value.includes('activated') ? value : undefined;
  });
}

/** Waits for the output to say the language server is restarting. */
export async function waitForRestartInOutput(page: Page): Promise<void> {
  await waitFor('the restart in the output', async () =>
    (await text(page.locator('.output-view .view-lines'))).includes('Restarting the dbkit language server'),
  );
}
