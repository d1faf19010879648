// The worker's service calls (`src/worker/service.ts`) against a real dbkit service (`apps/server`, in memory),
// and every outcome in words (`src/app/serviceMessages.ts`): what happened, why, what to do; never a key.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { applyEdits, modify } from 'jsonc-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { type Project, type Service, startService } from '../e2e/service.ts';
import { describeOutcome, describeWatch, type Watching } from '../src/app/serviceMessages.ts';
import { openFromService, pushToService, watchGoal } from '../src/worker/service.ts';
import type {
  GoalView,
  ServiceOpenOutcome,
  ServiceParams,
  ServicePushOutcome,
  ServiceWatchOutcome,
} from '../src/worker/serviceTypes.ts';

let version = 0;
const documentOf = (text: string) => TextDocument.create('file:///playground/1/a.json', 'json', ++version, text);

describe('the service calls, against a real service', () => {
  let service: Service;
  let project: Project;
  let params: ServiceParams;
  beforeAll(async () => {
    // Agents fast enough to converge within a test on real time; the admin API makes a process stuck.
    service = await startService(['--agent-step-ms', '300', '--admin']);
    project = service.projects[0]!;
    params = {
      baseUrl: service.url,
      groupId: project.id,
      publicKey: project.publicKey,
      privateKey: project.privateKey,
    };
  });
  afterAll(async () => {
    await service?.stop();
  });

  const open = async () => {
    const opened = await openFromService(params);
    if (opened.kind !== 'opened') throw new Error(opened.kind);
    return opened;
  };

  it('opens the stored text exactly, with its version (the seeded deployment’s config, version 1)', async () => {
    const opened = await open();
    expect(opened.version).toBe(1);
    expect(opened.text).toContain('"version": 1\n');
    expect(opened.text).toContain('"replSetName": "rs0"');
  });

  it('pushes with the version one above the version opened, and says how to edit the document to match', async () => {
    const { text, version } = await open();
    const edited = text.replace('"disabled": true', '"disabled": true ');
    const pushed = await pushToService(params, documentOf(edited), false);
    expect(pushed).toMatchObject({ kind: 'pushed', from: version, to: version + 1 });
    if (pushed.kind !== 'pushed') return;
    expect(pushed.versionEdits).toEqual([
      { offset: edited.indexOf(`"version": ${version}\n`) + 11, length: 1, content: `${version + 1}` },
    ]);
    expect((await open()).version).toBe(version + 1);
  });

  it('places the validator’s diagnostics in the document sent (400 AUTOMATION_CONFIG_INVALID)', async () => {
    const { text } = await open();
    const broken = text.replace('"disabled": true', '"disabled": "yes"');
    const outcome = await pushToService(params, documentOf(broken), false);
    expect(outcome.kind).toBe('invalid');
    if (outcome.kind !== 'invalid') return;
    const d = outcome.diagnostics.find((x) => x.code === 'DBK102');
    expect(d).toMatchObject({ severity: 1, source: 'dbkit service', document: 'to' });
    const line = broken.split('\n').findIndex((l) => l.includes('"disabled": "yes"'));
    expect(d?.range.start.line).toBe(line);
  });

  it('reports a stale version as a conflict (409) with the stored version', async () => {
    const { text, version } = await open();
    // Opened at `version`; someone publishes the next one meanwhile.
    expect((await pushToService(params, documentOf(text), false)).kind).toBe('pushed');
    const outcome = await pushToService(params, documentOf(text), false);
    expect(outcome).toMatchObject({ kind: 'conflict', base: version, sent: version + 1, stored: version + 1 });
  });

  it('refuses an unsafe transition with the stored revision, and pushes it when allowed', async () => {
    // The replica-set example (authSchemaVersion 5) stored, then lowered to 3 (DBK643).
    const withProcess = readFileSync(
      resolve(import.meta.dirname, '../../../examples/automation/replica-set.automation.json'),
      'utf8',
    );
    const stored = await pushToService(params, documentOf(withProcess), false);
    expect(stored.kind).toBe('pushed');
    const after = (await open()).text;
    const lowered = documentOf(after.replace('"authSchemaVersion": 5', '"authSchemaVersion": 3'));
    const outcome = await pushToService(params, lowered, false);
    expect(outcome.kind).toBe('unsafe');
    if (outcome.kind !== 'unsafe') return;
    expect(outcome.stored.text).toBe(after);
    expect(outcome.diagnostics.map((d) => d.code)).toContain('DBK643');
    expect((await pushToService(params, lowered, true)).kind).toBe('pushed');
  });

  it.for([
    { name: 'a wrong private key', change: { privateKey: 'wrong' }, kind: 'unauthorized' },
    // The service answers a key pair that is not the project's with 401, whether the project exists or not.
    { name: 'another project', change: { groupId: '000000000000000000000000' }, kind: 'unauthorized' },
  ])('says so for $name', async ({ change, kind }) => {
    expect((await openFromService({ ...params, ...change })).kind).toBe(kind);
    expect((await pushToService({ ...params, ...change }, documentOf('{"version": 1}'), false)).kind).toBe(kind);
  });

  it('sends nothing when the document is not JSON', async () => {
    expect(await pushToService(params, documentOf('{"version": 1,}'), false)).toMatchObject({ kind: 'not-json' });
  });

  /** Pushes the stored config with its first process restarted: one `Restart` move, `--agent-step-ms` long. */
  const pushRestart = async () => {
    const { text } = await open();
    const at = ['processes', 0, 'lastRestart'];
    const restarted = applyEdits(text, modify(text, at, new Date().toISOString(), {}));
    const pushed = await pushToService(params, documentOf(restarted), false);
    if (pushed.kind !== 'pushed') throw new Error(pushed.kind);
    return { version: pushed.to, restarted: (JSON.parse(text) as { processes: { name: string }[] }).processes };
  };
  const watch = (version: number, more: { timeoutMs?: number; signal?: AbortSignal } = {}) => {
    const reports: GoalView[] = [];
    const outcome = watchGoal(
      { ...params, version, timeoutMs: more.timeoutMs ?? 30_000, intervalMs: 50 },
      (view) => reports.push(view),
      more.signal ?? new AbortController().signal,
    );
    return { reports, outcome };
  };

  /** Stops or restarts the service's clock: stopped, the agents cannot finish however slow the machine is. */
  const clock = (freeze: boolean) =>
    fetch(`${service.url}/__dbkit/clock`, { method: 'POST', body: JSON.stringify({ freeze }) });

  it('watches a pushed version until every process has applied it, each status read reported', async () => {
    await clock(true);
    const { version, restarted } = await pushRestart();
    const { reports, outcome } = watch(version);
    await expect.poll(() => reports.length).toBeGreaterThan(0);
    await clock(false);
    const ended = await outcome;
    expect(ended).toMatchObject({ kind: 'goal', version });
    if (ended.kind !== 'goal') return;
    const total = restarted.length;
    expect(ended.view.line).toBe(`${total}/${total} processes at goal version ${version}`);
    expect(ended.view.processes.every((p) => p.atGoal && p.reached === version && p.move === undefined)).toBe(true);
    // Seen on its way while the clock stood still: the restarted process on its move, the line saying so.
    const first = reports[0]!;
    const working = first.processes[0]!;
    expect(working).toMatchObject({ name: restarted[0]!.name, atGoal: false });
    expect(first.line).toContain(`${working.name}: ${working.move}`);
    expect(describeWatch(ended).title).toBe(`Version ${version} is applied`);
  });

  it('ends at a stuck process with its agent’s error, and after the timeout with where it stands', async () => {
    await clock(true);
    const { version, restarted } = await pushRestart();
    const timedOut = await watch(version, { timeoutMs: 100 }).outcome.finally(() => clock(false));
    expect(timedOut).toMatchObject({ kind: 'timeout', version, timeoutMs: 100 });
    expect(timedOut.kind === 'timeout' && timedOut.view?.line).toMatch(/ processes at goal version \d+; /);
    const name = restarted[1]!.name;
    const fault = `${service.url}/__dbkit/agents/${project.id}/${name}/fault`;
    const injected = await fetch(fault, {
      method: 'POST',
      body: JSON.stringify({ errorCode: 42, errorString: 'The host does not answer.' }),
    });
    expect(injected.status).toBe(200);
    try {
      const stuck = await watch(version).outcome;
      expect(stuck).toMatchObject({ kind: 'stuck', version });
      if (stuck.kind !== 'stuck') return;
      expect(stuck.view.processes.find((p) => p.name === name)?.error).toEqual({
        code: 42,
        text: 'The host does not answer.',
      });
      expect(describeWatch(stuck).text).toContain(`The agent of ${name} (error 42: The host does not answer.)`);
    } finally {
      await fetch(fault, { method: 'DELETE' });
    }
  });

  it('stops reading the status once stopped, keeping the last status read', async () => {
    const { version } = await pushRestart();
    const stop = new AbortController();
    const { reports, outcome } = watch(version, { signal: stop.signal });
    await expect.poll(() => reports.length).toBeGreaterThan(0);
    stop.abort();
    const ended = await outcome;
    expect(ended).toMatchObject({ kind: 'stopped', version, view: reports.at(-1) });
    const seen = reports.length;
    await new Promise((done) => setTimeout(done, 200));
    expect(reports.length).toBe(seen);
  });

  it('says why the status could not be read', async () => {
    const ended = await watchGoal(
      { ...params, privateKey: 'wrong', version: 1, timeoutMs: 1_000, intervalMs: 50 },
      () => undefined,
      new AbortController().signal,
    );
    expect(ended.kind).toBe('unauthorized');
    expect(describeWatch(ended).title).toBe('Automation status unavailable: Keys rejected');
  });

  it('says the service cannot be reached', async () => {
    const probe = createServer();
    await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
    const address = probe.address();
    await new Promise((done) => probe.close(done));
    const port = typeof address === 'object' && address !== null ? address.port : 1;
    const outcome = await openFromService({ ...params, baseUrl: `http://127.0.0.1:${port}` });
    expect(outcome.kind).toBe('network');
  });
});

