import { describe, expect, it } from 'vitest';
import { buildDigestChallenge } from '../../../src/api/digest/challenge.js';
import { parseDigestChallenge } from '../../../src/api/digest/parseChallenge.js';

describe('parseDigestChallenge', () => {
  it.for([
    [
      'the real service',
      'Digest realm="MMS Public API", domain="", nonce="lG/9VDuB0Db3yxFHqMQr/jva/Q2hEFJu", algorithm=MD5, qop="auth", stale=false',
      { realm: 'MMS Public API', nonce: 'lG/9VDuB0Db3yxFHqMQr/jva/Q2hEFJu', domain: '', qop: 'auth', stale: false },
    ],
    [
      "the spec's wording (op, unquoted realm and nonce)",
      'Digest realm=dbkit, domain="", nonce=abc123, algorithm=MD5, op="auth", stale=false',
      { realm: 'dbkit', nonce: 'abc123', domain: '', qop: 'auth', qopSpelling: 'op', stale: false },
    ],
    [
      'a stale nonce, lower-case scheme, a qop list and an opaque value',
      'digest realm="r", nonce="n", qop="auth,auth-int", stale=TRUE, opaque="o"',
      { realm: 'r', nonce: 'n', qop: 'auth', qopSpelling: 'qop', stale: true, opaque: 'o' },
    ],
    ['an RFC 2069 challenge without qop', 'Digest realm="r", nonce="n"', { realm: 'r', nonce: 'n', stale: false }],
  ] as const)('reads %s', ([, header, expected]) => {
    const result = parseDigestChallenge(header);
    expect(result.ok && result.value).toMatchObject({ algorithm: 'MD5', ...expected });
    if (result.ok && !('qop' in expected)) expect(result.value.qop).toBeUndefined();
  });

  it.for([
    ['a Basic challenge', 'Basic realm="x"', 'not-digest', /not a Digest challenge/],
    ['nothing', undefined, 'not-digest', /not a Digest challenge/],
    ['no nonce', 'Digest realm="r"', 'missing-parameter', /lacks `nonce`/],
    ['an empty nonce', 'Digest realm="r", nonce=""', 'missing-parameter', /lacks `nonce`/],
    ['SHA-256 only', 'Digest realm="r", nonce="n", algorithm=SHA-256', 'unsupported-algorithm', /"SHA-256"/],
    ['auth-int only', 'Digest realm="r", nonce="n", qop="auth-int"', 'unsupported-qop', /"auth-int" without "auth"/],
    ['an unterminated quote', 'Digest realm="r, nonce="n', 'malformed-header', /quote/],
  ] as const)('refuses %s with a reason and a message, without throwing', ([, header, reason, message]) => {
    const result = parseDigestChallenge(header);
    expect(result.ok ? 'ok' : result.reason).toBe(reason);
    expect(result.ok ? '' : result.message).toMatch(message);
  });

  it.for(['interoperable', 'spec-literal'] as const)('reads back what buildDigestChallenge writes (%s)', (style) => {
    const result = parseDigestChallenge(buildDigestChallenge({ realm: 'dbkit', nonce: 'a1+b/2=', stale: true, style }));
    expect(result.ok && result.value).toMatchObject({ realm: 'dbkit', nonce: 'a1+b/2=', qop: 'auth', stale: true });
  });
});
