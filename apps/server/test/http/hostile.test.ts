/**
 * Hostile input: thousands of seeded random paths, query strings, headers and bodies, half of them correctly
 * authenticated so that they reach the handlers. Zero 500s, and the service still answers afterwards.
 */
import { Agent, request } from 'node:http';
import { seededRandom } from '@dbkit/core/internal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DigestClient, type Running, start } from '../helpers.js';

let service: Running;
beforeAll(async () => {
  service = await start();
});
afterAll(() => service.close());

type Raw = { method: string; path: string; headers: Record<string, string>; body?: Buffer };

function send(raw: Raw, port: number, agent: Agent): Promise<number> {
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port, method: raw.method, path: raw.path, headers: raw.headers, agent },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(-1));
    req.end(raw.body);
  });
}

function generator(seed: number, project: string, cluster: string, snapshot: string, host: string) {
  const rng = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;
  const junk = () =>
    pick([
      '',
      'x',
      '..',
      '%2e%2e',
      '%00',
      '%zz',
      '😀',
      '%F0%9F%98%80',
      "'; DROP TABLE x;--",
      '__proto__',
      'constructor',
      'a'.repeat(2000),
      '{}',
      String(Math.floor(rng() * 1e12)),
      '000000000000000000000000',
    ]);
  const segment = () =>
    rng() < 0.7 ? pick([project, cluster, snapshot, host, 'snapshots', 'alerts', 'groups']) : junk();
  const paths = () =>
    pick([
      `/api/public/v1.0/groups/${project}/alerts`,
      `/api/public/v1.0/groups/${project}/clusters/${cluster}/snapshots`,
      `/api/public/v1.0/groups/${project}/clusters/${cluster}/snapshots/${snapshot}`,
      `/api/public/v1.0/groups/${project}/hosts/${host}/snapshots`,
      `/api/public/v1.0/groups/${project}/automationConfig`,
      `/api/public/v1.0/groups/${segment()}/${segment()}/${segment()}/${segment()}`,
      `/api/public/v1.0/${segment()}`,
      `/${segment()}`,
      `/api/public/v1.0/groups/${project}/clusters/${segment()}/snapshots/${segment()}`,
    ]);
  const query = () => {
    const params = ['pageNum', 'itemsPerPage', 'status', 'completed', 'pretty', 'envelope', junk()];
    const values = ['1', '500', '501', '-1', '0', 'abc', 'true', 'all', 'OPEN', '', '1e3', '%', '%%', '&&', junk()];
    const count = Math.floor(rng() * 4);
    const parts = Array.from({ length: count }, () => `${pick(params)}=${pick(values)}`);
    return parts.length === 0 ? '' : `?${parts.join(pick(['&', '&&', ';']))}`;
  };
  const body = (): Buffer | undefined =>
    pick([
      undefined,
      Buffer.from(''),
      Buffer.from('{"doNotDelete": true}'),
      Buffer.from('{"expires": "2030-01-01"}'),
      Buffer.from('{"doNotDelete": true, "expires": "2020-01-01"}'),
      Buffer.from('{"version": 1e400, "processes": {}}'),
      Buffer.from('['.repeat(5000)),
      Buffer.from(`{"a":${'['.repeat(3000)}${']'.repeat(3000)}}`),
      Buffer.from([0xff, 0xfe, 0x00, 0x7b]),
      Buffer.from('null'),
      Buffer.from('"string"'),
      Buffer.from('{"version": 5, "options": {"downloadBase": 7}, "processes": [null, 1, "x"], "dbVersions": {}}'),
      Buffer.from(JSON.stringify({ __proto__: { polluted: true }, constructor: { prototype: { x: 1 } } })),
    ]);
  return (): Raw => {
    // Node's client refuses raw spaces and non-ASCII in a request target; everything else goes as generated.
    const path = `${paths()}${query()}`.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c));
    const method = pick(['GET', 'GET', 'PATCH', 'PUT', 'POST', 'DELETE', 'HEAD', 'OPTIONS']);
    const payload = method === 'GET' || method === 'HEAD' ? undefined : body();
    const headers: Record<string, string> = {};
    if (rng() < 0.5)
      headers['Content-Type'] = pick([
        'application/json',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        '*/*',
      ]);
    if (rng() < 0.2) headers.Accept = pick(['*/*', 'text/html', '']);
    if (rng() < 0.3)
      headers.Authorization = pick([
        'Basic Zm9vOmJhcg==',
        'Digest',
        'Digest username=',
        `Digest ${junk()}`,
        'Bearer x',
        'Digest username="a", realm="dbkit", nonce="n", uri="/", response="zz"',
      ]);
    for (const [name, value] of Object.entries(headers)) headers[name] = value.replace(/[^\x20-\x7e]/gu, '?');
    return { method, path, headers, ...(payload ? { body: payload } : {}) };
  };
}

describe('hostile input', () => {
  it('3 000 random requests (half authenticated): no 500, no crash, no rate limit [spec:rate-limits]', async () => {
    const project = service.project.id;
    const cluster = Object.keys(service.project.clusters)[0] ?? '';
    const snapshot = Object.keys(service.project.clusters[cluster]?.snapshots ?? {})[0] ?? '';
    const host = Object.keys(service.project.hosts)[0] ?? '';
    const next = generator(20261123, project, cluster, snapshot, host);
    const port = Number(new URL(service.url).port);
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const client = new DigestClient(service.credentials);
    const nonce = await client.challenge(`${service.api}/groups/${project}/alerts`);
    const statuses = new Map<number, number>();
    let nc = 0;
    const failures: string[] = [];
    for (let batch = 0; batch < 100; batch++) {
      const raws = Array.from({ length: 30 }, next);
      for (const raw of raws) {
        if (raw.headers.Authorization === undefined && nc % 2 === 0) {
          raw.headers.Authorization = client.authorization(raw.method, raw.path, nonce, ++nc);
        } else nc++;
      }
      const results = await Promise.all(raws.map((raw) => send(raw, port, agent)));
      for (const [index, status] of results.entries()) {
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        const raw = raws[index];
        if (status >= 500 && raw) failures.push(`${status} ${raw.method} ${raw.path.slice(0, 120)}`);
      }
    }
    agent.destroy();
    expect(failures).toEqual([]);
    // The mix reached deep: successes, client errors of every kind, and refusals.
    for (const status of [200, 400, 401, 404])
      expect(statuses.get(status) ?? 0, `status ${status}`).toBeGreaterThan(10);
    // No rate limit: 3 000 requests in quick succession from one client are never told to slow down.
    expect(statuses.get(429) ?? 0).toBe(0);
    const alive = await fetch(`${service.api}/groups/${project}/alerts`);
    expect(alive.status).toBe(401);
  }, 120_000);
});
