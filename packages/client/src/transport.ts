/**
 * One call to the service: Digest authentication (answering before the server asks once a challenge is known),
 * retries with exponential backoff and full jitter on 429 and 503 (honouring `Retry-After`) and on network failures,
 * for idempotent calls only unless asked, a timeout per attempt, and the caller's `AbortSignal`.
 */
import type { DigestSession } from './digest.js';
import { DbkitApiError, DbkitTransportError } from './errors.js';

export type RetryOptions = {
  /** Attempts after the first. @default 3 */
  readonly retries?: number;
  /** The first backoff, doubled per attempt (with full jitter). @default 250 */
  readonly baseDelayMs?: number;
  /** No wait is longer than this, `Retry-After` included. @default 10000 */
  readonly maxDelayMs?: number;
};

export type TransportOptions = {
  readonly baseUrl: string;
  readonly session: DigestSession;
  readonly fetch: typeof fetch;
  readonly retry: Required<RetryOptions>;
  /** Per attempt. @default 30000 */
  readonly timeoutMs: number;
  /** Test seam: waits between attempts. */
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly random: () => number;
};

export type CallOptions = {
  readonly query?: Readonly<Record<string, string | number | boolean | undefined>>;
  readonly body?: string;
  readonly signal?: AbortSignal;
  /** Retry even though the method is not idempotent (PATCH). @default false */
  readonly retryUnsafe?: boolean;
};

export type Answer = { readonly status: number; readonly text: string; readonly headers: Headers };

const RETRY_STATUSES = new Set([429, 503]);
const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Seconds or an HTTP date, as `Retry-After` allows; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export class Transport {
  constructor(private readonly options: TransportOptions) {}

  /** The URL of `path` (under the base URL's `/api/public/v1.0`) with the query's defined values. */
  url(path: string, query: CallOptions['query'] = {}): URL {
    const url = new URL(`${this.options.baseUrl.replace(/\/+$/, '')}/api/public/v1.0${path}`);
    for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, String(value));
    return url;
  }

  /** Sends one call and returns its 2xx answer; throws {@link DbkitApiError} or {@link DbkitTransportError}. */
  async call(method: string, target: URL | string, options: CallOptions = {}): Promise<Answer> {
    const url = typeof target === 'string' ? new URL(target) : target;
    const described = `${method} ${url.pathname}${url.search}`;
    const retryable = IDEMPOTENT.has(method) || options.retryUnsafe === true;
    const { retries, baseDelayMs, maxDelayMs } = this.options.retry;
    for (let attempt = 0; ; attempt++) {
      let answer: Answer;
      try {
        answer = await this.authenticated(method, url, options, described);
      } catch (error) {
        if (!(error instanceof DbkitTransportError) || error.kind !== 'network' || !retryable || attempt >= retries) {
          throw error;
        }
        await this.wait(this.backoff(attempt, baseDelayMs, maxDelayMs), options.signal, described);
        continue;
      }
      if (answer.status >= 200 && answer.status < 300) return answer;
      if (RETRY_STATUSES.has(answer.status) && retryable && attempt < retries) {
        const hinted = retryAfterMs(answer.headers.get('retry-after'));
        const delay = Math.min(maxDelayMs, hinted ?? this.backoff(attempt, baseDelayMs, maxDelayMs));
        await this.wait(delay, options.signal, described);
        continue;
      }
      let body: unknown = answer.text;
      try {
        body = JSON.parse(answer.text);
      } catch {
        // not JSON: the text itself is the detail
      }
      throw new DbkitApiError(answer.status, body, described);
    }
  }

  private backoff(attempt: number, base: number, max: number): number {
    return Math.floor(this.options.random() * Math.min(max, base * 2 ** attempt));
  }

  private async wait(ms: number, signal: AbortSignal | undefined, described: string): Promise<void> {
    try {
      await this.options.sleep(ms, signal);
    } catch (error) {
      throw new DbkitTransportError('cancelled while waiting to retry', 'aborted', described, { cause: error });
    }
  }

  /** One attempt, answering a Digest challenge once if the server asks (or asks again with a new nonce). */
  private async authenticated(method: string, url: URL, options: CallOptions, described: string): Promise<Answer> {
    const uri = `${url.pathname}${url.search}`;
    const session = this.options.session;
    let answered = session.primed;
    let answer = await this.send(method, url, session.authorization(method, uri), options, described);
    for (let round = 0; answer.status === 401 && round < 2; round++) {
      const next = session.accept(answer.headers.get('www-authenticate'), answered);
      if (!next.retry) break;
      answered = true;
      answer = await this.send(method, url, session.authorization(method, uri), options, described);
    }
    return answer;
  }

  private async send(
    method: string,
    url: URL,
    authorization: string | undefined,
    options: CallOptions,
    described: string,
  ): Promise<Answer> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (authorization) headers.Authorization = authorization;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      const response = await this.options.fetch(url, {
        method,
        headers,
        signal,
        ...(options.body === undefined ? {} : { body: options.body }),
      });
      return { status: response.status, text: await response.text(), headers: response.headers };
    } catch (error) {
      if (options.signal?.aborted) {
        throw new DbkitTransportError('cancelled by the caller', 'aborted', described, { cause: error });
      }
      if (timeout.aborted) {
        throw new DbkitTransportError(`no answer within ${this.options.timeoutMs} ms`, 'timeout', described, {
          cause: error,
        });
      }
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
      throw new DbkitTransportError(`network failure (${cause})`, 'network', described, { cause: error });
    }
  }
}
