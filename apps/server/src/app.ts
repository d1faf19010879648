/**
 * `createServer()`: the service in process (tests) or behind `dbkit-server` (the command). One fastify instance; the
 * plugins in `plugins/` guard the API in order (CORS when asked for, latency and faults, Digest, the project check,
 * identifiers, `pretty` and `envelope`, the response cache), so route handlers only read and write resources.
 */
import { randomBytes } from 'node:crypto';
import type { ServiceVersion } from '@dbkit/core';
import { DEFAULT_DIGEST_REALM } from '@dbkit/core/digest';
import Fastify, { type FastifyInstance } from 'fastify';
import { Faults } from './admin/faults.js';
import { RequestLog } from './admin/requestLog.js';
import { adminApi } from './admin/routes.js';
import { type AgentSettings, DEFAULT_AGENT_SETTINGS } from './agents.js';
import { MemoryReplayGuard, NonceMinter, type ReplayGuard } from './auth/nonces.js';
import { Clock } from './clock.js';
import type { RouteContext } from './http/context.js';
import { ParsedRevision } from './http/parsedRevision.js';
import { Responder } from './http/respond.js';
import { openApiText } from './openapi.js';
import { authentication, type DigestSettings, freshChallenge } from './plugins/authentication.js';
import { canonicalOrigins, crossOrigin } from './plugins/cors.js';
import { errorBodies, frameworkErrorBody } from './plugins/errors.js';
import { faultInjection } from './plugins/faults.js';
import { identifiers } from './plugins/identifiers.js';
import { presentation } from './plugins/presentation.js';
import { projectScope } from './plugins/projectScope.js';
import { requestLogging } from './plugins/requestLog.js';
import { requestState } from './plugins/requestState.js';
import { responseCache } from './plugins/responseCache.js';
import { registerAlerts } from './routes/alerts.js';
import { registerAutomationConfig } from './routes/automationConfig.js';
import { registerAutomationStatus } from './routes/automationStatus.js';
import { registerClusters } from './routes/clusters.js';
import { registerConfigServerSnapshots } from './routes/configServerSnapshots.js';
import { registerSnapshots } from './routes/snapshots.js';
import { seedState } from './seed.js';
import type { ServiceState } from './state.js';
import { MemoryStore } from './store/memoryStore.js';
import type { Store } from './store/store.js';
import { PACKAGE_VERSION } from './version.js';

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
  /** What `X-DB-Service-Version` names. @default the package's version, `dbkit-<version>` with a git hash of zeros */
  readonly version?: ServiceVersion;
  /** How often the expiry sweep runs; 0 runs it only on demand (admin clock, `/__dbkit/sweep`). @default 60000 */
  readonly sweepIntervalMs?: number;
  /** How the simulated agents behave: the time a move takes, the HOST_DOWN notification delays. */
  readonly agents?: AgentSettings;
  /**
   * The origins whose pages may call the API from a browser (`--cors`): `scheme://host[:port]`,
   * `scheme://*.domain[:port]` for its subdomains, or `*` for any. Without them no answer has CORS headers.
   * @default []
   */
  readonly cors?: readonly string[];
  /** Reports start-up warnings (a torn journal line) and unexpected errors. @default console.error */
  readonly warn?: (message: string) => void;
};

export type DbkitServer = {
  readonly app: FastifyInstance;
  readonly store: Store;
  readonly clock: Clock;
  /** True when the store started from an earlier run's data instead of the seed. */
  readonly resumed: boolean;
  /** Every route, as `METHOD /path/:param`, once the server is ready (the OpenAPI test compares them with the document). */
  readonly routes: readonly string[];
  /** Starts listening; resolves to the base URL (`http://127.0.0.1:8080`). */
  listen(port: number, host?: string): Promise<string>;
  /** Deletes the snapshots whose expiry has passed; resolves to how many. */
  sweep(): Promise<number>;
  close(): Promise<void>;
};

/** The requests the API's plugins guard: the admin API and `/openapi.json` answer without a key. */
const GUARDED = '/api/';

/** What the service is made of, from the options: shared by the plugins, the routes and the admin API. */
type Service = {
  /** The CORS origins, canonical; empty: no CORS. */
  readonly cors: readonly string[];
  readonly warn: (message: string) => void;
  readonly clock: Clock;
  /** The seed state `reset` returns to. */
  readonly seed: () => ServiceState;
  readonly store: Store;
  readonly respond: Responder;
  readonly faults: Faults;
  readonly log: RequestLog;
  readonly bodyLimit: number;
  readonly digest: DigestSettings;
  /** Deletes the snapshots whose expiry has passed (the spec's deletion "at the next opportunity"). */
  readonly sweep: () => Promise<number>;
};

export function createServer(options: ServerOptions = {}): DbkitServer {
  const service = serviceOf(options);
  const { store, clock, sweep } = service;
  const app = fastifyFor(service);
  registerPlugins(app, service, options.admin === true);
  const routes = registerRoutes(app, service, options.agents ?? DEFAULT_AGENT_SETTINGS);
  if (options.admin === true) {
    const { faults, log, seed } = service;
    app.register(adminApi, { store, clock, faults, log, seed, sweep });
  }
  const timer = startSweeps(sweep, options.sweepIntervalMs ?? 60_000, service.warn);
  return {
    app,
    store,
    clock,
    routes,
    resumed: store.resumed === true,
    sweep,
    listen: (port, host = '127.0.0.1') => listen(app, port, host),
    async close() {
      if (timer) clearInterval(timer);
      await app.close();
      await store.close();
    },
  };
}

