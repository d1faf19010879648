/**
 * Reading a `WWW-Authenticate: Digest …` challenge: what a client needs to answer it (realm, nonce, qop, stale).
 */
import { tokenizeParameters } from './parse.js';

/** A Digest challenge as a client reads it. */
export interface DigestChallenge {
  /** The protection space, hashed into the answer. The real service says `MMS Public API`. */
  readonly realm: string;
  /** The server's nonce, sent back verbatim. */
  readonly nonce: string;
  /** The `domain` parameter when present (the real service sends `domain=""`). */
  readonly domain?: string;
  /** Always `MD5`: a challenge with another algorithm is refused (`unsupported-algorithm`). */
  readonly algorithm: 'MD5';
  /**
   * `auth` when the challenge offers it (answer with `qop=auth`, `nc` and `cnonce`); absent for an RFC 2069 challenge
   * (answer without them).
   */
  readonly qop?: 'auth';
  /**
   * How the challenge spelt the quality of protection: `qop` (RFC 7616, what real servers send) or `op` (the
   * spec's printed wording, read as `qop`); absent when it offered none.
   */
  readonly qopSpelling?: 'qop' | 'op';
  /** True when the previous answer had the right password but an expired nonce: retry without asking the user. */
  readonly stale: boolean;
  /** Opaque value to echo back, when the challenge has one. */
  readonly opaque?: string;
}

/** Why a challenge could not be read. */
export type DigestChallengeParseFailureReason =
  | 'not-digest'
  | 'malformed-header'
  | 'missing-parameter'
  | 'unsupported-algorithm'
  | 'unsupported-qop';

/** The outcome of {@link parseDigestChallenge}. */
export type DigestChallengeParseResult =
  | { readonly ok: true; readonly value: DigestChallenge }
  | { readonly ok: false; readonly reason: DigestChallengeParseFailureReason; readonly message: string };

const fail = (reason: DigestChallengeParseFailureReason, message: string): DigestChallengeParseResult => ({
  ok: false,
  reason,
  message,
});

/**
 * Reads the value of a `WWW-Authenticate` header holding one Digest challenge. Tolerant as real clients are:
 * case-insensitive names, quoted or unquoted values, `qop` as a list (`"auth,auth-int"`), and the spec's `op="auth"`
 * read as `qop`. Never throws.
 *
 * @example
 * parseDigestChallenge('Digest realm="MMS Public API", domain="", nonce="abc", algorithm=MD5, qop="auth", stale=false');
 * // { ok: true, value: { realm: 'MMS Public API', nonce: 'abc', domain: '', algorithm: 'MD5', qop: 'auth',
 * //   qopSpelling: 'qop', stale: false } }
 */
export function parseDigestChallenge(headerValue: string | undefined | null): DigestChallengeParseResult {
  const header = (headerValue ?? '').trim();
  const match = /^digest(?:[ \t]+|$)/i.exec(header);
  if (!match) {
    return fail(
      'not-digest',
      'The WWW-Authenticate header is not a Digest challenge; dbkit answers only HTTP Digest (RFC 7616).',
    );
  }
  const tokenized = tokenizeParameters(header.slice(match[0].length), match[0].length);
  if (!tokenized.ok) return fail('malformed-header', tokenized.message);
  const params = tokenized.params;
  const realm = params.get('realm');
  const nonce = params.get('nonce');
  if (realm === undefined || nonce === undefined || nonce === '') {
    const missing = [realm === undefined ? '`realm`' : undefined, nonce ? undefined : '`nonce`'].filter(Boolean);
    return fail('missing-parameter', `The Digest challenge lacks ${missing.join(' and ')}; it cannot be answered.`);
  }
  const algorithm = params.get('algorithm');
  if (algorithm !== undefined && algorithm.toUpperCase() !== 'MD5') {
    return fail(
      'unsupported-algorithm',
      `The challenge asks for algorithm ${JSON.stringify(algorithm)}; dbkit answers only MD5, as the service offers.`,
    );
  }
  const spelling = params.has('qop') ? 'qop' : params.has('op') ? 'op' : undefined;
  const offered = spelling === undefined ? undefined : (params.get(spelling) ?? '');
  const qops = offered?.split(',').map((qop) => qop.trim().toLowerCase());
  if (qops !== undefined && !qops.includes('auth')) {
    return fail(
      'unsupported-qop',
      `The challenge offers qop ${JSON.stringify(offered)} without "auth"; dbkit answers only qop=auth.`,
    );
  }
  const domain = params.get('domain');
  const opaque = params.get('opaque');
  return {
    ok: true,
    value: {
      realm,
      nonce,
      ...(domain === undefined ? {} : { domain }),
      algorithm: 'MD5',
      ...(spelling === undefined ? {} : { qop: 'auth' as const, qopSpelling: spelling }),
      stale: params.get('stale')?.toLowerCase() === 'true',
      ...(opaque === undefined ? {} : { opaque }),
    },
  };
}
