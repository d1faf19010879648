/** `request.dbkit` is there for every route: the query as single values and the plain presentation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Served, serve } from './harness.js';

let served: Served;
beforeAll(async () => {
  served = await serve((app) => {
    app.get('/anything', async (request) => ({ query: request.dbkit.query, presentation: request.dbkit.presentation }));
  });
});
afterAll(() => served.close());

describe('requestState', () => {
  it.for([
    ['no query', '', {}],
    ['one parameter', '?pageNum=2', { pageNum: '2' }],
    ['a repeated parameter: the first wins', '?status=OPEN&status=CLOSED', { status: 'OPEN' }],
    ['an encoded value', '?name=a%20b&flag', { name: 'a b', flag: '' }],
  ] as const)('reads %s', async ([, query, expected]) => {
    const body = await (await fetch(`${served.url}/anything${query}`)).json();
    expect(body).toEqual({ query: expected, presentation: { pretty: false, envelope: false } });
  });
});
