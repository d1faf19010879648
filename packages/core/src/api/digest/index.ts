/**
 * `@dbkit/core/digest`: HTTP Digest authentication as the service speaks it (RFC 7616, MD5, qop auth): the
 * challenge, parsing and verifying an Authorization header, the client's response, and the nonces a server keeps.
 * Pure: the caller supplies the clock, the randomness and the storage.
 */
export {
  buildDigestChallenge,
  DEFAULT_DIGEST_REALM,
  type DigestChallengeOptions,
  DigestChallengeStyle,
  isDigestChallengeStyle,
  UNAUTHORIZED_BODY,
  type UnauthorizedHeaders,
  type UnauthorizedResponse,
  type UnauthorizedResponseOptions,
  unauthorizedResponse,
} from './challenge.js';
export {
  DEFAULT_MAX_OUTSTANDING_NONCES,
  DEFAULT_NONCE_TTL_MS,
  EMPTY_NONCE_STATE,
  type IssuedNonce,
  type IssueNonceOptions,
  issueNonce,
  type NonceRecord,
  type NonceState,
  type NonceUseFailureReason,
  type NonceUseResult,
  pruneNonces,
  useNonce,
} from './nonce.js';
export {
  type DigestCredentials,
  type DigestCredentialsCommon,
  type DigestNoQop,
  DigestParseFailureReason,
  type DigestParseResult,
  type DigestQopAuth,
  type DigestQopParameters,
  isDigestParseFailureReason,
  parseDigestAuthorization,
} from './parse.js';
export {
  type DigestChallenge,
  type DigestChallengeParseFailureReason,
  type DigestChallengeParseResult,
  parseDigestChallenge,
} from './parseChallenge.js';
export {
  checkDigestResponse,
  checkDigestTarget,
  computeDigestResponse,
  type DigestCheckResult,
  type DigestCredentialsOptions,
  type DigestCredentialsResult,
  type DigestNonceCheck,
  type DigestNonceOutcome,
  type DigestResponseInput,
  type DigestResponseInputCommon,
  type DigestTargetOptions,
  DigestVerifyFailureReason,
  type DigestVerifyOptions,
  type DigestVerifyResult,
  isDigestVerifyFailureReason,
  type SyncDigestCredentialsOptions,
  verifyDigestAuthorization,
  verifyDigestCredentials,
} from './verify.js';
