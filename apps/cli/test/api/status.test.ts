/**
 * `dbkit status` and `dbkit config push --wait` against the seeded service with its agents running on real time (a
 * short move): to the goal, to a stuck process, and out of time, as a user runs them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AutomationStatus } from '@dbkit/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers.js';
import { dbkit, neverPrinted, tableRows, useService } from './helpers.js';

const service = useService({ agentStepMs: 40 });

beforeEach(async () => {
  const s = service();
  neverPrinted(s.privateKey);
  await s.reset();
});

/** Pulls the config into a folder and changes the first process's options: a rolling restart. */
async function pulledAndEdited(): Promise<{ dir: string; file: string; first: string }> {
  const s = service();
  const dir = tempDir();
  const pulled = await dbkit(['config', 'pull', s.group, '--out', 'c.json'], { env: s.env, cwd: dir });
  expect(pulled.code, pulled.stderr).toBe(0);
  const path = join(dir, 'c.json');
  const doc = JSON.parse(readFileSync(path, 'utf8')) as {
    processes: { name: string; args2_6: Record<string, unknown> }[];
  };
  const [first] = doc.processes;
  if (first === undefined) throw new Error('the seeded config has no process');
  first.args2_6.operationProfiling = { slowOpThresholdMs: 150 };
  writeFileSync(path, `${JSON.stringify(doc, null, 2)}\n`);
  return { dir, file: 'c.json', first: first.name };
}

describe('dbkit status', () => {
  it('prints the progress line and a row per process; --json the service’s status', async () => {
    const s = service();
    const version = s.state.groups[s.group]?.automationConfig.version ?? -1;
    const result = await dbkit(['status', s.group], { env: s.env });
    expect(result.code, result.stderr).toBe(0);
    const [line, ...table] = result.stdout.split('\n');
    const status = JSON.parse((await dbkit(['status', s.group, '--json'], { env: s.env })).stdout) as AutomationStatus;
    expect(status.goalVersion).toBe(version);
    expect(line).toBe(`${status.processes.length}/${status.processes.length} processes at goal version ${version}`);
    const rows = tableRows(table.join('\n'));
    expect(rows[0]).toEqual(['process', 'host', 'reached', 'moves left', 'error']);
    expect(rows.slice(1).map((row) => row[0])).toEqual(status.processes.map((p) => p.name));
  });

  it('without GROUP: a usage error naming it', async () => {
    const result = await dbkit(['status'], { env: service().env });
    expect([result.code, result.stderr]).toEqual([
      2,
      'dbkit: missing GROUP: dbkit status GROUP; run dbkit status --help for usage\n',
    ]);
  });
});

describe('dbkit config push --wait', () => {
  it('waits until every process reached the pushed version: progress on stderr, exit 0', async () => {
    const s = service();
    const { dir, file } = await pulledAndEdited();
    const result = await dbkit(['config', 'push', s.group, file, '--wait', '--timeout', '60s'], {
      env: s.env,
      cwd: dir,
    });
    expect(result.code, result.stderr).toBe(0);
    const next = (s.state.groups[s.group]?.automationConfig.version ?? 0) + 1;
    expect(result.stdout).toMatch(
      new RegExp(`Version ${next} is applied: (\\d+)/\\1 processes at goal version ${next}\\.\\n$`),
    );
    // Progress lines on stderr; the last one is the goal (a loaded machine may first read it already there).
    expect(result.stderr.trimEnd().split('\n').at(-1)).toMatch(
      new RegExp(`^(\\d+)/\\1 processes at goal version ${next}$`),
    );
    expect(result.stderr).not.toContain('error');
  });

  it('a process whose agent is stuck: its error, exit 1', async () => {
    const s = service();
    const { dir, file, first } = await pulledAndEdited();
    await s.admin('POST', `agents/${s.group}/${first}/fault`, { errorCode: 12, errorString: 'cannot bind port 27017' });
    const result = await dbkit(['config', 'push', s.group, file, '--wait'], { env: s.env, cwd: dir });
    expect(result.code, result.stdout).toBe(1);
    expect(result.stderr).toContain(`the agent of ${first} (error 12: cannot bind port 27017) reports an error`);
  });

  it('out of time: exit 2 with where it stands', async () => {
    const s = service();
    const { dir, file } = await pulledAndEdited();
    // The service's clock stands still: the agents cannot finish, however slowly the command runs.
    await s.admin('POST', 'clock', { freeze: true });
    let result: Awaited<ReturnType<typeof dbkit>>;
    try {
      result = await dbkit(['config', 'push', s.group, file, '--wait', '--timeout', '1ms'], { env: s.env, cwd: dir });
    } finally {
      await s.admin('POST', 'clock', { freeze: false });
    }
    expect(result.code, result.stdout).toBe(2);
    expect(result.stderr).toMatch(
      /was not applied within 1 ms: \d+\/\d+ processes at goal version \d+; .*RollingChangeArgs/,
    );
    expect(result.stderr).toContain(`dbkit status ${s.group} shows where each process is`);
  });

  it.each([
    [['--timeout', '10m'], '--timeout goes with --wait'],
    [['--wait', '--timeout', 'soon'], '--timeout takes a duration such as 90s, 10m or 1h, not "soon"'],
  ])('%j is a usage error', async (flags, message) => {
    const s = service();
    const result = await dbkit(['config', 'push', s.group, 'c.json', ...flags], { env: s.env });
    expect([result.code, result.stderr]).toEqual([2, `dbkit: ${message}; run dbkit config --help for usage\n`]);
  });
});
