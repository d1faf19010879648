/**
 * Latency and faults (`/__dbkit/faults`), first of the API's hooks: a delayed or refused request never reaches
 * Digest, so a client's retries can be tested without a key. A fault answers as the service would, before `pretty`
 * and `envelope` are read (a compact, unwrapped body), or resets the connection.
 */
import { STATUS_CODES } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ApiErrorBody } from '@dbkit/core';
import type { Faults } from '../admin/faults.js';
import type { Responder } from '../http/respond.js';
import { REQUEST_STATE } from './requestState.js';
import { rootPlugin } from './rootPlugin.js';

export type FaultInjectionOptions = {
  /** The requests faults apply to: URLs that start with it (the API, never the admin API that sets them). */
  readonly apiPrefix: string;
  readonly faults: Faults;
  readonly respond: Responder;
};

/** Latency, then the first matching fault rule, on every request under `apiPrefix`. */
export const faultInjection = rootPlugin<FaultInjectionOptions>(
  { name: 'dbkit-faults', dependencies: [REQUEST_STATE] },
  (app, { apiPrefix, faults, respond }) => {
    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith(apiPrefix)) return undefined;
      if (faults.latencyMs > 0) await sleep(faults.latencyMs);
      const path = request.url.split('?')[0] ?? '';
      const fault = faults.match(request.method, path);
      if (fault?.kind === 'reset') {
        request.raw.socket.destroy();
        return reply.hijack();
      }
      if (fault?.kind === 'rate-limit') {
        reply.header('Retry-After', String(fault.retryAfterSeconds ?? 1));
        return respond.fail(reply, 'RATE_LIMITED', [path, 100, 1], 'Injected by /__dbkit/faults.');
      }
      if (fault?.kind === 'status') {
        const status = fault.status ?? 500;
        const body: ApiErrorBody = {
          detail: 'Unexpected error. Injected by /__dbkit/faults.',
          error: status,
          errorCode: 'UNEXPECTED_ERROR',
          parameters: [],
          reason: STATUS_CODES[status] ?? 'Error',
        };
        return respond.error(reply, body);
      }
      return undefined;
    });
  },
);
