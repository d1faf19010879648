/**
 * "dbkit: Compare with…" in a real VS Code (code-server, Node extension host, the built-in Git extension on): a
 * workspace that is a git repository, an automation config edited so that its plan has an error, compared with its
 * Git HEAD version and then with a file. The plan opens read-only beside the editor, with its `+`/`-`/`~` lines,
 * and its DBK6xx codes show in the Problems panel. Then in the web worker extension host (as VS Code for the Web),
 * where git cannot be reached: the quick pick says so, and "A file…" plans. A screenshot per step under
 * e2e/artifacts/ (compare-*.png).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
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
import {
  openFile,
  problemsText,
  quickInput,
  Status,
  screenshot,
  showProblems,
  text,
  waitForStatus,
} from './workbench.ts';

const REPLICA_SET = readFileSync(join(REPO_ROOT, 'examples/automation/replica-set.automation.json'), 'utf8');
const COMPARE = 'dbkit: Compare with…';
const HEAD_ITEM = 'Git HEAD version of this file';
const FILE_ITEM = 'A file…';

/** The deployed revision of the "A file…" step: the example with one more process, which the new one lacks. */
const ARCHIVED = REPLICA_SET.replace(
  '"processes": [',
  '"processes": [\n    { "name": "orders-9", "processType": "dbd", "hostname": "orders-9.db.example.net" },',
);

/**
 * Edits made in the editor (Find and Replace, as a user might): a lower version and two voting members at once. Each
 * replacement no longer matches its search, so the widget's "No results" says it is done.
 */
const EDITS: readonly (readonly [find: string, replace: string])[] = [
  ['"version": 12', '"version": 11'],
  [
    '"processes": [',
    '"processes":[{ "name": "orders-3", "processType": "dbd", "hostname": "orders-3.db.example.net" }, { "name": "orders-4", "processType": "dbd", "hostname": "orders-4.db.example.net" },',
  ],
  [
    '"members": [',
    '"members":[{ "_id": 3, "host": "orders-3", "votes": 1, "priority": 1 }, { "_id": 4, "host": "orders-4", "votes": 1, "priority": 1 },',
  ],
];

/** A git repository: deploy/orders.automation.json committed, an archived revision, and an untracked config. */
function fillWorkspace(dir: string): void {
  mkdirSync(join(dir, 'deploy'));
  writeFileSync(join(dir, 'deploy', 'orders.automation.json'), REPLICA_SET);
  mkdirSync(join(dir, 'archive'));
  writeFileSync(join(dir, 'archive', 'orders-deployed.json'), ARCHIVED);
  writeFileSync(join(dir, 'archive', 'not-json.json'), '{\n  "version": 12,,\n}\n');
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=dbkit e2e', '-c', 'user.email=e2e@dbkit.test', ...args], {
      cwd: dir,
      stdio: 'ignore',
    });
  git('init', '-q', '-b', 'main');
  git('add', 'deploy', 'archive');
  git('commit', '-q', '-m', 'deployed revision');
  mkdirSync(join(dir, 'scratch'));
  writeFileSync(join(dir, 'scratch', 'draft.automation.json'), REPLICA_SET);
}

/** Text without its whitespace: the plan wraps long lines, and a wrapped line may lose the space it broke at. */
const squeeze = (value: string): string => value.replace(/\s+/g, '');

/** The active editor group's visible text (the plan document after the command), whitespace removed. */
async function activeEditorText(page: Page): Promise<string> {
  return squeeze(await text(page.locator('.editor-group-container.active .monaco-editor .view-lines')));
}

/** Asserts the plan shows each line (compared without whitespace, see `squeeze`). */
function expectShown(plan: string, lines: readonly string[]): void {
  for (const line of lines) expect(plan, line).toContain(squeeze(line));
}

/** Runs "dbkit: Compare with…" from the Command Palette and waits for its quick pick; returns the rows' text. */
async function openCompare(page: Page): Promise<string> {
  await quickInput(page, 'F1', COMPARE);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: COMPARE }).first().waitFor();
  await page.keyboard.press('Enter');
  return waitFor('the Compare with… quick pick', async () => {
    const rows = await text(page.locator('.quick-input-list'));
    // The HEAD item says "checking git…" until the Git extension has answered.
    return rows.includes(HEAD_ITEM) && rows.includes(FILE_ITEM) && !rows.includes('checking git') ? rows : undefined;
  });
}

/** Clicks the quick pick row whose label starts with `label` (another row's detail may mention it). */
async function pick(page: Page, label: string): Promise<void> {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page
    .locator('.quick-input-list .monaco-list-row')
    .filter({ hasText: new RegExp(`^\\s*${escaped}`) })
    .first()
    .click();
}

