/**
 * Answers to repeated GETs of resources that change only when the store is written (snapshots, config-server
 * snapshots, the automation config), kept per store revision: a hit costs a map lookup instead of reading, sorting
 * and serialising a page again. The last of the API's request hooks, so authentication, the project check and the
 * query checks still run for every request; alerts are never cached (their status moves with the clock). Only
 * stores that know every write (one process) have a revision.
 */
import { originOf } from '../http/context.js';
import { REQUEST_STATE } from './requestState.js';
import { rootPlugin } from './rootPlugin.js';

export type CachedAnswer = {
  readonly status: number;
  readonly headers: Record<string, string | number | string[] | undefined>;
  readonly body: Buffer;
};

/** The paths whose GET answers depend on stored data alone. */
const CACHEABLE =
  /^\/api\/public\/v1\.0\/groups\/[^/]+\/(clusters\/[^/]+\/snapshots|hosts\/[^/]+\/snapshots|automationConfig)(\/[^/?]+)?(\?|$)/;

/** The answers kept for one store revision, the oldest dropped beyond `capacity`. */
export class ResponseCache {
  private readonly answers = new Map<string, CachedAnswer>();
  private revision: number | undefined;

  constructor(private readonly capacity = 256) {}

  /** The key of a request's answer, or undefined when it must not be cached. */
  keyOf(method: string, url: string, origin: string, revision: number | undefined): string | undefined {
    if (revision === undefined || method !== 'GET' || !CACHEABLE.test(url)) return undefined;
    if (revision !== this.revision) {
      this.answers.clear();
      this.revision = revision;
    }
    return `${origin} ${url}`;
  }

  get(key: string): CachedAnswer | undefined {
    return this.answers.get(key);
  }

  set(key: string, answer: CachedAnswer): void {
    if (this.answers.size >= this.capacity) {
      const oldest = this.answers.keys().next().value;
      if (oldest !== undefined) this.answers.delete(oldest);
    }
    this.answers.set(key, answer);
  }
}

export type ResponseCacheOptions = {
  /** The store's revision, read on every request; undefined when other instances may write (nothing is reused). */
  readonly revision: () => number | undefined;
  /** How many answers are kept. @default 256 */
  readonly capacity?: number;
};

/** Answers a repeated GET from the cache (the last request hook) and keeps each 200 it sends. */
export const responseCache = rootPlugin<ResponseCacheOptions>(
  { name: 'dbkit-response-cache', dependencies: [REQUEST_STATE] },
  (app, options) => {
    const cache = new ResponseCache(options.capacity);
    app.addHook('onRequest', async (request, reply) => {
      const key = cache.keyOf(request.method, request.url, originOf(request), options.revision());
      if (key === undefined) return undefined;
      const hit = cache.get(key);
      if (hit !== undefined) return reply.code(hit.status).headers(hit.headers).send(hit.body);
      request.dbkit.cacheKey = key;
      return undefined;
    });
    app.addHook('onSend', async (request, reply, payload) => {
      const key = request.dbkit?.cacheKey;
      if (key !== undefined && reply.statusCode === 200 && Buffer.isBuffer(payload)) {
        cache.set(key, { status: 200, headers: reply.getHeaders(), body: payload });
      }
      return payload;
    });
  },
);
