import { describe, expect, it } from 'vitest';
import { AgentMove, agentMoves, processFacts } from '../../src/agents/moves.js';
import { edit, replicaSet } from './fixtures.js';

const v1 = replicaSet(1);

describe('agentMoves', () => {
  it.each([
    ['nothing changed', v1, { rs0_0: [], rs0_1: [], rs0_2: [] }],
    [
      'a server upgrade downloads and changes version on every process',
      replicaSet(2, '8.0.4'),
      {
        rs0_0: ['Download', 'ChangeVersion'],
        rs0_1: ['Download', 'ChangeVersion'],
        rs0_2: ['Download', 'ChangeVersion'],
      },
    ],
    [
      'a member added: the new process downloads, starts and waits for the set; the others wait for it',
      replicaSet(2, '7.0.12', 4),
      {
        rs0_0: ['WaitAllRsMembersUp'],
        rs0_1: ['WaitAllRsMembersUp'],
        rs0_2: ['WaitAllRsMembersUp'],
        rs0_3: ['Download', 'Start', 'WaitRsInit'],
      },
    ],
    [
      'changed options restart one process',
      edit(v1, (d) => {
        (d.processes[1] as { args2_6: Record<string, unknown> }).args2_6.operationProfiling = { slowOpThresholdMs: 50 };
      }),
      { rs0_0: [], rs0_1: ['RollingChangeArgs'], rs0_2: [] },
    ],
    [
      'a process disabled stops',
      edit(v1, (d) => {
        (d.processes[2] as Record<string, unknown>).disabled = true;
      }),
      { rs0_0: [], rs0_1: [], rs0_2: ['Stop'] },
    ],
    [
      'authentication turned on takes two moves on every process',
      edit(v1, (d) => {
        d.auth = { disabled: false, autoUser: 'mms-automation', autoPwd: 'x', authoritativeSet: false };
      }),
      Object.fromEntries(
        ['rs0_0', 'rs0_1', 'rs0_2'].map((name) => [
          name,
          ['UpgradeAuthModeFromAuthOffToAuthTransition', 'UpgradeAuthModeFromAuthTransitionToAuthOn'],
        ]),
      ),
    ],
    [
      'a feature compatibility change waits for it',
      edit(v1, (d) => {
        (d.processes[0] as Record<string, unknown>).featureCompatibilityVersion = '6.0';
      }),
      { rs0_0: ['WaitFeatureCompatibilityVersionCorrect'], rs0_1: [], rs0_2: [] },
    ],
  ])('%s', (_name, to, expected) => {
    expect(agentMoves(v1, to)).toEqual(expected);
    // A caller that keeps each revision's facts gets the same moves.
    const facts = { from: processFacts(v1), to: processFacts(to) };
    expect(agentMoves(v1, to, undefined, facts)).toEqual(expected);
  });

  it('a removed process has no moves: it leaves the deployment', () => {
    expect(Object.keys(agentMoves(replicaSet(1, '7.0.12', 4), v1))).toEqual(['rs0_0', 'rs0_1', 'rs0_2']);
  });

  it('every move has a source and a description', () => {
    for (const [name, move] of Object.entries(AgentMove)) {
      expect(['agent', 'go-client', 'operator', 'dbkit'], name).toContain(move.source);
      expect(move.doc.length, name).toBeGreaterThan(10);
    }
  });
});

describe('processFacts', () => {
  it('reads name, host, port, disabled and the replica set of each process', () => {
    const doc = edit(v1, (d) => {
      (d.processes[2] as Record<string, unknown>).disabled = true;
    });
    expect(processFacts(doc)[2]).toEqual({
      name: 'rs0_2',
      hostname: 'db2.example.net',
      port: 27017,
      disabled: true,
      replicaSetName: 'rs0',
    });
    expect(processFacts({ processes: [{ name: 'x' }, 3] })).toEqual([]);
    expect(processFacts(null)).toEqual([]);
  });
});
