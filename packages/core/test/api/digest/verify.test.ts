import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildDigestChallenge } from '../../../src/api/digest/challenge.js';
import { EMPTY_NONCE_STATE, issueNonce, type NonceState } from '../../../src/api/digest/nonce.js';
import { parseDigestAuthorization } from '../../../src/api/digest/parse.js';
import {
  checkDigestResponse,
  checkDigestTarget,
  computeDigestResponse,
  constantTimeEqual,
  type DigestNonceOutcome,
  type DigestResponseInput,
  type DigestVerifyFailureReason,
  type DigestVerifyOptions,
  verifyDigestAuthorization,
  verifyDigestCredentials,
} from '../../../src/api/digest/verify.js';

const md5 = (text: string): string => createHash('md5').update(text, 'utf8').digest('hex');

describe('computeDigestResponse', () => {
  it.for<[string, DigestResponseInput, string]>([
    [
      'RFC 7616 §3.9.1 (MD5, qop=auth)',
      {
        username: 'Mufasa',
        password: 'Circle of Life',
        realm: 'http-auth@example.org',
        nonce: '7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v',
        cnonce: 'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ',
        nc: '00000001',
        qop: 'auth',
        uri: '/dir/index.html',
        method: 'GET',
      },
      '8ca523f5e9506fed4657c9700eebdbec',
    ],
    [
      'RFC 2617 §3.5',
      {
        username: 'Mufasa',
        password: 'Circle Of Life',
        realm: 'testrealm@host.com',
        nonce: 'dcd98b7102dd2f0e8b11d0f600bfb0c093',
        cnonce: '0a4f113b',
        nc: '00000001',
        qop: 'auth',
        uri: '/dir/index.html',
        method: 'GET',
      },
      '6629fae49393a05397450978507c4ef1',
    ],
  ])('reproduces the %s example', ([, input, expected]) => {
    expect(computeDigestResponse(input)).toBe(expected);
  });

  it('hashes HA1:nonce:HA2 without qop (RFC 2069 form)', () => {
    const input = { username: 'u', password: 'p', realm: 'r', nonce: 'n', uri: '/x', method: 'PATCH' };
    expect(computeDigestResponse(input)).toBe(md5(`${md5('u:r:p')}:n:${md5('PATCH:/x')}`));
  });

  it('hashes non-ASCII passwords as UTF-8', () => {
    const input = { username: 'u', password: 'pässwörd€', realm: 'r', nonce: 'n', uri: '/', method: 'GET' };
    expect(computeDigestResponse(input)).toBe(md5(`${md5('u:r:pässwörd€')}:n:${md5('GET:/')}`));
  });
});

describe('constantTimeEqual', () => {
  it.for<[string, string, boolean]>([
    ['8ca523f5e9506fed4657c9700eebdbec', '8ca523f5e9506fed4657c9700eebdbec', true],
    ['8ca523f5e9506fed4657c9700eebdbec', '9ca523f5e9506fed4657c9700eebdbec', false],
    ['8ca523f5e9506fed4657c9700eebdbec', '8ca523f5e9506fed4657c9700eebdbed', false],
    ['abc', 'abcd', false],
    ['abc\u0000', 'abc', false],
    ['', '', true],
  ])('compares %j and %j as %s', ([a, b, expected]) => {
    expect(constantTimeEqual(a, b)).toBe(expected);
    expect(constantTimeEqual(b, a)).toBe(expected);
  });
});

// A client written independently of the code under test (node:crypto MD5, regex reading of the challenge), so that
// a round trip proves the two sides agree rather than that the code agrees with itself.
interface ClientRequest {
  readonly username: string;
  readonly password: string;
  readonly method?: string;
  readonly uri?: string;
  readonly nc?: number;
  readonly cnonce?: string;
  readonly qop?: boolean;
}

function answer(challenge: string, request: ClientRequest): string {
  const realm = /realm="([^"]*)"/.exec(challenge)?.[1] ?? '';
  const nonce = /nonce="([^"]*)"/.exec(challenge)?.[1] ?? '';
  const method = request.method ?? 'GET';
  const uri = request.uri ?? '/api/public/v1.0/groups/g1/alerts';
  const cnonce = request.cnonce ?? 'clientnonce';
  const nc = (request.nc ?? 1).toString(16).padStart(8, '0');
  const ha1 = md5(`${request.username}:${realm}:${request.password}`);
  const ha2 = md5(`${method}:${uri}`);
  const base = `Digest username="${request.username}", realm="${realm}", nonce="${nonce}", uri="${uri}"`;
  if (request.qop === false) return `${base}, response="${md5(`${ha1}:${nonce}:${ha2}`)}", algorithm=MD5`;
  const response = md5(`${ha1}:${nonce}:${nc}:${cnonce}:auth:${ha2}`);
  return `${base}, cnonce="${cnonce}", nc=${nc}, qop=auth, response="${response}", algorithm=MD5`;
}

