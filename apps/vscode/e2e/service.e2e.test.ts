/**
 * The service from the editor, in a real VS Code (code-server, Node extension host) against a real dbkit-server this
 * test starts: a connection added through the input boxes (and a wrong key refused in one line), the explorer down
 * to a snapshot kept (the service's state changes), the deployed config opened as
 * `dbkit://<public key>@<host>/<project>/automationConfig.json`; with auto-save on, an unsafe edit kept as a draft
 * without an error, its plan against the deployed revision showing its error, fixed (the plan follows the edit),
 * published with the confirmation, and followed until the agents reach it; with auto-save off, Ctrl+S keeps a draft
 * that a reload keeps and that Publish, offered by the save, sends; then a 409 after a concurrent CLI push. No
 * private key is ever printed. Screenshots: e2e/artifacts/service-*.png.
 */

import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { runTracked, spawnTracked, stopProcess } from '@dbkit/test-process';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ARTIFACTS_DIR,
  launchVsCode,
  packageExtension,
  REPO_ROOT,
  setupTools,
  type Tools,
  type VsCode,
  waitFor,
} from './harness.ts';
import { goTo, positionOf, problemsText, quickInput, screenshot, showProblems, text } from './workbench.ts';

/** The dbkit view's icon in the activity bar. */
const ACTIVITY = '.activitybar .action-item a[aria-label^="dbkit"]';

const SERVER_MAIN = join(REPO_ROOT, 'apps', 'server', 'dist', 'main.js');
const CLI_MAIN = join(REPO_ROOT, 'apps', 'cli', 'dist', 'main.js');

interface Service {
  readonly process: ChildProcess;
  readonly url: string;
  readonly groupId: string;
  readonly publicKey: string;
  readonly privateKey: string;
  readonly clusterId: string;
}