describe('describeOutcome', () => {
  const diagnostic = (severity: 1 | 2, document: 'from' | 'to') => ({
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
    severity,
    code: 'DBK643',
    message: 'm',
    document,
  });
  const cases: readonly {
    outcome: ServiceOpenOutcome | ServicePushOutcome;
    tone: string;
    title: string;
    text: string;
  }[] = [
    {
      outcome: { kind: 'opened', groupId: 'g1', version: 3, text: '{}' },
      tone: 'success',
      title: 'Opened version 3',
      text: 'The automation config of project g1, as stored, is in the editor. Edit it and push: the version is set for you.',
    },
    {
      outcome: { kind: 'pushed', groupId: 'g1', from: 3, to: 4, versionEdits: [], documentVersion: 1 },
      tone: 'success',
      title: 'Pushed: version 3 → 4',
      text: 'The service stored the document as version 4 of project g1.',
    },
    {
      outcome: { kind: 'unauthorized', detail: 'You are not authorized for this resource.' },
      tone: 'error',
      title: 'Keys rejected',
      text: 'The service rejected the key pair for project g1. Check the group id and both keys above: dbkit-server prints each project’s id and key pair (public:private) when it starts.',
    },
    {
      outcome: { kind: 'forbidden', detail: 'IP address 10.0.0.7 is not allowed to access this resource.' },
      tone: 'error',
      title: 'Not allowed',
      text: 'The key pair is valid but may not do this: IP address 10.0.0.7 is not allowed to access this resource.',
    },
    {
      outcome: { kind: 'forbidden', detail: '' },
      tone: 'error',
      title: 'Not allowed',
      text: 'The key pair is valid but may not do this.',
    },
    {
      outcome: { kind: 'not-found', groupId: 'g9', detail: 'No group with ID g9 exists.' },
      tone: 'error',
      title: 'No such project',
      text: 'The service has no project g9. Check the group id: dbkit-server prints each project’s id when it starts.',
    },
    {
      outcome: { kind: 'conflict', base: 1, sent: 2, stored: 5, detail: '' },
      tone: 'error',
      title: 'Someone published first',
      text: 'The service has version 5, published since you opened version 1, so version 2 would overwrite it. Nothing was changed. Open from service again, reapply your change and push.',
    },
    {
      outcome: { kind: 'invalid', detail: '', diagnostics: [diagnostic(1, 'to'), diagnostic(2, 'to')] },
      tone: 'error',
      title: 'Refused: 1 error, 1 warning',
      text: 'The service’s validator found errors, so nothing was stored. They are marked in the editor and listed under Problems: fix them and push again.',
    },
    {
      outcome: { kind: 'unsafe', detail: '', diagnostics: [diagnostic(1, 'from')], stored: { text: '{}', version: 2 } },
      tone: 'warning',
      title: 'Unsafe transition: 1 error, 0 warnings',
      text: 'Going from the stored version 2 to this document has errors, so nothing was stored. 1 diagnostic points into the stored revision: compare with it to see it. Make the change in smaller revisions, or push anyway if you accept the risk.',
    },
    {
      outcome: {
        kind: 'not-json',
        detail: 'The document is not valid JSON (see the markers): fix it first. Nothing was sent.',
      },
      tone: 'error',
      title: 'Not JSON',
      text: 'The document is not valid JSON (see the markers): fix it first. Nothing was sent.',
    },
    {
      outcome: { kind: 'no-service', detail: '' },
      tone: 'error',
      title: 'No service configured',
      text: 'This playground was started without a service. Start one (node apps/server/dist/main.js --admin) and the playground beside it (node apps/web/bin/dbkit-web.mjs --service http://127.0.0.1:8080).',
    },
    {
      outcome: { kind: 'network', detail: 'The service could not be reached (ECONNREFUSED).' },
      tone: 'error',
      title: 'Service unreachable',
      text: 'The service could not be reached (ECONNREFUSED). Is dbkit-server running? Start it (node apps/server/dist/main.js --admin), then try again.',
    },
    {
      outcome: { kind: 'network', detail: 'The request failed: boom' },
      tone: 'error',
      title: 'Service unreachable',
      text: 'The request failed: boom. Is dbkit-server running? Start it (node apps/server/dist/main.js --admin), then try again.',
    },
    {
      outcome: { kind: 'refused', status: 500, errorCode: 'UNEXPECTED_ERROR', detail: 'Unexpected error.' },
      tone: 'error',
      title: 'Service error',
      text: "The service failed: Unexpected error. Try again; if it fails again, the service's log says why.",
    },
    {
      outcome: {
        kind: 'refused',
        status: 400,
        errorCode: 'INVALID_ATTRIBUTE',
        detail: 'Invalid attribute processes.0.args2_6 specified.',
      },
      tone: 'error',
      title: 'Refused',
      text: 'The service refused the request: Invalid attribute processes.0.args2_6 specified.',
    },
    {
      outcome: {
        kind: 'refused',
        status: 429,
        errorCode: 'RATE_LIMITED',
        detail: 'Resource /groups is limited to 100 requests every 1 minutes.',
      },
      tone: 'error',
      title: 'Too many requests',
      text: 'The service is limiting requests: Resource /groups is limited to 100 requests every 1 minutes. Wait a minute, then try again.',
    },
  ];
  it.for(cases)('$outcome.kind: $title', ({ outcome, tone, title, text }) => {
    expect(describeOutcome(outcome, { groupId: 'g1' })).toEqual({ tone, title, text });
  });

  it.for(cases)('$outcome.kind: sentences with one full stop, no code or status where words belong', ({ outcome }) => {
    const { title, text } = describeOutcome(outcome, { groupId: 'g1' });
    expect(text).toMatch(/^[A-Z].*[^.]\.$/s);
    expect(`${title} ${text}`).not.toMatch(/\.\.|\b[A-Z]+_[A-Z_]+\b|HTTP \d/);
  });
});

