import { type EnumDefinition, enumGuard } from '../../enums/define.js';

/** Fields every Digest `Authorization` header carries (RFC 7616 §3.4). */
export interface DigestCredentialsCommon {
  /** The user's name in the realm: the API public key. */
  readonly username: string;
  /** The realm of the challenge the client answers. */
  readonly realm: string;
  /** The nonce of the challenge the client answers, as the server issued it. */
  readonly nonce: string;
  /** The request target the client hashed (path and query), verbatim. */
  readonly uri: string;
  /** The client's answer: 32 hex digits, normalised to lower case. */
  readonly response: string;
  /** Hash algorithm; only `MD5` is accepted, and an absent `algorithm` means `MD5` (RFC 7616 §3.3). */
  readonly algorithm: 'MD5';
  /** Opaque value echoed from the challenge, when the client sent one. */
  readonly opaque?: string;
}

/** `qop=auth`: the client also sends a nonce count and its own nonce (RFC 7616 §3.4). */
export interface DigestQopAuth {
  /** Quality of protection: `auth`. */
  readonly qop: 'auth';
  /** Nonce count: 8 hex digits, verbatim, counting the requests the client made with this nonce (first is 00000001). */
  readonly nc: string;
  /** Client nonce. */
  readonly cnonce: string;
}

/** No `qop`: the RFC 2069 form of the answer, without nonce count or client nonce. */
export interface DigestNoQop {
  /** Absent. */
  readonly qop?: undefined;
  /** Absent. */
  readonly nc?: undefined;
  /** Absent. */
  readonly cnonce?: undefined;
}

/** The quality-of-protection part of an answer: `qop`, `nc` and `cnonce` are present together or not at all. */
export type DigestQopParameters = DigestQopAuth | DigestNoQop;

/** A parsed Digest `Authorization` header. */
export type DigestCredentials = DigestCredentialsCommon & DigestQopParameters;

/** Why an `Authorization` header could not be read as Digest credentials. */
export const DigestParseFailureReason = {
  'missing-header': { description: 'The request has no Authorization header, or it is blank.' },
  'unsupported-scheme': { description: 'The Authorization header uses a scheme other than Digest (e.g. Basic).' },
  'malformed-header': { description: 'The parameter list cannot be tokenised (unterminated quote, missing `=`, …).' },
  'duplicate-parameter': { description: 'A parameter appears twice.' },
  'missing-parameter': { description: 'One of username, realm, nonce, uri, response is absent.' },
  'unsupported-algorithm': { description: 'The algorithm is not MD5 (MD5-sess and SHA-256 are not offered).' },
  'unsupported-qop': { description: 'The qop is not `auth` (auth-int is not offered).' },
  'incomplete-qop': { description: 'qop, nc and cnonce are not all present, or all absent.' },
  'malformed-nonce-count': { description: 'nc is not exactly 8 hex digits.' },
  'malformed-response': { description: 'response is not 32 hex digits, the length of an MD5 digest.' },
  'unsupported-userhash': { description: 'The client hashed the user name (`userhash=true`), which is not offered.' },
} as const satisfies EnumDefinition;
/** Why an `Authorization` header could not be read as Digest credentials. */
export type DigestParseFailureReason = keyof typeof DigestParseFailureReason;
/** Tells whether a value is a {@link DigestParseFailureReason}. */
export const isDigestParseFailureReason = enumGuard(DigestParseFailureReason);

/** Result of {@link parseDigestAuthorization}. */
export type DigestParseResult =
  | { readonly ok: true; readonly value: DigestCredentials }
  | {
      readonly ok: false;
      /** Machine-readable cause. */
      readonly reason: DigestParseFailureReason;
      /** What is wrong, why, and what the client should do. Never contains the credentials themselves. */
      readonly message: string;
    };

type Failure = Extract<DigestParseResult, { ok: false }>;

function fail(reason: DigestParseFailureReason, message: string): Failure {
  return { ok: false, reason, message };
}

const REQUIRED = ['username', 'realm', 'nonce', 'uri', 'response'] as const;
const HEX_32 = /^[0-9a-fA-F]{32}$/;
const HEX_8 = /^[0-9a-fA-F]{8}$/;
const WHITESPACE = /[ \t]/;

