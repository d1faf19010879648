/**
 * Digest on every guarded request: without credentials or with a wrong key, the spec's 401 and challenge, and the
 * route is never reached; with the right key, the route knows the key and its project.
 */
import { parseDigestChallenge, UNAUTHORIZED_BODY } from '@dbkit/core/digest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authentication } from '../../src/plugins/authentication.js';
import { DigestClient } from '../helpers.js';
import { digestSettings, respond, type Served, serve } from './harness.js';

const digest = digestSettings();
let served: Served;
let reached = 0;
beforeAll(async () => {
  served = await serve((app) => {
    app.register(authentication, { ...digest, apiPrefix: '/api/', respond });
    app.get('/api/whoami', async (request) => {
      reached++;
      return { publicKey: request.dbkit.publicKey, keyGroupId: request.dbkit.keyGroupId };
    });
    app.get('/open', async () => ({ open: true }));
  });
});
afterAll(() => served.close());

const challengeOf = (headers: Headers) => {
  const parsed = parseDigestChallenge(headers.get('www-authenticate'));
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value;
};

/** A GET with Digest (`PUBLIC:PRIVATE`), or without any credentials. */
async function get(path: string, credentials?: string): Promise<{ status: number; headers: Headers; text: string }> {
  if (credentials !== undefined) return new DigestClient(credentials).request(`${served.url}${path}`);
  const response = await fetch(`${served.url}${path}`);
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe('authentication', () => {
  it.for([
    ['no credentials', undefined],
    ['a wrong private key', 'PUB1:wrong'],
    ['an unknown public key', 'NOSUCHKEY:secret1'],
  ] as const)("%s gets the spec's 401 with a challenge, and the route is not reached", async ([, credentials]) => {
    reached = 0;
    const response = await get('/api/whoami', credentials);
    expect([response.status, response.text]).toEqual([401, UNAUTHORIZED_BODY]);
    expect(challengeOf(response.headers)).toMatchObject({ realm: 'dbkit', qop: 'auth', stale: false });
    expect(reached).toBe(0);
  });

  it('the right key reaches the route, which knows the key and its project', async () => {
    const response = await new DigestClient('PUB2:secret2').request(`${served.url}/api/whoami`);
    expect([response.status, response.json()]).toEqual([200, { publicKey: 'PUB2', keyGroupId: 'g2' }]);
  });

  it('an expired nonce with the right key is stale=true, so the client retries without asking', async () => {
    const client = new DigestClient('PUB1:secret1');
    const url = `${served.url}/api/whoami`;
    const nonce = await client.challenge(url);
    digest.clock.advance(digest.minter.ttlMs + 1_000);
    try {
      const authorization = client.authorization('GET', '/api/whoami', nonce, 1);
      const response = await fetch(url, { headers: { Authorization: authorization } });
      expect([response.status, challengeOf(response.headers).stale]).toEqual([401, true]);
    } finally {
      digest.clock.advance(-(digest.minter.ttlMs + 1_000));
    }
  });

  it('a path outside the API prefix needs no key', async () => {
    expect((await get('/open')).status).toBe(200);
  });
});