/** The service's parts as the options ask for them, with the defaults of the rest. */
function serviceOf(options: ServerOptions): Service {
  const cors = canonicalOrigins(options.cors ?? []);
  const warn = options.warn ?? ((message: string) => console.error(message));
  const clock = options.clock ?? new Clock();
  const seed = () => options.initialState ?? seedState(options.seed ?? 1, new Date(clock.now()));
  const initial = seed();
  const store =
    options.store ?? new MemoryStore({ initial, ...(options.dataDir ? { dataDir: options.dataDir } : {}), warn });
  const realm = options.realm ?? DEFAULT_DIGEST_REALM;
  const secret = options.nonceSecret === undefined ? randomBytes(32) : Buffer.from(options.nonceSecret);
  const respond = new Responder(
    options.version ?? { gitHash: '0'.repeat(40), versionString: `dbkit-${PACKAGE_VERSION}` },
  );
  const digest: DigestSettings = {
    realm,
    minter: new NonceMinter(secret, realm, options.nonceTtlMs),
    replay: options.replayGuard ?? new MemoryReplayGuard(),
    findKey: (publicKey) => store.findKey(publicKey),
    specLiteral: options.specLiteralChallenge === true,
    clock,
  };
  const sweep = () => store.sweepExpired(new Date(clock.now()));
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  return {
    cors,
    warn,
    clock,
    seed,
    store,
    respond,
    faults: new Faults(),
    log: new RequestLog(),
    bodyLimit,
    digest,
    sweep,
  };
}

/**
 * The fastify instance: every body arrives as text, up to the limit (the routes parse it), and framework errors get
 * the service's error body.
 */
function fastifyFor(service: Service): FastifyInstance {
  const { bodyLimit } = service;
  const app = Fastify({ bodyLimit, logger: false, frameworkErrors: frameworkErrorBody(service.respond) });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit }, (_request, body, done) => done(null, body));
  return app;
}

/**
 * The plugins that guard the API, in order. The order is the behaviour: each hook answers and stops the request, or
 * lets it on to the next (a preflight skips faults and Digest, a fault skips Digest, a 401 skips the cache, and
 * every answer before `presentation` is compact and unwrapped). The plugins come before the routes, which take the
 * error handler in force when they are added.
 */
function registerPlugins(app: FastifyInstance, service: Service, admin: boolean): void {
  const { respond, digest, store } = service;
  app.register(requestState);
  if (service.cors.length > 0) app.register(crossOrigin, { apiPrefix: GUARDED, origins: service.cors });
  app.register(faultInjection, { apiPrefix: GUARDED, faults: service.faults, respond });
  app.register(authentication, { ...digest, apiPrefix: GUARDED, respond });
  app.register(projectScope, { apiPrefix: GUARDED, respond, challenge: () => freshChallenge(digest) });
  app.register(identifiers, { apiPrefix: GUARDED, respond });
  app.register(presentation, { apiPrefix: GUARDED, respond });
  app.register(responseCache, { revision: () => store.revision });
  // Only the admin API reads the log: without it, no request pays for an entry.
  if (admin) app.register(requestLogging, { log: service.log, clock: service.clock });
  app.register(errorBodies, { respond, bodyLimit: service.bodyLimit, warn: service.warn });
}

/** `/openapi.json` and the API's routes; returns the list of routes, filled in as fastify adds them. */
function registerRoutes(app: FastifyInstance, service: Service, agents: AgentSettings): readonly string[] {
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
  const { store, clock, respond } = service;
  const ctx: RouteContext = { store, clock, respond, agents, configs: new ParsedRevision() };
  registerAlerts(app, API_PREFIX, ctx);
  registerClusters(app, API_PREFIX, ctx);
  registerSnapshots(app, API_PREFIX, ctx);
  registerConfigServerSnapshots(app, API_PREFIX, ctx);
  registerAutomationConfig(app, API_PREFIX, ctx);
  registerAutomationStatus(app, API_PREFIX, ctx);
  return routes;
}

/** Runs the expiry sweep every `interval` milliseconds (none for 0), without keeping the process alive. */
function startSweeps(
  sweep: () => Promise<number>,
  interval: number,
  warn: (message: string) => void,
): ReturnType<typeof setInterval> | undefined {
  const timer =
    interval > 0
      ? setInterval(() => {
          sweep().catch((error: Error) => warn(`dbkit server: expiry sweep failed: ${error.message}`));
        }, interval)
      : undefined;
  timer?.unref();
  return timer;
}

/** Starts listening; resolves to the base URL, with the host as a browser writes it. */
async function listen(app: FastifyInstance, port: number, host: string): Promise<string> {
  await app.listen({ port, host });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address !== null ? address.port : port;
  const shownHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? 'localhost' : host;
  return `http://${shownHost}:${actualPort}`;
}
