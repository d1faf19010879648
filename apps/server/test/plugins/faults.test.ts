/**
 * Injected faults answer before any route: an error status, 429 with `Retry-After`, or a reset connection, for the
 * requests a rule matches, as many times as it says; latency delays every guarded request.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FaultRule, Faults } from '../../src/admin/faults.js';
import { faultInjection } from '../../src/plugins/faults.js';
import { respond, type Served, serve } from './harness.js';

const faults = new Faults();
let served: Served;
let reached = 0;
beforeAll(async () => {
  served = await serve((app) => {
    app.register(faultInjection, { apiPrefix: '/api/', faults, respond });
    const handler = async () => {
      reached++;
      return { reached: true };
    };
    app.get('/api/things', handler);
    app.put('/api/things', handler);
    app.get('/other', handler);
  });
});
afterAll(() => served.close());
afterEach(() => {
  faults.set({ latencyMs: 0, rules: [] });
  reached = 0;
});

const rule = (fields: Partial<FaultRule>): FaultRule => ({ path: '/things', kind: 'status', status: 503, ...fields });

describe('faultInjection', () => {
  it.for([
    [
      'an error status',
      rule({}),
      503,
      { errorCode: 'UNEXPECTED_ERROR', error: 503, reason: 'Service Unavailable', parameters: [] },
    ],
    [
      'a rate limit',
      rule({ kind: 'rate-limit', retryAfterSeconds: 7 }),
      429,
      { errorCode: 'RATE_LIMITED', error: 429, parameters: ['/api/things', 100, 1] },
    ],
  ] as const)('%s is answered before the route, as the service answers errors', async ([, fault, status, body]) => {
    faults.set({ latencyMs: 0, rules: [fault] });
    const response = await fetch(`${served.url}/api/things?pretty=true`);
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject(body);
    expect(response.headers.get('x-error-code')).toBe(body.errorCode);
    expect(response.headers.get('retry-after')).toBe(fault.kind === 'rate-limit' ? '7' : null);
    expect(reached).toBe(0);
  });

  it('a reset closes the connection without an answer', async () => {
    faults.set({ latencyMs: 0, rules: [rule({ kind: 'reset' })] });
    await expect(fetch(`${served.url}/api/things`)).rejects.toThrow();
    expect(reached).toBe(0);
  });

  it.for([
    ['a rule used up after `times`', [rule({ times: 1 })], 'GET', '/api/things', [503, 200]],
    ['a rule for another method', [rule({ method: 'PUT' })], 'GET', '/api/things', [200, 200]],
    ['a rule for another path', [rule({ path: '/alerts' })], 'GET', '/api/things', [200, 200]],
    ['a path outside the API prefix', [rule({ path: '' })], 'GET', '/other', [200, 200]],
    ['a rule for the method', [rule({ method: 'PUT' })], 'PUT', '/api/things', [503, 503]],
  ] as const)('%s: statuses %j', async ([, rules, method, path, statuses]) => {
    faults.set({ latencyMs: 0, rules });
    const seen: number[] = [];
    for (const _ of statuses) seen.push((await fetch(`${served.url}${path}`, { method })).status);
    expect(seen).toEqual(statuses);
  });

  it('latency delays a guarded request, then the route answers', async () => {
    faults.set({ latencyMs: 150, rules: [] });
    const started = performance.now();
    const response = await fetch(`${served.url}/api/things`);
    expect(response.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });
});
