/**
 * The playground beside a real dbkit service (`apps/server`, in memory, seeded), served by
 * `bin/dbkit-web.mjs --service URL`, in Debian's Chromium: keys entered once, the project's automation config
 * opened, pushed with a mistake (the service's marker), pushed fixed (a new version), pushed stale (409), an unsafe
 * transition confirmed, keys rejected; then the compare view with its plan, and a push watched until the agents
 * have applied it. Screenshots: e2e/artifacts/service-*.
 */
import { join } from 'node:path';
import { createClient } from '@dbkit/client';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_DIR } from '../test/serverHarness.ts';
import {
  documentText,
  exampleText,
  goTo,
  locate,
  pickExample,
  type Session,
  screenshot,
  startSession,
  waitForDocument,
  waitReady,
  waitValidated,
} from './harness.ts';
import { type Project, type Service, startService } from './service.ts';

const outcome = (page: Page, kind: string) => page.waitForSelector(`#service-result[data-outcome="${kind}"]`);
const resultText = (page: Page) => page.textContent('#service-result');

/** Replaces `length` characters from `at` with `text`, typed. */
async function replaceAt(page: Page, at: { line: number; column: number }, length: number, text: string) {
  await goTo(page, at.line, at.column);
  for (let i = 0; i < length; i++) await page.keyboard.press('Shift+ArrowRight');
  // Deleted first: a quote typed over a selection would surround it instead of replacing it.
  await page.keyboard.press('Delete');
  await page.keyboard.type(text);
}

