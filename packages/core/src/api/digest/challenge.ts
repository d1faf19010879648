import { type EnumDefinition, enumGuard } from '../../enums/define.js';
import { utf8Encode } from './utf8.js';

/**
 * Realm used when none is given. The real service says `MMS Public API`; dbkit uses a neutral name of its own. It is a
 * plain HTTP token (no spaces or quotes), so it is valid in both challenge styles.
 */
export const DEFAULT_DIGEST_REALM = 'dbkit';

/**
 * How the `WWW-Authenticate` challenge is written.
 */
export const DigestChallengeStyle = {
  interoperable: {
    description:
      'The header real servers send and real clients (curl, Go, Python requests) understand: `Digest realm="<realm>", ' +
      'domain="", nonce="<nonce>", algorithm=MD5, qop="auth", stale=false`, with realm and nonce quoted and `qop` ' +
      'announcing the `auth` quality of protection.',
  },
  'spec-literal': {
    description:
      'The header exactly as the spec prints it: `Digest realm=<realm>, domain="", nonce=<nonce>, algorithm=MD5, ' +
      'op="auth", stale=false`. Clients ignore the unknown `op` parameter and answer without `qop` (RFC 2069 style), ' +
      'so the verifier must be told to accept that (`allowMissingQop`).',
  },
} as const satisfies EnumDefinition;
/** How the `WWW-Authenticate` challenge is written: `interoperable` (default) or `spec-literal`. */
export type DigestChallengeStyle = keyof typeof DigestChallengeStyle;
/** Tells whether a value is a {@link DigestChallengeStyle}. */
export const isDigestChallengeStyle = enumGuard(DigestChallengeStyle);

/** Input of {@link buildDigestChallenge}. */
export interface DigestChallengeOptions {
  /**
   * Protection space shown to the user and hashed into the response; printable ASCII.
   * @default "dbkit"
   */
  readonly realm?: string;
  /** Server-chosen one-time value (see `issueNonce`); base64, base64url or hex characters only. */
  readonly nonce: string;
  /**
   * True when the client's previous answer had the right password but an expired or unknown nonce: the client then
   * retries with the new nonce without asking the user again (RFC 7616 §3.3).
   * @default false
   */
  readonly stale?: boolean;
  /**
   * Wording of the header.
   * @default "interoperable"
   */
  readonly style?: DigestChallengeStyle;
}

/** Characters allowed in a nonce: base64 (`+/=`), base64url (`-_`), hex, plus `.` and `~`. */
const NONCE_PATTERN = /^[A-Za-z0-9+/=._~-]+$/;
/** An HTTP token (RFC 9110 §5.6.2): what an unquoted parameter value may contain. */
const TOKEN_PATTERN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Printable ASCII including space: no control characters (no header injection), no bytes a header cannot carry. */
const PRINTABLE_ASCII_PATTERN = /^[\x20-\x7e]*$/;

/** Throws when `nonce` cannot be placed in a header as is; shared with nonce issuance. */
export function assertValidNonce(nonce: string, source: string): void {
  if (!NONCE_PATTERN.test(nonce)) {
    throw new TypeError(
      `Expected \`${source}\` to be a non-empty string of base64, base64url or hex characters, got ${JSON.stringify(nonce)}. ` +
        'Encode the random bytes as hex or base64 before using them as a nonce.',
    );
  }
}

function assertValidRealm(realm: string, style: DigestChallengeStyle): void {
  if (!PRINTABLE_ASCII_PATTERN.test(realm)) {
    throw new TypeError(
      `Expected \`realm\` to contain printable ASCII only, got ${JSON.stringify(realm)}. ` +
        'Control characters would break the header and non-ASCII realms are not portable between clients.',
    );
  }
  if (style === 'spec-literal' && !TOKEN_PATTERN.test(realm)) {
    throw new TypeError(
      `Expected \`realm\` to be an HTTP token (no spaces, quotes or commas) in the 'spec-literal' style, which does not ` +
        `quote it, got ${JSON.stringify(realm)}. Use the 'interoperable' style or a realm such as "dbkit".`,
    );
  }
}

function quote(value: string): string {
  return `"${value.replace(/["\\]/g, '\\$&')}"`;
}