const KEYS: Readonly<Record<string, string>> = { PUBKEY1: 'private-key-1', PUBKEY2: 'private-key-2' };
const OPTIONS: DigestVerifyOptions = {
  method: 'GET',
  lookupKey: (publicKey) => KEYS[publicKey],
  requestUri: '/api/public/v1.0/groups/g1/alerts',
};
const T0 = 1_700_000_000_000;

function serverChallenge(state = EMPTY_NONCE_STATE, now = T0) {
  const issued = issueNonce(state, { now, random: () => `nonce${now}`, ttlMs: 60_000 });
  return { ...issued, challenge: buildDigestChallenge({ nonce: issued.nonce }) };
}

type Outcome = 'ok' | DigestVerifyFailureReason | `parse:${string}`;

function verify(header: string, state: NonceState, now = T0 + 1, options = OPTIONS) {
  const parsed = parseDigestAuthorization(header);
  if (!parsed.ok) return { outcome: `parse:${parsed.reason}` as Outcome, stale: false, state };
  const result = verifyDigestAuthorization(parsed.value, options, state, now);
  return {
    outcome: (result.ok ? 'ok' : result.reason) as Outcome,
    stale: !result.ok && result.stale,
    state: result.state,
    result,
  };
}

describe('verifyDigestAuthorization', () => {
  it('accepts a full round trip: challenge, client answer, verification, then further requests on the same nonce [spec:auth-repeat]', () => {
    const { challenge, state } = serverChallenge();
    const first = verify(answer(challenge, { username: 'PUBKEY1', password: 'private-key-1' }), state);
    expect(first.result).toMatchObject({ ok: true, username: 'PUBKEY1' });
    const second = verify(answer(challenge, { username: 'PUBKEY1', password: 'private-key-1', nc: 2 }), first.state);
    expect(second.outcome).toBe('ok');
    expect(first.state.nonces.get(Array.from(state.nonces.keys())[0]!)?.lastNonceCount).toBe(1);
    expect(state.nonces.values().next().value?.lastNonceCount).toBe(0); // the input state is untouched
  });

  it.for<[string, ClientRequest, Partial<DigestVerifyOptions>, Outcome, boolean]>([
    ['a wrong private key', { username: 'PUBKEY1', password: 'private-key-2' }, {}, 'bad-response', false],
    ['an unknown public key', { username: 'NOPE', password: 'private-key-1' }, {}, 'unknown-user', false],
    [
      'another method than the one hashed',
      { username: 'PUBKEY1', password: 'private-key-1', method: 'DELETE' },
      {},
      'bad-response',
      false,
    ],
    [
      'an answer for another resource',
      { username: 'PUBKEY1', password: 'private-key-1', uri: '/other' },
      {},
      'uri-mismatch',
      false,
    ],
    [
      'another realm',
      { username: 'PUBKEY1', password: 'private-key-1' },
      { realm: 'MMS Public API' },
      'realm-mismatch',
      false,
    ],
    [
      'an RFC 2069 answer without qop',
      { username: 'PUBKEY1', password: 'private-key-1', qop: false },
      {},
      'missing-qop',
      false,
    ],
    [
      'an RFC 2069 answer when allowed',
      { username: 'PUBKEY1', password: 'private-key-1', qop: false },
      { allowMissingQop: true },
      'ok',
      false,
    ],
    [
      'a zero nonce count',
      { username: 'PUBKEY1', password: 'private-key-1', nc: 0 },
      {},
      'replayed-nonce-count',
      false,
    ],
  ])('refuses or accepts %s', ([, request, overrides, outcome, stale]) => {
    const { challenge, state } = serverChallenge();
    const result = verify(answer(challenge, request), state, T0 + 1, { ...OPTIONS, ...overrides });
    expect({ outcome: result.outcome, stale: result.stale }).toEqual({ outcome, stale });
  });

  it('refuses a replayed request (same nonce count) and leaves the state as it was', () => {
    const { challenge, state } = serverChallenge();
    const header = answer(challenge, { username: 'PUBKEY1', password: 'private-key-1' });
    const first = verify(header, state);
    const replay = verify(header, first.state);
    expect(replay).toMatchObject({ outcome: 'replayed-nonce-count', stale: false });
    expect(replay.state).toBe(first.state);
  });

  it('uses up a nonce answered without qop, so the same header cannot be replayed', () => {
    const options = { ...OPTIONS, allowMissingQop: true };
    const { challenge, state } = serverChallenge();
    const header = answer(challenge, { username: 'PUBKEY1', password: 'private-key-1', qop: false });
    const first = verify(header, state, T0 + 1, options);
    expect(first.outcome).toBe('ok');
    expect(verify(header, first.state, T0 + 2, options)).toMatchObject({ outcome: 'unknown-nonce', stale: true });
  });

  it('refuses an expired nonce as stale, so the next challenge says stale=true and the client retries silently', () => {
    const { challenge, state } = serverChallenge();
    const header = answer(challenge, { username: 'PUBKEY1', password: 'private-key-1' });
    const expired = verify(header, state, T0 + 60_000);
    expect(expired).toMatchObject({ outcome: 'stale-nonce', stale: true });
    expect(expired.state.nonces.size).toBe(0);

    const next = issueNonce(expired.state, { now: T0 + 60_000, random: () => 'renewed' });
    const rechallenge = buildDigestChallenge({ nonce: next.nonce, stale: expired.stale });
    expect(rechallenge).toContain('stale=true');
    const retried = verify(
      answer(rechallenge, { username: 'PUBKEY1', password: 'private-key-1' }),
      next.state,
      T0 + 60_001,
    );
    expect(retried.outcome).toBe('ok');
  });

  it('does not say stale when the private key is wrong, even if the nonce expired', () => {
    const { challenge, state } = serverChallenge();
    const header = answer(challenge, { username: 'PUBKEY1', password: 'wrong' });
    expect(verify(header, state, T0 + 60_000)).toMatchObject({ outcome: 'bad-response', stale: false });
  });

  it('treats a right answer to a nonce it never issued (e.g. after a restart) as stale', () => {
    const { challenge } = serverChallenge();
    const header = answer(challenge, { username: 'PUBKEY1', password: 'private-key-1' });
    expect(verify(header, EMPTY_NONCE_STATE)).toMatchObject({ outcome: 'unknown-nonce', stale: true });
  });

  it('asks lookupKey once and refuses an unknown public key as unknown-user, not stale', () => {
    const { challenge, state } = serverChallenge();
    const asked: string[] = [];
    const parsed = parseDigestAuthorization(answer(challenge, { username: 'NOPE', password: 'x' }));
    if (!parsed.ok) throw new Error(parsed.message);
    const result = verifyDigestAuthorization(
      parsed.value,
      {
        ...OPTIONS,
        lookupKey: (publicKey) => {
          asked.push(publicKey);
          return undefined;
        },
      },
      state,
      T0,
    );
    expect(asked).toEqual(['NOPE']);
    expect(result).toMatchObject({ ok: false, reason: 'unknown-user', stale: false });
    if (!result.ok) expect(result.message).toMatch(/No API key has the public key "NOPE"/);
  });
});

