/** Every answered request lands in the request log with its outcome, on the service's clock; never a credential. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestLog } from '../../src/admin/requestLog.js';
import { requestLogging } from '../../src/plugins/requestLog.js';
import { digestSettings, type Served, serve } from './harness.js';

const log = new RequestLog();
const { clock } = digestSettings();
let served: Served;
beforeAll(async () => {
  served = await serve((app) => {
    app.register(requestLogging, { log, clock });
    app.get('/api/ok', async (request) => {
      request.dbkit.publicKey = 'PUB1';
      return { ok: true };
    });
    app.get('/api/refused', async (request, reply) => {
      request.dbkit.authFailure = 'bad-response';
      return reply.code(401).send({});
    });
  });
});
afterAll(() => served.close());

describe('requestLogging', () => {
  it('records method, URL, status, time and the key or the reason it was refused, never the Authorization header', async () => {
    log.clear();
    await fetch(`${served.url}/api/ok?pageNum=2`, { headers: { Authorization: 'Digest username="PUB1", secret' } });
    await fetch(`${served.url}/api/refused`, { method: 'GET' });
    await fetch(`${served.url}/nowhere`);
    const at = new Date(clock.now()).toISOString();
    expect(log.list().map(({ durationMs, ...entry }) => ({ ...entry, timed: durationMs >= 0 }))).toEqual([
      { at, method: 'GET', url: '/api/ok?pageNum=2', status: 200, publicKey: 'PUB1', timed: true },
      { at, method: 'GET', url: '/api/refused', status: 401, authFailure: 'bad-response', timed: true },
      { at, method: 'GET', url: '/nowhere', status: 404, timed: true },
    ]);
    expect(JSON.stringify(log.list())).not.toContain('Digest');
  });
});
