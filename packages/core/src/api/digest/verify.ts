import { type EnumDefinition, enumGuard } from '../../enums/define.js';
import { DEFAULT_DIGEST_REALM } from './challenge.js';
import { md5Hex } from './md5.js';
import { type NonceState, type NonceUseFailureReason, useNonce } from './nonce.js';
import type { DigestCredentials, DigestQopParameters } from './parse.js';

/** What the Digest response is computed from, besides the quality-of-protection part. */
export interface DigestResponseInputCommon {
  /** User name: the API public key. */
  readonly username: string;
  /** Realm of the challenge. */
  readonly realm: string;
  /** Password: the API private key. */
  readonly password: string;
  /** HTTP method of the request, e.g. `GET`. */
  readonly method: string;
  /** Request target as the client sent it in the `uri` parameter. */
  readonly uri: string;
  /** Nonce of the challenge. */
  readonly nonce: string;
}

/** Input of {@link computeDigestResponse}. */
export type DigestResponseInput = DigestResponseInputCommon & DigestQopParameters;

/**
 * Computes the `response` of a Digest answer with `algorithm=MD5` (RFC 7616 §3.4.1), as 32 lowercase hex digits:
 * `HA1 = MD5(username:realm:password)`, `HA2 = MD5(method:uri)`, and
 * `MD5(HA1:nonce:nc:cnonce:qop:HA2)` with `qop=auth`, or `MD5(HA1:nonce:HA2)` without `qop` (RFC 2069).
 *
 * @example
 * computeDigestResponse({
 *   username: 'Mufasa', realm: 'http-auth@example.org', password: 'Circle of Life', method: 'GET',
 *   uri: '/dir/index.html', nonce: '7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v', qop: 'auth', nc: '00000001',
 *   cnonce: 'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ',
 * }); // '8ca523f5e9506fed4657c9700eebdbec'
 */
export function computeDigestResponse(input: DigestResponseInput): string {
  const ha1 = userHash(`${input.username}:${input.realm}:${input.password}`);
  const ha2 = md5Hex(`${input.method}:${input.uri}`);
  if (input.qop === 'auth') {
    return md5Hex(`${ha1}:${input.nonce}:${input.nc}:${input.cnonce}:${input.qop}:${ha2}`);
  }
  return md5Hex(`${ha1}:${input.nonce}:${ha2}`);
}

/** HA1 by `username:realm:password`: the same for every request of a key, so it is hashed once per key. */
const userHashes = new Map<string, string>();
/** Keys whose HA1 is kept; past it the memo starts over (a server has a handful of keys, a client one). */
const USER_HASHES_KEPT = 256;

function userHash(a1: string): string {
  let ha1 = userHashes.get(a1);
  if (ha1 === undefined) {
    if (userHashes.size >= USER_HASHES_KEPT) userHashes.clear();
    ha1 = md5Hex(a1);
    userHashes.set(a1, ha1);
  }
  return ha1;
}

/**
 * Compares two strings in time that depends only on their lengths, not on where they first differ, so that an
 * attacker timing failed attempts learns nothing about the expected response.
 */
export function constantTimeEqual(a: string, b: string): boolean {
  const length = Math.max(a.length, b.length);
  // Start from the length difference so that strings of different lengths never compare equal, then fold every
  // character position in; there is no early return.
  let difference = a.length ^ b.length;
  for (let i = 0; i < length; i++) {
    difference |= (i < a.length ? a.charCodeAt(i) : 0) ^ (i < b.length ? b.charCodeAt(i) : 0);
  }
  return difference === 0;
}

