/**
 * The packaged .vsix in a real VS Code (code-server 4.139 = VS Code 1.139, in Debian's Chromium), checked the way a
 * user sees it: the language mode and status bar, the Problems panel, completion, go to definition, hover,
 * rename, the commands. First in the Node extension host (desktop VS Code and code-server run the extension
 * there), then in the browser's web worker extension host (as VS Code for the Web does), where the language
 * server is a web worker.
 *
 * Each step saves a screenshot under e2e/artifacts/ (git-ignored); `DBKIT_UPDATE_SCREENSHOT=1` also copies the
 * completion step's to images/screenshot.png for the README. `DBKIT_E2E_KEEP=1` keeps the temp folders.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ARTIFACTS_DIR,
  copyExamples,
  launchVsCode,
  PACKAGE_DIR,
  packageExtension,
  REPO_ROOT,
  setupTools,
  type Tools,
  type VsCode,
  waitFor,
} from './harness.ts';
import {
  filterProblems,
  goTo,
  openFile,
  positionOf,
  problemsText,
  runCommand,
  Status,
  screenshot,
  showOutput,
  showProblems,
  suggestions,
  text,
  waitForRestartInOutput,
  waitForStatus,
} from './workbench.ts';

const BROKEN = readFileSync(join(REPO_ROOT, 'examples/automation/mistakes/broken.automation.json'), 'utf8');
const REPLICA_SET = readFileSync(join(REPO_ROOT, 'examples/automation/replica-set.automation.json'), 'utf8');
const ALERT_LIST = readFileSync(join(REPO_ROOT, 'examples/api/alert-list.json'), 'utf8');

/** What `dbkit validate` reports on the broken example (its README): 7 errors, 3 warnings, these codes. */
const BROKEN_CODES = [
  'DBK201',
  'DBK106',
  'DBK301',
  'DBK302',
  'DBK202',
  'DBK204',
  'DBK404',
  'DBK303',
  'DBK504',
  'DBK304',
];
const PROCESS_NAMES = [
  ...new Set((JSON.parse(BROKEN) as { processes: { name: string }[] }).processes.map((p) => p.name)),
];

/**
 * The example automation configs, an API document, a broken config nobody opens, a config named by the user's
 * pattern (`dbkit.files.associations`), and a JSON file that names the schema in `$schema`.
 */
function fillWorkspace(dir: string): void {
  copyExamples(dir);
  mkdirSync(join(dir, 'api'));
  writeFileSync(join(dir, 'api', 'alert-list.json'), ALERT_LIST);
  const staging = JSON.parse(REPLICA_SET);
  staging.replicaSets[0].members[1].host = 'orders-9';
  mkdirSync(join(dir, 'staging'));
  writeFileSync(join(dir, 'staging', 'orders.automation.json'), `${JSON.stringify(staging, null, 2)}\n`);
  mkdirSync(join(dir, 'deploy'));
  writeFileSync(join(dir, 'deploy', 'eu.acfg.json'), REPLICA_SET);
  mkdirSync(join(dir, 'notes'));
  writeFileSync(
    join(dir, 'notes', 'prod.json'),
    REPLICA_SET.replace('{', '{\n  "$schema": "https://dbkit.dev/schema/v1.0/automation-config.schema.json",'),
  );
}

let tools: Tools;
let vsix: string;
let vsixDir: string | undefined;
const started = Date.now();

beforeAll(async () => {
  tools = await setupTools();
  vsixDir = mkdtempSync(join(tmpdir(), 'dbkit-vsix-'));
  vsix = await packageExtension(vsixDir);
});

afterAll(() => {
  if (vsixDir !== undefined) rmSync(vsixDir, { recursive: true, force: true });
  console.log(`e2e: ${((Date.now() - started) / 1000).toFixed(1)} s in all (install/reuse, package, two VS Codes)`);
});

