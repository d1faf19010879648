// Child processes for tests that never outlive their test file. vitest abandons a hook that times out without
// running its cleanup, and ends a worker with a signal that leaves the worker's children running; so every process
// is registered the moment it is spawned, in a process group of its own (whatever it starts goes with it), and is
// stopped after each test file (`setup.mjs`), when the worker exits, and when the worker gets a signal. What a test
// starts that leaves the group (a daemon such as PostgreSQL's server) is registered as a clean-up, run at the same
// moments.
import { spawn } from 'node:child_process';

const DEFAULT_GRACE_MS = 5_000;
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** One registry per process: every copy of this module (vitest may load one per test file) shares it. */
const REGISTRY = Symbol.for('@dbkit/test-process');
globalThis[REGISTRY] ??= createRegistry();
const registry = globalThis[REGISTRY];

function createRegistry() {
  /** Running processes spawned here. */
  const children = new Set();
  /** Every process spawned here leads its own group; the group may outlive its leader. */
  const leaders = new WeakSet();
  /** Clean-ups not run yet (`trackCleanup`). */
  const cleanups = new Set();
  let listening = false;
  const killAll = () => {
    // Nothing awaited runs any more: each clean-up gets to do its synchronous part.
    for (const cleanup of [...cleanups]) {
      cleanups.delete(cleanup);
      try {
        void Promise.resolve(cleanup()).catch(() => {});
      } catch {
        // The worker is ending: the next clean-up still runs.
      }
    }
    for (const child of children) signalGroup(child, 'SIGKILL');
  };
  const onSignal = (signal) => {
    killAll();
    unlisten();
    // With no other listener, the signal's default action (ending this process) is what its sender asked for.
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  const listen = () => {
    if (listening) return;
    listening = true;
    process.on('exit', killAll);
    for (const signal of SIGNALS) process.on(signal, onSignal);
  };
  const unlisten = () => {
    if (!listening) return;
    listening = false;
    process.off('exit', killAll);
    for (const signal of SIGNALS) process.off(signal, onSignal);
  };
  /** Stops listening once nothing is left to stop. */
  const settle = () => {
    if (children.size === 0 && cleanups.size === 0) unlisten();
  };
  return { children, leaders, cleanups, listen, settle };
}

/** Sends `signal` to the child's whole process group (to the child alone if it leads none). */
function signalGroup(child, signal) {
  if (child.pid === undefined) return;
  if (registry.leaders.has(child)) {
    try {
      process.kill(-child.pid, signal);
      return;
    } catch {
      // The group is gone.
    }
  }
  child.kill(signal);
}

/**
 * `child_process.spawn`, with the child registered for clean-up before this function returns and leading its own
 * process group (`detached` is always on), so that stopping it stops whatever it started too.
 * Signal the child itself with `child.kill(signal)` when a test is about how it reacts; stop it with `stopProcess`.
 *
 * @example
 * const server = spawnTracked(process.execPath, ['dist/main.js', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
 */
export function spawnTracked(command, args = [], options = {}) {
  const child = spawn(command, args, { ...options, detached: true });
  // Without a pid nothing started: spawn reports why with an 'error' event.
  if (child.pid === undefined) return child;
  registry.children.add(child);
  registry.leaders.add(child);
  registry.listen();
  child.once('exit', () => {
    // What the leader started and left behind goes with it.
    signalGroup(child, 'SIGKILL');
    registry.children.delete(child);
    registry.settle();
  });
  return child;
}

/**
 * Registers the clean-up of something a test started that is not a tracked process, such as a server that detaches
 * from its starter (PostgreSQL's `pg_ctl start`): `cleanup` runs once, after the test file (awaited, with the
 * tracked processes), or when the worker exits or gets a signal, unless the returned function is called first (the
 * test cleaned up itself). On exit and on a signal nothing it awaits runs, so it stops what must not outlive the
 * test synchronously, before its first `await`.
 *
 * @example
 * const untrack = trackCleanup(() => process.kill(serverPid, 'SIGQUIT'));
 * // … the test's own clean-up:
 * untrack();
 */
export function trackCleanup(cleanup) {
  registry.cleanups.add(cleanup);
  registry.listen();
  return () => {
    registry.cleanups.delete(cleanup);
    registry.settle();
  };
}

/**
 * Runs a command to its end, as `spawnSync` would but without blocking the test's timeout, and resolves with its
 * exit code and output once its output is closed. `input` is written to its stdin, which is then closed.
 *
 * @example
 * const { code, stdout } = await runTracked(process.execPath, ['dist/main.js', '--help']);
 */
export function runTracked(command, args = [], { input = '', ...options } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawnTracked(command, args, { ...options, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
    // A command that exits without reading its input is no failure of the run.
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}

/**
 * Stops a child and its process group: SIGTERM, then SIGKILL when it has not exited within `graceMs`.
 * Resolves once it has exited.
 */
export async function stopProcess(child, graceMs = DEFAULT_GRACE_MS) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', () => resolve()));
  signalGroup(child, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/**
 * Runs every clean-up not run yet and stops every process spawned here that is still running (the setup file calls
 * it after each test file); rejects with the first clean-up's failure once all are done.
 */
export async function stopTracked(graceMs = DEFAULT_GRACE_MS) {
  const cleanups = [...registry.cleanups];
  registry.cleanups.clear();
  const results = await Promise.allSettled([
    ...cleanups.map(async (cleanup) => cleanup()),
    ...[...registry.children].map((child) => stopProcess(child, graceMs)),
  ]);
  registry.settle();
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/** The processes spawned here that are still running. */
export function trackedProcesses() {
  return [...registry.children];
}