/**
 * Builds the value of the `WWW-Authenticate` header that answers a request lacking valid credentials.
 *
 * The default `interoperable` style is byte for byte the header the real service sends, with dbkit's realm:
 * `Digest realm="dbkit", domain="", nonce="<nonce>", algorithm=MD5, qop="auth", stale=false`.
 * The `spec-literal` style prints the spec's wording (`op="auth"`, unquoted realm and nonce).
 *
 * Throws a `TypeError` when the realm or nonce cannot be written into a header (programmer error).
 *
 * @example
 * buildDigestChallenge({ nonce: 'a1b2c3' });
 * // 'Digest realm="dbkit", domain="", nonce="a1b2c3", algorithm=MD5, qop="auth", stale=false'
 */
export function buildDigestChallenge(options: DigestChallengeOptions): string {
  const realm = options.realm ?? DEFAULT_DIGEST_REALM;
  const style = options.style ?? 'interoperable';
  const stale = options.stale === true ? 'true' : 'false';
  assertValidRealm(realm, style);
  assertValidNonce(options.nonce, 'nonce');
  switch (style) {
    case 'interoperable':
      return `Digest realm=${quote(realm)}, domain="", nonce=${quote(options.nonce)}, algorithm=MD5, qop="auth", stale=${stale}`;
    case 'spec-literal':
      return `Digest realm=${realm}, domain="", nonce=${options.nonce}, algorithm=MD5, op="auth", stale=${stale}`;
    default:
      return style satisfies never;
  }
}

/**
 * Body of the 401 response, as the real service sends it (pretty-printed, `" : "` separators, no `parameters`).
 */
export const UNAUTHORIZED_BODY =
  '{\n' +
  '  "error" : 401,\n' +
  '  "reason" : "Unauthorized",\n' +
  '  "detail" : "You are not authorized for this resource.",\n' +
  '  "errorCode" : "UNEXPECTED_ERROR"\n' +
  '}';

/** Input of {@link unauthorizedResponse}. */
export interface UnauthorizedResponseOptions extends DigestChallengeOptions {
  /** Current time in milliseconds since the Unix epoch; becomes the `Date` header. */
  readonly now: number;
  /**
   * Value of the `Connection` header.
   * @default "keep-alive"
   */
  readonly connection?: 'keep-alive' | 'close';
}

/** Headers of the 401 response, in the order the real service sends them. */
export interface UnauthorizedHeaders {
  /** Always `application/json;charset=ISO-8859-1`, as the spec states for the 401 response. */
  readonly 'Content-Type': 'application/json;charset=ISO-8859-1';
  /** Time of the response in IMF-fixdate form, e.g. `Tue, 15 Nov 1994 08:12:31 GMT`. */
  readonly Date: string;
  /** The Digest challenge, see {@link buildDigestChallenge}. */
  readonly 'WWW-Authenticate': string;
  /** Length of the body in bytes, as a decimal string. */
  readonly 'Content-Length': string;
  /** `keep-alive` or `close`. */
  readonly Connection: 'keep-alive' | 'close';
}

/** A complete 401 response: status, headers and body. */
export interface UnauthorizedResponse {
  /** HTTP status code, always 401. */
  readonly status: 401;
  /** Response headers. */
  readonly headers: UnauthorizedHeaders;
  /** Response body, see {@link UNAUTHORIZED_BODY}. */
  readonly body: string;
}

/**
 * Builds the 401 response for a request without valid credentials: the Digest challenge, the spec's content type
 * `application/json;charset=ISO-8859-1`, `Date`, `Content-Length`, `Connection`, and the real service's JSON body.
 *
 * @example
 * const issued = issueNonce(state, { now: Date.now(), random });
 * const response = unauthorizedResponse({ nonce: issued.nonce, stale: failure.stale, now: Date.now() });
 * res.writeHead(response.status, response.headers).end(response.body);
 */
export function unauthorizedResponse(options: UnauthorizedResponseOptions): UnauthorizedResponse {
  const date = new Date(options.now);
  if (Number.isNaN(date.getTime())) {
    throw new TypeError(`Expected \`now\` to be milliseconds since the epoch, got ${String(options.now)}.`);
  }
  const body = UNAUTHORIZED_BODY;
  return {
    status: 401,
    headers: {
      'Content-Type': 'application/json;charset=ISO-8859-1',
      Date: date.toUTCString(),
      'WWW-Authenticate': buildDigestChallenge(options),
      'Content-Length': String(utf8Encode(body).length),
      Connection: options.connection ?? 'keep-alive',
    },
    body,
  };
}