function keepArtifactsOnFailure(prefix: string, vscode: () => VsCode | undefined): void {
  afterEach(async (context) => {
    const current = vscode();
    if (context.task.result?.state !== 'fail' || current === undefined) return;
    const name = `${prefix}-failed-${context.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}`;
    await screenshot(current.page, name).catch(() => undefined);
    writeFileSync(join(ARTIFACTS_DIR, `${name}.log`), current.logs());
  });
}

describe('in code-server, Node extension host (as desktop VS Code)', () => {
  let vscode: VsCode | undefined;
  const ui = () => {
    if (vscode === undefined) throw new Error('VS Code did not start');
    return vscode;
  };

  beforeAll(async () => {
    vscode = await launchVsCode({
      tools,
      vsix,
      fillWorkspace,
      settings: { 'dbkit.files.associations': ['*.acfg.json'] },
    });
  });
  afterAll(async () => {
    await vscode?.close();
  });
  keepArtifactsOnFailure('node', () => vscode);

  const memberHost = positionOf(BROKEN, '"host": "shop-cfg-1"', '"host": "'.length + 3);
  const processName = positionOf(BROKEN, '"name": "shop-cfg-1"', '"name": '.length);

  it('opens an automation config in the dbkit language, with the schema version in the status bar', async () => {
    const { page } = ui();
    await openFile(page, 'broken.automation.json', 'mistakes');
    await waitForStatus(page, Status.languageMode, /Automation Config \(dbkit\)/);
    const status = await waitForStatus(page, Status.dbkit, /dbkit v1\.0/);
    expect(status).toContain('Handled by dbkit, automation configuration schema v1.0');
    await screenshot(page, 'node-01-open');
  });

  it('lists the broken config’s mistakes in the Problems panel, once each, with dbkit codes', async () => {
    const { page } = ui();
    await showProblems(page);
    // 7 errors and 3 warnings, as `dbkit validate` reports them: no second copy from VS Code's JSON support.
    await waitForStatus(page, Status.problems, /Errors: 7, Warnings: 3/);
    const problems = await waitFor('every code in the Problems panel', async () => {
      const value = await problemsText(page);
      return BROKEN_CODES.every((code) => value.includes(code)) ? value : undefined;
    });
    expect(problems).toContain('"shop-shard1-2" does not name a process');
    const sources = await page
      .locator(
        '.markers-panel .monaco-list-row[aria-label^="Error"], .markers-panel .monaco-list-row[aria-label^="Warning"]',
      )
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label') ?? ''));
    expect(sources.length).toBeGreaterThan(0);
    for (const label of sources) expect(label).toMatch(/generated by dbkit$/);
    await screenshot(page, 'node-02-problems');
  });

  it('opens a code’s page from the Problems panel: its code is a link', async () => {
    const { page } = ui();
    // Ctrl+Shift+M hides the panel when it shows already.
    if (!(await page.locator('.markers-panel').isVisible())) await showProblems(page);
    const link = page
      .locator('.markers-panel .monaco-list-row', { hasText: 'does not name a process' })
      .locator('a', { hasText: 'DBK202' })
      .first();
    await link.waitFor();
    await link.click();
    const preview = await waitFor('the page of DBK202 in the Markdown preview', async () => {
      const tab = page.locator('.tabs-container .tab', { hasText: 'DBK202' });
      return (await tab.count()) > 0 ? tab : undefined;
    });
    expect(await text(preview.first())).toContain('DBK202');
    const frame = page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
    const body = await waitFor('the page’s text', async () => {
      const value = await text(frame.locator('body'));
      return value.includes('What it means') ? value : undefined;
    });
    expect(body).toContain('A replica-set member host must name a process (or its alias).');
    expect(body).toContain('How to fix it');
    await screenshot(page, 'node-02b-code-page');
    // Back to the config, as the next tests expect it: the page's tab closed, the config's editor active.
    await preview.first().hover();
    await preview.first().locator('.action-label[aria-label^="Close"]').click();
    await page.locator('.tabs-container .tab', { hasText: 'broken.automation.json' }).first().click();
    await waitFor(
      'the config’s editor to be active again',
      async () =>
        (await page.locator('.tabs-container .tab.active', { hasText: 'broken.automation.json' }).count()) > 0,
    );
  });

  it('completes a member host with the names of the processes', async () => {
    const { page } = ui();
    await page.locator('.monaco-editor .view-lines').first().click();
    await goTo(page, memberHost);
    await page.keyboard.press('Control+Space');
    const offered = await waitFor('the process names in the suggest widget', async () => {
      const labels = await suggestions(page);
      return labels.includes('"shop-cfg-0"') ? labels : undefined;
    });
    for (const name of PROCESS_NAMES) expect(offered).toContain(`"${name}"`);
    const path = await screenshot(page, 'node-03-completion');
    if (process.env.DBKIT_UPDATE_SCREENSHOT === '1') copyFileSync(path, join(PACKAGE_DIR, 'images', 'screenshot.png'));
    await page.keyboard.press('Escape');
    await page.locator('.suggest-widget.visible').waitFor({ state: 'hidden' });
  });

  it('completes right after a member host’s closing quote with every process name, as inside it', async () => {
    const { page } = ui();
    // Where clicking a problem leaves the cursor: the editor filters by the whole old value there.
    await goTo(page, positionOf(BROKEN, '"host": "shop-cfg-1"', '"host": "shop-cfg-1"'.length));
    await page.keyboard.press('Control+Space');
    const offered = await waitFor('the process names in the suggest widget', async () => {
      const labels = await suggestions(page);
      return PROCESS_NAMES.every((name) => labels.includes(`"${name}"`)) ? labels : undefined;
    });
    expect(offered).toContain('"shop-cfg-0"');
    await page.keyboard.press('Escape');
    await page.locator('.suggest-widget.visible').waitFor({ state: 'hidden' });
  });

  it('goes from a member host to the process it names (F12)', async () => {
    const { page } = ui();
    await goTo(page, memberHost);
    await page.keyboard.press('F12');
    // The cursor lands in the process's name: "shop-cfg-1" in processes[].
    await waitForStatus(page, Status.selection, new RegExp(`Ln ${processName.line}, Col \\d+`));
    const line = await text(page.locator('.monaco-editor .view-line', { hasText: '"name": "shop-cfg-1"' }));
    expect(line).toContain('"name": "shop-cfg-1"');
    await screenshot(page, 'node-04-definition');
  });

  it('shows the schema’s documentation on hover', async () => {
    const { page } = ui();
    await goTo(page, positionOf(BROKEN, '"priority": 1.0', 3));
    await page.keyboard.press('Control+K');
    await page.keyboard.press('Control+I');
    const hover = await waitFor('the hover', async () => {
      const value = await text(page.locator('.monaco-hover:visible'));
      return value.includes('priority') ? value : undefined;
    });
    expect(hover).toMatch(/0 to 1000/);
    await screenshot(page, 'node-05-hover');
    await page.keyboard.press('Escape');
  });

  it('renames a process and every member that names it (F2)', async () => {
    const { page, workspace } = ui();
    await goTo(page, memberHost);
    await page.keyboard.press('F2');
    const input = page.locator('.rename-box input');
    await input.waitFor({ state: 'visible' });
    expect(await input.inputValue()).toBe('shop-cfg-1');
    await input.fill('shop-config-1');
    await screenshot(page, 'node-06-rename');
    await page.keyboard.press('Enter');
    await input.waitFor({ state: 'hidden' });
    const tab = page.locator('.tabs-container .tab.active', { hasText: 'broken.automation' });
    await page.locator('.tabs-container .tab.active.dirty').waitFor();
    await page.keyboard.press('Control+S');
    await waitFor('the save', async () => !(await tab.getAttribute('class'))?.includes('dirty'));
    const file = join(workspace, 'mistakes', 'broken.automation.json');
    const saved = await waitFor('the renamed file on disk', () => {
      const content = readFileSync(file, 'utf8');
      return content.includes('"shop-config-1"') ? content : undefined;
    });
    expect(saved).toContain('"name": "shop-config-1"');
    expect(saved).toContain('"host": "shop-config-1"');
    expect(saved).not.toContain('"shop-cfg-1"');
  });

  it('dbkit: Validate Workspace fills the Problems panel for a file nobody opened', async () => {
    const { page } = ui();
    expect(await page.locator('.tabs-container .tab', { hasText: 'orders.automation' }).count()).toBe(0);
    await runCommand(page, 'dbkit: Validate Workspace');
    const toast = await waitFor('the summary notification', async () => {
      const value = await text(page.locator('.notifications-toasts'));
      return /automation configs checked/.test(value) ? value : undefined;
    });
    // The five examples, staging/orders.automation.json and deploy/eu.acfg.json (dbkit.files.associations); the
    // broken one's 7 errors are still there.
    expect(toast).toMatch(/7 automation configs checked: 8 errors, 3 warnings/);
    await waitForStatus(page, Status.problems, /Errors: 8, Warnings: 3/);
    await showProblems(page);
    await filterProblems(page, 'orders.automation.json');
    try {
      const problems = await waitFor('the unopened file in the Problems panel', async () => {
        const value = await problemsText(page);
        return value.includes('"orders-9" does not name a process') ? value : undefined;
      });
      expect(problems).toContain('orders.automation.json');
      expect(problems).toContain('DBK202');
      await screenshot(page, 'node-07-validate-workspace');
    } finally {
      await filterProblems(page, '');
    }
    expect(await page.locator('.tabs-container .tab', { hasText: 'orders.automation' }).count()).toBe(0);
  });

  it('opens a JSON file whose $schema names the automation schema as an automation config', async () => {
    const { page } = ui();
    await openFile(page, 'prod.json', 'notes');
    await waitForStatus(page, Status.languageMode, /Automation Config \(dbkit\)/);
    await waitForStatus(page, Status.dbkit, /dbkit v1\.0/);
    await screenshot(page, 'node-08-schema-switch');
  });

  it('opens a JSON file matched by dbkit.files.associations as an automation config', async () => {
    const { page } = ui();
    await openFile(page, 'eu.acfg.json', 'deploy');
    await waitForStatus(page, Status.languageMode, /Automation Config \(dbkit\)/);
    await waitForStatus(page, Status.dbkit, /dbkit v1\.0/);
  });

  it('dbkit: Open JSON Schema opens the bundled schema as JSON, not as an automation config', async () => {
    const { page } = ui();
    await runCommand(page, 'dbkit: Open JSON Schema');
    await page.locator('.tabs-container .tab.active', { hasText: 'automation-config.schema' }).waitFor();
    // Its name matches the catalog's `automation-config.*.json`: the client sends it back to JSON.
    await waitForStatus(page, Status.languageMode, /^JSON\b/);
    await screenshot(page, 'node-09-open-schema');
    await waitForStatus(page, Status.problems, /Errors: 8, Warnings: 3$/);
  });

  it('leaves API documents to VS Code’s JSON support, with the bundled schemas', async () => {
    const { page } = ui();
    await openFile(page, 'alert-list.json', 'api');
    await waitForStatus(page, Status.languageMode, /^JSON\b/);
    await page.locator('.monaco-editor .view-lines').first().click();
    await goTo(page, positionOf(ALERT_LIST, '"alertConfigId"', 3));
    await page.keyboard.press('Control+K');
    await page.keyboard.press('Control+I');
    // The text of alert-list.schema.json, as VS Code's JSON hover shows it (contributed by `jsonValidation`).
    await waitFor('the hover', async () =>
      (await text(page.locator('.monaco-hover:visible'))).includes('Alert configuration that triggered the alert'),
    );
    await screenshot(page, 'node-10-api-json');
    await page.keyboard.press('Escape');
  });

  it('dbkit: Show Output shows the server running as a Node process', async () => {
    const { page } = ui();
    const output = await showOutput(page);
    expect(output).toContain('language server: Node process (IPC)');
    await screenshot(page, 'node-11-output');
  });

  it('dbkit: Restart Language Server brings the server back with the same diagnostics', async () => {
    const { page } = ui();
    await openFile(page, 'broken.automation.json', 'mistakes');
    await runCommand(page, 'dbkit: Restart Language Server');
    await waitForRestartInOutput(page);
    await waitForStatus(page, Status.dbkit, /dbkit v1\.0/);
    await waitForStatus(page, Status.problems, /Errors: 8, Warnings: 3$/);
  });
});

