/**
 * CORS (`--cors`): a browser page of an allowed origin gets its preflight answered without a key and can read every
 * answer, the Digest challenge included; any other origin gets no CORS header at all, and without `--cors` nothing
 * changes. Requests are sent with curl, a client that sends exactly the headers it is given.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../src/app.js';
import { allowedOrigin, parseOrigin } from '../../src/plugins/cors.js';
import { curl, lastResponse, type Running, start } from '../helpers.js';

const VSCODE = 'https://vscode.dev';
const EXTENSION_HOST = 'https://0f3c9a.vscode-cdn.net';
const PLAYGROUND = 'http://localhost:8080';

describe('parseOrigin', () => {
  it.for([
    ['https://vscode.dev', 'https://vscode.dev'],
    ['HTTPS://VSCode.dev:443', 'https://vscode.dev'],
    ['http://localhost:8080', 'http://localhost:8080'],
    ['http://[::1]:3000', 'http://[::1]:3000'],
    ['https://*.vscode-cdn.net', 'https://*.vscode-cdn.net'],
    ['http://*.LOCALHOST:80', 'http://*.localhost'],
    ['*', '*'],
  ] as const)('accepts %s as %s', ([text, origin]) => {
    expect(parseOrigin(text)).toEqual({ ok: true, origin });
  });

  it.for([
    'vscode.dev',
    'https://vscode.dev/',
    'https://vscode.dev/path',
    'ftp://vscode.dev',
    'https://user@vscode.dev',
    'https://vscode.dev:99999',
    'https://*',
    'https://a.*.net',
    '',
  ])('refuses %j with the form it needs', (text) => {
    const parsed = parseOrigin(text);
    expect(parsed.ok ? '' : parsed.error).toBe(
      `an origin is scheme://host[:port], as a browser sends it (e.g. http://localhost:8080 or https://*.vscode-cdn.net; * for any), got ${JSON.stringify(text)}.`,
    );
  });
});

describe('allowedOrigin', () => {
  const origins = [VSCODE, 'https://*.vscode-cdn.net', 'http://*.localhost:3000'];
  it.for([
    [VSCODE, VSCODE],
    [EXTENSION_HOST, EXTENSION_HOST],
    ['https://a.b.vscode-cdn.net', 'https://a.b.vscode-cdn.net'],
    ['http://x.localhost:3000', 'http://x.localhost:3000'],
    ['https://vscode-cdn.net', undefined],
    ['http://x.vscode-cdn.net', undefined],
    ['https://evilvscode-cdn.net', undefined],
    ['http://x.localhost:30000', undefined],
    ['https://vscode.dev.evil.example', undefined],
    [undefined, undefined],
  ] as const)('%s gets %s', ([origin, expected]) => {
    expect(allowedOrigin(origins, origin)).toBe(expected);
  });

  it('answers * to every request, with or without Origin, when * is allowed', () => {
    expect([allowedOrigin(['*'], VSCODE), allowedOrigin(['*'], undefined)]).toEqual(['*', '*']);
  });
});

type Answer = ReturnType<typeof lastResponse>;

/** Every `Access-Control-*` header of an answer. */
const corsHeaders = (answer: Answer) =>
  Object.fromEntries([...answer.headers].filter(([name]) => name.startsWith('access-control-')));

/** A browser's preflight of a PUT with Digest and a JSON body, from `origin`. */
async function preflight(url: string, origin: string, extra: readonly string[] = []): Promise<Answer> {
  const result = await curl([
    '-i',
    '-X',
    'OPTIONS',
    '-H',
    `Origin: ${origin}`,
    '-H',
    'Access-Control-Request-Method: PUT',
    '-H',
    'Access-Control-Request-Headers: authorization,content-type',
    ...extra,
    url,
  ]);
  return lastResponse(result.stdout);
}

/** A GET from `origin` (none when undefined), with the key when `credentials` is given. */
async function get(url: string, origin: string | undefined, credentials?: string): Promise<Answer> {
  const result = await curl([
    '-i',
    ...(origin === undefined ? [] : ['-H', `Origin: ${origin}`]),
    ...(credentials === undefined ? [] : ['--digest', '-u', credentials]),
    url,
  ]);
  return lastResponse(result.stdout);
}

