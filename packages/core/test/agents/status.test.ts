import { describe, expect, it } from 'vitest';
import { agentMoves, processFacts } from '../../src/agents/moves.js';
import {
  type AgentFault,
  type AgentTimeline,
  type AutomationRevision,
  automationStatusAt,
  downPeriods,
} from '../../src/agents/status.js';
import { edit, replicaSet } from './fixtures.js';

const T0 = Date.parse('2026-11-01T00:00:00Z');
const STEP = 1000;

function revisions(...docs: { doc: Record<string, unknown>; at: number }[]): AutomationRevision[] {
  return docs.map(({ doc, at }, i) => ({
    version: doc.version as number,
    acceptedAt: at,
    processes: processFacts(doc),
    moves: i === 0 ? {} : agentMoves(docs[i - 1]?.doc, doc),
  }));
}

const v1 = replicaSet(1);
const upgrade = replicaSet(2, '8.0.4', 4);

function timeline(faults: AgentFault[] = [], stepMs = STEP): AgentTimeline {
  return { revisions: revisions({ doc: v1, at: T0 }, { doc: upgrade, at: T0 + 10_000 }), faults, stepMs };
}

describe('automationStatusAt', () => {
  it('the baseline revision is at its goal', () => {
    const status = automationStatusAt(timeline(), T0 + 5_000);
    expect(status.goalVersion).toBe(1);
    expect(status.processes.map((p) => [p.name, p.lastGoalVersionAchieved, p.plan])).toEqual([
      ['rs0_0', 1, []],
      ['rs0_1', 1, []],
      ['rs0_2', 1, []],
    ]);
    expect(status.processes[0]).toEqual({
      hostname: 'db0.example.net',
      name: 'rs0_0',
      lastGoalVersionAchieved: 1,
      plan: [],
    });
  });

  it.each([
    // An upgrade with a member added: 3 moves on the old members, 3 on the new one, one second each.
    [
      T0 + 10_000,
      [2, 0, 0, 0],
      ['Download', 'ChangeVersion', 'WaitAllRsMembersUp'],
      ['Download', 'Start', 'WaitRsInit'],
    ],
    [T0 + 11_000, [2, 0, 0, 0], ['ChangeVersion', 'WaitAllRsMembersUp'], ['Start', 'WaitRsInit']],
    [T0 + 12_500, [2, 0, 0, 0], ['WaitAllRsMembersUp'], ['WaitRsInit']],
    [T0 + 13_000, [2, 2, 2, 2], [], []],
  ])('at %i the processes converge move by move', (now, [goal, ...rest], oldPlan, newPlan) => {
    const status = automationStatusAt(timeline(), now);
    expect(status.goalVersion).toBe(goal);
    const achieved = status.processes.map((p) => p.lastGoalVersionAchieved);
    if (rest.every((v) => v === 0)) expect(achieved).toEqual([1, 1, 1, 0]);
    else expect(achieved).toEqual([2, 2, 2, 2]);
    expect(status.processes[0]?.plan).toEqual(oldPlan);
    expect(status.processes[3]).toMatchObject({ name: 'rs0_3', hostname: 'db3.example.net', plan: newPlan });
  });

  it('step 0 makes convergence instant', () => {
    const status = automationStatusAt(timeline([], 0), T0 + 10_000);
    expect(status.processes.every((p) => p.lastGoalVersionAchieved === 2 && p.plan.length === 0)).toBe(true);
  });

  it('a newer revision during convergence extends the plan; the goal is reached only once all of it is done', () => {
    const v3 = edit(upgrade, (d) => {
      d.version = 3;
      (d.processes[0] as { args2_6: Record<string, unknown> }).args2_6.operationProfiling = { slowOpThresholdMs: 50 };
    });
    const t: AgentTimeline = {
      revisions: revisions({ doc: v1, at: T0 }, { doc: upgrade, at: T0 + 10_000 }, { doc: v3, at: T0 + 11_500 }),
      faults: [],
      stepMs: STEP,
    };
    const mid = automationStatusAt(t, T0 + 12_000);
    expect(mid.goalVersion).toBe(3);
    expect(mid.processes[0]).toMatchObject({
      lastGoalVersionAchieved: 1,
      plan: ['WaitAllRsMembersUp', 'RollingChangeArgs'],
    });
    expect(mid.processes[1]).toMatchObject({ lastGoalVersionAchieved: 1, plan: ['WaitAllRsMembersUp'] });
    expect(automationStatusAt(t, T0 + 13_500).processes.map((p) => p.lastGoalVersionAchieved)).toEqual([1, 3, 3, 3]);
    const done = automationStatusAt(t, T0 + 14_000);
    expect(done.processes.map((p) => p.lastGoalVersionAchieved)).toEqual([3, 3, 3, 3]);
  });

  it('a stuck process keeps its error and plan until the fault is cleared, then restarts its move', () => {
    const fault: AgentFault = { process: 'rs0_1', errorCode: 1, errorString: 'cannot reach host', from: T0 + 10_500 };
    const stuck = automationStatusAt(timeline([fault]), T0 + 60_000);
    expect(stuck.processes[1]).toEqual({
      hostname: 'db1.example.net',
      name: 'rs0_1',
      lastGoalVersionAchieved: 1,
      plan: ['Download', 'ChangeVersion', 'WaitAllRsMembersUp'],
      errorCode: 1,
      errorString: 'cannot reach host',
    });
    expect(stuck.processes[0]).toMatchObject({ lastGoalVersionAchieved: 2, plan: [] });
    const mended = timeline([{ ...fault, until: T0 + 60_000 }]);
    expect(automationStatusAt(mended, T0 + 62_000).processes[1]).toMatchObject({
      lastGoalVersionAchieved: 1,
      plan: ['WaitAllRsMembersUp'],
    });
    expect(automationStatusAt(mended, T0 + 62_000).processes[1]).not.toHaveProperty('errorCode');
    expect(automationStatusAt(mended, T0 + 63_000).processes[1]).toMatchObject({
      lastGoalVersionAchieved: 2,
      plan: [],
    });
  });

  it('a removed process leaves the status; an empty timeline has goal 0 and no processes', () => {
    const t: AgentTimeline = {
      revisions: revisions({ doc: upgrade, at: T0 }, { doc: replicaSet(3), at: T0 + 1000 }),
      faults: [],
      stepMs: STEP,
    };
    expect(automationStatusAt(t, T0 + 500).processes).toHaveLength(4);
    expect(automationStatusAt(t, T0 + 1000).processes.map((p) => p.name)).toEqual(['rs0_0', 'rs0_1', 'rs0_2']);
    expect(automationStatusAt({ revisions: [], faults: [], stepMs: 0 }, T0)).toEqual({ goalVersion: 0, processes: [] });
  });

  it('only what happened by now counts: a revision accepted later is not the goal yet', () => {
    expect(automationStatusAt(timeline(), T0 + 9_999).goalVersion).toBe(1);
  });
});

