/**
 * A real dbkit service for the end-to-end tests: `apps/server/dist/main.js`, in memory, on a free port, seeded;
 * its URL and the projects' key pairs read from what it prints, as a user reads them.
 */
import type { ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { spawnTracked, stopProcess } from '@dbkit/test-process';
import { PACKAGE_DIR } from '../test/serverHarness.ts';

export const SERVER_MAIN = resolve(PACKAGE_DIR, '..', 'server', 'dist', 'main.js');

export interface Project {
  readonly id: string;
  readonly publicKey: string;
  readonly privateKey: string;
}

export interface Service {
  readonly child: ChildProcess;
  /** Scheme, host and port, e.g. `http://127.0.0.1:40123`. */
  readonly url: string;
  readonly projects: readonly Project[];
  stop(): Promise<void>;
}

/**
 * Starts the service and resolves once it has printed its start-up text (the hook's timeout bounds the wait); it is
 * stopped after the test file at the latest, even when the hook that started it fails or times out.
 */
export async function startService(args: readonly string[] = []): Promise<Service> {
  const child = spawnTracked(process.execPath, [SERVER_MAIN, '--in-memory', '--port', '0', '--seed', '1', ...args], {
    env: { ...process.env, PORT: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const ready = await new Promise<string>((found, failed) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Press Ctrl-C to stop.')) found(out);
    });
    child.on('exit', () => failed(new Error(`dbkit-server exited: ${out} ${err}`)));
  });
  const url = /dbkit server: (http:\/\/[^/\s]+)/.exec(ready)?.[1];
  if (url === undefined) throw new Error(`no URL in: ${ready}`);
  const projects = [...ready.matchAll(/project \S+ {2}id ([0-9a-f]{24}) {2}key ([^:\s]+):(\S+)/g)].map((m) => ({
    id: m[1]!,
    publicKey: m[2]!,
    privateKey: m[3]!,
  }));
  return { child, url, projects, stop: () => stopProcess(child) };
}
