/**
 * HTTP Digest on the server: reads the `Authorization` header with core's parser and verifies it with core's
 * `verifyDigestCredentials` (its order of checks: realm, `uri`, qop, the response in constant time, then the
 * nonce), given the service's own stores: the API keys, and the stateless nonces with their replay guard
 * (`nonces.ts`), either of which may be PostgreSQL. Never throws on what a client sends.
 */
import { parseDigestAuthorization, verifyDigestCredentials } from '@dbkit/core/digest';
import { type NonceMinter, nonceCheck, type ReplayGuard } from './nonces.js';

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
  const parsed = parseDigestAuthorization(header);
  if (!parsed.ok) return { ok: false, stale: false, reason: parsed.reason };
  let groupId = '';
  const verified = await verifyDigestCredentials(parsed.value, {
    method,
    realm: options.realm,
    requestUri,
    allowMissingQop: options.allowMissingQop,
    lookupKey: async (publicKey) => {
      const key = await options.findKey(publicKey);
      groupId = key?.groupId ?? '';
      return key?.privateKey;
    },
    useNonce: nonceCheck(options.minter, options.replay, now),
  });
  if (!verified.ok) return { ok: false, stale: verified.stale, reason: verified.reason };
  return { ok: true, publicKey: verified.username, groupId };
}
