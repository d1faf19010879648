/**
 * Alerts and the simulated agents over real HTTP, with curl --digest and the test's Digest client: every alert's self
 * link resolves, acknowledging (open, closed, unknown), the automation status converging on an advancing clock, a
 * stuck process with its HOST_DOWN alert, concurrent PUTs during convergence.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Alert, AutomationStatus } from '@dbkit/core';
import { runTracked } from '@dbkit/test-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../src/app.js';
import { Clock } from '../../src/clock.js';
import { restartMidConvergence, STEP_MS } from '../agentsRestart.js';
import { curl, DigestClient, lastResponse, type Running, start, T0 } from '../helpers.js';

let service: Running;
let client: DigestClient;
beforeAll(async () => {
  service = await start({ agents: { stepMs: 1000, hostDownDelaysMinutes: [5] } });
  client = new DigestClient(service.credentials);
});
afterAll(() => service.close());

const group = () => `${service.api}/groups/${service.project.id}`;
const alerts = async (query = '') =>
  (await client.request(`${group()}/alerts?itemsPerPage=500${query}`)).json<{ results: Alert[] }>().results;
const status = async () => (await client.request(`${group()}/automationStatus`)).json<AutomationStatus>();
const config = async () => (await client.request(`${group()}/automationConfig`)).json<Record<string, unknown>>();
const put = (doc: unknown) =>
  client.request(`${group()}/automationConfig`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(doc, null, 2),
  });
const patch = (url: string, body: string) =>
  client.request(url, { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body });
const advance = (ms: number) => service.server.clock.advance(ms);

describe('alerts', () => {
  it('every alert’s self link resolves, with curl --digest, to the alert as listed', async () => {
    const listed = await alerts();
    expect(listed.length).toBeGreaterThan(0);
    for (const alert of listed.slice(0, 25)) {
      const self = alert.links.find((link) => link.rel === 'self')?.href ?? '';
      expect(self).toBe(`${group()}/alerts/${alert.id}`);
      const result = await curl(['-i', '--digest', '-u', service.credentials, self]);
      const { status: code, body } = lastResponse(result.stdout);
      expect(code, self).toBe(200);
      expect(JSON.parse(body)).toEqual(alert);
    }
  });

  it('an unknown alert is 404 RESOURCE_NOT_FOUND, for GET and for PATCH', async () => {
    const unknown = `${group()}/alerts/0123456789abcdef01234567`;
    for (const response of [
      await client.request(unknown),
      await patch(unknown, '{"acknowledgedUntil":"2030-01-01"}'),
    ]) {
      expect(response.status).toBe(404);
      expect(response.json()).toMatchObject({
        errorCode: 'RESOURCE_NOT_FOUND',
        parameters: ['Alert with id 0123456789abcdef01234567'],
      });
    }
  });

  it('acknowledging an OPEN alert sets the three fields, the key as the user; the list shows it; no date takes it away', async () => {
    const open = (await alerts('&status=OPEN'))[0];
    if (open === undefined) throw new Error('the seed has no OPEN alert');
    const url = `${group()}/alerts/${open.id}`;
    const body = JSON.stringify({
      acknowledgedUntil: '2030-01-01T00:00:00-05:00',
      acknowledgementComment: 'disk swap tonight',
    });
    const result = await curl([
      '-i',
      '--digest',
      '-u',
      service.credentials,
      '-X',
      'PATCH',
      '-H',
      'Content-Type: application/json',
      '--data',
      body,
      url,
    ]);
    const answer = lastResponse(result.stdout);
    expect(answer.status).toBe(200);
    const publicKey = service.credentials.split(':')[0];
    const acknowledged = {
      acknowledgedUntil: '2030-01-01T05:00:00Z',
      acknowledgementComment: 'disk swap tonight',
      acknowledgingUsername: publicKey,
    };
    expect(JSON.parse(answer.body)).toMatchObject({ ...acknowledged, id: open.id, status: 'OPEN' });
    expect((await alerts()).find((a) => a.id === open.id)).toMatchObject(acknowledged);
    const cleared = await patch(url, '{"acknowledgementComment": ""}');
    expect(cleared.status).toBe(200);
    expect(cleared.json()).not.toHaveProperty('acknowledgedUntil');
    expect((await client.request(url)).json()).not.toHaveProperty('acknowledgingUsername');
  });

  it('acknowledging a CLOSED alert keeps it CLOSED with its resolved time', async () => {
    const closed = (await alerts('&status=CLOSED'))[0];
    if (closed === undefined) throw new Error('the seed has no CLOSED alert');
    const response = await patch(`${group()}/alerts/${closed.id}`, '{"acknowledgedUntil":"2031-01-01T00:00:00Z"}');
    expect(response.json()).toMatchObject({
      status: 'CLOSED',
      resolved: (closed as { resolved: string }).resolved,
      acknowledgedUntil: '2031-01-01T00:00:00Z',
    });
  });

  it.each([
    ['not JSON', '{', 'INVALID_JSON'],
    ['a read-only field', '{"status":"CLOSED"}', 'ATTRIBUTE_READ_ONLY'],
    ['an unknown field', '{"until":"2030-01-01"}', 'INVALID_ATTRIBUTE'],
    ['a date that is not one', '{"acknowledgedUntil":"next week"}', 'INVALID_JSON_ATTRIBUTE'],
  ])('refuses %s with 400 %s and changes nothing', async (_name, body, errorCode) => {
    const alert = (await alerts())[0] as Alert;
    const response = await patch(`${group()}/alerts/${alert.id}`, body);
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({ errorCode });
    expect((await client.request(`${group()}/alerts/${alert.id}`)).json()).toEqual(
      (await alerts()).find((a) => a.id === alert.id),
    );
  });
});

describe('automation status', () => {
  it('the seeded deployment is at its goal', async () => {
    const seeded = await status();
    const stored = await config();
    expect(seeded.goalVersion).toBe(stored.version);
    expect(seeded.processes.length).toBe((stored.processes as unknown[]).length);
    for (const process of seeded.processes)
      expect(process).toMatchObject({ lastGoalVersionAchieved: seeded.goalVersion, plan: [] });
  });

  it('a PUT that upgrades a replica set and adds a member converges move by move as the clock advances', async () => {
    const doc = await config();
    const processes = doc.processes as Record<string, unknown>[];
    const replicaSets = doc.replicaSets as { _id: string; members: Record<string, unknown>[] }[];
    const rs = replicaSets[0] as { _id: string; members: Record<string, unknown>[] };
    const memberNames = new Set(rs.members.map((m) => m.host));
    const first = processes.find((p) => memberNames.has(p.name)) as Record<string, unknown>;
    const added = { ...structuredClone(first), name: `${rs._id}_added`, hostname: 'added.example.net' };
    const next = {
      ...doc,
      version: (doc.version as number) + 1,
      processes: [...processes, added],
      replicaSets: replicaSets.map((r) =>
        r === rs
          ? { ...r, members: [...r.members, { ...r.members[0], _id: 99, host: added.name, priority: 0, votes: 0 }] }
          : r,
      ),
    };
    const response = await put(next);
    expect([response.status, response.text]).toEqual([200, '{}']);
    const moving = await status();
    expect(moving.goalVersion).toBe(next.version);
    expect(moving.processes.find((p) => p.name === added.name)).toMatchObject({
      hostname: 'added.example.net',
      lastGoalVersionAchieved: 0,
      plan: ['Download', 'Start', 'WaitRsInit'],
    });
    expect(moving.processes.find((p) => p.name === first.name)).toMatchObject({ plan: ['WaitAllRsMembersUp'] });
    advance(1000);
    expect((await status()).processes.find((p) => p.name === added.name)?.plan).toEqual(['Start', 'WaitRsInit']);
    advance(2000);
    const done = await status();
    for (const process of done.processes)
      expect(process).toMatchObject({ lastGoalVersionAchieved: next.version, plan: [] });
  });

  it('a stuck process reports its error and raises HOST_DOWN: TRACKING, OPEN after the delay, CLOSED once at goal again', async () => {
    const target = (await status()).processes[0]?.name as string;
    const admin = `${service.url}/__dbkit/agents/${service.project.id}/${target}/fault`;
    const seeded = new Set((await alerts()).map((a) => a.id));
    const injected = await fetch(admin, {
      method: 'POST',
      body: '{"errorCode": 3, "errorString": "host unreachable"}',
    });
    expect(injected.status).toBe(200);
    const stuck = (await status()).processes.find((p) => p.name === target);
    expect(stuck).toMatchObject({ errorCode: 3, errorString: 'host unreachable', plan: ['Start'] });
    const down = () => alerts().then((list) => list.filter((a) => !seeded.has(a.id)));
    expect(await down()).toEqual([expect.objectContaining({ eventTypeName: 'HOST_DOWN', status: 'TRACKING' })]);
    advance(5 * 60_000);
    const [opened] = await down();
    expect(opened).toMatchObject({ status: 'OPEN' });
    expect((await client.request(`${group()}/alerts/${opened?.id}`)).status).toBe(200);
    expect((await fetch(admin, { method: 'DELETE' })).status).toBe(200);
    expect((await down())[0]).toMatchObject({ status: 'OPEN' });
    advance(1000);
    expect((await down())[0]).toMatchObject({ id: opened?.id, status: 'CLOSED' });
    expect((await status()).processes.find((p) => p.name === target)).toEqual(
      expect.not.objectContaining({ errorCode: expect.anything() }),
    );
  });

  it('concurrent PUTs during convergence: one per version wins, the status follows the newest', async () => {
    const doc = await config();
    const base = doc.version as number;
    const versions = [base + 1, base + 1, base + 2, base + 2, base + 3];
    const answers = await Promise.all(versions.map((version) => put({ ...doc, version })));
    const won = answers.filter((a) => a.status === 200).length;
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    expect(won).toBeGreaterThanOrEqual(1);
    const now = await status();
    expect(now.goalVersion).toBe((await config()).version);
    advance(60_000);
    for (const process of (await status()).processes)
      expect(process).toMatchObject({ lastGoalVersionAchieved: now.goalVersion, plan: [] });
  });
});

describe('a restart in the middle of convergence (the journalled store)', () => {
  it('answers the status it answered before, then converges on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dbkit-agents-'));
    try {
      await restartMidConvergence(async (clock) =>
        createServer({
          seed: 1,
          clock,
          dataDir: dir,
          sweepIntervalMs: 0,
          warn: () => {},
          agents: { stepMs: STEP_MS, hostDownDelaysMinutes: [5] },
        }),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

const hasRequests = (() => {
  try {
    execFileSync('python3', ['-c', 'import requests'], { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
})();

describe('a Python script on requests’ HTTPDigestAuth, unchanged', () => {
  it.skipIf(!hasRequests)('follows self links, acknowledges, pushes and waits until the goal is reached', async () => {
    const clock = new Clock();
    clock.set(T0);
    const live = await start({ clock, agents: { stepMs: 30, hostDownDelaysMinutes: [5] } });
    try {
      const [publicKey = '', privateKey = ''] = live.credentials.split(':');
      const script = fileURLToPath(new URL('../clients/push_and_wait.py', import.meta.url));
      const result = await runTracked('python3', [script, live.url, live.project.id, publicKey, privateKey], {
        timeout: 150_000,
      });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toMatch(
        /^followed \d+ self links\nacknowledged until 2030-01-01T00:00:00Z by \w+\npushed version 2\ngoal 2 reached by \d+ processes\n$/,
      );
      expect(result.stdout).not.toContain(privateKey);
    } finally {
      await live.close();
    }
  });
});