/** dbkit-server on a free port, in memory, its agents one move per 300 ms; its start-up lines name the keys. */
async function startService(): Promise<Service> {
  let out = '';
  const child = spawnTracked(
    process.execPath,
    [SERVER_MAIN, '--port', '0', '--in-memory', '--admin', '--agent-step-ms', '300'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (chunk) => {
    out += String(chunk);
  });
  const lines = await waitFor(
    'dbkit-server to print its keys',
    async () => (/Press Ctrl-C/.test(out) ? out : undefined),
    60_000,
  );
  const url = /dbkit server: (http:\/\/\S+)\/api\/public\/v1\.0/.exec(lines)?.[1];
  const project = /project project-1 {2}id (\w+) {2}key (\w+):(\S+)/.exec(lines);
  const cluster = /cluster rs0 {2}id (\w+)/.exec(lines);
  if (!url || !project || !cluster) throw new Error(`unexpected start-up lines: ${lines}`);
  return {
    process: child,
    url,
    groupId: project[1] ?? '',
    publicKey: project[2] ?? '',
    privateKey: project[3] ?? '',
    clusterId: cluster[1] ?? '',
  };
}

let tools: Tools;
let vsix: string;
let vsixDir: string | undefined;
let service: Service | undefined;
let vscode: VsCode | undefined;
const ui = () => {
  if (vscode === undefined || service === undefined) throw new Error('not started');
  return { page: vscode.page, service, vscode };
};

beforeAll(async () => {
  tools = await setupTools();
  vsixDir = mkdtempSync(join(tmpdir(), 'dbkit-vsix-'));
  vsix = await packageExtension(vsixDir);
  service = await startService();
  vscode = await launchVsCode({
    tools,
    vsix,
    fillWorkspace: (dir) => writeFileSync(join(dir, 'README.txt'), 'empty\n'),
  });
});

afterAll(async () => {
  if (toastWatch !== undefined) clearInterval(toastWatch);
  await vscode?.close();
  if (service) await stopProcess(service.process);
  if (vsixDir !== undefined) rmSync(vsixDir, { recursive: true, force: true });
});

afterEach(async (context) => {
  if (context.task.result?.state !== 'fail' || vscode === undefined) return;
  const name = `service-failed-${context.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}`;
  await screenshot(vscode.page, name).catch(() => undefined);
  writeFileSync(join(ARTIFACTS_DIR, `${name}.log`), vscode.logs());
});

/** The service's state through its admin API. */
async function state(): Promise<{
  groups: Record<
    string,
    {
      clusters: Record<string, { snapshots: Record<string, { doNotDelete: boolean }> }>;
      automationConfig: { version: number; text: string };
    }
  >;
}> {
  return (await fetch(`${ui().service.url}/__dbkit/state`)).json() as never;
}

/** Answers the four input boxes of Add Service Connection…. */
async function addConnection(page: Page, values: readonly string[]): Promise<void> {
  await command(page, 'dbkit: Add Service Connection…');
  const input = page.locator('.quick-input-widget .quick-input-box input');
  for (const [step, value] of values.entries()) {
    await waitFor(`input box ${step + 1}/4`, async () =>
      (await text(page.locator('.quick-input-widget .quick-input-title'))).includes(`(${step + 1}/4)`),
    );
    await input.fill(value);
    await page.keyboard.press('Enter');
  }
}

/** The notification toasts' text. */
const toasts = (page: Page) => text(page.locator('.notifications-toasts'));

/** What VS Code says when a save fails: no save of a deployed config may bring it up. */
const SAVE_FAILED = /Failed to save|Unable to write|NoPermissions/;

/** Every notification toast seen by `watchToasts`, for the checks that no save failed. */
let seenToasts = '';
let toastWatch: ReturnType<typeof setInterval> | undefined;
function watchToasts(page: Page): void {
  toastWatch ??= setInterval(() => {
    void toasts(page).then(
      (shown) => {
        seenToasts += `${shown}\n`;
      },
      () => undefined,
    );
  }, 100);
}

/** Every log file VS Code keeps for the test's window (the extension's output channel among them). */
function readLogs(): string[] {
  const logs = join(dirname(ui().vscode.workspace), 'user-data', 'logs');
  return readdirSync(logs, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'));
}

/** The active editor tab. */
const activeTab = (page: Page) =>
  page.locator('.tabs-container .tab.active[data-resource-name="automationConfig.json"]').first();

/** Waits until the active tab has no unsaved edits (a save went through). */
async function waitSaved(page: Page, what: string): Promise<void> {
  await waitFor(
    what,
    async () => !((await activeTab(page).getAttribute('class')) ?? 'dirty').includes('dirty'),
    30_000,
  );
}

/** The explorer's row with this label (its aria-label starts with it). */
const row = (page: Page, label: string) =>
  page.locator('.pane-body .monaco-list-row').filter({ hasText: label }).first();

/**
 * Expands the explorer row `label` until `child` shows under it: a click selects the row, Right expands it (again,
 * should a refresh of the tree have collapsed it meanwhile).
 */
async function expand(page: Page, label: string, child: string): Promise<void> {
  await waitFor(
    `${child} under ${label}`,
    async () => {
      if ((await row(page, child).count()) > 0 && (await row(page, child).isVisible())) return true;
      await row(page, label).click();
      await page.keyboard.press('ArrowRight');
      return undefined;
    },
    30_000,
  );
}

/**
 * Runs a command from the Command Palette by its title; opens the palette again when the command is not listed yet
 * (the palette lists the commands it knows when it opens, and an extension registers its own as it activates).
 */
async function command(page: Page, title: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    await quickInput(page, 'F1', title);
    const listed = page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first();
    const shown = await listed.waitFor({ state: 'visible', timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    // Enter once only: what follows (an input box, a dialog) is the caller's to wait for.
    if (shown) return page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    if (Date.now() > deadline) throw new Error(`the Command Palette never listed ${title}`);
  }
}

/** Clicks a modal dialog's button. */
async function dialogButton(page: Page, label: string): Promise<string> {
  const dialog = page.locator('.monaco-dialog-box');
  await dialog.waitFor({ state: 'visible' });
  const message = await text(dialog);
  await dialog.locator('.monaco-button', { hasText: label }).first().click();
  await dialog.waitFor({ state: 'hidden' });
  return message;
}

/** Replaces `length` characters at `needle` (+ shift) in the active editor by typing `value`. */
async function typeOver(page: Page, source: string, needle: string, shift: number, length: number, value: string) {
  await goTo(page, positionOf(source, needle, shift));
  for (let i = 0; i < length; i++) await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.type(value);
}

describe('the service from the editor', () => {
  it('a wrong private key is refused in one line that says what to do', { timeout: 120_000 }, async () => {
    const { page, service } = ui();
    await addConnection(page, [service.url, service.groupId, service.publicKey, 'not-the-private-key']);
    const message = await waitFor('the refusal', async () => {
      const shown = await toasts(page);
      return /rejected the key pair/.test(shown) ? shown : undefined;
    });
    expect(message).toContain(
      `dbkit: The service rejected the key pair for project ${service.groupId}. Check the public and private key.`,
    );
    expect(message).not.toMatch(/HTTP 401|UNEXPECTED_ERROR|\.\./);
    expect(message).not.toContain('not-the-private-key');
    await page.keyboard.press('Escape');
    await page
      .locator('.notifications-toasts .codicon-notifications-clear, .notifications-toasts .codicon-close')
      .first()
      .click()
      .catch(() => undefined);
  });

  it('adds a connection and expands the explorer to a snapshot, then keeps it', async () => {
    const { page, service } = ui();
    await addConnection(page, [service.url, service.groupId, service.publicKey, service.privateKey]);
    await page.locator(ACTIVITY).first().click();
    await expand(page, `${service.groupId} on`, `Project ${service.groupId}`);
    await expand(page, `Project ${service.groupId}`, 'Automation config v1');
    await expand(page, 'Clusters', 'rs0');
    await expand(page, 'rs0', 'complete');
    const before = Object.values((await state()).groups[service.groupId]?.clusters[service.clusterId]?.snapshots ?? {});
    const kept = before.filter((s) => s.doNotDelete).length;
    // A snapshot not kept yet: its inline Keep action, shown on hover.
    const snapshotRow = page
      .locator('.pane-body .monaco-list-row')
      .filter({ hasText: 'complete' })
      .filter({ hasNotText: 'kept' })
      .first();
    await screenshot(page, 'service-explorer');
    await snapshotRow.hover();
    await snapshotRow.locator('.action-label[aria-label^="Keep Snapshot"]').click();
    const asked = await dialogButton(page, 'Keep');
    expect(asked).toMatch(/expir/i);
    await waitFor('the service to keep a snapshot', async () => {
      const after = (await state()).groups[service.groupId]?.clusters[service.clusterId]?.snapshots ?? {};
      return Object.values(after).filter((s) => s.doNotDelete).length === kept + 1;
    });
  });

  it('with auto-save on, keeps each pause’s edits as a draft without an error, plans, publishes and converges', async () => {
    const { page, service } = ui();
    watchToasts(page);
    await row(page, 'Automation config v1').click();
    await activeTab(page).waitFor();

    await command(page, 'File: Toggle Auto Save');

    const stored = (await state()).groups[service.groupId]?.automationConfig;
    if (stored === undefined) throw new Error('no stored config');

    // Unsafe: rs0-0's feature compatibility ahead of its 7.0 binary. Auto-save keeps it as a draft.
    await page.locator('.tabs-container .tab', { hasText: 'automationConfig.json' }).first().click();
    await typeOver(
      page,
      stored.text,
      '"featureCompatibilityVersion": "7.0"',
      '"featureCompatibilityVersion": "'.length,
      3,
      '8.0',
    );
    await waitSaved(page, 'auto-save to keep the draft');
    // The uri a person reads, here in the extension's log: the public key, the service's host and the project.
    const host = new URL(service.url).host;
    const uri = `dbkit://${service.publicKey}@${host}/${service.groupId}/automationConfig.json`;
    await waitFor('the log to name the document', async () =>
      readLogs().some((log) => log.includes(`dbkit: opened ${uri} (stored version 1)`)),
    );
    await waitFor('the explorer to show the draft', async () =>
      /draft/.test(await text(row(page, 'Automation config v1'))),
    );
    // The tab says it is a draft (its decoration), and the service still has version 1.
    expect(await activeTab(page).locator('.monaco-icon-label').getAttribute('class')).toMatch(/decoration/);
    expect((await state()).groups[service.groupId]?.automationConfig.version).toBe(1);

    await command(page, 'dbkit: Compare with…');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'The deployed revision' }).first().click();
    await showProblems(page);
    await waitFor('the plan’s error', async () => /DBK604/.test(await problemsText(page)));
    await screenshot(page, 'service-plan');

    // Fixed, then a safe change: rs0-0 restarts with another log path.
    await page.locator('.tabs-container .tab', { hasText: 'automationConfig.json' }).first().click();
    await typeOver(
      page,
      stored.text,
      '"featureCompatibilityVersion": "7.0"',
      '"featureCompatibilityVersion": "'.length,
      3,
      '7.0',
    );
    // The plan follows the edit: its error goes without running Compare again.
    await waitFor('the plan to follow the fix', async () => !/DBK604/.test(await problemsText(page)));
    await typeOver(
      page,
      stored.text,
      '"path": "/data/rs0-0/mongodb.log"',
      '"path": "/data/rs0-0/'.length,
      'mongodb'.length,
      'mongod',
    );
    await waitSaved(page, 'auto-save to keep the fixed draft');
    await screenshot(page, 'service-draft');
    await command(page, 'dbkit: Publish to Service…');
    await dialogButton(page, 'Publish');
    const applied = await waitFor(
      'the version to be applied',
      async () => {
        const shown = await toasts(page);
        return /Version 2 is applied/.test(shown) ? shown : undefined;
      },
      60_000,
    );
    expect(applied).toMatch(/processes at goal version 2/);
    expect((await state()).groups[service.groupId]?.automationConfig.version).toBe(2);
    // The draft is gone: the editor shows the stored revision, saved, and the explorer no draft.
    await waitSaved(page, 'the published document to be clean');
    await waitFor('the explorer to drop the draft', async () => {
      const node = row(page, 'Automation config v2');
      return (await node.count()) > 0 && !/draft/.test(await text(node));
    });
    expect(seenToasts).not.toMatch(SAVE_FAILED);
  }, 180_000);

  it('with auto-save off, Ctrl+S keeps a draft that a reload keeps, and offers Publish', async () => {
    const { page, service } = ui();
    await command(page, 'File: Toggle Auto Save');
    await activeTab(page).click();
    const stored = (await state()).groups[service.groupId]?.automationConfig;
    if (stored === undefined) throw new Error('no stored config');
    await typeOver(
      page,
      stored.text,
      '"path": "/data/rs0-1/mongodb.log"',
      '"path": "/data/rs0-1/'.length,
      'mongodb'.length,
      'mongod',
    );
    await page.keyboard.press('Control+S');
    const offered = await waitFor('the save to offer Publish', async () => {
      const shown = await toasts(page);
      return /not published|draft saved/.test(shown) ? shown : undefined;
    });
    expect(offered).toMatch(/Publish/);
    await waitSaved(page, 'Ctrl+S to keep the draft');
    // No modal: a save asks nothing.
    expect(await page.locator('.monaco-dialog-box').count()).toBe(0);

    // Kept across a reload of the window.
    // Developer: Reload Window, which lets VS Code write its state first, as closing and reopening the window does.
    const reloaded = page.waitForEvent('load', { timeout: 60_000 });
    await command(page, 'Developer: Reload Window');
    await reloaded;
    await page.waitForSelector('.monaco-workbench', { timeout: 60_000 });
    // The view's own focus command, not the activity icon: a reload may restore the side bar open, and a click on
    // the icon of the open container closes it.
    await command(page, 'dbkit: Focus on Services View');
    await expand(page, `${service.groupId} on`, `Project ${service.groupId}`);
    await waitFor('the explorer to show the draft after the reload', async () =>
      /draft/.test(await text(row(page, 'Automation config v2'))),
    );
    await row(page, 'Automation config v2').click();
    await activeTab(page).waitFor();
    // The editor shows the draft: its tab carries the draft's decoration.
    expect(await activeTab(page).locator('.monaco-icon-label').getAttribute('class')).toMatch(/decoration/);

    // Publish from the explorer's inline action on the draft.
    const node = row(page, 'Automation config v2');
    await node.hover();
    await node.locator('.action-label[aria-label^="Publish to Service"]').click();
    await dialogButton(page, 'Publish');
    await waitFor('version 3 to be applied', async () => /Version 3 is applied/.test(await toasts(page)), 60_000);
    const published = (await state()).groups[service.groupId]?.automationConfig;
    expect(published?.version).toBe(3);
    // What was published is the draft the reload kept.
    expect(published?.text).toContain('"path": "/data/rs0-1/mongod.log"');
    expect(seenToasts).not.toMatch(SAVE_FAILED);
  }, 180_000);

  it('a concurrent CLI push makes the next publish a 409 that offers the compare', async () => {
    const { page, service } = ui();
    // The user is editing when the CLI pushes: an edited document keeps its edits, where a clean one may reload the
    // new revision whenever VS Code looks at the file again (and then nothing conflicts).
    await page.locator('.tabs-container .tab', { hasText: 'automationConfig.json' }).first().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' ');
    const dir = mkdtempSync(join(tmpdir(), 'dbkit-cli-'));
    try {
      const env = {
        DBKIT_BASE_URL: service.url,
        DBKIT_PUBLIC_KEY: service.publicKey,
        DBKIT_PRIVATE_KEY: service.privateKey,
      };
      const cli = (...args: string[]) =>
        runTracked(process.execPath, [CLI_MAIN, ...args], { cwd: dir, env: { ...process.env, ...env } });
      expect((await cli('config', 'pull', service.groupId, '--out', 'c.json')).code).toBe(0);
      expect((await cli('config', 'push', service.groupId, 'c.json')).code).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const stored = (await state()).groups[service.groupId]?.automationConfig.version;
    expect(stored).toBe(4);
    await command(page, 'dbkit: Publish to Service…');
    await dialogButton(page, 'Publish').catch(() => '');
    const conflict = await waitFor('the 409', async () => {
      const shown = await toasts(page);
      return /published|409|CONCURRENT/i.test(shown) ? shown : undefined;
    });
    expect(conflict).toMatch(/Compare with the Stored Revision/);
  }, 120_000);

  it('Discard Draft drops the draft after asking, and the editor shows the stored revision', async () => {
    const { page, service } = ui();
    await activeTab(page).click();
    await page.keyboard.press('Control+S');
    await waitSaved(page, 'the draft to be saved');
    await waitFor('the explorer to show the draft', async () =>
      /draft/.test(await text(row(page, 'Automation config'))),
    );
    await command(page, 'dbkit: Discard Draft…');
    expect(await dialogButton(page, 'Discard Draft')).toMatch(/unpublished edits .* are lost/);
    const stored = (await state()).groups[service.groupId]?.automationConfig;
    if (stored === undefined) throw new Error('no stored config');
    await waitFor('the editor to show the stored revision', async () => {
      await page.keyboard.press('Control+End');
      const shown = await text(page.locator('.editor-instance .view-lines').first());
      return shown.includes(`"version": ${stored.version}`) ? shown : undefined;
    });
    await waitSaved(page, 'the document to be clean');
    await waitFor(
      'the explorer to drop the draft',
      async () => !/draft/.test(await text(row(page, 'Automation config'))),
    );
    expect(seenToasts).not.toMatch(SAVE_FAILED);
  });

  it('never writes the private key: every log VS Code keeps (the output channel included), notifications', async () => {
    const { page, service } = ui();
    const logs = join(dirname(vscode?.workspace ?? ''), 'user-data', 'logs');
    const files = readdirSync(logs, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
    const written = files.map((file) => readFileSync(file, 'utf8'));
    // The right place: the extension's output channel, with what this test did.
    expect(written.some((log) => log.includes('dbkit: published'))).toBe(true);
    for (const [index, log] of written.entries()) expect(log, files[index]).not.toContain(service.privateKey);
    // Nor a connection spelt in hex: a deployed document is named `dbkit://<public key>@<host>/…` everywhere.
    for (const [index, log] of written.entries()) expect(log, files[index]).not.toMatch(/dbkit:\/\/[0-9a-f]{32}/);
    expect(await toasts(page)).not.toContain(service.privateKey);
    expect(vscode?.logs() ?? '').not.toContain(service.privateKey);
  });
});
