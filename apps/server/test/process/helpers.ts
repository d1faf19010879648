/**
 * The built `dbkit-server` as a child process, as a user runs it: started, read from, killed. Every process is
 * tracked (`@dbkit/test-process`), so none outlives its test file, even when the test or hook that started it fails.
 */
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runTracked, spawnTracked } from '@dbkit/test-process';

export const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

export type Started = {
  readonly child: ChildProcess;
  readonly url: string;
  /** Everything printed so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string>;
};

/**
 * Starts the command; resolves once it printed its start-up text, or rejects with what it printed when it exits
 * first. The test's timeout bounds the wait.
 */
export function startProcess(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<Started> {
  const child = spawnTracked(process.execPath, [MAIN, ...args], {
    env: { ...process.env, PORT: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    err += chunk;
  });
  const exited = new Promise<number | string>((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? signal ?? -1));
  });
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = /dbkit server: (http:\/\/\S+)\/api\/public\/v1\.0/.exec(out);
      // The URL line comes first; the start-up text ends with the Ctrl-C hint.
      if (match?.[1] && out.includes('Press Ctrl-C to stop.')) {
        resolve({ child, url: match[1], stdout: () => out, stderr: () => err, exited });
      }
    };
    child.stdout?.on('data', check);
    void exited.then((code) => {
      reject(Object.assign(new Error(`exited ${code} before printing its URL`), { code, stdout: out, stderr: err }));
    });
  });
}

/**
 * Resolves once the process has printed text matching `pattern` on `stream` (stdout and stderr are two pipes, read
 * in no fixed order); the test's timeout bounds the wait.
 */
export function printed(started: Started, stream: 'stdout' | 'stderr', pattern: RegExp): Promise<void> {
  const text = stream === 'stdout' ? started.stdout : started.stderr;
  return new Promise((resolve) => {
    const look = () => {
      if (!pattern.test(text())) return;
      started.child[stream]?.off('data', look);
      resolve();
    };
    // Registered after startProcess's own listener, so `text()` already holds each chunk when this runs.
    started.child[stream]?.on('data', look);
    look();
  });
}

/** Runs the command to its end (for flags that make it exit at once). */
export async function runProcess(args: readonly string[], env: NodeJS.ProcessEnv = {}) {
  const { code, stdout, stderr } = await runTracked(process.execPath, [MAIN, ...args], {
    env: { ...process.env, PORT: '', ...env },
  });
  return { code, stdout, stderr };
}

/** The first project's id and `PUBLIC:PRIVATE` key, as the start-up lines print them. */
export function firstProject(stdout: string): { id: string; credentials: string } {
  const match = /project \S+ {2}id (\w+) {2}key (\S+)/.exec(stdout);
  if (!match?.[1] || !match[2]) throw new Error(`no project line in:\n${stdout}`);
  return { id: match[1], credentials: match[2] };
}
