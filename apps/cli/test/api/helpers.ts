/**
 * Test support for the API commands: the service in process (seed 1, admin API, a frozen clock, no sweep) on a
 * free loopback port, and the built binary run as a child process, asynchronously so that the service in this
 * process can answer it. Every run checks that the private key appears in neither stdout nor stderr.
 */
import { existsSync } from 'node:fs';
import { Clock, createServer, type DbkitServer, type ServiceState } from '@dbkit/server';
import { runTracked } from '@dbkit/test-process';
import { afterAll, beforeAll, expect } from 'vitest';
import { bin, type Run, repoRoot } from '../helpers.js';

/** The seeded data's time: the clock is frozen here. */
export const T0 = Date.parse('2026-06-01T12:00:00Z');

export interface Service {
  readonly server: DbkitServer;
  readonly url: string;
  readonly group: string;
  readonly cluster: string;
  readonly shardedCluster: string;
  readonly host: string;
  readonly publicKey: string;
  readonly privateKey: string;
  /** The other project's key: valid, but not for `group`. */
  readonly otherPrivateKey: string;
  readonly state: ServiceState;
  /** `DBKIT_BASE_URL`, `DBKIT_PUBLIC_KEY`, `DBKIT_PRIVATE_KEY` for this service. */
  readonly env: Record<string, string>;
  admin(method: string, path: string, body?: unknown): Promise<unknown>;
  /**
   * The request log (`/__dbkit/requests`) as `METHOD /path?query STATUS` lines: API requests only, without the
   * Digest challenges (the 401 before the first authenticated request).
   */
  requests(): Promise<string[]>;
  /** Back to the seed, faults off, request log empty. */
  reset(): Promise<void>;
}

/**
 * Starts the service for the file's tests (and stops it after them): its clock frozen at {@link T0}, or with
 * `agentStepMs` running on real time so that its simulated agents converge while a command waits.
 */
export function useService(options: { readonly agentStepMs?: number } = {}): () => Service {
  let service: Service | undefined;
  beforeAll(async () => {
    const clock = new Clock();
    clock.set(T0);
    clock.freeze(options.agentStepMs === undefined);
    const agents =
      options.agentStepMs === undefined ? {} : { agents: { stepMs: options.agentStepMs, hostDownDelaysMinutes: [5] } };
    const server = createServer({ seed: 1, admin: true, clock, sweepIntervalMs: 0, warn: () => {}, ...agents });
    const url = await server.listen(0);
    const state = await server.store.exportState();
    const [first, second] = Object.values(state.groups);
    if (first === undefined || second === undefined) throw new Error('the seed has two projects');
    const [cluster, sharded] = Object.values(first.clusters);
    const [host] = Object.values(first.hosts);
    const key = first.keys[0];
    if (!cluster || !sharded || !host || !key || !second.keys[0]) throw new Error('unexpected seed');
    const admin = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${url}/__dbkit/${path}`, {
        method,
        ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
      });
      return response.json() as Promise<unknown>;
    };
    service = {
      server,
      url,
      group: first.id,
      cluster: cluster.id,
      shardedCluster: sharded.id,
      host: host.id,
      publicKey: key.publicKey,
      privateKey: key.privateKey,
      otherPrivateKey: second.keys[0].privateKey,
      state,
      env: { DBKIT_BASE_URL: url, DBKIT_PUBLIC_KEY: key.publicKey, DBKIT_PRIVATE_KEY: key.privateKey },
      admin,
      requests: async () => {
        const log = (await admin('GET', 'requests')) as { method: string; url: string; status: number }[];
        return log
          .filter((r) => r.url.startsWith('/api/') && r.status !== 401)
          .map((r) => `${r.method} ${r.url} ${r.status}`);
      },
      reset: async () => {
        await admin('POST', 'reset');
        await admin('DELETE', 'requests');
      },
    };
  });
  afterAll(async () => {
    await service?.server.close();
  });
  return () => {
    if (service === undefined) throw new Error('the service is not running');
    return service;
  };
}

const SECRETS: string[] = [];

/** Private keys that must never be printed: every run fails if one appears in its output. */
export function neverPrinted(...secrets: string[]): void {
  SECRETS.push(...secrets);
}

/** util-linux `script`, which runs a command on a pseudo-terminal (stdout and stderr are then one stream). */
export const SCRIPT = ['/usr/bin/script', '/bin/script'].find((path) => existsSync(path));

/**
 * Runs the built binary with `env` on top of the process's (minus any `DBKIT_*` and colour variables); with
 * `terminal`, on a pseudo-terminal through `script`, whose output (stdout and stderr together) is in `stdout`.
 */
export async function dbkit(
  args: readonly string[],
  options: { env?: Record<string, string>; cwd?: string; terminal?: boolean } = {},
): Promise<Run> {
  if (!existsSync(bin)) throw new Error(`${bin} is missing: build the CLI first`);
  const quote = (arg: string) => `'${arg.replace(/'/g, `'\\''`)}'`;
  const [command, commandArgs] =
    options.terminal && SCRIPT
      ? [SCRIPT, ['-qec', [process.execPath, bin, ...args].map(quote).join(' '), '/dev/null']]
      : [process.execPath, [bin, ...args]];
  const env: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!name.startsWith('DBKIT_') && name !== 'NO_COLOR' && name !== 'FORCE_COLOR') env[name] = value;
  }
  Object.assign(env, options.env);
  const { code, stdout, stderr } = await runTracked(command, commandArgs, { cwd: options.cwd ?? repoRoot, env });
  for (const secret of SECRETS) {
    expect(stdout, 'a private key on stdout').not.toContain(secret);
    expect(stderr, 'a private key on stderr').not.toContain(secret);
  }
  return { code, stdout, stderr };
}

/** The lines of a table, each split on runs of two or more spaces. */
export function tableRows(text: string): string[][] {
  return text
    .trimEnd()
    .split('\n')
    .map((line) => line.trim().split(/ {2,}/));
}

/** A resource as the service returns it: the same, with its links made absolute; compared without them. */
export function withoutLinks(value: unknown): unknown {
  const { links: _links, ...rest } = JSON.parse(JSON.stringify(value)) as { links?: unknown };
  return rest;
}