describe('in code-server, web worker extension host (as VS Code for the Web)', () => {
  let vscode: VsCode | undefined;
  const ui = () => {
    if (vscode === undefined) throw new Error('VS Code did not start');
    return vscode;
  };

  beforeAll(async () => {
    // The extension's `browser` entry in the browser, the language server in a web worker.
    vscode = await launchVsCode({
      tools,
      vsix,
      fillWorkspace,
      settings: {
        'remote.extensionKind': { 'dbkit.dbkit-vscode': ['web'] },
        // Applied by the client to pulled diagnostics: one warning hidden, one turned into an error.
        'dbkit.diagnostics.severityOverrides': { DBK303: 'off', DBK504: 'error' },
      },
    });
  });
  afterAll(async () => {
    await vscode?.close();
  });
  keepArtifactsOnFailure('web', () => vscode);

  it('lists the broken config’s mistakes in the Problems panel, with dbkit.diagnostics.severityOverrides', async () => {
    const { page } = ui();
    await openFile(page, 'broken.automation.json', 'mistakes');
    await waitForStatus(page, Status.languageMode, /Automation Config \(dbkit\)/);
    await waitForStatus(page, Status.dbkit, /dbkit v1\.0/);
    await showProblems(page);
    // 7 errors and 3 warnings, less DBK303 (off), with DBK504 an error.
    await waitForStatus(page, Status.problems, /Errors: 8, Warnings: 1$/);
    const shown = BROKEN_CODES.filter((code) => code !== 'DBK303');
    const problems = await waitFor('the codes in the Problems panel', async () => {
      const value = await problemsText(page);
      return shown.every((code) => value.includes(code)) ? value : undefined;
    });
    expect(problems).not.toContain('DBK303');
    expect(problems).toContain('"shop-shard1-2" does not name a process');
    await screenshot(page, 'web-01-problems');
  });

  it('goes from a member host to the process it names (F12)', async () => {
    const { page } = ui();
    await page.locator('.monaco-editor .view-lines').first().click();
    await goTo(page, positionOf(BROKEN, '"host": "shop-cfg-1"', '"host": "'.length + 3));
    await page.keyboard.press('F12');
    await waitForStatus(
      page,
      Status.selection,
      new RegExp(`Ln ${positionOf(BROKEN, '"name": "shop-cfg-1"').line}, Col`),
    );
    await screenshot(page, 'web-02-definition');
  });

  it('runs the language server in a web worker', async () => {
    const { page } = ui();
    const output = await showOutput(page);
    expect(output).toContain('language server: web worker');
    await screenshot(page, 'web-03-output');
  });

  it('dbkit: Restart Language Server starts a new worker with the same diagnostics', async () => {
    const { page } = ui();
    await runCommand(page, 'dbkit: Restart Language Server');
    await waitForRestartInOutput(page);
    await waitForStatus(page, Status.dbkit, /dbkit v1\.0/);
    await waitForStatus(page, Status.problems, /Errors: 8, Warnings: 1$/);
    await goTo(page, positionOf(BROKEN, '"host": "shop-cfg-1"', '"host": "'.length + 3));
    await page.keyboard.press('F12');
    await waitForStatus(
      page,
      Status.selection,
      new RegExp(`Ln ${positionOf(BROKEN, '"name": "shop-cfg-1"').line}, Col`),
    );
  });
});