describe('downPeriods', () => {
  it('a stuck process is down from the fault until it reaches its goal again', () => {
    const fault: AgentFault = { process: 'rs0_2', errorCode: 1, errorString: 'x', from: T0 + 1_000, until: T0 + 5_000 };
    const t: AgentTimeline = { revisions: revisions({ doc: v1, at: T0 }), faults: [fault], stepMs: STEP };
    expect(downPeriods(t, T0 + 3_000)).toEqual([
      { process: expect.objectContaining({ name: 'rs0_2' }), from: T0 + 1_000 },
    ]);
    // Mended at 5 s, it has to Start again: up at 6 s.
    expect(downPeriods(t, T0 + 10_000)).toEqual([
      { process: expect.objectContaining({ name: 'rs0_2' }), from: T0 + 1_000, until: T0 + 6_000 },
    ]);
  });

  it('a process the config disables is down once stopped, and up once started again', () => {
    const disabled = edit(v1, (d) => {
      d.version = 2;
      (d.processes[0] as Record<string, unknown>).disabled = true;
    });
    const enabled = edit(v1, (d) => {
      d.version = 3;
    });
    const t: AgentTimeline = {
      revisions: revisions({ doc: v1, at: T0 }, { doc: disabled, at: T0 + 1_000 }, { doc: enabled, at: T0 + 20_000 }),
      faults: [],
      stepMs: STEP,
    };
    expect(downPeriods(t, T0 + 10_000)).toEqual([
      { process: expect.objectContaining({ name: 'rs0_0' }), from: T0 + 2_000 },
    ]);
    expect(downPeriods(t, T0 + 30_000)).toEqual([
      { process: expect.objectContaining({ name: 'rs0_0' }), from: T0 + 2_000, until: T0 + 21_000 },
    ]);
  });
});
