/**
 * The headers of successful responses (spec, "Versioning"), including `X-DB-Service-Version`.
 */

/** The service build that answered: the value of the `X-DB-Service-Version` header. */
export type ServiceVersion = {
  /** The git commit of the service build (the real service sends 40 hexadecimal digits). */
  readonly gitHash: string;
  /** The application version, for example `4.2.4.56729.20191105T2247Z` or `master`. */
  readonly versionString: string;
};

/** The name of the service version header. */
export const SERVICE_VERSION_HEADER = 'X-DB-Service-Version';

/**
 * Writes the `X-DB-Service-Version` value: `gitHash=<git_hash>; versionString=<application_version>`.
 * Neither part may contain `;` (it separates the parts), or {@link parseServiceVersionHeader} cannot read it back.
 */
export function serviceVersionHeader(version: ServiceVersion): string {
  return `gitHash=${version.gitHash}; versionString=${version.versionString}`;
}

/** The outcome of {@link parseServiceVersionHeader}. */
export type ServiceVersionParse =
  | { readonly ok: true; readonly value: ServiceVersion }
  | { readonly ok: false; readonly message: string };

/**
 * Reads an `X-DB-Service-Version` value. Parts are separated by `;` (spaces around them ignored) and split at the
 * first `=`; both `gitHash` and `versionString` must be present and non-empty, other parts are ignored.
 */
export function parseServiceVersionHeader(value: string): ServiceVersionParse {
  const parts = new Map<string, string>();
  for (const part of value.split(';')) {
    const equals = part.indexOf('=');
    if (equals === -1) continue;
    parts.set(part.slice(0, equals).trim(), part.slice(equals + 1).trim());
  }
  const gitHash = parts.get('gitHash');
  const versionString = parts.get('versionString');
  const missing = [gitHash ? undefined : 'gitHash', versionString ? undefined : 'versionString'].filter(Boolean);
  if (gitHash && versionString) return { ok: true, value: { gitHash, versionString } };
  return {
    ok: false,
    message:
      `${SERVICE_VERSION_HEADER} value ${JSON.stringify(value)} lacks ${missing.join(' and ')}; ` +
      'expected the form gitHash=<git_hash>; versionString=<application_version>.',
  };
}

/** What {@link successHeaders} needs to know about the response. */
export type SuccessHeadersInput = ServiceVersion & {
  /**
   * The length of the body in bytes (of its UTF-8 encoding, see {@link byteLength}).
   * @TJS-type integer
   * @minimum 0
   */
  readonly contentLength: number;
  /** When the response is sent. */
  readonly date: Date;
  /**
   * The `Connection` header value; the spec names the header without a value.
   * @default "keep-alive"
   */
  readonly connection?: 'keep-alive' | 'close';
};

/** The headers every successful response carries, in the spec's order. */
export type SuccessHeaders = {
  readonly Vary: 'Accept-Encoding';
  readonly 'Content-Type': 'application/json';
  readonly 'Strict-Transport-Security': 'max-age=300';
  readonly Date: string;
  readonly Connection: 'keep-alive' | 'close';
  readonly 'Content-Length': string;
  readonly 'X-DB-Service-Version': string;
};

/**
 * The headers of a successful response: `Vary: Accept-Encoding`, `Content-Type: application/json`,
 * `Strict-Transport-Security: max-age=300`, `Date` (an HTTP date such as `Wed, 02 Apr 2025 15:37:20 GMT`),
 * `Connection`, `Content-Length` and `X-DB-Service-Version`.
 */
export function successHeaders(input: SuccessHeadersInput): SuccessHeaders {
  return {
    Vary: 'Accept-Encoding',
    'Content-Type': 'application/json',
    'Strict-Transport-Security': 'max-age=300',
    Date: input.date.toUTCString(),
    Connection: input.connection ?? 'keep-alive',
    'Content-Length': String(input.contentLength),
    'X-DB-Service-Version': serviceVersionHeader(input),
  };
}

/** The length in bytes of a text's UTF-8 encoding: the `Content-Length` of a body. */
export function byteLength(text: string): number {
  let bytes = 0;
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    // A lone surrogate is written as U+FFFD (3 bytes), as TextEncoder does.
    const loneSurrogate = codePoint >= 0xd800 && codePoint <= 0xdfff;
    bytes += codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 || loneSurrogate ? 3 : 4;
  }
  return bytes;
}