/**
 * Reads a Digest `Authorization` header into credentials. Tolerant of what real clients send: case-insensitive scheme
 * and parameter names, optional whitespace around `=` and `,`, empty list elements, quoted or unquoted values, commas
 * and `\"` escapes inside quoted values. Unknown parameters are ignored (RFC 7616 §3.4).
 *
 * Strict about what verification relies on: username, realm, nonce, uri and response are required; `qop`, `nc` and
 * `cnonce` come together; only `algorithm=MD5` (or none) and `qop=auth` are accepted.
 *
 * @example
 * parseDigestAuthorization('Digest username="pub", realm="dbkit", nonce="n", uri="/", response="…32 hex…"');
 */
export function parseDigestAuthorization(headerValue: string | undefined | null): DigestParseResult {
  const header = (headerValue ?? '').trim();
  if (header === '') {
    return fail(
      'missing-header',
      'The request carries no credentials. Send an Authorization header answering the Digest challenge ' +
        '(curl: --digest -u PUBLIC_KEY:PRIVATE_KEY).',
    );
  }
  const schemeEnd = header.search(WHITESPACE);
  const scheme = schemeEnd === -1 ? header : header.slice(0, schemeEnd);
  if (scheme.toLowerCase() !== 'digest') {
    const shown = /^[A-Za-z0-9-]{1,20}$/.test(scheme) ? `the ${scheme} scheme` : 'an unrecognised scheme';
    return fail(
      'unsupported-scheme',
      `The Authorization header uses ${shown}, but this service accepts only HTTP Digest authentication. ` +
        'Answer the WWW-Authenticate Digest challenge instead (curl: --digest).',
    );
  }
  const tokenized =
    schemeEnd === -1 ? tokenizeParameters('', 0) : tokenizeParameters(header.slice(schemeEnd), schemeEnd);
  if (!tokenized.ok) return tokenized;
  return readCredentials(tokenized.params);
}

