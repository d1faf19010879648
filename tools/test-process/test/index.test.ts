import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runTracked, spawnTracked, stopProcess, stopTracked, trackCleanup, trackedProcesses } from '../index.mjs';

const WORKER = fileURLToPath(new URL('fixtures/worker.mjs', import.meta.url));
/** Node code that starts another Node process sharing its stdout, which waits forever. */
const START_ONE = `require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 60_000)'], { stdio: 'inherit' });`;
const WAIT = 'setInterval(() => {}, 60_000);';

/**
 * Resolves once every process holding the child's stdout is gone: the pipe closes only then, so a grandchild left
 * running keeps this waiting (and the test times out).
 */
async function allGone(child: ChildProcess): Promise<void> {
  if (child.stdout?.readableEnded !== true) await once(child.stdout!, 'end');
}

/** The first line the child prints. */
function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve) => {
    let out = '';
    const read = (chunk: Buffer) => {
      out += String(chunk);
      if (!out.includes('\n')) return;
      child.stdout!.off('data', read);
      resolve(out.slice(0, out.indexOf('\n')));
    };
    child.stdout!.on('data', read);
  });
}

describe('spawnTracked and stopTracked', () => {
  it('registers a process the moment it is spawned and stops it with what it started', async () => {
    const child = spawnTracked(process.execPath, ['-e', `${START_ONE} console.log('started'); ${WAIT}`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    expect(trackedProcesses()).toContain(child);
    expect(await firstLine(child)).toBe('started');
    await stopTracked();
    await allGone(child);
    expect(child.signalCode).toBe('SIGTERM');
    expect(trackedProcesses()).toEqual([]);
  });

  it('stops what a process started when it exits by itself', async () => {
    const child = spawnTracked(process.execPath, ['-e', `${START_ONE} process.exit(3);`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout!.resume();
    await allGone(child);
    expect(child.exitCode).toBe(3);
  });

  it('kills a process that ignores SIGTERM once the grace period is over', async () => {
    const ignoreSigterm = `process.on('SIGTERM', () => {}); console.log('ready'); ${WAIT}`;
    const stubborn = spawnTracked(process.execPath, ['-e', ignoreSigterm], { stdio: ['ignore', 'pipe', 'inherit'] });
    expect(await firstLine(stubborn)).toBe('ready');
    await stopProcess(stubborn, 100);
    expect(stubborn.signalCode).toBe('SIGKILL');
  });
});

describe('a worker that ends with tracked processes running', () => {
  it.for([
    ['exit', 'process'],
    ['SIGTERM', 'process'],
    ['SIGINT', 'process'],
    ['exit', 'cleanup'],
    ['SIGTERM', 'cleanup'],
    ['SIGINT', 'cleanup'],
  ] as const)('takes them with it: %s, a tracked %s', async ([how, tracked]) => {
    const worker = spawn(process.execPath, [WORKER, how, tracked], { stdio: ['ignore', 'pipe', 'inherit'] });
    const pid = Number(await firstLine(worker));
    expect(pid).toBeGreaterThan(0);
    if (how !== 'exit') worker.kill(how);
    worker.stdout!.resume();
    // The started process holds the worker's stdout: the pipe closes once both are gone.
    await allGone(worker);
  });
});

describe('trackCleanup', () => {
  it('runs a clean-up once, after the file, and reports its failure after running the others', async () => {
    const ran: string[] = [];
    trackCleanup(() => {
      ran.push('sync');
    });
    trackCleanup(async () => {
      ran.push('async');
      throw new Error('could not clean up');
    });
    trackCleanup(() => {
      ran.push('after a failure');
    });
    await expect(stopTracked()).rejects.toThrow('could not clean up');
    await stopTracked();
    expect(ran).toEqual(['sync', 'async', 'after a failure']);
  });

  it('skips a clean-up the test already did', async () => {
    const ran: string[] = [];
    const untrack = trackCleanup(() => {
      ran.push('cleanup');
    });
    untrack();
    await stopTracked();
    expect(ran).toEqual([]);
  });
});

describe('runTracked', () => {
  it('resolves with the exit code and everything printed, given its input', async () => {
    const echo = `process.stdin.on('data', (d) => process.stdout.write(d)); process.stdin.on('end', () => { console.error('done'); process.exitCode = 4; });`;
    expect(await runTracked(process.execPath, ['-e', echo], { input: 'é\n' })).toEqual({
      code: 4,
      signal: null,
      stdout: 'é\n',
      stderr: 'done\n',
    });
  });

  it('rejects when the command cannot start', async () => {
    await expect(runTracked('/nonexistent/command')).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