describe('checkDigestTarget and checkDigestResponse (a server with its own key and nonce stores)', () => {
  const answer = (overrides: { realm?: string; uri?: string } = {}, qop = true) => {
    const common = {
      username: 'PUBKEY01',
      password: 'private-key-1',
      realm: 'dbkit',
      nonce: 'n0nce',
      uri: '/api/public/v1.0/groups/g/alerts',
      method: 'GET',
      ...overrides,
    };
    const input: DigestResponseInput = qop ? { ...common, cnonce: 'c', nc: '00000001', qop: 'auth' } : common;
    const qopPart = qop ? ', qop=auth, nc=00000001, cnonce="c"' : '';
    const parsed = parseDigestAuthorization(
      `Digest username="${common.username}", realm="${common.realm}", nonce="${common.nonce}", uri="${common.uri}", ` +
        `response="${computeDigestResponse(input)}", algorithm=MD5${qopPart}`,
    );
    if (!parsed.ok) throw new Error(parsed.reason);
    return parsed.value;
  };
  const target = { realm: 'dbkit', requestUri: '/api/public/v1.0/groups/g/alerts' };

  it.for<[string, ReturnType<typeof answer>, typeof target & { allowMissingQop?: boolean }, string]>([
    ['the right realm, uri and qop', answer(), target, 'ok'],
    ['another realm', answer({ realm: 'other' }), target, 'realm-mismatch'],
    ['another uri', answer({ uri: '/api/public/v1.0/groups/g' }), target, 'uri-mismatch'],
    ['no qop', answer({}, false), target, 'missing-qop'],
    ['no qop, allowed', answer({}, false), { ...target, allowMissingQop: true }, 'ok'],
  ])('target: %s → %s', ([, credentials, options, expected]) => {
    const result = checkDigestTarget(credentials, options);
    expect(result.ok ? 'ok' : result.reason).toBe(expected);
  });

  it.for<[string, string | undefined, string, string]>([
    ['the right key', 'private-key-1', 'GET', 'ok'],
    ['another key', 'private-key-2', 'GET', 'bad-response'],
    ['an unknown public key', undefined, 'GET', 'unknown-user'],
    ['another method (the request was altered)', 'private-key-1', 'DELETE', 'bad-response'],
  ])('response: %s → %s', ([, privateKey, method, expected]) => {
    const result = checkDigestResponse(answer(), method, privateKey);
    expect(result.ok ? 'ok' : result.reason).toBe(expected);
    if (!result.ok) expect(result.message).not.toContain('private-key-1');
  });
});

