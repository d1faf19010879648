/**
 * Test support: a service on a free loopback port with a frozen clock, a minimal Digest client built on core's
 * functions (so tests can also send deliberately wrong answers), and curl.
 */
import { randomBytes } from 'node:crypto';
import { computeDigestResponse, parseDigestChallenge } from '@dbkit/core/digest';
import { runTracked } from '@dbkit/test-process';
import { Clock } from '../src/clock.js';
import { createServer, type DbkitServer, type ServerOptions, seedState } from '../src/index.js';
import type { ServiceState, StoredGroup } from '../src/state.js';

/** The seeded data's time: tests freeze the clock here. */
export const T0 = Date.parse('2026-06-01T12:00:00Z');

export type Running = {
  readonly server: DbkitServer;
  readonly url: string;
  readonly api: string;
  readonly state: ServiceState;
  readonly project: StoredGroup;
  readonly other: StoredGroup;
  /** `PUBLIC:PRIVATE` of the first project's key. */
  readonly credentials: string;
  close(): Promise<void>;
};

/**
 * Another store for the suites to run on (the `server-postgres` vitest project sets one): given the seed, it
 * returns the store and its replay guard.
 */
export type StoreFactory = (initial: ServiceState) => Promise<Pick<ServerOptions, 'store' | 'replayGuard'>>;
const factory = (): StoreFactory | undefined => (globalThis as { dbkitStoreFactory?: StoreFactory }).dbkitStoreFactory;

export async function start(options: ServerOptions = {}): Promise<Running> {
  const clock = new Clock();
  clock.set(T0);
  clock.freeze(true);
  const storeOf = factory();
  const stores = storeOf ? await storeOf(seedState(1, new Date(T0))) : {};
  const server = createServer({
    seed: 1,
    admin: true,
    clock,
    sweepIntervalMs: 0,
    warn: () => {},
    ...stores,
    ...options,
  });
  const url = await server.listen(0);
  const state = await server.store.exportState();
  const [project, other] = Object.values(state.groups) as [StoredGroup, StoredGroup];
  const key = project.keys[0];
  return {
    server,
    url,
    api: `${url}/api/public/v1.0`,
    state,
    project,
    other,
    credentials: `${key?.publicKey}:${key?.privateKey}`,
    close: () => server.close(),
  };
}

export type Reply = {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  json<T = unknown>(): T;
};

async function reply(response: Response): Promise<Reply> {
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: <T>() => JSON.parse(text) as T };
}

/** One Digest exchange at a time, with control over every part of the answer. */
export class DigestClient {
  private nonce: string | undefined;
  private nc = 0;

  constructor(
    private readonly credentials: string,
    private readonly realm = 'dbkit',
  ) {}

  /** Answers `challengeNonce` for `method uri` with nonce count `nc` (no request is sent). */
  authorization(method: string, uri: string, nonce: string, nc: number, password?: string): string {
    const [username = '', privateKey = ''] = this.credentials.split(/:(.*)/s);
    const cnonce = randomBytes(8).toString('hex');
    const count = nc.toString(16).padStart(8, '0');
    const response = computeDigestResponse({
      username,
      realm: this.realm,
      password: password ?? privateKey,
      method,
      uri,
      nonce,
      qop: 'auth',
      nc: count,
      cnonce,
    });
    return `Digest username="${username}", realm="${this.realm}", nonce="${nonce}", uri="${uri}", algorithm=MD5, qop=auth, nc=${count}, cnonce="${cnonce}", response="${response}"`;
  }

  /** Gets a challenge (an unauthenticated request) and returns its nonce. */
  async challenge(url: string): Promise<string> {
    const response = await fetch(url);
    await response.arrayBuffer();
    const parsed = parseDigestChallenge(response.headers.get('www-authenticate'));
    if (!parsed.ok) throw new Error(`no challenge from ${url}: ${response.status}`);
    return parsed.value.nonce;
  }

  /** Sends an authenticated request, reusing the nonce with an increasing nc; one retry on a new challenge. */
  async request(url: string, init: RequestInit = {}): Promise<Reply> {
    const method = (init.method ?? 'GET').toUpperCase();
    const target = new URL(url);
    const uri = `${target.pathname}${target.search}`;
    for (let attempt = 0; attempt < 2; attempt++) {
      if (this.nonce === undefined) {
        this.nonce = await this.challenge(url);
        this.nc = 0;
      }
      this.nc += 1;
      const headers = new Headers(init.headers);
      headers.set('Authorization', this.authorization(method, uri, this.nonce, this.nc));
      const response = await fetch(url, { ...init, method, headers });
      if (response.status !== 401 || attempt === 1) return reply(response);
      const parsed = parseDigestChallenge(response.headers.get('www-authenticate'));
      const body = await reply(response);
      if (!parsed.ok || !parsed.value.stale) return body;
      this.nonce = parsed.value.nonce;
      this.nc = 0;
    }
    throw new Error('unreachable');
  }
}

export type CurlResult = { readonly code: number | null; readonly stdout: string; readonly stderr: string };

/** Runs the machine's curl (a client no one here wrote); a curl ended by a signal counts as exit code 1. */
export async function curl(args: readonly string[]): Promise<CurlResult> {
  const { code, stdout, stderr } = await runTracked('curl', ['-sS', ...args]);
  return { code: code ?? 1, stdout, stderr };
}

/** Splits `curl -i` output into the last response's status, headers (lower-case names) and body. */
export function lastResponse(output: string): { status: number; headers: Map<string, string>; body: string } {
  const blocks = output.split(/\r\n\r\n/);
  let index = 0;
  for (let i = 0; i < blocks.length; i++) if (/^HTTP\/\S+ \d{3}/.test(blocks[i] ?? '')) index = i;
  const [head = '', ...rest] = blocks.slice(index);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
}
