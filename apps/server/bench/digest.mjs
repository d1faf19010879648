// The bench's Digest answers: one nonce, a fresh nc per request (the service refuses a reused one). The load
// generator hashes with node:crypto (RFC 7616's formula, as core's computeDigestResponse): it is the client, not
// what is measured, and it must not be the bottleneck.
import { createHash, randomBytes } from 'node:crypto';
import { parseDigestChallenge } from '@dbkit/core/digest';

const md5 = (text) => createHash('md5').update(text).digest('hex');

export class DigestProbe {
  constructor(credentials, realm = 'dbkit') {
    const at = credentials.indexOf(':');
    this.username = credentials.slice(0, at);
    this.password = credentials.slice(at + 1);
    this.realm = realm;
    this.nc = 0;
  }

  async nonceFor(url) {
    const response = await fetch(url);
    await response.arrayBuffer();
    const parsed = parseDigestChallenge(response.headers.get('www-authenticate'));
    if (!parsed.ok) throw new Error(`no Digest challenge from ${url} (${response.status})`);
    this.nonce = parsed.value.nonce;
    return this.nonce;
  }

  /** The Authorization header of the next request to `uri`. */
  header(method, uri) {
    this.nc += 1;
    const nc = this.nc.toString(16).padStart(8, '0');
    const cnonce = randomBytes(8).toString('hex');
    this.ha1 ??= md5(`${this.username}:${this.realm}:${this.password}`);
    const response = md5(`${this.ha1}:${this.nonce}:${nc}:${cnonce}:auth:${md5(`${method}:${uri}`)}`);
    return `Digest username="${this.username}", realm="${this.realm}", nonce="${this.nonce}", uri="${uri}", algorithm=MD5, qop=auth, nc=${nc}, cnonce="${cnonce}", response="${response}"`;
  }

  async get(url, init = {}) {
    if (this.nonce === undefined) await this.nonceFor(url);
    const target = new URL(url);
    const method = init.method ?? 'GET';
    const headers = {
      ...(init.headers ?? {}),
      Authorization: this.header(method, `${target.pathname}${target.search}`),
    };
    const response = await fetch(url, { ...init, method, headers });
    return { status: response.status, headers: response.headers, text: await response.text() };
  }
}
