/**
 * Test support: a PostgreSQL cluster of the tests' own, from Debian's `postgresql` package, in a temporary folder,
 * listening on 127.0.0.1 on a free port, removed afterwards. Installed with apt-get when missing and we are root (CI:
 * Debian, root, nothing preinstalled). PostgreSQL refuses to run as root, so as root its commands run as `postgres`.
 * The server is stopped by `stop`, or by `@dbkit/test-process` when a hook fails or times out before it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { runTracked, trackCleanup } from '@dbkit/test-process';
import pg from 'pg';

const VERSIONS_DIR = '/usr/lib/postgresql';

export type PostgresAvailability =
  | { readonly ok: true; readonly install: boolean }
  | { readonly ok: false; readonly reason: string };

export type PostgresCluster = {
  /** `PostgreSQL 15.18`. */
  readonly version: string;
  /** How long apt-get took (0 when it was already installed), and initdb + start. */
  readonly installMs: number;
  readonly startMs: number;
  /** Creates a new empty database and returns its URL. */
  createDatabase(): Promise<string>;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
};

const isRoot = () => process.getuid?.() === 0;

/** The newest installed `initdb`, or undefined. */
function findBinDir(): string | undefined {
  if (!existsSync(VERSIONS_DIR)) return undefined;
  const versions = readdirSync(VERSIONS_DIR)
    .filter((name) => existsSync(join(VERSIONS_DIR, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(VERSIONS_DIR, versions[0], 'bin');
}

/** Whether the tests can have a PostgreSQL: installed, or installable because we are root on a system with apt-get. */
export function postgresAvailability(): PostgresAvailability {
  if (findBinDir() !== undefined) return { ok: true, install: false };
  if (!isRoot()) {
    return {
      ok: false,
      reason: `PostgreSQL is not installed and cannot be (not root): no ${VERSIONS_DIR}/*/bin/initdb; run \`apt-get install postgresql\` or the tests as root`,
    };
  }
  if (!existsSync('/usr/bin/apt-get')) {
    return {
      ok: false,
      reason: `PostgreSQL is not installed and cannot be (no apt-get): no ${VERSIONS_DIR}/*/bin/initdb`,
    };
  }
  return { ok: true, install: true };
}

async function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const { code, signal, stdout, stderr } = await runTracked(command, args, { env });
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit code ${code}`})\n${stderr}`);
  return stdout;
}

/** Runs a PostgreSQL program as `postgres` when we are root (it refuses to run as root), else as ourselves. */
function runAsPostgres(program: string, args: readonly string[]): Promise<string> {
  if (!isRoot()) return run(program, args);
  if (existsSync('/usr/sbin/runuser') || existsSync('/sbin/runuser')) {
    return run('runuser', ['-u', 'postgres', '--', program, ...args]);
  }
  const quoted = [program, ...args].map((part) => `'${part.replaceAll("'", `'\\''`)}'`).join(' ');
  return run('su', ['postgres', '-s', '/bin/sh', '-c', quoted]);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** How long apt-get waits for dpkg's lock, and this file for the package lists' lock, in seconds. */
const APT_LOCK_TIMEOUT = 600;
const LISTS_LOCK = '/var/lib/apt/lists/lock';

/**
 * apt-get, waiting for dpkg's lock (the browser suites may be installing Chromium at the same moment: turbo runs
 * packages' tests in parallel) and for the package lists' lock. apt-get waits for dpkg's lock itself; for the lists'
 * lock it has no wait (apt 2.6 fails at once, whatever `DPkg::Lock::Timeout` says), and its holder is another
 * process whose end can only be polled for: so a run refused that lock runs again, a second later, until the same
 * timeout. Any other failure fails at once.
 */
async function aptGet(args: readonly string[], env: NodeJS.ProcessEnv): Promise<void> {
  const deadline = performance.now() + APT_LOCK_TIMEOUT * 1000;
  for (;;) {
    try {
      await run('apt-get', ['-o', `DPkg::Lock::Timeout=${APT_LOCK_TIMEOUT}`, ...args], env);
      return;
    } catch (error) {
      const listsLocked = error instanceof Error && error.message.includes(LISTS_LOCK);
      if (!listsLocked || performance.now() > deadline) throw error;
      await delay(1000);
    }
  }
}

/**
 * Stops the server of `data` at once, as `pg_ctl stop -m immediate` does: SIGQUIT to the postmaster named in its pid
 * file. Synchronous, so that it happens even on the worker's exit; nothing when no server runs.
 */
function quitServerNow(data: string): void {
  let pid: number;
  try {
    pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n', 1)[0]);
  } catch {
    return;
  }
  try {
    if (pid > 0) process.kill(pid, 'SIGQUIT');
  } catch {
    // Gone already.
  }
}

async function install(): Promise<void> {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await aptGet(['update', '-qq'], env);
  await aptGet(['install', '-y', '-qq', '--no-install-recommends', 'postgresql'], env);
}

/**
 * Installs PostgreSQL if needed, then initialises and starts a cluster of our own. The caller stops it.
 * fsync is off: the cluster lives for one test file, and its data is thrown away with it.
 */
export async function startPostgres(): Promise<PostgresCluster> {
  const installStarted = performance.now();
  const installed = findBinDir() !== undefined;
  if (!installed) await install();
  const installMs = installed ? 0 : performance.now() - installStarted;
  const bin = findBinDir();
  if (bin === undefined) throw new Error(`apt-get installed postgresql, but there is no ${VERSIONS_DIR}/*/bin/initdb`);

  const started = performance.now();
  // As root the folder is handed to `postgres`, who must be able to reach it: /tmp always lets it, $TMPDIR may not.
  const dir = await mkdtemp(join(isRoot() ? '/tmp' : tmpdir(), 'dbkit-pg-'));
  const data = join(dir, 'data');
  const shutDown = async () => {
    quitServerNow(data);
    // pg_ctl waits until the server is gone (it fails when there is none, which is as good).
    await runAsPostgres(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
    await rm(dir, { recursive: true, force: true });
  };
  // pg_ctl starts the server in a session of its own, out of reach of the tracked pg_ctl: this clean-up stops it
  // when a hook fails or times out before `stop`.
  const untrack = trackCleanup(shutDown);
  const port = await freePort();
  try {
    if (isRoot()) {
      const uid = Number((await run('id', ['-u', 'postgres'])).trim());
      const gid = Number((await run('id', ['-g', 'postgres'])).trim());
      await chown(dir, uid, gid);
    }
    await runAsPostgres(join(bin, 'initdb'), [
      '-D',
      data,
      '-A',
      'trust',
      '-U',
      'postgres',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    const settings = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
    await runAsPostgres(join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      settings,
      'start',
    ]);
  } catch (error) {
    untrack();
    await shutDown();
    throw error;
  }
  const startMs = performance.now() - started;

  const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const client = new pg.Client({ connectionString: admin });
  // The clean-up may stop the server under this connection; that end is no failure of the tests.
  client.on('error', () => {});
  await client.connect();
  const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
  let databases = 0;
  return {
    version: `PostgreSQL ${rows[0]?.server_version ?? '?'}`,
    installMs,
    startMs,
    async createDatabase() {
      databases += 1;
      const name = `dbkit_test_${databases}`;
      await client.query(`CREATE DATABASE ${name}`);
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      untrack();
      await client.end().catch(() => {});
      await shutDown();
    },
  };
}
