/**
 * HTTP Digest as a client should do it (RFC 7616, MD5, qop=auth): the last challenge's nonce is reused with a nonce
 * count that increases per nonce (starting again at 1 for a new nonce), a fresh random cnonce per request, `uri` =
 * path + query, and one new attempt when the server says `stale=true` or sends another nonce. MD5 and the challenge
 * parser are core's. The private key stays inside this object and is never part of a message.
 */
import { computeDigestResponse, type DigestChallenge, parseDigestChallenge } from '@dbkit/core/digest';

export type DigestCredentials = { readonly publicKey: string; readonly privateKey: string };

function randomHex(bytes: number): string {
  const buffer = new Uint8Array(bytes);
  crypto.getRandomValues(buffer);
  return Array.from(buffer, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const quoted = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

export class DigestSession {
  private challenge: DigestChallenge | undefined;
  private nonceCount = 0;

  constructor(private readonly credentials: DigestCredentials) {}

  /** Whether a challenge is known, so that requests can be answered before the server asks. */
  get primed(): boolean {
    return this.challenge !== undefined;
  }

  /**
   * Reads the `WWW-Authenticate` header of a 401. Returns whether retrying can help: yes when the server has
   * not seen an answer to this nonce yet, or says the nonce went stale, or issued another nonce; no when it refused
   * an answer to the same fresh nonce (wrong keys).
   */
  accept(header: string | null, answered: boolean): { readonly retry: boolean; readonly reason?: string } {
    const parsed = parseDigestChallenge(header);
    if (!parsed.ok) return { retry: false, reason: parsed.message };
    const previous = this.challenge;
    this.challenge = parsed.value;
    if (previous === undefined || previous.nonce !== parsed.value.nonce) this.nonceCount = 0;
    if (!answered || parsed.value.stale) return { retry: true };
    return previous?.nonce !== parsed.value.nonce ? { retry: true } : { retry: false };
  }

  /** The `Authorization` header for `method` on `uri` (path and query), or undefined before any challenge. */
  authorization(method: string, uri: string): string | undefined {
    const challenge = this.challenge;
    if (challenge === undefined) return undefined;
    const parts = [
      `username=${quoted(this.credentials.publicKey)}`,
      `realm=${quoted(challenge.realm)}`,
      `nonce=${quoted(challenge.nonce)}`,
      `uri=${quoted(uri)}`,
      'algorithm=MD5',
    ];
    const common = {
      username: this.credentials.publicKey,
      realm: challenge.realm,
      password: this.credentials.privateKey,
      method,
      uri,
      nonce: challenge.nonce,
    };
    let response: string;
    if (challenge.qop === 'auth') {
      this.nonceCount += 1;
      const nc = this.nonceCount.toString(16).padStart(8, '0');
      const cnonce = randomHex(16);
      response = computeDigestResponse({ ...common, qop: 'auth', nc, cnonce });
      parts.push('qop=auth', `nc=${nc}`, `cnonce=${quoted(cnonce)}`);
    } else {
      // An RFC 2069 challenge (no qop): no nonce count, no cnonce.
      response = computeDigestResponse(common);
    }
    parts.push(`response=${quoted(response)}`);
    if (challenge.opaque !== undefined) parts.push(`opaque=${quoted(challenge.opaque)}`);
    return `Digest ${parts.join(', ')}`;
  }

  /** For logs and errors: the public key only. */
  toJSON(): { publicKey: string } {
    return { publicKey: this.credentials.publicKey };
  }
}
