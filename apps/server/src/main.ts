#!/usr/bin/env node
import { DEFAULT_AGENT_SETTINGS } from './agents.js';
import { createServer } from './app.js';
import { seedState } from './seed.js';
import { PostgresReplayGuard } from './store/postgresReplayGuard.js';
import { PostgresStore } from './store/postgresStore.js';

/** The URL without its password, for messages. */
function describeDatabase(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname}`;
  } catch {
    return 'the given URL';
  }
}

/**
 * `dbkit-server`: starts the service with seeded data, prints its URL, the projects and their key pairs, and a curl
 * line to try; stops cleanly on Ctrl-C. A busy port or a bad flag gets one clear line and exit code 2.
 */
import { parseArguments, USAGE } from './cli.js';
import { JournalError } from './store/journal.js';
import { PACKAGE_VERSION } from './version.js';

// Output piped into a reader that went away (`| head`) must not crash the service: those lines are not needed.
process.stdout.on('error', () => {});
const write = (text: string) => process.stdout.write(`${text}\n`);
function fail(text: string): never {
  process.stderr.write(`dbkit server: ${text}\n`);
  process.exit(2);
}

const parsed = parseArguments(process.argv.slice(2), process.env);
if (!parsed.ok) fail(`${parsed.message}\n${USAGE}`);
if (parsed.ok && parsed.value.help) {
  write(USAGE);
  process.exit(0);
}
if (parsed.ok && parsed.value.version) {
  write(PACKAGE_VERSION);
  process.exit(0);
}
const options = parsed.ok ? parsed.value : fail('unreachable');

const warn = (message: string) => process.stderr.write(`dbkit server: ${message}\n`);
let store: PostgresStore | undefined;
if (options.databaseUrl) {
  try {
    store = await PostgresStore.open(options.databaseUrl, { initial: seedState(options.seed, new Date()), warn });
  } catch (error) {
    fail(`cannot use PostgreSQL at ${describeDatabase(options.databaseUrl)}: ${(error as Error).message}`);
  }
}

let server: ReturnType<typeof createServer>;
try {
  server = createServer({
    seed: options.seed,
    admin: options.admin,
    specLiteralChallenge: options.specLiteralChallenge,
    cors: options.cors,
    ...(store ? { store, replayGuard: new PostgresReplayGuard(store.pool) } : {}),
    ...(options.dataDir && !store ? { dataDir: options.dataDir } : {}),
    ...(options.realm ? { realm: options.realm } : {}),
    ...(options.agentStepMs === undefined
      ? {}
      : { agents: { ...DEFAULT_AGENT_SETTINGS, stepMs: options.agentStepMs } }),
    ...(process.env.DBKIT_NONCE_SECRET ? { nonceSecret: process.env.DBKIT_NONCE_SECRET } : {}),
    warn,
  });
} catch (error) {
  if (error instanceof JournalError) fail(error.message);
  throw error;
}

let url: string;
try {
  url = await server.listen(options.port, options.host);
} catch (error) {
  const code = (error as { code?: string }).code;
  if (code === 'EADDRINUSE') fail(`port ${options.port} is already in use; choose another with --port or PORT.`);
  if (code === 'EACCES')
    fail(`port ${options.port} needs privileges this user lacks; choose one above 1023 with --port.`);
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    fail(`cannot listen on host ${options.host}; use --host 127.0.0.1.`);
  fail(`cannot listen on ${options.host}:${options.port}: ${(error as Error).message}`);
}

const state = await server.store.exportState();
// Tests and the editors' end-to-end suites read the URL from the first line: the version gets a line of its own.
write(`dbkit server: ${url}/api/public/v1.0`);
write(`  version ${PACKAGE_VERSION}`);
write(
  `  store: ${server.store.description}; seed ${options.seed}${options.admin ? `; admin API: ${url}/__dbkit/` : ''}`,
);
if (options.cors.length > 0) write(`  browsers may call it from: ${options.cors.join(', ')}`);
if (server.resumed) {
  write('  (the data folder was kept from an earlier run: --seed fills a new folder; --in-memory starts afresh)');
}
for (const group of Object.values(state.groups)) {
  const key = group.keys[0];
  const cluster = Object.values(group.clusters)[0];
  write(`  project ${group.name}  id ${group.id}  key ${key?.publicKey}:${key?.privateKey}`);
  if (cluster) write(`    cluster ${cluster.name}  id ${cluster.id}`);
}
const first = Object.values(state.groups)[0];
if (first?.keys[0]) {
  write(
    `  try: curl --digest -u ${first.keys[0].publicKey}:${first.keys[0].privateKey} '${url}/api/public/v1.0/groups/${first.id}/alerts?pretty=true'`,
  );
}
write('Press Ctrl-C to stop.');

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  write(`dbkit server: ${signal}, stopping`);
  try {
    await server.close();
  } catch (error) {
    // The journal already holds every acknowledged write; only the final compaction failed.
    process.stderr.write(
      `dbkit server: stopped, but could not save the compacted state (${(error as Error).message}); the journal keeps every acknowledged write.\n`,
    );
    process.exit(1);
  }
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
