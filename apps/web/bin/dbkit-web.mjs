#!/usr/bin/env node
// @ts-check
// Serves the built playground and schema site (`dist/`) on localhost until Ctrl-C. One line for every failure
// (busy port, bad option, no build) and exit code 2; SIGINT and SIGTERM stop it with exit code 0.
// With `--service URL` (or `DBKIT_SERVICE_URL`), requests under `/api/public/v1.0/` are passed on to that dbkit
// service, so the playground reaches it from its own origin: no CORS, and the page can read `WWW-Authenticate`.
import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, USAGE } from '../server/args.mjs';
import { createStaticServer } from '../server/static.mjs';

/** @param {string} message @returns {never} */
function fail(message) {
  process.stderr.write(`dbkit web: ${message}\n`);
  process.exit(2);
}

const SERVICE_USAGE =
  '       dbkit-web --service URL   (or DBKIT_SERVICE_URL=URL) also passes /api/public/v1.0/ on to a dbkit service';
/** The service's REST prefix: what the proxy passes on, and nothing else. */
const API_PREFIX = '/api/public/v1.0/';
/** Where the page asks whether a service is configured (404 when not). */
const SERVICE_INFO_PATH = '/dbkit-web/service.json';

/**
 * `--service URL` and `DBKIT_SERVICE_URL`, taken out of the arguments before the static server's own options are read.
 * @param {readonly string[]} argv
 * @param {string | undefined} fromEnv
 * @returns {{ ok: true, rest: string[], service: URL | undefined } | { ok: false, error: string }}
 */
function takeService(argv, fromEnv) {
  /** @type {string[]} */
  const rest = [];
  let text = fromEnv === '' ? undefined : fromEnv;
  let source = 'DBKIT_SERVICE_URL';
  for (let i = 0; i < argv.length; i++) {
    const arg = /** @type {string} */ (argv[i]);
    if (arg === '--service' || arg.startsWith('--service=')) {
      text = arg === '--service' ? argv[++i] : arg.slice('--service='.length);
      source = '--service';
      if (text === undefined || text === '')
        return { ok: false, error: `--service needs a URL, e.g. --service http://127.0.0.1:8080` };
    } else rest.push(arg);
  }
  if (text === undefined) return { ok: true, rest, service: undefined };
  let url;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, error: `${source} must be the service's URL, e.g. http://127.0.0.1:8080, not "${text}"` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, error: `${source} must be an http or https URL, not "${text}"` };
  // `dbkit-server` prints `http://127.0.0.1:8080/api/public/v1.0`: only the origin counts.
  return { ok: true, rest, service: new URL(url.origin) };
}

const taken = takeService(process.argv.slice(2), process.env.DBKIT_SERVICE_URL);
if (!taken.ok) fail(taken.error);
const parsed = parseArgs(taken.rest, process.env);
if (!parsed.ok) fail(parsed.error);
if (parsed.help) {
  process.stdout.write(`${USAGE}\n${SERVICE_USAGE}\n`);
  process.exit(0);
}
const service = taken.service;
const { port, host, dir } = parsed.options;
const root = resolve(dir ?? join(fileURLToPath(new URL('..', import.meta.url)), 'dist'));
if (!existsSync(join(root, 'index.html')))
  fail(`no built site in ${root}; build it first: npx --yes pnpm@10.34.8 turbo run build --filter=@dbkit/web...`);

// Hop-by-hop headers are the connection's own, never passed on (RFC 9110 §7.6.1).
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);
// What a request may carry to the service: the credentials answer, the body's type and length, what it accepts.
const REQUEST_HEADERS = ['authorization', 'content-type', 'content-length', 'accept'];

/**
 * @param {import('node:http').ServerResponse} response
 * @param {number} status
 * @param {string} errorCode
 * @param {string} detail
 */
function answerError(response, status, errorCode, detail) {
  // The service's own error shape, so the client reads it like any other error.
  const reason = status === 502 ? 'Bad Gateway' : status === 405 ? 'Method Not Allowed' : 'Not Found';
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(`${JSON.stringify({ error: status, errorCode, detail, parameters: [], reason })}\n`);
}

/**
 * Passes one request on to the service and its answer back, headers included (`WWW-Authenticate`); never logs a
 * header, since `Authorization` answers with the private key.
 * @param {URL} target the service's origin
 * @param {import('node:http').IncomingMessage} incoming
 * @param {import('node:http').ServerResponse} response
 */
function proxy(target, incoming, response) {
  /** @type {Record<string, string>} */
  const headers = { host: target.host };
  for (const name of REQUEST_HEADERS) {
    const value = incoming.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  // Dot segments (`/api/public/v1.0/../../__dbkit/`, also percent-encoded) resolve here: only what still lies under
  // the API is passed on, never the service's admin API or anything else.
  const url = new URL(incoming.url ?? '/', target);
  if (!url.pathname.startsWith(API_PREFIX)) {
    answerError(response, 404, 'NOT_FOUND', 'Only the service’s API is passed on.');
    return;
  }
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const outgoing = send(url, { method: incoming.method ?? 'GET', headers }, (answer) => {
    /** @type {Record<string, string | string[]>} */
    const back = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) back[name] = value;
    }
    response.writeHead(answer.statusCode ?? 502, back);
    answer.pipe(response);
  });
  outgoing.on('error', (/** @type {NodeJS.ErrnoException} */ error) => {
    if (response.headersSent) {
      response.destroy();
      return;
    }
    answerError(
      response,
      502,
      'SERVICE_UNREACHABLE',
      `The playground's server could not reach the dbkit service at ${target.origin} (${error.code ?? error.message}).`,
    );
  });
  incoming.pipe(outgoing);
}

const server = createStaticServer(root);
{
  // Requests for the service (and the question whether there is one) come first; everything else is the static site.
  const [serveStatic] = server.listeners('request');
  server.removeAllListeners('request');
  server.on('request', (incoming, response) => {
    const path = (incoming.url ?? '/').split('?')[0] ?? '/';
    if (path === SERVICE_INFO_PATH) {
      if (service === undefined) {
        answerError(
          response,
          404,
          'NO_SERVICE',
          'No dbkit service is configured: start the playground with --service URL or DBKIT_SERVICE_URL.',
        );
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(`${JSON.stringify({ service: service.origin, api: API_PREFIX })}\n`);
      return;
    }
    if (path.startsWith(API_PREFIX)) {
      if (service === undefined)
        answerError(
          response,
          404,
          'NO_SERVICE',
          'No dbkit service is configured: start the playground with --service URL or DBKIT_SERVICE_URL.',
        );
      else proxy(service, incoming, response);
      return;
    }
    serveStatic?.call(server, incoming, response);
  });
}
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
  if (service !== undefined)
    process.stdout.write(`dbkit service:    ${service.origin} (through http://${shown}:${actual}${API_PREFIX})\n`);
});

function stop() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  // A connection that does not close in time must not keep the process alive.
  setTimeout(() => process.exit(0), 1000).unref();
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