/** Find and Replace (Ctrl+H) every occurrence, then closes the widget. */
async function replaceAll(page: Page, find: string, replace: string): Promise<void> {
  await page.keyboard.press('Control+H');
  const findInput = page.locator('.find-widget.visible .find-part textarea, .find-widget.visible .find-part input');
  const replaceInput = page.locator(
    '.find-widget.visible .replace-part textarea, .find-widget.visible .replace-part input',
  );
  await findInput.first().fill(find);
  await replaceInput.first().fill(replace);
  await waitFor('the match count', async () => /1 of 1/.test(await text(page.locator('.find-widget .matchesCount'))));
  await replaceInput.first().focus();
  await page.keyboard.press('Control+Alt+Enter');
  await waitFor('the replacement', async () =>
    /No results/.test(await text(page.locator('.find-widget .matchesCount'))),
  );
  await page.keyboard.press('Escape');
}

/**
 * "A file…": VS Code's own file dialog in the browser is a quick input holding a path. It opens on the config's
 * folder; typing before it has listed that folder would be overwritten.
 */
async function chooseFile(page: Page, path: string): Promise<void> {
  await pick(page, FILE_ITEM);
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await input.waitFor({ state: 'visible' });
  await waitFor('the dialog to open on deploy/', async () => {
    const listed = await text(page.locator('.quick-input-list'));
    return (await input.inputValue()).endsWith('/deploy/') && listed.includes('orders.automation.json');
  });
  await input.fill(path);
  await waitFor('the dialog to list the file', async () => {
    const listed = await text(page.locator('.quick-input-list'));
    return (await input.inputValue()) === path && listed.includes(basename(path));
  });
  await page.keyboard.press('Enter');
}

let tools: Tools;
let vsix: string;
let vsixDir: string | undefined;

beforeAll(async () => {
  tools = await setupTools();
  vsixDir = mkdtempSync(join(tmpdir(), 'dbkit-vsix-'));
  vsix = await packageExtension(vsixDir);
});

afterAll(() => {
  if (vsixDir !== undefined) rmSync(vsixDir, { recursive: true, force: true });
});

/** One VS Code for a describe block: started before its tests, a screenshot and the log kept when one fails. */
function withVsCode(prefix: string, settings: Readonly<Record<string, unknown>>): () => VsCode {
  let vscode: VsCode | undefined;
  beforeAll(async () => {
    vscode = await launchVsCode({ tools, vsix, fillWorkspace, settings });
  });
  afterAll(async () => {
    await vscode?.close();
  });
  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail' || vscode === undefined) return;
    const name = `${prefix}-failed-${context.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}`;
    await screenshot(vscode.page, name).catch(() => undefined);
    writeFileSync(join(ARTIFACTS_DIR, `${name}.log`), vscode.logs());
  });
  return () => {
    if (vscode === undefined) throw new Error('VS Code did not start');
    return vscode;
  };
}