/** Why Digest credentials were refused. */
export const DigestVerifyFailureReason = {
  'realm-mismatch': { description: 'The credentials answer a challenge for another realm.' },
  'uri-mismatch': { description: 'The `uri` the client hashed is not the target of this request.' },
  'missing-qop': { description: 'The answer has no qop (RFC 2069 form) and the verifier requires qop=auth.' },
  'unknown-user': { description: 'No private key is known for the public key given as user name.' },
  'bad-response': { description: 'The response does not match: wrong private key, or a tampered request.' },
  'unknown-nonce': { description: 'The nonce was never issued, was already used up, or was forgotten.' },
  'stale-nonce': { description: 'The nonce has expired; the client should retry with the new one (stale=true).' },
  'replayed-nonce-count': { description: 'The nonce count is not higher than one already accepted: a replay.' },
} as const satisfies EnumDefinition;
/** Why Digest credentials were refused. */
export type DigestVerifyFailureReason = keyof typeof DigestVerifyFailureReason;
/** Tells whether a value is a {@link DigestVerifyFailureReason}. */
export const isDigestVerifyFailureReason = enumGuard(DigestVerifyFailureReason);

/** Input of {@link verifyDigestAuthorization} describing the request and the server. */
export interface DigestVerifyOptions {
  /** HTTP method of the request being authenticated, e.g. `GET`. */
  readonly method: string;
  /** Returns the private key of a public key, or `undefined` when the public key is unknown. */
  readonly lookupKey: (publicKey: string) => string | undefined;
  /**
   * Realm the server challenges with.
   * @default "dbkit"
   */
  readonly realm?: string;
  /**
   * Request target of the request being authenticated (path and query, e.g. Node's `req.url`). When given, the
   * credentials' `uri` must equal it, so that an answer for one resource cannot be replayed against another.
   */
  readonly requestUri?: string;
  /**
   * Accept answers without `qop` (RFC 2069 form). Needed with the `spec-literal` challenge style, whose `op="auth"`
   * clients do not recognise. Such a nonce is good for one request only, since there is no nonce count.
   * @default false
   */
  readonly allowMissingQop?: boolean;
}

/** Result of {@link verifyDigestAuthorization}. */
export type DigestVerifyResult =
  | {
      readonly ok: true;
      /** The authenticated public key. */
      readonly username: string;
      /** The new nonce state, recording this use of the nonce. */
      readonly state: NonceState;
    }
  | {
      readonly ok: false;
      /** Machine-readable cause. */
      readonly reason: DigestVerifyFailureReason;
      /** What is wrong, why, and what to do; for logs, never for the response body. */
      readonly message: string;
      /**
       * True when the private key was right but the nonce is expired or unknown: send the next challenge with
       * `stale=true` so that the client retries without asking the user.
       */
      readonly stale: boolean;
      /** The new nonce state (an expired nonce is forgotten). */
      readonly state: NonceState;
    };

// Hashed in place of the private key when the public key is unknown, so that unknown and known keys take the same
// time to refuse. Its value does not matter: the result is discarded.
const PLACEHOLDER_PASSWORD = 'dbkit-placeholder-private-key';

/** What {@link checkDigestTarget} needs of the request and the server (no key lookup: the caller does it). */
export type DigestTargetOptions = Omit<DigestVerifyOptions, 'lookupKey' | 'method'>;

/** Result of the checks that do not depend on the nonce. */
export type DigestCheckResult =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly reason: Exclude<DigestVerifyFailureReason, 'unknown-nonce' | 'stale-nonce' | 'replayed-nonce-count'>;
      readonly message: string;
    };

/**
 * The checks that need no key: realm, `uri` against the request target, qop; the first step of
 * {@link verifyDigestCredentials}.
 */
