/**
 * HTTP Digest on the server: reads the `Authorization` header with core's parser, checks realm, `uri` against the
 * request target, qop, the response (core's MD5, compared in constant time, computed even for an unknown key), and
 * only then the nonce (signature, expiry, replay), so that `stale=true` is said exactly when the private key was
 * right. Never throws on what a client sends.
 */
import { computeDigestResponse, constantTimeEqual, parseDigestAuthorization } from '@dbkit/core';
import type { NonceMinter, ReplayGuard } from './nonces.js';

export type AuthResult =
  | { readonly ok: true; readonly publicKey: string; readonly groupId: string }
  | {
      readonly ok: false;
      /** True when the key was right but the nonce expired or is unknown: the client retries without asking. */
      readonly stale: boolean;
      /** For the request log, never for the response body. */
      readonly reason: string;
    };

export type AuthenticateOptions = {
  readonly realm: string;
  readonly minter: NonceMinter;
  readonly replay: ReplayGuard;
  readonly findKey: (publicKey: string) => Promise<{ privateKey: string; groupId: string } | undefined>;
  /** Accept answers without qop (the spec-literal challenge, whose `op="auth"` clients do not recognise). */
  readonly allowMissingQop: boolean;
};

// Hashed for an unknown public key, so that unknown and known keys take the same time to refuse.
const PLACEHOLDER_KEY = 'dbkit-placeholder-private-key';

export async function authenticate(
  header: string | undefined,
  method: string,
  requestUri: string,
  now: number,
  options: AuthenticateOptions,
): Promise<AuthResult> {
  const refuse = (reason: string, stale = false): AuthResult => ({ ok: false, stale, reason });
  const parsed = parseDigestAuthorization(header);
  if (!parsed.ok) return refuse(parsed.reason);
  const credentials = parsed.value;
  if (credentials.realm !== options.realm) return refuse('realm-mismatch');
  if (credentials.uri !== requestUri) return refuse('uri-mismatch');
  if (credentials.qop === undefined && !options.allowMissingQop) return refuse('missing-qop');

  const key = await options.findKey(credentials.username);
  const expected = computeDigestResponse({ ...credentials, password: key?.privateKey ?? PLACEHOLDER_KEY, method });
  const matches = constantTimeEqual(expected, credentials.response);
  if (key === undefined) return refuse('unknown-user');
  if (!matches) return refuse('bad-response');

  const nonce = options.minter.check(credentials.nonce, now);
  if (nonce === 'forged') return refuse('unknown-nonce', true);
  if (nonce === 'expired') return refuse('stale-nonce', true);
  // An answer without qop has no nonce count: its nonce is good for one request.
  const fresh = await options.replay.firstUse(
    credentials.nonce,
    credentials.nc ?? '00000000',
    options.minter.expiresAt(credentials.nonce),
    now,
  );
  if (!fresh) return refuse('replayed-nonce-count');
  return { ok: true, publicKey: credentials.username, groupId: key.groupId };
}