describe('dbkit-server --cors', () => {
  let service: Running;
  beforeAll(async () => {
    service = await start({ cors: [VSCODE, 'https://*.vscode-cdn.net', PLAYGROUND] });
  });
  afterAll(() => service.close());
  const alerts = () => `${service.api}/groups/${service.project.id}/alerts`;

  it.for([VSCODE, EXTENSION_HOST, PLAYGROUND])(
    'answers a preflight from %s with 204 and what the page may send, without a key',
    async (origin) => {
      const answer = await preflight(alerts(), origin);
      expect(answer.status).toBe(204);
      expect(corsHeaders(answer)).toEqual({
        'access-control-allow-origin': origin,
        'access-control-allow-methods': 'GET, PUT, PATCH',
        'access-control-allow-headers': 'Authorization, Content-Type',
        'access-control-max-age': '7200',
        'access-control-expose-headers': expect.stringContaining('WWW-Authenticate'),
      });
      expect(answer.headers.get('vary')).toMatch(/\bOrigin\b/);
      expect(answer.headers.has('www-authenticate')).toBe(false);
    },
  );

  it('allows a public page to reach the service on loopback when the preflight asks (Private Network Access)', async () => {
    const answer = await preflight(alerts(), VSCODE, ['-H', 'Access-Control-Request-Private-Network: true']);
    expect(answer.headers.get('access-control-allow-private-network')).toBe('true');
  });

  it('gives a preflight from another origin no CORS header: the browser stops there', async () => {
    const answer = await preflight(alerts(), 'https://evil.example');
    expect(answer.status).toBe(401);
    expect(corsHeaders(answer)).toEqual({});
  });

  it('lets the page read the Digest challenge: the 401 carries the origin and exposes WWW-Authenticate', async () => {
    const answer = await get(alerts(), EXTENSION_HOST);
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toMatch(/^Digest /);
    expect(answer.headers.get('access-control-allow-origin')).toBe(EXTENSION_HOST);
    expect(answer.headers.get('access-control-expose-headers')?.split(', ')).toEqual([
      'WWW-Authenticate',
      'X-DB-Service-Version',
      'X-Error-Code',
      'Retry-After',
      'Deprecation',
      'Warning',
    ]);
  });

  it('answers an authenticated GET with the origin, and keeps Vary: Accept-Encoding beside Origin', async () => {
    const answer = await get(alerts(), VSCODE, service.credentials);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe(VSCODE);
    expect(answer.headers.get('vary')).toBe('Accept-Encoding, Origin');
  });

  it('gives a cached answer the headers of the request it answers, not of the one it was made for', async () => {
    const cluster = Object.keys(service.project.clusters)[0];
    const url = `${service.api}/groups/${service.project.id}/clusters/${cluster}/snapshots`;
    const answers = [
      await get(url, VSCODE, service.credentials),
      await get(url, PLAYGROUND, service.credentials),
      await get(url, undefined, service.credentials),
      await get(url, 'https://evil.example', service.credentials),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(answers.map((answer) => answer.headers.get('access-control-allow-origin'))).toEqual([
      VSCODE,
      PLAYGROUND,
      undefined,
      undefined,
    ]);
    expect(answers.slice(2).map(corsHeaders)).toEqual([{}, {}]);
  });

  it('leaves the admin API alone: it has no authentication, so no page may call it', async () => {
    const answer = await get(`${service.url}/__dbkit/`, VSCODE);
    expect(answer.status).toBe(200);
    expect(corsHeaders(answer)).toEqual({});
    expect((await preflight(`${service.url}/__dbkit/reset`, VSCODE)).status).toBe(404);
  });
});

describe('dbkit-server --cors "*"', () => {
  let service: Running;
  beforeAll(async () => {
    service = await start({ cors: ['*'] });
  });
  afterAll(() => service.close());

  it('answers every origin with *, which needs no Vary: Origin', async () => {
    const url = `${service.api}/groups/${service.project.id}/alerts`;
    const answer = await preflight(url, 'https://anything.example');
    expect([answer.status, answer.headers.get('access-control-allow-origin')]).toEqual([204, '*']);
    const challenge = await get(url, 'https://anything.example');
    expect([challenge.status, challenge.headers.get('access-control-allow-origin')]).toEqual([401, '*']);
    expect(challenge.headers.get('vary')).toBe('Accept-Encoding');
  });
});

describe('dbkit-server without --cors', () => {
  let service: Running;
  beforeAll(async () => {
    service = await start();
  });
  afterAll(() => service.close());

  it('sends no CORS header, to a preflight or a GET', async () => {
    const url = `${service.api}/groups/${service.project.id}/alerts`;
    const answers = [await preflight(url, VSCODE), await get(url, VSCODE), await get(url, VSCODE, service.credentials)];
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 200]);
    expect(answers.map(corsHeaders)).toEqual([{}, {}, {}]);
    expect(answers.map((answer) => answer.headers.get('vary'))).toEqual(Array(3).fill('Accept-Encoding'));
  });
});

describe('createServer({ cors })', () => {
  it('refuses an origin it cannot match', () => {
    expect(() => createServer({ cors: ['https://vscode.dev/'] })).toThrow(
      /^Expected `cors` to hold origins: an origin is scheme:\/\/host\[:port\]/,
    );
  });
});
