/**
 * CORS for the API (`--cors ORIGIN`), first of the API's hooks after `requestState`: a browser page of an allowed
 * origin (VS Code for the Web's extension host, a playground on another port) may call the service. A preflight never
 * carries credentials, so it is answered here, before faults and Digest; every other answer, the Digest challenge
 * included, gets its headers in `onSend`, which also sees the answers of the response cache (stored for another
 * origin) and the `Vary` that `Responder` writes. Without origins, the plugin is not registered and nothing changes.
 */
import type { FastifyReply } from 'fastify';
import { rootPlugin } from './rootPlugin.js';

/** What a page may send: the methods of the API, Digest's `Authorization`, a body's `Content-Type`. */
const ALLOWED_METHODS = 'GET, PUT, PATCH';
const ALLOWED_HEADERS = 'Authorization, Content-Type';
/**
 * What a page may read beyond the safelisted headers: the Digest challenge (a client cannot answer it otherwise),
 * the version, the error code, a 429's wait, and the deprecation notice of config-server snapshots.
 */
const EXPOSED_HEADERS = 'WWW-Authenticate, X-DB-Service-Version, X-Error-Code, Retry-After, Deprecation, Warning';
/** How long a browser may reuse a preflight: Chromium's cap (Firefox allows more). */
const PREFLIGHT_MAX_AGE_SECONDS = '7200';

/** An origin as a browser sends it, `*` for any, or `*.` before a domain for its subdomains. */
const ORIGIN_PATTERN = /^(https?):\/\/(\*\.)?([^/?#@*\s]+)$/i;

export type OriginParse =
  | { readonly ok: true; readonly origin: string }
  | { readonly ok: false; readonly error: string };

/**
 * An allowed origin in the form a browser's `Origin` header has (lower-case, no default port): `*` for any page,
 * `scheme://host[:port]`, or `scheme://*.domain[:port]` for every subdomain of `domain` (VS Code for the Web runs
 * extensions on a generated subdomain of its CDN).
 *
 * @example
 * parseOrigin('HTTPS://VSCode.dev:443'); // { ok: true, origin: 'https://vscode.dev' }
 * parseOrigin('https://vscode.dev/');    // { ok: false, error: '…' }
 */
export function parseOrigin(text: string): OriginParse {
  if (text === '*') return { ok: true, origin: '*' };
  const error = `an origin is scheme://host[:port], as a browser sends it (e.g. http://localhost:8080 or https://*.vscode-cdn.net; * for any), got ${JSON.stringify(text)}.`;
  const match = ORIGIN_PATTERN.exec(text);
  if (match === null) return { ok: false, error };
  const [, scheme, wildcard, host] = match;
  try {
    // A placeholder label lets URL check and normalise the rest of a wildcard pattern.
    const origin = new URL(`${scheme}://${wildcard ? 'x.' : ''}${host}`).origin;
    return { ok: true, origin: wildcard ? origin.replace('://x.', '://*.') : origin };
  } catch {
    return { ok: false, error };
  }
}

/**
 * The `Access-Control-Allow-Origin` value for a request's `Origin` under `origins` (as {@link parseOrigin} returns
 * them): `*`, the origin itself, or undefined when it is not allowed.
 */
export function allowedOrigin(origins: readonly string[], origin: string | undefined): string | undefined {
  if (origins.includes('*')) return '*';
  if (origin === undefined) return undefined;
  for (const allowed of origins) {
    if (allowed === origin) return origin;
    const star = allowed.indexOf('://*.');
    if (star === -1) continue;
    const scheme = allowed.slice(0, star + 3);
    const domain = allowed.slice(star + 4);
    const label = origin.slice(scheme.length, origin.length - domain.length);
    if (origin.startsWith(scheme) && origin.endsWith(domain) && /^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(label))
      return origin;
  }
  return undefined;
}

/** Adds `Origin` to `Vary`: the answer depends on it, so a cache must not give one origin's answer to another. */
function varyOnOrigin(reply: FastifyReply): void {
  const current = reply.getHeader('Vary');
  const values = (Array.isArray(current) ? current.join(',') : String(current ?? '')).split(',').map((v) => v.trim());
  if (values.some((value) => value === '*' || value.toLowerCase() === 'origin')) return;
  reply.header('Vary', [...values.filter((value) => value !== ''), 'Origin'].join(', '));
}

/**
 * `origins` as {@link parseOrigin} returns them, for `createServer({ cors })`; a refused one is a programmer's error
 * (the command checks its flags first).
 */
export function canonicalOrigins(origins: readonly string[]): readonly string[] {
  return origins.map((text) => {
    const parsed = parseOrigin(text);
    if (!parsed.ok) throw new TypeError(`Expected \`cors\` to hold origins: ${parsed.error}`);
    return parsed.origin;
  });
}

export type CrossOriginOptions = {
  /** The requests CORS applies to: URLs that start with it (never the admin API, which has no authentication). */
  readonly apiPrefix: string;
  /** The allowed origins, as {@link canonicalOrigins} returns them. */
  readonly origins: readonly string[];
};

/** Preflights answered 204 and the CORS headers on every answer under `apiPrefix`, for the allowed origins only. */
export const crossOrigin = rootPlugin<CrossOriginOptions>({ name: 'dbkit-cors' }, (app, { apiPrefix, origins }) => {
  const anyOrigin = origins.includes('*');

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'OPTIONS' || !request.url.startsWith(apiPrefix)) return undefined;
    if (request.headers['access-control-request-method'] === undefined) return undefined;
    if (allowedOrigin(origins, request.headers.origin) === undefined) return undefined;
    reply
      .header('Access-Control-Allow-Methods', ALLOWED_METHODS)
      .header('Access-Control-Allow-Headers', ALLOWED_HEADERS)
      .header('Access-Control-Max-Age', PREFLIGHT_MAX_AGE_SECONDS);
    // Chromium asks a public page's preflight to a loopback or private address for this one too.
    if (request.headers['access-control-request-private-network'] === 'true') {
      reply.header('Access-Control-Allow-Private-Network', 'true');
    }
    return reply.code(204).send();
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith(apiPrefix)) return payload;
    const value = allowedOrigin(origins, request.headers.origin);
    if (value === undefined) {
      // A cached answer carries the headers of the request it was made for.
      reply.removeHeader('Access-Control-Allow-Origin').removeHeader('Access-Control-Expose-Headers');
    } else {
      reply.header('Access-Control-Allow-Origin', value).header('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    }
    if (!anyOrigin) varyOnOrigin(reply);
    return payload;
  });
});
