/**
 * The playground end to end: the production build served by `bin/dbkit-web.mjs`, in Debian's Chromium. Each step
 * acts as a user does and saves a screenshot under e2e/artifacts/ (git-ignored); `DBKIT_UPDATE_SCREENSHOT=1` also
 * copies the completion step's to images/playground.png for the README.
 */
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_DIR } from '../test/serverHarness.ts';
import {
  documentText,
  exampleText,
  goTo,
  locate,
  pickExample,
  problemCount,
  type Session,
  screenshot,
  startSession,
  waitForDocument,
  waitReady,
} from './harness.ts';

const REPLICA_SET = 'automation/replica-set.automation.json';
const replicaSet = exampleText(REPLICA_SET);
const BROKEN = 'automation/mistakes/broken.automation.json';
const broken = exampleText(BROKEN);
const statusText = (page: Page) => page.textContent('#status-text');

describe('the playground in Chromium', () => {
  let session: Session;
  let page: Page;
  beforeAll(async () => {
    session = await startSession();
    page = await session.newPage();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('loads with the default example validated in the worker', async () => {
    await page.goto(session.url);
    await waitReady(page);
    expect(await documentText(page)).toBe(replicaSet);
    expect(await statusText(page)).toMatch(/^Automation config · schema v1\.0 · 0 errors, 0 warnings · validated at/);
    expect(await problemCount(page)).toBe('(0)');
    await screenshot(page, 'loaded');
  });

  it('picks examples: the deliberate mistakes, and an API document with its schema', async () => {
    await pickExample(page, 'automation/mistakes/broken.automation.json');
    expect(await problemCount(page)).toBe('(10)');
    expect(await statusText(page)).toContain('7 errors, 3 warnings');
    await screenshot(page, 'example-mistakes');
    await pickExample(page, 'api/alert-list.json');
    expect(await statusText(page)).toMatch(/^Alert list page · schema v1\.0 · 0 errors/);
    await screenshot(page, 'example-api');
  });

  it('shows a typed mistake as a marker with its code and a problems-list entry, and goes there on a click', async () => {
    await pickExample(page, REPLICA_SET);
    const at = locate(replicaSet, '1.0', '"priority"');
    await goTo(page, at.line, at.column);
    for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.type('1500');
    const entry = page.locator('#problem-list li[data-code="DBK301"]');
    await entry.waitFor();
    expect(await entry.textContent()).toContain('"priority" is 1500, outside 0 to 1000');
    await page.waitForSelector('.monaco-editor .squiggly-error');
    await screenshot(page, 'typed-mistake');

    // Its code links to its page on this site, which the build serves.
    const link = entry.locator('a.code');
    const href = await link.getAttribute('href');
    expect(href).toBe(new URL('codes/DBK301', page.url()).href);
    const codePage = await page.context().request.get(href ?? '');
    expect(codePage.status()).toBe(200);
    const html = await codePage.text();
    expect(html).toContain('<h1>DBK301</h1>');
    expect(html).toContain('<h2>How to fix it</h2>');

    await goTo(page, 1, 1);
    await entry.click();
    await page.waitForFunction(
      (text) => document.getElementById('cursor')?.textContent?.startsWith(text),
      `Ln ${at.line}, Col`,
    );
    await screenshot(page, 'problem-clicked');
  });

  it('completes a member host with the process names', async () => {
    await pickExample(page, REPLICA_SET);
    const at = locate(replicaSet, '"orders-0"', '"members"');
    await goTo(page, at.line, at.column);
    await page.keyboard.press('Shift+End');
    await page.keyboard.press('Delete');
    await page.keyboard.type('"');
    const widget = page.locator('.suggest-widget.visible');
    await widget.waitFor();
    await page.waitForFunction(() => {
      const labels = [...document.querySelectorAll('.suggest-widget .monaco-list-row')].map((row) => row.textContent);
      return ['orders-0', 'orders-1', 'orders-2'].every((name) => labels.some((label) => label?.includes(name)));
    });
    const path = await screenshot(page, 'completion');
    if (process.env.DBKIT_UPDATE_SCREENSHOT === '1') copyFileSync(path, join(PACKAGE_DIR, 'images', 'playground.png'));
    await page.keyboard.press('Escape');
  });

  it('completes a member host from its DBK202 problem: the selected value is replaced by a process name', async () => {
    await pickExample(page, BROKEN);
    // Clicking the problem selects the value, quotes included, with the cursor after its closing quote.
    await page.locator('#problem-list li[data-code="DBK202"]').click();
    const host = locate(broken, '"shop-shard1-2"', '"host": "shop-shard1-1"');
    await page.waitForFunction(
      (text) => document.getElementById('cursor')?.textContent?.startsWith(text),
      `Ln ${host.line}, Col ${host.column + '"shop-shard1-2"'.length}`,
    );
    await page.keyboard.press('Control+Space');
    await page.locator('.suggest-widget.visible').waitFor();
    await page.waitForFunction(() => {
      const labels = [...document.querySelectorAll('.suggest-widget .monaco-list-row')].map((row) => row.textContent);
      return ['shop-shard1-0', 'shop-shard1-1'].every((name) => labels.some((label) => label?.includes(name)));
    });
    await screenshot(page, 'completion-at-value-edge');
    const chosen = await page.textContent('.suggest-widget .monaco-list-row.focused .label-name');
    expect(chosen).toMatch(/^"shop-[\w-]+"$/);
    await page.keyboard.press('Enter');
    const lines = broken.split('\n');
    lines[host.line - 1] = lines[host.line - 1]!.replace('"shop-shard1-2"', chosen!);
    await waitForDocument(page, lines.join('\n'));
  });

  it('shows the spec text on hover', async () => {
    await pickExample(page, REPLICA_SET);
    const at = locate(replicaSet, '"votes"', '"members"');
    await goTo(page, at.line, at.column);
    const key = page.locator('.view-lines .view-line span span', { hasText: /^"votes"$/ }).first();
    await key.hover();
    const hover = page.locator('.monaco-hover:not(.hidden)');
    await hover.waitFor();
    await page.waitForFunction(() =>
      (document.querySelector('.monaco-hover:not(.hidden)')?.textContent ?? '').includes(
        'Election votes; 0 or 1 for data-bearing nodes',
      ),
    );
    await screenshot(page, 'hover');
  });

  it('renames a process and its members follow', async () => {
    await pickExample(page, REPLICA_SET);
    const at = locate(replicaSet, 'orders-2"', '"name": "orders-2"');
    await goTo(page, at.line, at.column + 1);
    await page.keyboard.press('F2');
    // The rename box takes the focus once the worker has said the name can be renamed.
    await page.waitForFunction(() => document.activeElement?.closest('.rename-box') != null);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('orders-9');
    await screenshot(page, 'rename-input');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => {
      const text = (window as { dbkitPlayground?: { text(): string } }).dbkitPlayground?.text() ?? '';
      return !text.includes('"orders-2"') && text.includes('"host": "orders-9"');
    });
    expect(await documentText(page)).toContain('"name": "orders-9"');
    await page.waitForFunction(() => document.getElementById('problem-count')?.textContent === '(0)');
    await screenshot(page, 'renamed');
  });

  it('goes to the definition of a member host, and formats a one-line document', async () => {
    await pickExample(page, REPLICA_SET);
    const host = locate(replicaSet, 'orders-1"', '"host": "orders-1"');
    await goTo(page, host.line, host.column + 1);
    await page.keyboard.press('F12');
    const declared = locate(replicaSet, '"orders-1"', '"name": "orders-1"');
    await page.waitForFunction(
      (text) => document.getElementById('cursor')?.textContent?.startsWith(text),
      `Ln ${declared.line},`,
    );
    await screenshot(page, 'definition');

    const oneLine = JSON.stringify(JSON.parse(replicaSet));
    await page.setInputFiles('#file', {
      name: 'one-line.automation.json',
      mimeType: 'application/json',
      buffer: Buffer.from(oneLine),
    });
    await waitForDocument(page, oneLine);
    await page.click('.monaco-editor .view-lines');
    // Format Document: Ctrl+Shift+I on Linux (Shift+Alt+F elsewhere).
    await page.keyboard.press('Control+Shift+I');
    await page.waitForFunction(() => {
      const text = (window as { dbkitPlayground?: { text(): string } }).dbkitPlayground?.text() ?? '';
      return text.split('\n').length > 100;
    });
    expect(JSON.parse(await documentText(page))).toEqual(JSON.parse(replicaSet));
    await screenshot(page, 'formatted');
  });

  it('applies a quick fix', async () => {
    await pickExample(page, REPLICA_SET);
    const at = locate(replicaSet, '1"', '"host": "orders-1"');
    await goTo(page, at.line, at.column);
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.type('x');
    await page.locator('#problem-list li[data-code="DBK202"]').waitFor();
    await page.keyboard.press('Control+.');
    const menu = page.locator('.action-widget');
    await menu.waitFor();
    await screenshot(page, 'quick-fix-menu');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !document.querySelector('#problem-list li[data-code="DBK202"]'));
    expect(await documentText(page)).not.toContain('orders-x');
    await screenshot(page, 'quick-fixed');
  });

  it('shares the document by link and opens it in a fresh page; a broken link gets a message', async () => {
    await pickExample(page, 'automation/mistakes/broken.automation.json');
    await page.click('#share');
    await page.waitForFunction(() => location.hash.startsWith('#share='));
    const link = page.url();
    const fresh = await session.newPage();
    await fresh.goto(link);
    await waitReady(fresh);
    expect(await documentText(fresh)).toBe(exampleText('automation/mistakes/broken.automation.json'));
    expect(await problemCount(fresh)).toBe('(10)');
    await screenshot(fresh, 'shared-link');

    const broken = await session.newPage();
    await broken.goto(`${link.slice(0, link.length - 40)}`);
    await waitReady(broken);
    expect(await broken.textContent('#message')).toContain('This share link is broken or incomplete');
    expect(await documentText(broken)).toBe(replicaSet);
    await screenshot(broken, 'broken-link');
    await fresh.close();
    await broken.close();
  });

  it('opens a local file with the picker and by drag-and-drop, refuses a binary one, and downloads', async () => {
    const mine = replicaSet.replace('"orders"', '"mine"');
    await page.setInputFiles('#file', {
      name: 'mine.automation.json',
      mimeType: 'application/json',
      buffer: Buffer.from(mine),
    });
    await waitForDocument(page, mine);
    expect(Number((await problemCount(page))?.replace(/\D/g, ''))).toBeGreaterThan(0);
    await screenshot(page, 'opened-file');

    const drop = async (name: string, bytes: number[]) => {
      const transfer = await page.evaluateHandle(
        ({ name, bytes }) => {
          const data = new DataTransfer();
          data.items.add(new File([new Uint8Array(bytes)], name));
          return data;
        },
        { name, bytes },
      );
      await page.dispatchEvent('body', 'drop', { dataTransfer: transfer });
    };
    const alert = exampleText('api/alert-list.json');
    await drop('dropped.alert-list.json', [...Buffer.from(alert)]);
    await waitForDocument(page, alert);
    expect(await statusText(page)).toMatch(/^Alert list page/);
    await drop('picture.png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    await page.waitForFunction(() =>
      document.getElementById('message')?.textContent?.includes('picture.png is not a text file'),
    );
    expect(await documentText(page)).toBe(alert);
    await screenshot(page, 'dropped-binary');

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    expect(download.suggestedFilename()).toBe('dropped.alert-list.json');
    expect(readFileSync(await download.path(), 'utf8')).toBe(alert);
  });

  it('says how to start a service when none is configured', async () => {
    await page.click('#service-open-panel');
    await page.waitForSelector('#service-panel[data-service="none"]');
    const text = await page.textContent('#service-panel');
    expect(text).toContain('No service is configured');
    expect(text).toContain('node apps/web/bin/dbkit-web.mjs --service http://127.0.0.1:8080');
    expect(await page.isVisible('#service-open')).toBe(false);
    await screenshot(page, 'no-service');
    await page.click('#service-open-panel');
    await page.waitForSelector('#service-panel', { state: 'hidden' });
  });

  it('follows the system dark mode', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForSelector('html[data-theme="dark"] .monaco-editor.vs-dark');
    await screenshot(page, 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForSelector('html[data-theme="light"] .monaco-editor.vs');
  });
});
