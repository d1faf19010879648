/**
 * Test support: a PostgreSQL cluster of the tests' own, from Debian's `postgresql` package, in a temporary folder,
 * listening on 127.0.0.1 on a free port, removed afterwards. Installed with apt-get when missing and we are root (CI:
 * Debian, root, nothing preinstalled). PostgreSQL refuses to run as root, so as root its commands run as `postgres`.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { encoding: 'utf8', env, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} ${args.join(' ')} failed: ${error.message}\n${stderr}`));
      else resolve(stdout);
    });
  });
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

/**
 * apt-get, waiting for dpkg's lock (the browser suites may be installing Chromium at the same moment: turbo runs
 * packages' tests in parallel) and trying again a few times when another apt holds the package lists.
 */
async function aptGet(args: readonly string[], env: NodeJS.ProcessEnv): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await run('apt-get', ['-o', 'DPkg::Lock::Timeout=600', ...args], env);
      return;
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
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
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  const startMs = performance.now() - started;

  const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const client = new pg.Client({ connectionString: admin });
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
      await client.end().catch(() => {});
      await runAsPostgres(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}
