/** Runs `bin/dbkit-web.mjs` as a user does: a child process, its output, its exit code. */
import type { ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { spawnTracked } from '@dbkit/test-process';

export const PACKAGE_DIR = resolve(import.meta.dirname, '..');
export const BIN = resolve(PACKAGE_DIR, 'bin', 'dbkit-web.mjs');

export interface Run {
  readonly child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (or the signal's name). */
  readonly exited: Promise<number | string>;
}

/** Starts the server; it is stopped after the test file at the latest, even when the test or hook fails. */
export function run(args: readonly string[], env: NodeJS.ProcessEnv = {}): Run {
  const child = spawnTracked(process.execPath, [BIN, ...args], {
    env: { ...process.env, PORT: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const exited = new Promise<number | string>((done) => {
    child.on('exit', (code, signal) => done(code ?? signal ?? -1));
  });
  return { child, stdout: () => out, stderr: () => err, exited };
}

/**
 * Starts the server on a free port; resolves with its base URL once it prints it, or rejects with what it printed
 * when it exits first. The test's or hook's timeout bounds the wait.
 */
export async function startServer(args: readonly string[] = ['--port', '0']): Promise<Run & { url: string }> {
  const server = run(args);
  const url = await new Promise<string>((found, failed) => {
    const look = () => {
      const match = /dbkit playground: (http:\/\/\S+)/.exec(server.stdout());
      if (match) found(match[1]!.replace('localhost', '127.0.0.1'));
    };
    server.child.stdout?.on('data', look);
    void server.exited.then((code) => failed(new Error(`server exited (${code}): ${server.stderr()}`)));
  });
  return { ...server, url };
}
