/**
 * `createServer()`: the service in process (tests) or behind `dbkit-server` (the command). One fastify instance; a
 * request hook does, in order, latency and faults, Digest authentication, the project check and the common query
 * parameters, so route handlers only read and write resources.
 */
import { randomBytes } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import {
  type ApiErrorBody,
  apiError,
  buildDigestChallenge,
  DEFAULT_DIGEST_REALM,
  type ExpiryState,
  isSnapshotExpired,
  type ServiceVersion,
} from '@dbkit/core';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { Faults } from './admin/faults.js';
import { RequestLog } from './admin/requestLog.js';
import { registerAdmin } from './admin/routes.js';
import { authenticate } from './auth/authenticate.js';
import { MemoryReplayGuard, NonceMinter, type ReplayGuard } from './auth/nonces.js';
import { Clock } from './clock.js';
import { originOf, type RouteContext } from './http/context.js';
import { PLAIN, queryOf, Responder, readPresentation } from './http/respond.js';
import { ResponseCache } from './http/responseCache.js';
import { openApiText } from './openapi.js';
import { registerAlerts } from './routes/alerts.js';
import { registerAutomationConfig } from './routes/automationConfig.js';
import { registerConfigServerSnapshots } from './routes/configServerSnapshots.js';
import { registerSnapshots } from './routes/snapshots.js';
import { seedState } from './seed.js';
import type { ServiceState } from './state.js';
import { MemoryStore } from './store/memoryStore.js';
import type { Store } from './store/store.js';

export const API_PREFIX = '/api/public/v1.0';
/** Fits a 17 MB automation config with room to spare; beyond it, 413 REQUEST_BODY_TOO_LARGE. */
export const DEFAULT_BODY_LIMIT = 32 * 1024 * 1024;

export type ServerOptions = {
  /** The seed of the generated data (`--seed N`). @default 1 */
  readonly seed?: number;
  /** The state to start from instead of the generated one (a fixture); also what reset returns to. */
  readonly initialState?: ServiceState;
  /** Where the default store keeps its state file and journal; without it, state lives in memory only. */
  readonly dataDir?: string;
  /** Another store (PostgreSQL); `dataDir` is then ignored. */
  readonly store?: Store;
  /** Enables `/__dbkit/`. @default false */
  readonly admin?: boolean;
  /** @default "dbkit" */
  readonly realm?: string;
  /** Send the spec's literal challenge wording (`op="auth"`) and accept answers without qop. @default false */
  readonly specLiteralChallenge?: boolean;
  /** Signs nonces; instances sharing it accept each other's nonces. Random by default. */
  readonly nonceSecret?: string;
  readonly nonceTtlMs?: number;
  readonly replayGuard?: ReplayGuard;
  readonly bodyLimit?: number;
  readonly clock?: Clock;
  readonly version?: ServiceVersion;
  /** How often the expiry sweep runs; 0 runs it only on demand (admin clock, `/__dbkit/sweep`). @default 60000 */
  readonly sweepIntervalMs?: number;
  /** Reports start-up warnings (a torn journal line) and unexpected errors. @default console.error */
  readonly warn?: (message: string) => void;
};

export type DbkitServer = {
  readonly app: FastifyInstance;
  readonly store: Store;
  readonly clock: Clock;
  /** True when the store started from an earlier run's data instead of the seed. */
  readonly resumed: boolean;
  /** Every route, as `METHOD /path/:param` (the OpenAPI test compares them with the document). */
  readonly routes: readonly string[];
  /** Starts listening; resolves to the base URL (`http://127.0.0.1:8080`). */
  listen(port: number, host?: string): Promise<string>;
  /** Deletes the snapshots whose expiry has passed; resolves to how many. */
  sweep(): Promise<number>;
  close(): Promise<void>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether `value` holds a C0 control character (NUL, tab, newline…), which no identifier contains. */
function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index++) if (value.charCodeAt(index) < 0x20) return true;
  return false;
}

