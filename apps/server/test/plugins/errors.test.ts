/**
 * What no route answers still gets the service's error body: an unknown path, a malformed URL, a body over the
 * limit, another client error fastify raises, and a route that throws (reported, never shown).
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodies, frameworkErrorBody } from '../../src/plugins/errors.js';
import { respond, type Served, serve } from './harness.js';

const warnings: string[] = [];
let served: Served;
beforeAll(async () => {
  served = await serve(
    (app) => {
      app.register(errorBodies, { respond, bodyLimit: 64, warn: (message) => warnings.push(message) });
      app.post('/api/echo', async (request) => ({ length: String(request.body).length }));
      app.get('/api/broken', async () => {
        throw new Error('a bug');
      });
    },
    { bodyLimit: 64, frameworkErrors: frameworkErrorBody(respond) },
  );
});
afterAll(() => served.close());

/** Sends `path` exactly as written (fetch would normalise a malformed one). */
function raw(method: string, path: string, body?: string, type = 'application/json') {
  return new Promise<{ status: number; body: Record<string, unknown>; errorCode: string | undefined }>(
    (resolve, reject) => {
      const { port } = new URL(served.url);
      const headers = body === undefined ? {} : { 'Content-Type': type };
      const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => {
          const errorCode = res.headers['x-error-code'];
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), errorCode: errorCode as string | undefined });
        });
      });
      req.on('error', reject);
      req.end(body);
    },
  );
}

describe('errorBodies', () => {
  it.for([
    ['an unknown path', 'GET', '/nope?x=1', undefined, undefined, 404, 'RESOURCE_NOT_FOUND', ['GET /nope']],
    ['a malformed URL', 'GET', '/%zz', undefined, undefined, 404, 'RESOURCE_NOT_FOUND', ['/%zz']],
    ['a body over the limit', 'POST', '/api/echo', 'x'.repeat(65), undefined, 413, 'REQUEST_BODY_TOO_LARGE', [64]],
    ['a content type no parser reads', 'POST', '/api/echo', '<a/>', 'application/xml', 400, 'INVALID_JSON', []],
    ['a route that throws', 'GET', '/api/broken', undefined, undefined, 500, 'UNEXPECTED_ERROR', []],
  ] as const)('%s: %s %s', async ([, method, path, body, type, status, errorCode, parameters]) => {
    const response = await raw(method, path, body, type);
    expect(response).toMatchObject({ status, errorCode, body: { error: status, errorCode, parameters } });
  });

  it('reports an unexpected error with its stack, and never sends it', async () => {
    warnings.length = 0;
    const response = await raw('GET', '/api/broken');
    expect(JSON.stringify(response.body)).not.toContain('a bug');
    expect(warnings).toEqual([
      expect.stringMatching(/^dbkit server: unexpected error on GET \/api\/broken: Error: a bug\n\s+at /),
    ]);
  });
});
