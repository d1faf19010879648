/**
 * The agents' record a PUT stores (`reviseAgents`): a revision leaves out the processes when they are the revision
 * before's and lists only the processes that move, so a run of PUTs does not store a large config's facts a hundred
 * times; read back whole (`expandRevisions`), it gives the status and alerts the whole record gives.
 */
import { type AutomationRevision, agentMoves, automationStatusAt, downPeriods, processFacts } from '@dbkit/core/agents';
import { describe, expect, it } from 'vitest';
import { expandRevisions, KEPT_REVISIONS, reviseAgents, timelineOf } from '../src/agents.js';
import type { StoredAgents, StoredAutomationConfig } from '../src/state.js';

/** A config of `count` processes in replica sets of three, at `version`; `port` moves the first process. */
function config(version: number, count = 60, port = 27017): Record<string, unknown> {
  const processes = Array.from({ length: count }, (_, i) => ({
    name: `p${i}`,
    hostname: `h${i}.example.net`,
    processType: 'dbd',
    version: '8.0.4-ent',
    args2_6: { net: { port: i === 0 ? port : 27017 }, replication: { replSetName: `rs${Math.floor(i / 3)}` } },
  }));
  const replicaSets = Array.from({ length: count / 3 }, (_, s) => ({
    _id: `rs${s}`,
    members: [0, 1, 2].map((m) => ({ _id: m, host: `p${s * 3 + m}` })),
  }));
  return { version, processes, replicaSets };
}

/** The record after PUTs of `documents` in turn, one a second, starting from the first as stored. */
function putAll(documents: readonly Record<string, unknown>[]): StoredAgents {
  let stored: StoredAutomationConfig = { version: 1, text: JSON.stringify(documents[0]) };
  for (let i = 1; i < documents.length; i++) {
    const agents = reviseAgents(
      { config: stored, document: documents[i - 1] },
      { version: i + 1, document: documents[i] },
      i * 1000,
    );
    stored = { version: i + 1, text: JSON.stringify(documents[i]), agents };
  }
  return stored.agents!;
}

/** The record as it was stored before: every revision whole, every process's moves listed. */
function wholeRecord(documents: readonly Record<string, unknown>[]): AutomationRevision[] {
  const revisions: AutomationRevision[] = [
    { version: 1, acceptedAt: 0, processes: processFacts(documents[0]), moves: {} },
  ];
  for (let i = 1; i < documents.length; i++) {
    revisions.push({
      version: i + 1,
      acceptedAt: i * 1000,
      processes: processFacts(documents[i]),
      moves: agentMoves(documents[i - 1], documents[i]),
    });
  }
  return revisions.slice(-KEPT_REVISIONS);
}

describe("the agents' record", () => {
  it('stores a run of PUTs that change no process with its processes once, and reads back the same status', () => {
    const documents = Array.from({ length: 120 }, (_, i) => config(i + 1));
    // A version that moves the first process's port half way, and one that adds processes.
    documents[60] = config(61, 60, 28017);
    for (let i = 61; i < 120; i++) documents[i] = config(i + 1, 60, 28017);
    documents[90] = config(91, 63, 28017);
    for (let i = 91; i < 120; i++) documents[i] = config(i + 1, 63, 28017);
    const record = putAll(documents);
    expect(record.revisions).toHaveLength(KEPT_REVISIONS);
    // The oldest kept revision (the baseline) and the two that changed processes carry them; no other does.
    const carrying = record.revisions.filter((revision) => revision.processes !== undefined).map((r) => r.version);
    expect(carrying).toEqual([21, 61, 91]);
    const whole = wholeRecord(documents);
    const size = JSON.stringify(record).length;
    expect(size).toBeLessThan(JSON.stringify(whole).length / 10);
    const timeline = { revisions: expandRevisions(record.revisions), faults: [], stepMs: 500 };
    const expected = { revisions: whole, faults: [], stepMs: 500 };
    expect(timeline.revisions.map((r) => r.processes)).toEqual(whole.map((r) => r.processes));
    for (const at of [60_000, 61_200, 90_400, 91_700, 119_000, 200_000]) {
      expect(automationStatusAt(timeline, at), `at ${at}`).toEqual(automationStatusAt(expected, at));
      expect(downPeriods(timeline, at)).toEqual(downPeriods(expected, at));
    }
  });

  it('reads a record stored with every revision whole as it reads it now', () => {
    const documents = [config(1), config(2, 60, 28017), config(3, 63, 28017)];
    const whole = wholeRecord(documents);
    expect(expandRevisions(whole)).toEqual(whole);
    const stored: StoredAutomationConfig = {
      version: 3,
      text: JSON.stringify(documents[2]),
      agents: { revisions: whole, faults: [] },
    };
    const timeline = timelineOf(stored, () => documents[2], { stepMs: 500, hostDownDelaysMinutes: [5] });
    expect(timeline.revisions).toEqual(whole);
  });
});
