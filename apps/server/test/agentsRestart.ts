/**
 * A restart in the middle of convergence, on any store: the automation status a restarted service answers is the
 * one it answered before (the goal and what each process had achieved), and convergence goes on from there. The
 * status is derived from stored data and the clock, so a second instance on the same store answers the same.
 */
import type { AutomationStatus } from '@dbkit/core';
import { expect } from 'vitest';
import type { DbkitServer } from '../src/app.js';
import { Clock } from '../src/clock.js';
import { DigestClient, T0 } from './helpers.js';

/** Starts a service on the scenario's clock and the store under test (the same storage every time). */
export type StartOnStore = (clock: Clock) => Promise<DbkitServer>;

export const STEP_MS = 1000;

export async function restartMidConvergence(startOnStore: StartOnStore): Promise<void> {
  const clock = new Clock();
  clock.set(T0);
  clock.freeze(true);
  const first = await startOnStore(clock);
  const state = await first.store.exportState();
  const [project] = Object.values(state.groups);
  const key = project?.keys[0];
  if (project === undefined || key === undefined) throw new Error('no seeded project');
  const credentials = `${key.publicKey}:${key.privateKey}`;
  const connect = async (server: DbkitServer) => {
    const api = `${await server.listen(0)}/api/public/v1.0/groups/${project.id}`;
    const client = new DigestClient(credentials);
    return {
      status: async () => (await client.request(`${api}/automationStatus`)).json<AutomationStatus>(),
      client,
      api,
    };
  };
  const one = await connect(first);
  const doc = (await one.client.request(`${one.api}/automationConfig`)).json<{
    version: number;
    processes: { name: string; version: string }[];
  }>();
  // Every process of the seeded replica set moves to the other release: Download, then ChangeVersion.
  const next = {
    ...doc,
    version: doc.version + 1,
    processes: doc.processes.map((p) => (p.name.startsWith('rs0') ? { ...p, version: '8.0.4' } : p)),
  };
  const put = await one.client.request(`${one.api}/automationConfig?allowUnsafeTransition=true`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(next),
  });
  expect([put.status, put.text]).toEqual([200, '{}']);
  clock.advance(STEP_MS);
  const before = await one.status();
  const moving = before.processes.filter((p) => p.name.startsWith('rs0'));
  expect(moving.length).toBeGreaterThan(0);
  for (const p of moving) expect(p).toMatchObject({ lastGoalVersionAchieved: doc.version, plan: ['ChangeVersion'] });
  await first.close();

  const second = await startOnStore(clock);
  try {
    const two = await connect(second);
    expect(await two.status()).toEqual(before);
    clock.advance(STEP_MS);
    const after = await two.status();
    expect(after.goalVersion).toBe(next.version);
    for (const p of after.processes) expect(p).toMatchObject({ lastGoalVersionAchieved: next.version, plan: [] });
  } finally {
    await second.close();
  }
}
