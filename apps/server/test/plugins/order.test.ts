/**
 * `createServer()` registers the plugins in an order that is behaviour: CORS (with `cors`), faults, Digest, the
 * project check, identifiers, `pretty` and `envelope`, the response cache. Each case sends a request two of them
 * would refuse, and the earlier one answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DigestClient, type Reply, type Running, start } from '../helpers.js';

const ORIGIN = 'https://vscode.dev';

let service: Running;
beforeAll(async () => {
  service = await start({ cors: [ORIGIN] });
});
afterAll(() => service.close());

type Key = 'own key' | "other project's key" | 'no key';

/** A GET of `path` under the first project (`own`) or the second (`other`), with the key named. */
async function get(project: 'own' | 'other', path: string, key: Key): Promise<Reply> {
  const id = project === 'own' ? service.project.id : service.other.id;
  const url = `${service.api}/groups/${id}${path}`;
  const other = service.other.keys[0];
  if (key === 'own key') return new DigestClient(service.credentials).request(url);
  if (key === "other project's key") return new DigestClient(`${other?.publicKey}:${other?.privateKey}`).request(url);
  const response = await fetch(url);
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: <T>() => JSON.parse(text) as T };
}

const errorCodeOf = (reply: Reply) =>
  reply.status === 401 && !reply.text.startsWith('{"detail"')
    ? 'challenge'
    : reply.json<{ errorCode: string }>().errorCode;

describe('the order of the API plugins', () => {
  it('a fault answers before Digest, compact and unwrapped (before presentation)', async () => {
    const faults = `${service.url}/__dbkit/faults`;
    await fetch(faults, {
      method: 'PUT',
      body: JSON.stringify({ rules: [{ path: '/alerts', kind: 'status', status: 503 }] }),
    });
    try {
      const response = await get('own', '/alerts?envelope=true&pretty=true', 'no key');
      expect([response.status, errorCodeOf(response)]).toEqual([503, 'UNEXPECTED_ERROR']);
      expect(response.text).toMatch(/^\{"detail":"Unexpected error\. Injected/);
    } finally {
      await fetch(faults, { method: 'DELETE' });
    }
  });

  it('CORS before faults and Digest: a preflight is answered without a key, and a fault carries the origin', async () => {
    const faults = `${service.url}/__dbkit/faults`;
    await fetch(faults, {
      method: 'PUT',
      body: JSON.stringify({ rules: [{ path: '/alerts', kind: 'rate-limit', retryAfterSeconds: 3 }] }),
    });
    try {
      const url = `${service.api}/groups/${service.project.id}/alerts`;
      const preflight = await fetch(url, {
        method: 'OPTIONS',
        headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'GET' },
      });
      expect([preflight.status, preflight.headers.get('access-control-allow-origin')]).toEqual([204, ORIGIN]);
      const limited = await fetch(url, { headers: { Origin: ORIGIN } });
      expect([limited.status, limited.headers.get('access-control-allow-origin')]).toEqual([429, ORIGIN]);
      expect(limited.headers.get('access-control-expose-headers')).toContain('Retry-After');
    } finally {
      await fetch(faults, { method: 'DELETE' });
    }
  });

  it.for([
    ['Digest before the project check', 'other', '/alerts', 'no key', 401, 'challenge'],
    ['the project check before identifiers', 'other', '/clusters/a%00b/snapshots', 'own key', 401, 'NOT_IN_GROUP'],
    [
      'identifiers before presentation',
      'own',
      '/clusters/a%00b/snapshots?pretty=2',
      'own key',
      404,
      'RESOURCE_NOT_FOUND',
    ],
    ['the project check before presentation', 'other', '/alerts?pretty=2', 'own key', 401, 'NOT_IN_GROUP'],
  ] as const)('%s', async ([, project, path, key, status, code]) => {
    const response = await get(project, path, key);
    expect([response.status, errorCodeOf(response)]).toEqual([status, code]);
  });

  it('answers before presentation are compact and unwrapped: NOT_IN_GROUP with pretty=true&envelope=true', async () => {
    const response = await get('other', '/alerts?pretty=true&envelope=true', 'own key');
    expect([response.status, errorCodeOf(response)]).toEqual([401, 'NOT_IN_GROUP']);
    expect(response.text).toMatch(/^\{"detail":/);
  });

  it('the cache comes last: a cached answer still needs a key of its project', async () => {
    const path = `/clusters/${Object.keys(service.project.clusters)[0]}/snapshots?completed=all`;
    const first = await get('own', path, 'own key');
    expect((await get('own', path, 'own key')).text).toBe(first.text);
    expect(errorCodeOf(await get('own', path, 'no key'))).toBe('challenge');
    expect(errorCodeOf(await get('own', path, "other project's key"))).toBe('NOT_IN_GROUP');
  });
});
