/**
 * Digest interop against a small independent server on Node's `http` that issues its own challenges and checks the
 * answers with node:crypto's MD5 (not core's): nonce rotation with stale=true, a changed nonce without stale, strict
 * nonce-count replay refusal, the spec's `op="auth"` wording, an RFC 2069 challenge without qop, and query strings
 * in `uri`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../src/index.js';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const PUBLIC = 'pubkey';
const PRIVATE = 'c0ffee-private';

type Mode = { readonly qop: 'qop' | 'op' | 'none'; readonly rotateEvery?: number; readonly staleOnRotate?: boolean };
type Seen = { status: number; nc?: string; uri?: string; nonce?: string };

function params(header: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const match of header.matchAll(/(\w+)=(?:"((?:[^"\\]|\\.)*)"|([^,\s]+))/g)) {
    map.set((match[1] ?? '').toLowerCase(), match[2] ?? match[3] ?? '');
  }
  return map;
}

/** A Digest server of its own: every 401 mints a new nonce; `rotateEvery` retires the current one after N uses. */
function digestServer(mode: Mode) {
  const seen: Seen[] = [];
  let current = randomBytes(12).toString('hex');
  let uses = 0;
  const lastCount = new Map<string, number>();
  const challenge = (stale: boolean) => {
    current = randomBytes(12).toString('hex');
    uses = 0;
    const qop = mode.qop === 'qop' ? ', qop="auth"' : mode.qop === 'op' ? ', op="auth"' : '';
    return `Digest realm="interop", nonce="${current}", algorithm=MD5${qop}, stale=${stale}`;
  };
  const verify = (
    request: IncomingMessage,
  ): { ok: boolean; stale: boolean; nc?: string; uri?: string; nonce?: string } => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Digest ')) return { ok: false, stale: false };
    const p = params(header.slice(7));
    const uri = p.get('uri') ?? '';
    if (uri !== request.url) return { ok: false, stale: false, uri };
    const ha1 = md5(`${p.get('username')}:interop:${PRIVATE}`);
    const ha2 = md5(`${request.method}:${uri}`);
    const nc = p.get('nc');
    const expected =
      mode.qop === 'none'
        ? md5(`${ha1}:${p.get('nonce')}:${ha2}`)
        : md5(`${ha1}:${p.get('nonce')}:${nc}:${p.get('cnonce')}:${p.get('qop')}:${ha2}`);
    if (p.get('username') !== PUBLIC || p.get('response') !== expected) return { ok: false, stale: false, uri };
    const nonce = p.get('nonce') ?? '';
    if (nonce !== current) return { ok: false, stale: mode.staleOnRotate ?? true, uri, nonce };
    if (mode.qop !== 'none') {
      const count = Number.parseInt(nc ?? '', 16);
      if (!(count > (lastCount.get(nonce) ?? 0))) return { ok: false, stale: false, uri, ...(nc ? { nc } : {}) };
      lastCount.set(nonce, count);
    }
    return { ok: true, stale: false, uri, nonce, ...(nc ? { nc } : {}) };
  };
  const server: Server = createServer((request, response) => {
    const result = verify(request);
    if (!result.ok) {
      seen.push({ status: 401, ...(result.nc ? { nc: result.nc } : {}) });
      response.writeHead(401, { 'WWW-Authenticate': challenge(result.stale), 'Content-Type': 'application/json' });
      response.end('{"error":401}');
      return;
    }
    uses += 1;
    const entry: Seen = { status: 200 };
    if (result.nc) entry.nc = result.nc;
    if (result.uri) entry.uri = result.uri;
    if (result.nonce) entry.nonce = result.nonce;
    seen.push(entry);
    if (mode.rotateEvery !== undefined && uses >= mode.rotateEvery) current = randomBytes(12).toString('hex');
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end('{"results":[],"links":[],"totalCount":0}');
  });
  return {
    seen,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const address = server.address();
      return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function run(mode: Mode, calls: number, query?: { status: 'OPEN' }) {
  const server = digestServer(mode);
  const url = await server.start();
  close = server.close;
  const client = createClient({ baseUrl: url, publicKey: PUBLIC, privateKey: PRIVATE, retry: { baseDelayMs: 1 } });
  for (let i = 0; i < calls; i++) await client.alerts.page('g', query ? { status: query.status } : {});
  return server.seen;
}

describe('Digest against an independent server', () => {
  it('reuses one nonce with nc 1, 2, 3… and the query in uri', async () => {
    const seen = await run({ qop: 'qop' }, 4, { status: 'OPEN' });
    expect(seen.map((s) => [s.status, s.nc])).toEqual([
      [401, undefined],
      [200, '00000001'],
      [200, '00000002'],
      [200, '00000003'],
      [200, '00000004'],
    ]);
    expect(seen[1]?.uri).toBe('/api/public/v1.0/groups/g/alerts?status=OPEN');
    expect(new Set(seen.slice(1).map((s) => s.nonce)).size).toBe(1);
  });

  it('follows a rotated nonce announced as stale, starting the count at 1 again', async () => {
    const seen = await run({ qop: 'qop', rotateEvery: 2, staleOnRotate: true }, 5);
    expect(seen.map((s) => [s.status, s.nc])).toEqual([
      [401, undefined],
      [200, '00000001'],
      [200, '00000002'],
      [401, undefined],
      [200, '00000001'],
      [200, '00000002'],
      [401, undefined],
      [200, '00000001'],
    ]);
  });

  it('follows a changed nonce even without stale=true (once per call)', async () => {
    const seen = await run({ qop: 'qop', rotateEvery: 1, staleOnRotate: false }, 3);
    expect(seen.filter((s) => s.status === 200)).toHaveLength(3);
    expect(seen.filter((s) => s.status === 401)).toHaveLength(3);
  });

  it('answers the spec\'s op="auth" wording with qop=auth', async () => {
    const seen = await run({ qop: 'op' }, 2);
    expect(seen.map((s) => [s.status, s.nc])).toEqual([
      [401, undefined],
      [200, '00000001'],
      [200, '00000002'],
    ]);
  });

  it('answers an RFC 2069 challenge (no qop) without nc and cnonce', async () => {
    const seen = await run({ qop: 'none' }, 2);
    expect(seen.map((s) => [s.status, s.nc])).toEqual([
      [401, undefined],
      [200, undefined],
      [200, undefined],
    ]);
  });

  it('concurrent calls on one client never send the same nc twice for a nonce', async () => {
    const server = digestServer({ qop: 'qop' });
    const url = await server.start();
    close = server.close;
    const client = createClient({ baseUrl: url, publicKey: PUBLIC, privateKey: PRIVATE });
    await client.alerts.page('g');
    await Promise.all(Array.from({ length: 20 }, () => client.alerts.page('g')));
    const counts = server.seen.filter((s) => s.status === 200).map((s) => s.nc);
    expect(counts).toHaveLength(21);
    expect(new Set(counts).size).toBe(21);
  });
});