describe('the playground connected to a service', () => {
  let service: Service;
  let project: Project;
  let session: Session;
  let page: Page;
  beforeAll(async () => {
    // Agents that take half a second per move; the admin API stops the service's clock while a push is watched, so
    // the page is seen mid-way however slow the machine.
    service = await startService(['--agent-step-ms', '500', '--admin']);
    project = service.projects[0]!;
    session = await startSession({ serverArgs: ['--service', service.url], artifactPrefix: 'service-' });
    page = await session.newPage();
  });
  afterAll(async () => {
    await session?.close();
    await service?.stop();
  });

  const stored = () =>
    createClient({
      baseUrl: service.url,
      publicKey: project.publicKey,
      privateKey: project.privateKey,
    }).automationConfig.get(project.id);

  it('opens the project’s config with keys kept in the tab only', async () => {
    await page.goto(session.url);
    await waitReady(page);
    await page.click('#service-open-panel');
    await page.waitForSelector('#service-panel[data-service="available"]');
    await page.fill('#service-group', project.id);
    await page.fill('#service-public-key', project.publicKey);
    await page.fill('#service-private-key', project.privateKey);
    await screenshot(page, 'keys');
    await page.click('#service-open');
    await outcome(page, 'opened');
    const config = await stored();
    await waitForDocument(page, config.text);
    // The seeded deployment's config, as a first PUT left it.
    expect(await resultText(page)).toContain('Opened version 1');
    expect(await page.textContent('#service-tag')).toContain(`project ${project.id}, version 1`);
    const storage = await page.evaluate(() => ({
      session: sessionStorage.getItem('dbkit.service.privateKey'),
      local: localStorage.length,
      url: location.href,
    }));
    expect(storage.session).toBe(project.privateKey);
    expect(storage.local).toBe(0);
    expect(storage.url).not.toContain(project.privateKey);
    await screenshot(page, 'opened');
  });

  it('pushes a mistake and shows the service’s diagnostic as a marker with its code', async () => {
    const text = await documentText(page);
    await replaceAt(page, locate(text, 'true', '"disabled"'), 4, '"yes"');
    await waitValidated(page);
    await page.click('#service-push');
    await outcome(page, 'invalid');
    expect(await resultText(page)).toMatch(/Refused: \d+ errors?/);
    const entry = page.locator('#problem-list li[data-code="DBK102"][data-source*="dbkit service"]');
    await entry.waitFor();
    expect(await entry.textContent()).toContain('"disabled" must be true or false');
    // The worker reports the same finding: one entry, both sources.
    expect(await page.locator('#problem-list li[data-code="DBK102"]').count()).toBe(1);
    expect(await entry.getAttribute('data-source')).toBe('dbkit, dbkit service');
    await page.waitForSelector('.monaco-editor .squiggly-error');
    await screenshot(page, 'invalid');
    expect((await stored()).version).toBe(1);
  });

  it('pushes a valid change with the version set one above the stored one', async () => {
    const text = await documentText(page);
    await replaceAt(page, locate(text, '"yes"', '"disabled"'), 5, 'true');
    const edited = await documentText(page);
    await replaceAt(page, locate(edited, 'false', '"authoritativeSet"'), 5, 'true');
    await waitValidated(page);
    await page.click('#service-push');
    await outcome(page, 'pushed');
    expect(await resultText(page)).toContain('Pushed: version 1 → 2');
    await page.waitForFunction(() =>
      (window as { dbkitPlayground?: { text(): string } }).dbkitPlayground?.text().includes('"version": 2'),
    );
    const now = await stored();
    expect(now.version).toBe(2);
    expect(now.document.auth).toMatchObject({ authoritativeSet: true, disabled: true });
    expect(await page.locator('#problem-list li[data-source*="dbkit service"]').count()).toBe(0);
    await screenshot(page, 'pushed');
  });

  it('says someone published first when the version is stale (409)', async () => {
    const current = await stored();
    const client = createClient({ baseUrl: service.url, publicKey: project.publicKey, privateKey: project.privateKey });
    await client.automationConfig.put(project.id, current.text.replace('"version": 2', '"version": 3'));
    const text = await documentText(page);
    await replaceAt(page, locate(text, 'true', '"authoritativeSet"'), 4, 'false');
    await waitValidated(page);
    await page.click('#service-push');
    await outcome(page, 'conflict');
    const message = await resultText(page);
    expect(message).toContain('Someone published first');
    expect(message).toContain('version 3');
    expect(message).toContain('Open from service again');
    await screenshot(page, 'conflict');
    expect((await stored()).version).toBe(3);
  });

  it('refuses an unsafe transition until the user allows it', async () => {
    // The replica-set example, pushed as the next version, then its authSchemaVersion lowered.
    await page.setInputFiles(
      '#file',
      join(PACKAGE_DIR, '..', '..', 'examples', 'automation', 'replica-set.automation.json'),
    );
    await waitForDocument(page, exampleText('automation/replica-set.automation.json'));
    await page.click('#service-push');
    await outcome(page, 'pushed');
    expect(await resultText(page)).toContain('version 3 → 4');
    const text = await documentText(page);
    await replaceAt(page, locate(text, '5', '"authSchemaVersion": '), 1, '3');
    await waitValidated(page);
    await page.click('#service-push');
    await outcome(page, 'unsafe');
    expect(await resultText(page)).toContain('Unsafe transition');
    await page.locator('#problem-list li[data-code="DBK643"][data-source*="dbkit service"]').waitFor();
    await screenshot(page, 'unsafe');
    const lowered = locate(text, '5', '"authSchemaVersion": ');
    await goTo(page, 1, 1);
    await page.click('#service-result li[data-code="DBK643"]');
    await page.waitForFunction(
      (line) => document.getElementById('cursor')?.textContent?.startsWith(`Ln ${line},`),
      lowered.line,
    );
    await page.click('#service-push-unsafe');
    await page.click('#service-confirm-unsafe');
    await outcome(page, 'pushed');
    expect(await resultText(page)).toContain('version 4 → 5');
    expect((await stored()).version).toBe(5);
    await screenshot(page, 'unsafe-allowed');
  });

  it('says the keys were rejected, without a browser login prompt', async () => {
    // Chromium's DevTools protocol reports each 401 it would answer with its login prompt (`Fetch.authRequired`);
    // it intercepts the requests of pages (and their workers) opened after it is enabled.
    const cdp = await session.browser.newBrowserCDPSession();
    const seen: string[] = [];
    const prompted: string[] = [];
    cdp.on('Fetch.requestPaused', ({ requestId, request }) => {
      seen.push(request.url);
      void cdp.send('Fetch.continueRequest', { requestId }).catch(() => undefined);
    });
    cdp.on('Fetch.authRequired', ({ requestId, request }) => {
      prompted.push(request.url);
      const authChallengeResponse = { response: 'CancelAuth' } as const;
      void cdp.send('Fetch.continueWithAuth', { requestId, authChallengeResponse }).catch(() => undefined);
    });
    await cdp.send('Fetch.enable', { handleAuthRequests: true, patterns: [{ urlPattern: '*/api/public/v1.0/*' }] });
    const probe = await session.newPage();
    try {
      await probe.goto(session.url);
      await waitReady(probe);
      await probe.click('#service-open-panel');
      await probe.waitForSelector('#service-panel[data-service="available"]');
      await probe.fill('#service-group', project.id);
      await probe.fill('#service-public-key', project.publicKey);
      await probe.fill('#service-private-key', 'not-the-key');
      await probe.click('#service-open');
      await outcome(probe, 'unauthorized');
      expect(await resultText(probe)).toContain('Keys rejected');
      await screenshot(probe, 'rejected');
      expect(seen.length).toBeGreaterThan(0);
      expect(prompted).toEqual([]);
      // The control: the same request from the page, with the browser's own credentials, would prompt.
      const api = `${session.url}api/public/v1.0/groups/${project.id}/automationConfig`;
      expect(await probe.evaluate(async (url) => (await fetch(url, { credentials: 'include' })).status, api)).toBe(401);
      expect(prompted).toEqual([api]);
    } finally {
      await probe.close();
      await cdp.send('Fetch.disable');
      await cdp.detach();
    }
  });

  it('compares an example with the document: the diff and the plan, a diagnostic goes to its place', async () => {
    await pickExample(page, 'automation/replica-set.automation.json');
    await page.click('#compare-open');
    await page.selectOption('#compare-example', 'automation/secure.automation.json');
    await page.click('#compare-with-example');
    await page.waitForSelector('#compare .monaco-diff-editor');
    await page.waitForSelector('#compare[data-planned]');
    expect(await page.textContent('#plan-counts')).toMatch(/^Plan: \d+ to add, \d+ to change, \d+ to remove; 1 error/);
    const entry = page.locator('#plan .plan-group[data-area="other"] li[data-code="DBK601"]');
    await entry.waitFor();
    expect(await entry.textContent()).toContain('lower than the deployed version 88');
    expect(await page.locator('#plan .plan-changes li').count()).toBeGreaterThan(0);
    await screenshot(page, 'compare');
    await entry.click();
    await page.waitForSelector('#compare[data-cursor^="to Ln 2,"]');
    await screenshot(page, 'compare-clicked');
    await page.click('#compare-close');
    await page.waitForSelector('#compare', { state: 'hidden' });
  });

  it('compares with pasted text, and says where pasted text that is not JSON breaks', async () => {
    await page.click('#compare-open');
    await page.fill('#compare-text', '{\n  "version": 3,\n}');
    await page.click('#compare-with-text');
    await page.waitForSelector('#plan li.severity-error[data-document="from"][data-line="3"]');
    expect(await page.textContent('#plan')).toContain('The older revision is not valid JSON');
    await screenshot(page, 'compare-pasted-broken');
    await page.click('#compare-open');
    await page.fill(
      '#compare-text',
      exampleText('automation/replica-set.automation.json').replace('"version": 12', '"version": 11'),
    );
    await page.click('#compare-with-text');
    await page.waitForFunction(() => document.getElementById('plan-counts')?.textContent?.startsWith('Plan: 0 to add'));
    expect(await page.textContent('#compare-title')).toContain('pasted text →');
    await page.click('#compare-close');
  });

  it('compares with the service’s stored revision', async () => {
    await page.click('#compare-open');
    await page.click('#compare-with-stored');
    await page.waitForSelector('#compare[data-planned]');
    expect(await page.textContent('#compare-title')).toContain('stored version 5');
    await screenshot(page, 'compare-stored');
    await page.click('#compare-close');
  });

  it('watches a push being applied: the progress line, each process, then “Version N is applied”', async () => {
    await page.click('#service-open');
    await outcome(page, 'opened');
    const before = await stored();
    await waitForDocument(page, before.text);
    const text = await documentText(page);
    // A cache size changed: the process restarts with it.
    await replaceAt(page, locate(text, '4', '"cacheSizeGB": '), 1, '2');
    await waitValidated(page);
    const clock = (freeze: boolean) =>
      fetch(`${service.url}/__dbkit/clock`, { method: 'POST', body: JSON.stringify({ freeze }) });
    await clock(true);
    await page.click('#service-push');
    await outcome(page, 'pushed');
    const version = before.version + 1;
    const line = page.locator('#service-goal-line');
    expect(await line.getAttribute('aria-live')).toBe('polite');
    await page.waitForSelector('#service-goal[data-outcome="watching"] tr[data-state="working"]');
    expect(await line.textContent()).toMatch(
      new RegExp(`^Applying version ${version}… \\d+/\\d+ processes at goal version ${version}; `),
    );
    await screenshot(page, 'applying');
    await clock(false);
    await page.waitForSelector('#service-goal[data-outcome="goal"]', { timeout: 30_000 });
    const processes = (before.document as { processes: { name: string }[] }).processes.map((p) => p.name);
    expect(await line.textContent()).toBe(
      `Version ${version} is applied ${processes.length}/${processes.length} processes at goal version ${version}.`,
    );
    const rows = page.locator('#service-processes tbody tr');
    expect(await rows.evaluateAll((list) => list.map((r) => r.getAttribute('data-process')))).toEqual(processes);
    expect(await page.locator('#service-processes tr[data-state="at-goal"]').count()).toBe(processes.length);
    expect(await rows.first().locator('td').nth(1).textContent()).toBe(String(version));
    // The key stays in the field's value, never in the page's markup.
    expect(await page.content()).not.toContain(project.privateKey);
    await screenshot(page, 'applied');
  });
});
