import { describe, expect, it } from 'vitest';
import {
  buildDigestChallenge,
  DEFAULT_DIGEST_REALM,
  type DigestChallengeOptions,
  UNAUTHORIZED_BODY,
  unauthorizedResponse,
} from '../../../src/api/digest/challenge.js';

const NONCE = 'a1B2c3D4e5F6a7B8c9D0e1F2a3B4c5D6'; // 32 characters, like the real service's nonces

describe('buildDigestChallenge', () => {
  it.for<[string, DigestChallengeOptions, string]>([
    [
      'the real service header, byte for byte, given its realm',
      { realm: 'MMS Public API', nonce: NONCE },
      `Digest realm="MMS Public API", domain="", nonce="${NONCE}", algorithm=MD5, qop="auth", stale=false`,
    ],
    [
      'the same shape with the neutral default realm',
      { nonce: NONCE },
      `Digest realm="dbkit", domain="", nonce="${NONCE}", algorithm=MD5, qop="auth", stale=false`,
    ],
    [
      'stale=true after an expired nonce',
      { nonce: NONCE, stale: true },
      `Digest realm="dbkit", domain="", nonce="${NONCE}", algorithm=MD5, qop="auth", stale=true`,
    ],
    [
      "the spec's literal wording when asked for",
      { nonce: NONCE, style: 'spec-literal' },
      `Digest realm=dbkit, domain="", nonce=${NONCE}, algorithm=MD5, op="auth", stale=false`,
    ],
    [
      'quotes and backslashes in the realm escaped',
      { realm: 'a "quoted" \\ realm', nonce: 'n0nce' },
      'Digest realm="a \\"quoted\\" \\\\ realm", domain="", nonce="n0nce", algorithm=MD5, qop="auth", stale=false',
    ],
    [
      'base64 nonces as the RFC example uses',
      { nonce: '7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v', realm: 'http-auth@example.org' },
      'Digest realm="http-auth@example.org", domain="", nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", algorithm=MD5, qop="auth", stale=false',
    ],
  ])('writes %s', ([, options, expected]) => {
    expect(buildDigestChallenge(options)).toBe(expected);
  });

  it('uses a neutral realm by default, not the vendor one', () => {
    expect(DEFAULT_DIGEST_REALM).toBe('dbkit');
  });

  it.for<[string, DigestChallengeOptions, RegExp]>([
    ['a nonce with a quote', { nonce: 'ab"c' }, /`nonce`.*base64/],
    ['an empty nonce', { nonce: '' }, /`nonce`/],
    ['a nonce with a comma', { nonce: 'a,b' }, /`nonce`/],
    ['a realm with a line break (header injection)', { realm: 'x\r\nSet-Cookie: a=b', nonce: 'n' }, /printable ASCII/],
    ['a non-ASCII realm', { realm: 'réalm', nonce: 'n' }, /printable ASCII/],
    [
      'a realm with spaces in the spec-literal style',
      { realm: 'MMS Public API', nonce: 'n', style: 'spec-literal' },
      /HTTP token/,
    ],
  ])('refuses %s', ([, options, message]) => {
    expect(() => buildDigestChallenge(options)).toThrow(message);
  });
});

describe('unauthorizedResponse', () => {
  const now = Date.UTC(2024, 0, 2, 3, 4, 5);

  it('answers 401 with the challenge, the spec content type, Date, Content-Length and Connection, in order [spec:auth-401-headers] [spec:auth-challenge]', () => {
    const response = unauthorizedResponse({ nonce: NONCE, now });
    expect(response.status).toBe(401);
    expect(Object.entries(response.headers)).toEqual([
      ['Content-Type', 'application/json;charset=ISO-8859-1'],
      ['Date', 'Tue, 02 Jan 2024 03:04:05 GMT'],
      ['WWW-Authenticate', `Digest realm="dbkit", domain="", nonce="${NONCE}", algorithm=MD5, qop="auth", stale=false`],
      ['Content-Length', String(Buffer.byteLength(response.body, 'utf8'))],
      ['Connection', 'keep-alive'],
    ]);
  });

  it("carries the real service's pretty-printed 401 body", () => {
    const { body } = unauthorizedResponse({ nonce: NONCE, now });
    expect(body).toBe(UNAUTHORIZED_BODY);
    expect(body).toContain('"error" : 401,\n');
    expect(JSON.parse(body)).toEqual({
      error: 401,
      reason: 'Unauthorized',
      detail: 'You are not authorized for this resource.',
      errorCode: 'UNEXPECTED_ERROR',
    });
  });

  it('passes stale, realm, style and connection through', () => {
    const response = unauthorizedResponse({
      nonce: NONCE,
      now,
      stale: true,
      realm: 'ops',
      style: 'spec-literal',
      connection: 'close',
    });
    expect(response.headers['WWW-Authenticate']).toBe(
      `Digest realm=ops, domain="", nonce=${NONCE}, algorithm=MD5, op="auth", stale=true`,
    );
    expect(response.headers.Connection).toBe('close');
  });

  it('refuses a time that is not a number of milliseconds', () => {
    expect(() => unauthorizedResponse({ nonce: NONCE, now: Number.NaN })).toThrow(/`now`/);
  });
});
