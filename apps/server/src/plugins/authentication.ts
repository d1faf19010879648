/**
 * HTTP Digest on every API request, after faults: `auth/authenticate.ts` checks the answer, and a refusal is the
 * spec's 401 with a fresh challenge (`stale=true` when only the nonce was wrong). The authenticated key and its
 * project go into `request.dbkit` for the project check and the request log; why a request was refused goes into the
 * log only.
 */
import { buildDigestChallenge } from '@dbkit/core/digest';
import { type AuthenticateOptions, authenticate } from '../auth/authenticate.js';
import type { NonceMinter, ReplayGuard } from '../auth/nonces.js';
import type { Clock } from '../clock.js';
import type { Responder } from '../http/respond.js';
import { REQUEST_STATE } from './requestState.js';
import { rootPlugin } from './rootPlugin.js';

/** The plugin's name, which the project check depends on. */
export const AUTHENTICATION = 'dbkit-authentication';

/** The service's Digest settings, shared by the 401 and every other challenge it sends. */
export type DigestSettings = {
  readonly realm: string;
  readonly minter: NonceMinter;
  readonly replay: ReplayGuard;
  readonly findKey: AuthenticateOptions['findKey'];
  /** Challenge with the spec's wording (`op="auth"`) and accept answers without qop. */
  readonly specLiteral: boolean;
  readonly clock: Clock;
};

export type AuthenticationOptions = DigestSettings & {
  /** The requests that need a key: URLs that start with it. */
  readonly apiPrefix: string;
  readonly respond: Responder;
};

/**
 * A `WWW-Authenticate` value with a fresh nonce, for a 401 the service sends after authentication succeeded (the
 * key's credentials were right, so never stale).
 */
export function freshChallenge(digest: DigestSettings): string {
  const style = digest.specLiteral ? 'spec-literal' : 'interoperable';
  return buildDigestChallenge({ realm: digest.realm, nonce: digest.minter.mint(digest.clock.now()), style });
}

/** Digest on every request under `apiPrefix`: the route runs only for a valid answer. */
export const authentication = rootPlugin<AuthenticationOptions>(
  { name: AUTHENTICATION, dependencies: [REQUEST_STATE] },
  (app, options) => {
    const { apiPrefix, respond, realm, minter, clock, specLiteral } = options;
    const check: AuthenticateOptions = {
      realm,
      minter,
      replay: options.replay,
      findKey: options.findKey,
      allowMissingQop: specLiteral,
    };
    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith(apiPrefix)) return undefined;
      const auth = await authenticate(request.headers.authorization, request.method, request.url, clock.now(), check);
      if (!auth.ok) {
        request.dbkit.authFailure = auth.reason;
        const nonce = minter.mint(clock.now());
        return respond.unauthorized(reply, { realm, nonce, stale: auth.stale, now: clock.now(), specLiteral });
      }
      request.dbkit.publicKey = auth.publicKey;
      request.dbkit.keyGroupId = auth.groupId;
      return undefined;
    });
  },
);
