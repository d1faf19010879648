/**
 * HTTP Digest on the server: reads the `Authorization` header with core's parser, checks realm, `uri` against the
 * request target, qop and the response with core's `checkDigestTarget` and `checkDigestResponse` (MD5 compared in constant time, computed
 * even for an unknown key), and only then the nonce (signature, expiry, replay: the server's own stores, which may
 * be PostgreSQL), so that `stale=true` is said exactly when the private key was right. Never throws on what a
 * client sends.
 */
import { checkDigestResponse, checkDigestTarget, parseDigestAuthorization } from '@dbkit/core';
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
  // Realm, uri and qop first: a request for another realm costs no key lookup.
  const target = checkDigestTarget(credentials, {
    realm: options.realm,
    requestUri,
    allowMissingQop: options.allowMissingQop,
  });
  if (!target.ok) return refuse(target.reason);
  const key = await options.findKey(credentials.username);
  const response = checkDigestResponse(credentials, method, key?.privateKey);
  if (!response.ok || key === undefined) return refuse(response.ok ? 'unknown-user' : response.reason);

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