export function createServer(options: ServerOptions = {}): DbkitServer {
  const warn = options.warn ?? ((message: string) => console.error(message));
  const clock = options.clock ?? new Clock();
  const seed = () => options.initialState ?? seedState(options.seed ?? 1, new Date(clock.now()));
  const initial = seed();
  const store =
    options.store ?? new MemoryStore({ initial, ...(options.dataDir ? { dataDir: options.dataDir } : {}), warn });
  const realm = options.realm ?? DEFAULT_DIGEST_REALM;
  const specLiteral = options.specLiteralChallenge === true;
  const secret = options.nonceSecret === undefined ? randomBytes(32) : Buffer.from(options.nonceSecret);
  const minter = new NonceMinter(secret, realm, options.nonceTtlMs);
  const replay = options.replayGuard ?? new MemoryReplayGuard();
  const respond = new Responder(options.version ?? { gitHash: '0'.repeat(40), versionString: 'dbkit-0.1.0' });
  const faults = new Faults();
  const log = new RequestLog();
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const cache = new ResponseCache();

  const app = Fastify({
    bodyLimit,
    logger: false,
    // Framework-level failures (a malformed URL) get the service's error body too.
    frameworkErrors: (error, request, reply) => {
      respond.error(reply, apiError('RESOURCE_NOT_FOUND', [request.url.slice(0, 200)], { hint: error.message }));
    },
  });
  app.decorateRequest('dbkit', undefined as never);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit }, (_request, body, done) => done(null, body));

  const challenge = (reply: FastifyReply, stale: boolean) =>
    respond.unauthorized(reply, { realm, nonce: minter.mint(clock.now()), stale, now: clock.now(), specLiteral });

  async function guard(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    if (faults.latencyMs > 0) await sleep(faults.latencyMs);
    const path = request.url.split('?')[0] ?? '';
    const fault = faults.match(request.method, path);
    if (fault?.kind === 'reset') {
      request.raw.socket.destroy();
      return reply.hijack();
    }
    if (fault?.kind === 'rate-limit') {
      reply.header('Retry-After', String(fault.retryAfterSeconds ?? 1));
      return respond.fail(reply, 'RATE_LIMITED', [path, 100, 1], 'Injected by /__dbkit/faults.');
    }
    if (fault?.kind === 'status') {
      const status = fault.status ?? 500;
      const body: ApiErrorBody = {
        detail: 'Unexpected error. Injected by /__dbkit/faults.',
        error: status,
        errorCode: 'UNEXPECTED_ERROR',
        parameters: [],
        reason: STATUS_CODES[status] ?? 'Error',
      };
      return respond.error(reply, body);
    }
    const auth = await authenticate(request.headers.authorization, request.method, request.url, clock.now(), {
      realm,
      minter,
      replay,
      findKey: (publicKey) => store.findKey(publicKey),
      allowMissingQop: specLiteral,
    });
    if (!auth.ok) {
      request.dbkit.authFailure = auth.reason;
      return challenge(reply, auth.stale);
    }
    request.dbkit.publicKey = auth.publicKey;
    const groupId = (request.params as { groupId?: string } | undefined)?.groupId;
    // A key belongs to one project: any other project, existing or not, gets the same answer (domain.md §12).
    if (groupId !== undefined && groupId !== auth.groupId) {
      // A 401 carries a challenge (RFC 9110 §15.5.2); the client's credentials were right, so not stale.
      const style = specLiteral ? 'spec-literal' : 'interoperable';
      reply.header('WWW-Authenticate', buildDigestChallenge({ realm, nonce: minter.mint(clock.now()), style }));
      return respond.fail(
        reply,
        'NOT_IN_GROUP',
        [],
        `API key ${auth.publicKey} is not a key of project ${groupId}; use one of its keys.`,
      );
    }
    // No identifier contains a control character (PostgreSQL cannot even compare one with NUL): nothing to find.
    const params = Object.values((request.params ?? {}) as Record<string, string>);
    if (params.some(hasControlCharacter)) {
      const path = (request.url.split('?')[0] ?? '').slice(0, 200);
      return respond.fail(reply, 'RESOURCE_NOT_FOUND', [path], 'Identifiers never contain control characters.');
    }
    const presentation = readPresentation(request.dbkit.query);
    if (!presentation.ok) return respond.error(reply, presentation.error);
    request.dbkit.presentation = presentation.value;
    const cacheKey = cache.keyOf(request.method, request.url, originOf(request), store.revision);
    if (cacheKey !== undefined) {
      const hit = cache.get(cacheKey);
      if (hit !== undefined) return reply.code(hit.status).headers(hit.headers).send(hit.body);
      request.dbkit.cacheKey = cacheKey;
    }
    return undefined;
  }

  app.addHook('onRequest', async (request, reply) => {
    request.dbkit = { startedAt: performance.now(), query: queryOf(request), presentation: PLAIN };
    if (request.url.startsWith('/api/')) return guard(request, reply);
    return undefined;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.dbkit?.cacheKey;
    if (key !== undefined && reply.statusCode === 200 && Buffer.isBuffer(payload)) {
      cache.set(key, { status: 200, headers: reply.getHeaders(), body: payload });
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const state = request.dbkit;
    log.add({
      at: new Date(clock.now()).toISOString(),
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      durationMs: Math.round((performance.now() - (state?.startedAt ?? performance.now())) * 100) / 100,
      ...(state?.publicKey ? { publicKey: state.publicKey } : {}),
      ...(state?.authFailure ? { authFailure: state.authFailure } : {}),
    });
  });

  app.setNotFoundHandler((request, reply) => {
    const path = (request.url.split('?')[0] ?? '').slice(0, 200);
    respond.fail(reply, 'RESOURCE_NOT_FOUND', [`${request.method} ${path}`], 'See the endpoints in the spec.');
  });
  app.setErrorHandler((error: Error & { code?: string; statusCode?: number }, request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return respond.fail(reply, 'REQUEST_BODY_TOO_LARGE', [bodyLimit], 'Send a smaller body.');
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return respond.fail(reply, 'INVALID_JSON', [], error.message);
    }
    warn(`dbkit server: unexpected error on ${request.method} ${request.url}: ${error.stack ?? error.message}`);
    return respond.fail(reply, 'UNEXPECTED_ERROR', []);
  });

  const routes: string[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
  });
  const openApi = openApiText();
  app.get('/openapi.json', async (_request, reply) =>
    reply
      .header('Content-Type', 'application/json')
      .header('Access-Control-Allow-Origin', '*')
      .send(Buffer.from(openApi)),
  );

  const ctx: RouteContext = { store, clock, respond };
  registerAlerts(app, API_PREFIX, ctx);
  registerSnapshots(app, API_PREFIX, ctx);
  registerConfigServerSnapshots(app, API_PREFIX, ctx);
  registerAutomationConfig(app, API_PREFIX, ctx);

  /** Deletes the snapshots whose expiry has passed (the spec's deletion "at the next opportunity"). */
  async function sweep(): Promise<number> {
    const now = new Date(clock.now());
    const expiredIds = (snapshots: Readonly<Record<string, ExpiryState & { readonly id: string }>>) =>
      Object.values(snapshots)
        .filter((snapshot) => isSnapshotExpired(snapshot, now))
        .map((snapshot) => snapshot.id);
    const state = await store.exportState();
    let removed = 0;
    for (const group of Object.values(state.groups)) {
      for (const cluster of Object.values(group.clusters)) {
        const ids = expiredIds(cluster.snapshots);
        if (ids.length > 0) await store.deleteClusterSnapshots(group.id, cluster.id, ids);
        removed += ids.length;
      }
      for (const host of Object.values(group.hosts)) {
        const ids = expiredIds(host.snapshots);
        if (ids.length > 0) await store.deleteConfigServerSnapshots(group.id, host.id, ids);
        removed += ids.length;
      }
    }
    return removed;
  }

  if (options.admin === true) registerAdmin(app, { store, clock, faults, log, seed, sweep });

  const interval = options.sweepIntervalMs ?? 60_000;
  const timer =
    interval > 0
      ? setInterval(() => {
          sweep().catch((error: Error) => warn(`dbkit server: expiry sweep failed: ${error.message}`));
        }, interval)
      : undefined;
  timer?.unref();

  return {
    app,
    store,
    clock,
    routes,
    resumed: store.resumed === true,
    sweep,
    async listen(port: number, host = '127.0.0.1') {
      await app.listen({ port, host });
      const address = app.server.address();
      const actualPort = typeof address === 'object' && address !== null ? address.port : port;
      const shownHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? 'localhost' : host;
      return `http://${shownHost}:${actualPort}`;
    },
    async close() {
      if (timer) clearInterval(timer);
      await app.close();
      await store.close();
    },
  };
}