describe('dbkit: Compare with… in code-server (Node extension host, Git on)', () => {
  const ui = withVsCode('compare', { 'git.enabled': true });

  // Git reads the new repository when VS Code starts: up to a minute on a loaded machine.
  it('says why the Git HEAD version is not offered for an untracked file', { timeout: 120_000 }, async () => {
    const { page } = ui();
    await openFile(page, 'draft.automation.json', 'scratch');
    await waitForStatus(page, Status.dbkit, /dbkit v1\.0/);
    // What a user sees once git has read the repository: one pending change (the untracked file) on Source Control.
    const scm = page.locator('.activitybar .action-item', { has: page.locator('[aria-label^="Source Control"]') });
    await waitFor(
      'git to find the untracked file',
      async () => (await text(scm.locator('.badge-content'))) === '1',
      60_000,
    );
    const rows = await openCompare(page);
    expect(rows).toMatch(/not tracked by git .*Commit the file first, or choose “A file…”/);
    await screenshot(page, 'compare-01-untracked');
    await page.keyboard.press('Escape');
  });

  it('plans the edited config from its Git HEAD version: the plan beside it, the codes in Problems', async () => {
    const { page } = ui();
    await openFile(page, 'orders.automation.json', 'deploy');
    await waitForStatus(page, Status.dbkit, /dbkit v1\.0/);
    await page.locator('.editor-group-container.active .monaco-editor .view-lines').first().click();
    for (const [find, replace] of EDITS) await replaceAll(page, find, replace);
    await screenshot(page, 'compare-02-edited');

    const rows = await openCompare(page);
    expect(rows).toContain('HEAD:deploy/orders.automation.json');
    await pick(page, HEAD_ITEM);
    await page.locator('.tabs-container .tab.active', { hasText: 'orders.automation.json.plan' }).waitFor();
    const plan = await waitFor('the plan document', async () => {
      const value = await activeEditorText(page);
      return value.includes(squeeze('Plan: 2 to add')) ? value : undefined;
    });
    expectShown(plan, [
      'dbkit plan: HEAD:deploy/orders.automation.json → deploy/orders.automation.json',
      '+ process "orders-3" added',
      '~ replica set "orders": member "orders-4" added',
      'deploy/orders.automation.json:2:14 error DBK601',
      'deploy/orders.automation.json:177:7 warning DBK610',
      'Plan: 2 to add, 2 to change, 0 to remove; 1 error, 1 warning.',
    ]);
    // Its own language colours the `+`/`-`/`~` lines; both editors are shown, the plan beside the config.
    await waitForStatus(page, Status.languageMode, /dbkit Plan/);
    expect(await page.locator('.editor-group-container').count()).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'compare-03-plan');

    // Read-only: typing changes nothing.
    await page.locator('.editor-group-container.active .monaco-editor .view-lines').first().click();
    await page.keyboard.type('x');
    expect((await activeEditorText(page)).startsWith(squeeze('dbkit plan:'))).toBe(true);

    await showProblems(page);
    const problems = await waitFor('the plan codes in the Problems panel', async () => {
      const value = await problemsText(page);
      return value.includes('DBK601') && value.includes('DBK610') && value.includes('orders.automation.json.plan')
        ? value
        : undefined;
    });
    expect(problems).toContain('version 11 is lower than the deployed version 12');
    await waitForStatus(page, Status.problems, /Errors: [1-9]/);
    await screenshot(page, 'compare-04-problems');
  });

  it('plans from a file chosen with “A file…”, refreshing the same plan document', async () => {
    const { page, workspace } = ui();
    await page.locator('.tabs-container .tab', { hasText: 'orders.automation.json' }).first().click();
    await waitForStatus(page, Status.languageMode, /Automation Config \(dbkit\)/);
    await openCompare(page);
    await chooseFile(page, join(workspace, 'archive', 'orders-deployed.json'));
    const plan = await waitFor('the refreshed plan', async () => {
      const value = await activeEditorText(page);
      return value.includes(squeeze('archive/orders-deployed.json →')) ? value : undefined;
    });
    expectShown(plan, ['- process "orders-9" removed', '+ process "orders-3" added', 'error DBK601']);
    // One plan document per config: the tab was refreshed, not opened twice.
    expect(await page.locator('.tabs-container .tab', { hasText: 'orders.automation.json.plan' }).count()).toBe(1);
    await screenshot(page, 'compare-05-file');
  });

  it('says in one message why a file that is not JSON cannot be planned', async () => {
    const { page, workspace } = ui();
    await page.locator('.tabs-container .tab', { hasText: 'orders.automation.json' }).first().click();
    await waitForStatus(page, Status.languageMode, /Automation Config \(dbkit\)/);
    await openCompare(page);
    await chooseFile(page, join(workspace, 'archive', 'not-json.json'));
    const toast = await waitFor('the message', async () => {
      const value = await text(page.locator('.notifications-toasts'));
      return value.includes('not valid JSON') ? value : undefined;
    });
    expect(toast).toMatch(/archive\/not-json\.json:2:\d+: .*not valid JSON, so there is no plan\. Fix the syntax/);
    expect(toast).not.toMatch(/\bat \S+ \(/);
    await screenshot(page, 'compare-06-not-json');
  });
});

describe('dbkit: Compare with… in code-server (web worker extension host, as VS Code for the Web)', () => {
  const ui = withVsCode('compare-web', { 'remote.extensionKind': { 'dbkit.dbkit-vscode': ['web'] } });

  it('says Git is not available there, and plans from a file', { timeout: 120_000 }, async () => {
    const { page, workspace } = ui();
    await openFile(page, 'orders.automation.json', 'deploy');
    await waitForStatus(page, Status.dbkit, /dbkit v1\.0/);
    const rows = await openCompare(page);
    expect(rows).toContain('Git is not available in VS Code for the Web');
    await screenshot(page, 'compare-web-01-pick');
    await chooseFile(page, join(workspace, 'archive', 'orders-deployed.json'));
    const plan = await waitFor('the plan', async () => {
      const value = await activeEditorText(page);
      return value.includes(squeeze('Plan:')) ? value : undefined;
    });
    expectShown(plan, [
      'dbkit plan: archive/orders-deployed.json → deploy/orders.automation.json',
      '- process "orders-9" removed',
      // The archived revision has the same version as the config: changed without a new version.
      'deploy/orders.automation.json:2:14 warning DBK602',
      'Plan: 0 to add, 0 to change, 1 to remove; 0 errors, 1 warning.',
    ]);
    await waitForStatus(page, Status.languageMode, /dbkit Plan/);
    await screenshot(page, 'compare-web-02-plan');
  });
});