function readCredentials(params: ReadonlyMap<string, string>): DigestParseResult {
  const missing = REQUIRED.filter((name) => !params.has(name));
  if (missing.length > 0) {
    const hint = params.has('username*')
      ? ' The client sent `username*` (an encoded non-ASCII user name); API public keys are ASCII, send `username`.'
      : '';
    return fail(
      'missing-parameter',
      `The Digest credentials lack ${missing.map((m) => `\`${m}\``).join(', ')}; every answer to the challenge must ` +
        `carry username, realm, nonce, uri and response.${hint}`,
    );
  }
  const userhash = params.get('userhash');
  if (userhash !== undefined && userhash.toLowerCase() === 'true') {
    return fail(
      'unsupported-userhash',
      'The client hashed the user name (userhash=true), which this service does not offer. Send the public key in ' +
        '`username` as is.',
    );
  }
  const algorithm = params.get('algorithm');
  if (algorithm !== undefined && algorithm.toUpperCase() !== 'MD5') {
    return fail(
      'unsupported-algorithm',
      `The credentials use algorithm ${JSON.stringify(algorithm)}, but the challenge offers only MD5 ` +
        '(MD5-sess, SHA-256 and SHA-512-256 are not supported). Answer with algorithm=MD5.',
    );
  }
  const response = params.get('response') ?? '';
  if (!HEX_32.test(response)) {
    return fail(
      'malformed-response',
      'The `response` parameter must be the 32 hex digits of an MD5 digest; the value sent is not. Check the client ' +
        'computes the Digest response with algorithm=MD5.',
    );
  }
  const common: DigestCredentialsCommon = {
    username: params.get('username') ?? '',
    realm: params.get('realm') ?? '',
    nonce: params.get('nonce') ?? '',
    uri: params.get('uri') ?? '',
    response: response.toLowerCase(),
    algorithm: 'MD5',
    ...optional('opaque', params.get('opaque')),
  };
  const qop = params.get('qop');
  const nc = params.get('nc');
  const cnonce = params.get('cnonce');
  if (qop === undefined) {
    if (nc !== undefined || cnonce !== undefined) {
      return fail(
        'incomplete-qop',
        'The credentials carry `nc` or `cnonce` without `qop`; these three come together. Send qop=auth with both.',
      );
    }
    return { ok: true, value: common };
  }
  if (qop.toLowerCase() !== 'auth') {
    return fail(
      'unsupported-qop',
      `The credentials use qop ${JSON.stringify(qop)}, but the challenge offers only qop="auth" (auth-int is not ` +
        'supported). Answer with qop=auth.',
    );
  }
  if (nc === undefined || cnonce === undefined) {
    const absent = [nc === undefined ? '`nc`' : undefined, cnonce === undefined ? '`cnonce`' : undefined]
      .filter((x) => x !== undefined)
      .join(' and ');
    return fail('incomplete-qop', `The credentials carry qop=auth but no ${absent}; qop=auth requires nc and cnonce.`);
  }
  if (!HEX_8.test(nc)) {
    return fail(
      'malformed-nonce-count',
      `The nonce count nc=${JSON.stringify(nc)} is not exactly 8 hex digits (e.g. 00000001). Send the count of ` +
        'requests made with this nonce as 8 hex digits.',
    );
  }
  return { ok: true, value: { ...common, qop: 'auth', nc, cnonce } };
}

function optional<K extends string>(key: K, value: string | undefined): { [P in K]?: string } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: string };
}

type Tokenized = { readonly ok: true; readonly params: ReadonlyMap<string, string> } | Failure;

/**
 * Splits `k=v, k="quoted, \"escaped\"", …` (RFC 9110 §11.2 auth-param list) into lower-cased names and values.
 * `offset` is where `input` starts in the whole header, so that messages point at the right character.
 */
export function tokenizeParameters(input: string, offset: number): Tokenized {
  const params = new Map<string, string>();
  let pos = 0;
  const skipWhitespace = (): void => {
    while (pos < input.length && (input[pos] === ' ' || input[pos] === '\t')) pos++;
  };
  while (true) {
    // Empty list elements (",,") are allowed by the list syntax (RFC 9110 §5.6.1).
    while (pos < input.length && (input[pos] === ' ' || input[pos] === '\t' || input[pos] === ',')) pos++;
    if (pos >= input.length) return { ok: true, params };

    const nameStart = pos;
    while (pos < input.length && !'=, \t"'.includes(input[pos]!)) pos++;
    const name = input.slice(nameStart, pos).toLowerCase();
    if (name === '') {
      return fail(
        'malformed-header',
        `The Digest parameter list has a value without a name at offset ${offset + nameStart}. Write parameters as name=value.`,
      );
    }
    skipWhitespace();
    if (input[pos] !== '=') {
      return fail(
        'malformed-header',
        `The Digest parameter \`${name}\` has no value. Write parameters as name=value or name="value", separated by commas.`,
      );
    }
    pos++;
    skipWhitespace();

    let value: string;
    if (input[pos] === '"') {
      pos++;
      value = '';
      let closed = false;
      while (pos < input.length) {
        const ch = input[pos]!;
        if (ch === '\\' && pos + 1 < input.length) {
          value += input[pos + 1];
          pos += 2;
        } else if (ch === '"') {
          pos++;
          closed = true;
          break;
        } else {
          value += ch;
          pos++;
        }
      }
      if (!closed) {
        return fail(
          'malformed-header',
          `The quoted value of Digest parameter \`${name}\` is never closed. Close it with a double quote; escape ` +
            'quotes inside it as \\".',
        );
      }
    } else {
      const valueStart = pos;
      while (pos < input.length && !', \t"'.includes(input[pos]!)) pos++;
      value = input.slice(valueStart, pos);
    }

    skipWhitespace();
    if (pos < input.length && input[pos] !== ',') {
      return fail(
        'malformed-header',
        `Unexpected text after Digest parameter \`${name}\` at offset ${offset + pos}. Separate parameters with commas and ` +
          'quote values that contain spaces.',
      );
    }
    if (params.has(name)) {
      return fail(
        'duplicate-parameter',
        `The Digest parameter \`${name}\` appears more than once, so it is ambiguous. Send each parameter once.`,
      );
    }
    params.set(name, value);
  }
}
