/**
 * Repeated GETs of stored resources are answered from the cache, headers and bytes as the route sent them, until the
 * store's revision moves (a write); alerts, other methods, non-200 answers and stores without a revision are never
 * reused.
 */

import type { FastifyReply } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PLAIN } from '../../src/http/respond.js';
import { responseCache } from '../../src/plugins/responseCache.js';
import { respond, type Served, serve } from './harness.js';

const BASE = '/api/public/v1.0/groups/g1';
let served: Served;
let revision: number | undefined;
let answered = 0;
let status = 200;
beforeAll(async () => {
  served = await serve((app) => {
    app.register(responseCache, { revision: () => revision, capacity: 2 });
    const read = async (_request: unknown, reply: FastifyReply) => {
      answered++;
      reply.header('X-Answer', String(answered));
      return status === 200
        ? respond.one(reply, { answer: answered }, PLAIN)
        : respond.fail(reply, 'GROUP_NOT_FOUND', ['g1']);
    };
    app.get(`${BASE}/automationConfig`, read);
    app.get(`${BASE}/clusters/:clusterId/snapshots`, read);
    app.get(`${BASE}/alerts`, read);
    app.put(`${BASE}/automationConfig`, async (_request, reply) => {
      if (revision !== undefined) revision++;
      return respond.one(reply, {}, PLAIN);
    });
  });
});
afterAll(() => served.close());
beforeEach(() => {
  revision = 1;
  answered = 0;
  status = 200;
});

const get = async (path: string) => {
  const response = await fetch(`${served.url}${BASE}${path}`);
  return { status: response.status, answer: response.headers.get('x-answer'), body: await response.text() };
};

describe('responseCache', () => {
  it('a repeated GET is served from the cache, and a write makes the next one read again', async () => {
    const first = await get('/automationConfig');
    expect(await get('/automationConfig')).toEqual(first);
    expect(answered).toBe(1);
    await fetch(`${served.url}${BASE}/automationConfig`, { method: 'PUT' });
    const after = await get('/automationConfig');
    expect([after.body, answered]).toEqual(['{"answer":2}', 2]);
    expect(await get('/automationConfig')).toEqual(after);
  });

  it.for([
    ['alerts (their status moves with the clock)', '/alerts', 1, 200],
    ['a store without a revision (other instances write)', '/automationConfig', undefined, 200],
    ['a non-200 answer', '/automationConfig', 1, 404],
  ] as const)('never reuses %s', async ([, path, storeRevision, answerStatus]) => {
    revision = storeRevision;
    status = answerStatus;
    await get(path);
    await get(path);
    expect(answered).toBe(2);
  });

  it('each URL (query included) is its own entry, and the oldest goes first beyond the capacity', async () => {
    for (const path of ['/clusters/c1/snapshots', '/clusters/c1/snapshots?completed=all', '/clusters/c1/snapshots']) {
      await get(path);
    }
    expect(answered).toBe(2);
    await get('/automationConfig');
    await get('/clusters/c1/snapshots');
    expect(answered).toBe(4);
  });
});