export function checkDigestTarget(credentials: DigestCredentials, options: DigestTargetOptions): DigestCheckResult {
  const realm = options.realm ?? DEFAULT_DIGEST_REALM;
  if (credentials.realm !== realm) {
    return {
      ok: false,
      reason: 'realm-mismatch',
      message:
        `The credentials are for realm ${JSON.stringify(credentials.realm)}, but this server's realm is ` +
        `${JSON.stringify(realm)}. Answer the latest challenge from this server.`,
    };
  }
  if (options.requestUri !== undefined && credentials.uri !== options.requestUri) {
    return {
      ok: false,
      reason: 'uri-mismatch',
      message:
        `The credentials were computed for ${JSON.stringify(credentials.uri)}, but the request is for ` +
        `${JSON.stringify(options.requestUri)}. Compute the response for the request target being sent.`,
    };
  }
  if (credentials.qop === undefined && options.allowMissingQop !== true) {
    return {
      ok: false,
      reason: 'missing-qop',
      message:
        'The credentials have no qop, the RFC 2069 form without replay protection. Answer the challenge with qop=auth, ' +
        'nc and cnonce.',
    };
  }
  return { ok: true };
}

/**
 * The response against the private key: computed even for an unknown public key (with a placeholder) and compared
 * in constant time, so that unknown and known keys take the same time to refuse.
 * @param privateKey the private key of `credentials.username`, or undefined when that public key is unknown.
 */
export function checkDigestResponse(
  credentials: DigestCredentials,
  method: string,
  privateKey: string | undefined,
): DigestCheckResult {
  const expected = computeDigestResponse({ ...credentials, password: privateKey ?? PLACEHOLDER_PASSWORD, method });
  const matches = constantTimeEqual(expected, credentials.response);
  if (privateKey === undefined) {
    return {
      ok: false,
      reason: 'unknown-user',
      message:
        `No API key has the public key ${JSON.stringify(credentials.username)}. Check the public key, or create an ` +
        'API key.',
    };
  }
  if (!matches) {
    return {
      ok: false,
      reason: 'bad-response',
      message:
        `The Digest response for public key ${JSON.stringify(credentials.username)} does not match. Check the private ` +
        'key; the request may also have been altered on the way.',
    };
  }
  return { ok: true };
}

/** A value, or a promise of it: what a server's key store and nonce check answer with. */
type Awaitable<T> = T | PromiseLike<T>;

/** What a nonce check says about the nonce of an answer whose response is right. */
export type DigestNonceOutcome = { readonly ok: true } | { readonly ok: false; readonly reason: NonceUseFailureReason };

/**
 * Checks the nonce and nonce count of an answer whose response is already known to be right, and records their use;
 * it refuses them as `unknown-nonce` or `stale-nonce` (the client then retries with `stale=true`) or as
 * `replayed-nonce-count`. `nonceCount` is the `nc` parameter, or `undefined` for an answer without `qop`.
 */
export type DigestNonceCheck = (nonce: string, nonceCount: string | undefined) => Awaitable<DigestNonceOutcome>;

/** Input of {@link verifyDigestCredentials}: the request, the server, its key store and its nonce check. */
export interface DigestCredentialsOptions extends Omit<DigestVerifyOptions, 'lookupKey'> {
  /** Returns the private key of a public key, or `undefined` when the public key is unknown; may be asynchronous. */
  readonly lookupKey: (publicKey: string) => Awaitable<string | undefined>;
  /** The server's nonce check; {@link verifyDigestAuthorization} uses core's in-memory {@link NonceState}. */
  readonly useNonce: DigestNonceCheck;
}

/** {@link DigestCredentialsOptions} whose key lookup and nonce check answer at once. */
export interface SyncDigestCredentialsOptions extends DigestCredentialsOptions {
  readonly lookupKey: (publicKey: string) => string | undefined;
  readonly useNonce: (nonce: string, nonceCount: string | undefined) => DigestNonceOutcome;
}

/** Result of {@link verifyDigestCredentials}: {@link DigestVerifyResult} without a nonce state. */
export type DigestCredentialsResult =
  | { readonly ok: true; readonly username: string }
  | {
      readonly ok: false;
      readonly reason: DigestVerifyFailureReason;
      readonly message: string;
      readonly stale: boolean;
    };

