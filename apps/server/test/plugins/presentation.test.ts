/**
 * `pretty` and `envelope` on every guarded request: read once, applied by the routes to answers and errors; any
 * value but true or false is 400 `INVALID_QUERY_PARAMETER` before the route runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presentation } from '../../src/plugins/presentation.js';
import { respond, type Served, serve } from './harness.js';

let served: Served;
let reached = 0;
beforeAll(async () => {
  served = await serve((app) => {
    app.register(presentation, { apiPrefix: '/api/', respond });
    app.get('/api/thing', async (request, reply) => {
      reached++;
      return respond.one(reply, { name: 'a', size: 1 }, request.dbkit.presentation);
    });
    app.get('/api/missing', async (_request, reply) => respond.fail(reply, 'RESOURCE_NOT_FOUND', ['/api/missing']));
    app.get('/other', async (request, reply) => respond.one(reply, { name: 'a' }, request.dbkit.presentation));
  });
});
afterAll(() => served.close());

const PRETTY = '{\n  "name" : "a",\n  "size" : 1\n}';

describe('presentation', () => {
  it.for([
    ['no parameters: compact', '', '{"name":"a","size":1}'],
    ['pretty=false', '?pretty=false', '{"name":"a","size":1}'],
    ['pretty=true', '?pretty=true', PRETTY],
    ['envelope=true wraps', '?envelope=true', '{"status":200,"content":{"name":"a","size":1}}'],
  ] as const)('%s', async ([, query, text]) => {
    const response = await fetch(`${served.url}/api/thing${query}`);
    expect([response.status, await response.text()]).toEqual([200, text]);
  });

  it.for([
    ['pretty', '?pretty=2'],
    ['envelope', '?envelope=maybe'],
    ['pretty', '?pretty=yes&envelope=maybe'],
  ] as const)('refuses a bad %s (%s) before the route', async ([parameter, query]) => {
    reached = 0;
    const response = await fetch(`${served.url}/api/thing${query}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errorCode: 'INVALID_QUERY_PARAMETER', parameters: [parameter] });
    expect(reached).toBe(0);
  });

  it('envelope=true wraps errors too, with the real status', async () => {
    const response = await fetch(`${served.url}/api/missing?envelope=true`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ status: 404, content: { errorCode: 'RESOURCE_NOT_FOUND' } });
  });

  it('a path outside the API prefix ignores both', async () => {
    const response = await fetch(`${served.url}/other?envelope=true&pretty=maybe`);
    expect([response.status, await response.text()]).toEqual([200, '{"name":"a"}']);
  });
});