describe('describeWatch', () => {
  const view = (line: string, stuck: GoalView['progress']['stuck'] = []): GoalView => ({
    progress: { goalVersion: 7, atGoal: 2, total: 3, done: false, working: [], stuck },
    line,
    processes: [],
  });
  const stuck = [{ name: 'rs0_2', errorCode: 42, errorString: 'The host does not answer.' }];
  const cases: readonly { watch: Watching | ServiceWatchOutcome; tone: string; title: string; says: string }[] = [
    { watch: { kind: 'watching', version: 7 }, tone: 'info', title: 'Applying version 7…', says: 'Reading' },
    {
      watch: { kind: 'watching', version: 7, view: view('2/3 processes at goal version 7; rs0_2: ChangeVersion') },
      tone: 'info',
      title: 'Applying version 7…',
      says: '2/3 processes at goal version 7; rs0_2: ChangeVersion',
    },
    {
      watch: { kind: 'goal', version: 7, view: view('3/3 processes at goal version 7') },
      tone: 'success',
      title: 'Version 7 is applied',
      says: '3/3 processes at goal version 7.',
    },
    {
      watch: { kind: 'stuck', version: 7, view: view('2/3 processes at goal version 7; rs0_2: error 42 …', stuck) },
      tone: 'error',
      title: 'Version 7 is not applied',
      says: 'The agent of rs0_2 (error 42: The host does not answer.) reports an error',
    },
    {
      watch: { kind: 'timeout', version: 7, timeoutMs: 600_000, view: view('2/3 processes at goal version 7') },
      tone: 'warning',
      title: 'Version 7 is not applied after 10 minutes',
      says: 'Where it stands: 2/3 processes at goal version 7.',
    },
    {
      watch: { kind: 'timeout', version: 7, timeoutMs: 90_000 },
      tone: 'warning',
      title: 'Version 7 is not applied after 90 seconds',
      says: 'no status was read',
    },
    {
      watch: { kind: 'stopped', version: 7, view: view('1/3 processes at goal version 7') },
      tone: 'info',
      title: 'Stopped watching version 7',
      says: 'Where it stood: 1/3 processes at goal version 7.',
    },
    {
      watch: { kind: 'network', detail: 'The service did not answer in time.' },
      tone: 'error',
      title: 'Automation status unavailable: Service unreachable',
      says: 'did not answer in time',
    },
  ];
  it.for(cases)('$watch.kind: $title', ({ watch, tone, title, says }) => {
    const message = describeWatch(watch);
    expect(message).toMatchObject({ tone, title });
    expect(message.text).toContain(says);
  });
});
