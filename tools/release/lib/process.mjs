// Child processes for the check: each in its own process group (so a timeout or an interrupted check stops the whole
// tree, npx and what it started), each with a deadline, and all stopped when the check exits.
import { spawn } from 'node:child_process';

/**
 * @typedef {{ cwd: string, env?: NodeJS.ProcessEnv, timeoutMs: number, input?: string }} RunOptions
 * @typedef {{ code: number | null, signal: NodeJS.Signals | null, stdout: string, stderr: string, timedOut: boolean, ms: number }} RunResult
 */

/** @type {Set<import('node:child_process').ChildProcess>} */
const live = new Set();

/** Sends `signal` to a child's whole process group; quiet when it is already gone. */
export function signalGroup(/** @type {import('node:child_process').ChildProcess} */ child, signal = 'SIGKILL') {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already exited.
  }
}

/** Stops every process the check started and left running. */
export function stopAll() {
  for (const child of live) signalGroup(child);
  live.clear();
}

/**
 * Starts a long-running process (a server) in its own process group. The caller talks to it and stops it.
 * @param {string} command
 * @param {readonly string[]} args
 * @param {{ cwd: string, env?: NodeJS.ProcessEnv }} options
 */
export function start(command, args, { cwd, env = process.env }) {
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
  live.add(child);
  child.once('exit', () => live.delete(child));
  child.once('error', () => live.delete(child));
  return child;
}

/**
 * Waits for a child to exit, up to `timeoutMs`; then kills its group and reports `timedOut`.
 * @param {import('node:child_process').ChildProcess} child
 * @param {number} timeoutMs
 * @returns {Promise<{ code: number | null, signal: NodeJS.Signals | null, timedOut: boolean }>}
 */
export function waitForExit(child, timeoutMs) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve({ code: child.exitCode, signal: child.signalCode, timedOut: false });
      return;
    }
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      signalGroup(child);
    }, timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, timedOut });
    });
  });
}

/**
 * Collects a stream's text as it comes, and waits for a pattern in it.
 * @param {import('node:stream').Readable | null} stream
 */
export function collect(stream) {
  let text = '';
  /** @type {Set<() => void>} */
  const listeners = new Set();
  stream?.setEncoding('utf8').on('data', (/** @type {string} */ chunk) => {
    text += chunk;
    for (const listener of listeners) listener();
  });
  return {
    text: () => text,
    /**
     * The first match of `pattern` in the text, or undefined after `timeoutMs`.
     * @param {RegExp} pattern
     * @param {number} timeoutMs
     * @returns {Promise<RegExpExecArray | undefined>}
     */
    waitFor: (pattern, timeoutMs) =>
      new Promise((resolve) => {
        const check = () => {
          const match = pattern.exec(text);
          if (match) done(match);
        };
        const done = (/** @type {RegExpExecArray | undefined} */ match) => {
          clearTimeout(timer);
          listeners.delete(check);
          resolve(match);
        };
        const timer = setTimeout(() => done(undefined), timeoutMs);
        listeners.add(check);
        check();
      }),
  };
}

/**
 * Whether any process of a child's group still runs, polled up to `timeoutMs`: npx may exit before the command it
 * started.
 * @param {import('node:child_process').ChildProcess} child
 * @param {number} timeoutMs
 */
export async function groupOutlives(child, timeoutMs) {
  if (child.pid === undefined) return false;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      process.kill(-child.pid, 0);
    } catch {
      return false;
    }
    if (Date.now() > deadline) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Runs a command to its end and collects its output. Never rejects: a command that cannot start reports code
 * `null` and the reason in `stderr`; one that overruns `timeoutMs` is killed and reports `timedOut`.
 * @param {string} command
 * @param {readonly string[]} args
 * @param {RunOptions} options
 * @returns {Promise<RunResult>}
 */
export function run(command, args, { cwd, env = process.env, timeoutMs, input }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = start(command, args, { cwd, env });
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk) => {
      stderr += chunk;
    });
    child.stdin?.on('error', () => {});
    child.stdin?.end(input ?? '');
    child.once('error', (error) => {
      resolve({ code: null, signal: null, stdout, stderr: `${stderr}${error.message}`, timedOut: false, ms: 0 });
    });
    // `close`, not `exit`: the output streams are complete only then.
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      signalGroup(child);
    }, timeoutMs);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, timedOut, ms: Date.now() - started });
    });
  });
}

/** npm settings that reach the registry: kept for the inner npm, so it installs from where the user's npm does. */
const REGISTRY_SETTINGS =
  /^npm_config_(registry|@[^_]+:registry|.*\/\/.*|_auth.*|always_auth|ca|cafile|cert|key|strict_ssl|proxy|https_proxy|noproxy|no_proxy|userconfig|globalconfig|cache|fetch_.*|maxsockets|network_.*)$/i;

/**
 * The environment for npm run in a folder outside the workspace. Run from `npm test` or pnpm, the environment
 * describes the outer run: its project (`npm_config_local_prefix`, `npm_package_*`, `INIT_CWD`), its command
 * (`npm_config_yes`, `npm_lifecycle_*`) and pnpm's settings passed as `npm_config_*`. Those are dropped; the settings
 * that reach the registry are kept.
 * @param {NodeJS.ProcessEnv} env
 * @returns {NodeJS.ProcessEnv}
 */
export function outsideEnv(env) {
  return Object.fromEntries(
    Object.entries(env).filter(([key]) => {
      if (key === 'NODE' || key === 'INIT_CWD' || /^(pnpm_|PNPM_)/.test(key)) return false;
      if (/^npm_config_/i.test(key)) return REGISTRY_SETTINGS.test(key);
      return !/^npm_/i.test(key);
    }),
  );
}
