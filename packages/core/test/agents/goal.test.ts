import { describe, expect, it } from 'vitest';
import { formatGoalProgress, goalProgress } from '../../src/agents/goal.js';
import { hostDownAlert, stableObjectId } from '../../src/agents/hostDownAlerts.js';

const at = (name: string, achieved: number, plan: string[] = [], error?: [number, string]) => ({
  name,
  hostname: `${name}.example.net`,
  lastGoalVersionAchieved: achieved,
  plan,
  ...(error ? { errorCode: error[0], errorString: error[1] } : {}),
});

describe('goalProgress', () => {
  it.each([
    [
      'all at goal',
      { goalVersion: 3, processes: [at('a', 3), at('b', 3)] },
      { atGoal: 2, total: 2, done: true },
      '2/2 processes at goal version 3',
    ],
    [
      'no processes is done',
      { goalVersion: 1, processes: [] },
      { atGoal: 0, total: 0, done: true },
      '0/0 processes at goal version 1',
    ],
    [
      'one behind, on its first move',
      { goalVersion: 3, processes: [at('a', 3), at('b', 2, ['ChangeVersion', 'Start'])] },
      { atGoal: 1, total: 2, done: false, working: [{ name: 'b', move: 'ChangeVersion' }] },
      '1/2 processes at goal version 3; b: ChangeVersion',
    ],
    [
      'at the version but with moves left is not at goal',
      { goalVersion: 3, processes: [at('a', 3, ['UpgradeAuthModeFromAuthTransitionToAuthOn'])] },
      { atGoal: 0, done: false },
      '0/1 processes at goal version 3; a: UpgradeAuthModeFromAuthTransitionToAuthOn',
    ],
    [
      'a stuck process',
      { goalVersion: 3, processes: [at('a', 2, ['Start'], [1, 'host unreachable'])] },
      { done: false, working: [], stuck: [{ name: 'a', errorCode: 1, errorString: 'host unreachable' }] },
      '0/1 processes at goal version 3; a: error 1 host unreachable',
    ],
    [
      'errorCode 0 is no error',
      { goalVersion: 3, processes: [at('a', 3, [], [0, ''])] },
      { done: true, stuck: [] },
      '1/1 processes at goal version 3',
    ],
  ])('%s', (_name, status, expected, line) => {
    const progress = goalProgress(status);
    expect(progress).toMatchObject(expected);
    expect(formatGoalProgress(progress)).toBe(line);
  });
});

describe('hostDownAlert', () => {
  const process = { name: 'rs0_2', hostname: 'db2.example.net', port: 27018, disabled: false, replicaSetName: 'rs0' };
  const from = Date.parse('2026-11-01T00:00:00Z');
  const options = { groupId: 'g1', notificationDelaysMinutes: [15, 5], apiBase: '/api/public/v1.0' };

  it.each([
    [
      'TRACKING before the smallest delay',
      from + 4 * 60_000,
      undefined,
      { status: 'TRACKING', updated: '2026-11-01T00:00:00Z' },
    ],
    ['OPEN once it has passed', from + 6 * 60_000, undefined, { status: 'OPEN', updated: '2026-11-01T00:05:00Z' }],
    [
      'CLOSED with resolved once the process reached its goal again',
      from + 60 * 60_000,
      from + 30 * 60_000,
      { status: 'CLOSED', resolved: '2026-11-01T00:30:00Z', updated: '2026-11-01T00:30:00Z' },
    ],
  ])('%s', (_name, now, until, expected) => {
    const alert = hostDownAlert(until === undefined ? { process, from } : { process, from, until }, {
      ...options,
      now,
    });
    expect(alert).toMatchObject({
      ...expected,
      eventTypeName: 'HOST_DOWN',
      hostnameAndPort: 'db2.example.net:27018',
      replicaSetName: 'rs0',
      created: '2026-11-01T00:00:00Z',
      groupId: 'g1',
    });
    expect(alert.id).toMatch(/^[0-9a-f]{24}$/);
    expect(alert.links).toEqual([{ href: `/api/public/v1.0/groups/g1/alerts/${alert.id}`, rel: 'self' }]);
  });

  it('writes whole seconds, as the service does', () => {
    const alert = hostDownAlert({ process, from: from + 1234 }, { ...options, now: from + 2000 });
    expect(alert.created).toBe('2026-11-01T00:00:01Z');
  });

  it('the same period gives the same id everywhere; another period another id', () => {
    const a = hostDownAlert({ process, from }, { ...options, now: from });
    expect(hostDownAlert({ process, from }, { ...options, now: from + 1 }).id).toBe(a.id);
    expect(hostDownAlert({ process, from: from + 1 }, { ...options, now: from + 1 }).id).not.toBe(a.id);
    expect(stableObjectId('g1', 'HOST_DOWN')).toBe(a.alertConfigId);
  });
});
