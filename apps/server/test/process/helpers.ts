/**
 * The built `dbkit-server` as a child process, as a user runs it: started, read from, killed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

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

/** Starts the command; resolves once it printed its start-up text, or rejects with what it printed when it exits first. */
export function startProcess(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<Started> {
  const child = spawn(process.execPath, [MAIN, ...args], {
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
    const timer = setTimeout(() => reject(new Error(`no URL within 15 s:\n${out}\n${err}`)), 15_000);
    const check = () => {
      const match = /dbkit server: (http:\/\/\S+)\/api\/public\/v1\.0/.exec(out);
      // The URL line comes first; the start-up text ends with the Ctrl-C hint.
      if (match?.[1] && out.includes('Press Ctrl-C to stop.')) {
        clearTimeout(timer);
        resolve({ child, url: match[1], stdout: () => out, stderr: () => err, exited });
      }
    };
    child.stdout?.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(Object.assign(new Error(`exited ${code} before printing its URL`), { code, stdout: out, stderr: err }));
    });
  });
}

/** Runs the command to its end (for flags that make it exit at once). */
export function runProcess(args: readonly string[], env: NodeJS.ProcessEnv = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [MAIN, ...args], { env: { ...process.env, PORT: '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The first project's id and `PUBLIC:PRIVATE` key, as the start-up lines print them. */
export function firstProject(stdout: string): { id: string; credentials: string } {
  const match = /project \S+ {2}id (\w+) {2}key (\S+)/.exec(stdout);
  if (!match?.[1] || !match[2]) throw new Error(`no project line in:\n${stdout}`);
  return { id: match[1], credentials: match[2] };
}
