/**
 * HTTP Digest over real HTTP: curl --digest (a client no one here wrote) and a hand-driven client for the answers
 * curl would never send (replays, stale nonces, another request's uri).
 */
import { buildDigestChallenge, parseDigestChallenge, UNAUTHORIZED_BODY } from '@dbkit/core/digest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curl, DigestClient, lastResponse, type Running, start } from '../helpers.js';

let service: Running;
beforeAll(async () => {
  service = await start();
});
afterAll(() => service.close());

const alertsPath = () => `/api/public/v1.0/groups/${service.project.id}/alerts`;

describe('curl --digest', () => {
  it('gets 200 with the spec headers after the challenge [spec:auth-digest] [spec:auth-repeat] [spec:success-headers] [spec:hsts-max-age]', async () => {
    const result = await curl(['-i', '--digest', '-u', service.credentials, `${service.url}${alertsPath()}?pageNum=1`]);
    const response = lastResponse(result.stdout);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('strict-transport-security')).toBe('max-age=300');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('x-db-service-version')).toMatch(/^gitHash=[0-9a-f]{40}; versionString=\S+$/);
    expect(response.headers.get('date')).toMatch(/GMT$/);
    expect(response.headers.get('connection')).toBe('keep-alive');
    expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(response.body));
    expect(JSON.parse(response.body)).toMatchObject({ totalCount: 28 });
  });

  it.for([
    ['a wrong private key', (c: string) => `${c.split(':')[0]}:not-the-key`],
    ['an unknown public key', (c: string) => `NOSUCHKEY:${c.split(':')[1]}`],
    ['no credentials at all', () => ''],
  ] as const)(
    "%s gets the spec's 401 byte for byte [spec:auth-challenge] [spec:auth-401-headers]",
    async ([, credentials]) => {
      const user = credentials(service.credentials);
      const args =
        user === ''
          ? ['-i', `${service.url}${alertsPath()}`]
          : ['-i', '--digest', '-u', user, `${service.url}${alertsPath()}`];
      const response = lastResponse((await curl(args)).stdout);
      expect(response.status).toBe(401);
      expect(response.body).toBe(UNAUTHORIZED_BODY);
      expect(response.headers.get('content-type')).toBe('application/json;charset=ISO-8859-1');
      expect(response.headers.get('content-length')).toBe('142');
      expect(response.headers.get('date')).toMatch(/GMT$/);
      const challenge = response.headers.get('www-authenticate') ?? '';
      const parsed = parseDigestChallenge(challenge);
      if (!parsed.ok) throw new Error(parsed.message);
      expect(parsed.value).toMatchObject({ realm: 'dbkit', domain: '', qop: 'auth', stale: false });
      expect(parsed.value.nonce).toMatch(/^[A-Za-z0-9+/]{32}$/);
      expect(challenge).toBe(buildDigestChallenge({ nonce: parsed.value.nonce }));
    },
  );

  it('authenticates against the spec-literal challenge (op="auth") when the service is started with it', async () => {
    const literal = await start({ specLiteralChallenge: true });
    try {
      const url = `${literal.url}/api/public/v1.0/groups/${literal.project.id}/alerts`;
      const first = lastResponse((await curl(['-i', url])).stdout);
      expect(first.headers.get('www-authenticate')).toMatch(
        /^Digest realm=dbkit, domain="", nonce=\S+, algorithm=MD5, op="auth", stale=false$/,
      );
      const response = lastResponse((await curl(['-i', '--digest', '-u', literal.credentials, url])).stdout);
      expect(response.status).toBe(200);
    } finally {
      await literal.close();
    }
  });
});

describe('the Digest checks', () => {
  it('reuses a nonce with increasing nc, and refuses the same nc twice (a replay) without saying stale', async () => {
    const client = new DigestClient(service.credentials);
    const url = `${service.url}${alertsPath()}`;
    const nonce = await client.challenge(url);
    for (const nc of [1, 2, 5, 3]) {
      const response = await fetch(url, {
        headers: { Authorization: client.authorization('GET', alertsPath(), nonce, nc) },
      });
      expect(response.status, `nc ${nc}`).toBe(200);
    }
    const replay = await fetch(url, {
      headers: { Authorization: client.authorization('GET', alertsPath(), nonce, 2) },
    });
    expect(replay.status).toBe(401);
    expect(replay.headers.get('www-authenticate')).toMatch(/stale=false$/);
  });

  it('says stale=true for an expired nonce with the right key, stale=false with a wrong key', async () => {
    const client = new DigestClient(service.credentials);
    const url = `${service.url}${alertsPath()}`;
    const nonce = await client.challenge(url);
    service.server.clock.advance(301_000);
    try {
      const right = await fetch(url, {
        headers: { Authorization: client.authorization('GET', alertsPath(), nonce, 1) },
      });
      expect(right.status).toBe(401);
      expect(right.headers.get('www-authenticate')).toMatch(/stale=true$/);
      const wrong = await fetch(url, {
        headers: { Authorization: client.authorization('GET', alertsPath(), nonce, 2, 'wrong') },
      });
      expect(wrong.headers.get('www-authenticate')).toMatch(/stale=false$/);
      // A client that honours stale retries with the new nonce and gets through.
      expect((await client.request(url)).status).toBe(200);
    } finally {
      service.server.clock.advance(-301_000);
    }
  });

  it('refuses an answer computed for another uri (the query is part of it) and a nonce it never issued', async () => {
    const client = new DigestClient(service.credentials);
    const url = `${service.url}${alertsPath()}?status=OPEN`;
    const nonce = await client.challenge(url);
    const otherUri = await fetch(url, {
      headers: { Authorization: client.authorization('GET', alertsPath(), nonce, 1) },
    });
    expect(otherUri.status).toBe(401);
    const forged = await fetch(url, {
      headers: { Authorization: client.authorization('GET', `${alertsPath()}?status=OPEN`, 'A'.repeat(32), 1) },
    });
    expect(forged.status).toBe(401);
    // The key was right, so the client is told to retry with the fresh nonce.
    expect(forged.headers.get('www-authenticate')).toMatch(/stale=true$/);
  });

  it('a key of one project gets nothing from another: 401 NOT_IN_GROUP, the same for a project that does not exist [spec:auth-permissions] [spec:error-status]', async () => {
    const client = new DigestClient(service.credentials);
    for (const group of [service.other.id, '000000000000000000000000']) {
      const response = await client.request(`${service.api}/groups/${group}/alerts`);
      expect(response.status).toBe(401);
      expect(response.json()).toMatchObject({ errorCode: 'NOT_IN_GROUP', error: 401, reason: 'Unauthorized' });
      expect(response.headers.get('www-authenticate')).toMatch(/^Digest /);
    }
  });

  it('the request log records outcomes and never a credential', async () => {
    const log = await (await fetch(`${service.url}/__dbkit/requests`)).text();
    expect(log).toContain('"authFailure": "replayed-nonce-count"');
    expect(log).toContain('"authFailure": "stale-nonce"');
    const privateKey = service.credentials.split(':')[1] ?? '';
    expect(privateKey.length).toBeGreaterThan(10);
    expect(log).not.toContain(privateKey);
    expect(log).not.toMatch(/Digest username/);
  });
});
