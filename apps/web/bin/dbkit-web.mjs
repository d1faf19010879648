#!/usr/bin/env node
// @ts-check
// Serves the built playground and schema site (`dist/`) on localhost until Ctrl-C. One line for every failure
// (busy port, bad option, no build) and exit code 2; SIGINT and SIGTERM stop it with exit code 0.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, USAGE } from '../server/args.mjs';
import { createStaticServer } from '../server/static.mjs';

/** @param {string} message @returns {never} */
function fail(message) {
  process.stderr.write(`dbkit web: ${message}\n`);
  process.exit(2);
}

const parsed = parseArgs(process.argv.slice(2), process.env);
if (!parsed.ok) fail(parsed.error);
if (parsed.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const { port, host, dir } = parsed.options;
const root = resolve(dir ?? join(fileURLToPath(new URL('..', import.meta.url)), 'dist'));
if (!existsSync(join(root, 'index.html')))
  fail(`no built site in ${root}; build it first: npx --yes pnpm@10.34.8 turbo run build --filter=@dbkit/web...`);

const server = createStaticServer(root);
server.on('error', (/** @type {NodeJS.ErrnoException} */ error) => {
  if (error.code === 'EADDRINUSE') fail(`port ${port} is already in use; choose another with --port or PORT`);
  if (error.code === 'EACCES') fail(`port ${port} needs more privileges; choose another with --port or PORT`);
  fail(`cannot listen on ${host}:${port}: ${error.code ?? error.message}`);
});
server.listen(port, host, () => {
  const address = server.address();
  const actual = typeof address === 'object' && address !== null ? address.port : port;
  const shown = host === '127.0.0.1' || host === '::1' || host === 'localhost' ? 'localhost' : host;
  process.stdout.write(`dbkit playground: http://${shown}:${actual}/\n`);
  process.stdout.write(`JSON Schemas:     http://${shown}:${actual}/schema/   (Ctrl-C stops)\n`);
});

function stop() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  // A connection that does not close in time must not keep the process alive.
  setTimeout(() => process.exit(0), 1000).unref();
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
