/** An identifier with a control character is 404 `RESOURCE_NOT_FOUND` before the route (and any store) is asked. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identifiers } from '../../src/plugins/identifiers.js';
import { respond, type Served, serve } from './harness.js';

let served: Served;
let reached = 0;
beforeAll(async () => {
  served = await serve((app) => {
    app.register(identifiers, { apiPrefix: '/api/', respond });
    const handler = async () => {
      reached++;
      return { reached: true };
    };
    app.get('/api/things/:thingId', handler);
    app.get('/other/:thingId', handler);
  });
});
afterAll(() => served.close());

describe('identifiers', () => {
  it.for([
    ['NUL', '/api/things/a%00b', 404],
    ['a tab', '/api/things/a%09b', 404],
    ['a newline', '/api/things/a%0Ab', 404],
    ['unit separator (0x1F)', '/api/things/%1F', 404],
    ['a space (0x20) is an ordinary character', '/api/things/a%20b', 200],
    ['non-ASCII', '/api/things/%C3%A9', 200],
    ['a path outside the API prefix', '/other/a%00b', 200],
  ] as const)('%s: %i', async ([, path, status]) => {
    reached = 0;
    const response = await fetch(`${served.url}${path}?pretty=true`);
    expect([response.status, reached]).toEqual([status, status === 200 ? 1 : 0]);
    if (status === 404) {
      expect(await response.json()).toMatchObject({ errorCode: 'RESOURCE_NOT_FOUND', error: 404, parameters: [path] });
    }
  });
});
