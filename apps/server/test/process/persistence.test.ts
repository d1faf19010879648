/**
 * Durability of the default store (`--data DIR`): a burst of PATCHes and PUTs killed with `kill -9`, then a restart:
 * every acknowledged write is there. A torn last journal line is dropped and reported, and the service starts.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopTracked } from '@dbkit/test-process';
import { afterAll, describe, expect, it } from 'vitest';
import { DigestClient } from '../helpers.js';
import { firstProject, printed, startProcess } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'dbkit-server-data-'));
/** The last automation config version the burst had acknowledged (the later tests restart on the same folder). */
let acknowledgedVersion = Number.POSITIVE_INFINITY;
afterAll(async () => {
  // A server a failed test left running still writes to the folder.
  await stopTracked();
  rmSync(dir, { recursive: true, force: true });
});

const example = readFileSync(
  new URL('../../../../examples/automation/replica-set.automation.json', import.meta.url),
  'utf8',
);
const withVersion = (version: number) => example.replace(/"version": \d+/, `"version": ${version}`);

type Snapshot = { id: string; expires?: string; doNotDelete: boolean };

async function snapshotsOf(client: DigestClient, api: string, clusterPath: string): Promise<Snapshot[]> {
  const page = (await client.request(`${api}${clusterPath}?completed=all&itemsPerPage=500`)).json<{
    results: Snapshot[];
  }>();
  return page.results;
}

describe('the journalled store', () => {
  it('keeps every acknowledged PATCH and PUT through kill -9', async () => {
    const first = await startProcess(['--port', '0', '--data', dir, '--seed', '3']);
    const { id, credentials } = firstProject(first.stdout());
    const api = `${first.url}/api/public/v1.0`;
    const clusterId = /cluster rs0 {2}id (\w+)/.exec(first.stdout())?.[1] ?? '';
    const clusterPath = `/groups/${id}/clusters/${clusterId}/snapshots`;
    const reader = new DigestClient(credentials);
    const targets = (await snapshotsOf(reader, api, clusterPath)).filter((s) => !s.doNotDelete).slice(0, 4);
    expect(targets.length).toBe(4);

    // Each writer works on its own snapshot, one request after another, and remembers what was acknowledged.
    const acknowledged = new Map<string, string>();
    const attempted = new Map<string, string[]>();
    let lastVersion = 0;
    let stop = false;
    // Kill in the middle of the burst, once every writer has had writes acknowledged (however slow the machine):
    // each answer checks, so the kill follows the answer that made the burst far enough along.
    const enough = () =>
      lastVersion >= 5 && targets.every((t) => (attempted.get(t.id)?.length ?? 0) >= 4 && acknowledged.has(t.id));
    let farEnough = () => {};
    const underway = new Promise<void>((resolve) => {
      farEnough = resolve;
    });
    const answered = () => {
      if (enough()) farEnough();
    };
    const patcher = async (snapshot: Snapshot, writer: number) => {
      const client = new DigestClient(credentials);
      for (let n = 1; !stop; n++) {
        const expires = new Date(Date.UTC(2030, writer, 1) + n * 60_000).toISOString().replace('.000Z', 'Z');
        attempted.set(snapshot.id, [...(attempted.get(snapshot.id) ?? []), expires]);
        try {
          const response = await client.request(`${api}${clusterPath}/${snapshot.id}`, {
            method: 'PATCH',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ expires }),
          });
          if (response.status === 200) acknowledged.set(snapshot.id, expires);
          answered();
        } catch {
          return; // the process died mid-request
        }
      }
    };
    const putter = async () => {
      const client = new DigestClient(credentials);
      for (let version = 1; !stop; version++) {
        try {
          const response = await client.request(`${api}/groups/${id}/automationConfig`, {
            method: 'PUT',
            headers: { 'Content-Type': 'application/json' },
            body: withVersion(version),
          });
          if (response.status === 200) lastVersion = version;
          answered();
        } catch {
          return;
        }
      }
    };
    const writers = [...targets.map((snapshot, index) => patcher(snapshot, index)), putter()];
    // The writers end early only if the process dies by itself: the checks below then say what was missing.
    await Promise.race([underway, Promise.all(writers)]);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    stop = true;
    await Promise.all(writers);
    expect(acknowledged.size).toBe(4);
    expect(lastVersion).toBeGreaterThanOrEqual(5);
    acknowledgedVersion = lastVersion;

    const second = await startProcess(['--port', '0', '--data', dir, '--seed', '3']);
    const api2 = `${second.url}/api/public/v1.0`;
    const after = new Map((await snapshotsOf(reader, api2, clusterPath)).map((s) => [s.id, s.expires]));
    for (const [snapshotId, expires] of acknowledged) {
      const tried = attempted.get(snapshotId) ?? [];
      // The acknowledged value, or a later one whose answer the kill cut off: never an older one.
      const stored = after.get(snapshotId) ?? '';
      expect(tried.indexOf(stored), `${snapshotId}: ${stored} vs acknowledged ${expires}`).toBeGreaterThanOrEqual(
        tried.indexOf(expires),
      );
    }
    const config = await reader.request(`${api2}/groups/${id}/automationConfig`);
    expect(config.json<{ version: number }>().version).toBeGreaterThanOrEqual(lastVersion);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  });

  it('drops and reports a torn last journal line, and starts with everything before it', async () => {
    appendFileSync(join(dir, 'journal.jsonl'), '{"path":["groups","x"],"val');
    const third = await startProcess(['--port', '0', '--data', dir, '--seed', '3']);
    await printed(third, 'stderr', /dropped a torn last entry/);
    expect(third.stderr()).toMatch(/dropped a torn last entry \(\d+ bytes\)/);
    const { id, credentials } = firstProject(third.stdout());
    const client = new DigestClient(credentials);
    const config = await client.request(`${third.url}/api/public/v1.0/groups/${id}/automationConfig`);
    expect(config.json<{ version: number }>().version).toBeGreaterThanOrEqual(acknowledgedVersion);
    third.child.kill('SIGINT');
    expect(await third.exited).toBe(0);
  });

  it('refuses to start on a journal damaged in the middle, with one line saying where', async () => {
    appendFileSync(join(dir, 'journal.jsonl'), 'not json\n{"path":["groups"],"value":null}\n');
    await expect(startProcess(['--port', '0', '--data', dir])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/journal\.jsonl line 1 is damaged/),
    });
  });
});