describe('verifyDigestCredentials (a server with its own key store and nonce check)', () => {
  const header = (request: ClientRequest) => {
    const parsed = parseDigestAuthorization(answer(buildDigestChallenge({ nonce: 'n0nce' }), request));
    if (!parsed.ok) throw new Error(parsed.message);
    return parsed.value;
  };
  const right = { username: 'PUBKEY1', password: 'private-key-1' };

  /** Verifies with a nonce check answering `outcome`, recording what the server was asked, in order. */
  const verifyWith = (
    credentials: ReturnType<typeof header>,
    outcome: DigestNonceOutcome,
    overrides: Partial<DigestVerifyOptions> = {},
  ) => {
    const asked: string[] = [];
    const result = verifyDigestCredentials(credentials, {
      ...OPTIONS,
      ...overrides,
      lookupKey: (publicKey) => {
        asked.push(`key ${publicKey}`);
        return KEYS[publicKey];
      },
      useNonce: (nonce, nonceCount) => {
        asked.push(`nonce ${nonce} ${nonceCount ?? '-'}`);
        return outcome;
      },
    });
    return { result, asked };
  };

  it.for<[string, DigestNonceOutcome, Outcome, boolean]>([
    ['a fresh nonce', { ok: true }, 'ok', false],
    ['a nonce it never issued', { ok: false, reason: 'unknown-nonce' }, 'unknown-nonce', true],
    ['an expired nonce', { ok: false, reason: 'stale-nonce' }, 'stale-nonce', true],
    ['a nonce count already used', { ok: false, reason: 'replayed-nonce-count' }, 'replayed-nonce-count', false],
  ])('asks the nonce check once the response is right: %s → %s (stale %s)', ([, used, outcome, stale]) => {
    const { result, asked } = verifyWith(header({ ...right, nc: 3 }), used);
    expect(asked).toEqual(['key PUBKEY1', 'nonce n0nce 00000003']);
    expect({ outcome: result.ok ? 'ok' : result.reason, stale: !result.ok && result.stale }).toEqual({
      outcome,
      stale,
    });
    if (result.ok) expect(result.username).toBe('PUBKEY1');
  });

  it.for<[string, ClientRequest, Partial<DigestVerifyOptions>, Outcome, string[]]>([
    ['another realm: no key lookup', right, { realm: 'other' }, 'realm-mismatch', []],
    ['a wrong private key: no nonce check', { ...right, password: 'wrong' }, {}, 'bad-response', ['key PUBKEY1']],
    ['an unknown public key: no nonce check', { ...right, username: 'NOPE' }, {}, 'unknown-user', ['key NOPE']],
    [
      'an answer without qop: no nonce count',
      { ...right, qop: false },
      { allowMissingQop: true },
      'ok',
      ['key PUBKEY1', 'nonce n0nce -'],
    ],
  ])('%s', ([, request, overrides, outcome, expectedAsks]) => {
    const { result, asked } = verifyWith(header(request), { ok: true }, overrides);
    expect(asked).toEqual(expectedAsks);
    expect({ outcome: result.ok ? 'ok' : result.reason, stale: !result.ok && result.stale }).toEqual({
      outcome,
      stale: false,
    });
  });

  it('answers at once when the key store and nonce check do, and with a promise when either is asynchronous', async () => {
    const credentials = header(right);
    const sync = verifyDigestCredentials(credentials, { ...OPTIONS, useNonce: () => ({ ok: true }) });
    expect(sync).toEqual({ ok: true, username: 'PUBKEY1' });
    const asyncKey = verifyDigestCredentials(credentials, {
      ...OPTIONS,
      lookupKey: async (publicKey) => KEYS[publicKey],
      useNonce: () => ({ ok: true }),
    });
    expect(asyncKey).toBeInstanceOf(Promise);
    expect(await asyncKey).toEqual({ ok: true, username: 'PUBKEY1' });
    const asyncNonce = verifyDigestCredentials(credentials, {
      ...OPTIONS,
      useNonce: async (): Promise<DigestNonceOutcome> => ({ ok: false, reason: 'unknown-nonce' }),
    });
    expect(await asyncNonce).toMatchObject({ ok: false, reason: 'unknown-nonce', stale: true });
  });
});