/**
 * Checks parsed Digest credentials, with the server's own key store and nonce check as parameters, so that every
 * server keeps the one order of checks: realm, uri, qop presence (no key lookup yet), then the response (computed
 * even for an unknown key, compared in constant time), and only then the nonce, so that `stale` is true exactly
 * when the private key was right. The result is a promise only when `lookupKey` or `useNonce` returns one.
 *
 * @example
 * const result = await verifyDigestCredentials(parsed.value, {
 *   method: req.method, requestUri: req.url, lookupKey: async (publicKey) => (await keys.find(publicKey))?.privateKey,
 *   useNonce: (nonce, nc) => nonceStore.use(nonce, nc),
 * });
 */
export function verifyDigestCredentials(
  credentials: DigestCredentials,
  options: SyncDigestCredentialsOptions,
): DigestCredentialsResult;
export function verifyDigestCredentials(
  credentials: DigestCredentials,
  options: DigestCredentialsOptions,
): Awaitable<DigestCredentialsResult>;
export function verifyDigestCredentials(
  credentials: DigestCredentials,
  options: DigestCredentialsOptions,
): Awaitable<DigestCredentialsResult> {
  const refuse = (reason: DigestVerifyFailureReason, message: string, stale = false) =>
    ({ ok: false, reason, message, stale }) as const;
  const target = checkDigestTarget(credentials, options);
  if (!target.ok) return refuse(target.reason, target.message);
  return andThen(options.lookupKey(credentials.username), (privateKey) => {
    const response = checkDigestResponse(credentials, options.method, privateKey);
    if (!response.ok) return refuse(response.reason, response.message);
    return andThen(options.useNonce(credentials.nonce, credentials.nc), (used): DigestCredentialsResult => {
      if (used.ok) return { ok: true, username: credentials.username };
      switch (used.reason) {
        case 'unknown-nonce':
          return refuse(
            'unknown-nonce',
            'The nonce was not issued by this server, was used up, or was forgotten. The credentials are right: ' +
              'retry with the nonce of the new challenge (stale=true).',
            true,
          );
        case 'stale-nonce':
          return refuse(
            'stale-nonce',
            'The nonce has expired. The credentials are right: retry with the nonce of the new challenge (stale=true).',
            true,
          );
        case 'replayed-nonce-count':
          return refuse(
            'replayed-nonce-count',
            `The nonce count nc=${credentials.nc ?? ''} is not higher than one already accepted for this nonce, so ` +
              'the request looks replayed. Increase nc with every request that reuses a nonce.',
          );
        default:
          return used.reason satisfies never;
      }
    });
  });
}

/** Calls `next` with the value at once, or once the promise settles: the order of checks is written once for both. */
function andThen<T, U>(value: Awaitable<T>, next: (value: T) => Awaitable<U>): Awaitable<U> {
  return isPromiseLike(value) ? value.then(next) : next(value);
}

function isPromiseLike<T>(value: Awaitable<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}

/**
 * Checks parsed Digest credentials against the server's keys and core's in-memory nonce state: the order of
 * {@link verifyDigestCredentials}, with {@link useNonce} as the nonce check.
 *
 * @example
 * const parsed = parseDigestAuthorization(req.headers.authorization);
 * if (parsed.ok) {
 *   const result = verifyDigestAuthorization(parsed.value, { method: req.method, lookupKey, requestUri: req.url }, state, Date.now());
 *   state = result.state;
 * }
 */
export function verifyDigestAuthorization(
  credentials: DigestCredentials,
  options: DigestVerifyOptions,
  nonceState: NonceState,
  now: number,
): DigestVerifyResult {
  let state = nonceState;
  const result = verifyDigestCredentials(credentials, {
    ...options,
    useNonce: (nonce, nonceCount) => {
      const used = useNonce(state, nonce, nonceCount, now);
      state = used.state;
      return used;
    },
  });
  return { ...result, state };
}
