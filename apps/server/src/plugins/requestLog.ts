/**
 * Every answered request into the request log (`GET /__dbkit/requests`): method, URL, status, duration, and the
 * public key or why authentication failed. Never the `Authorization` header or a body.
 */
import type { RequestLog } from '../admin/requestLog.js';
import type { Clock } from '../clock.js';
import { REQUEST_STATE } from './requestState.js';
import { rootPlugin } from './rootPlugin.js';

export type RequestLoggingOptions = {
  readonly log: RequestLog;
  readonly clock: Clock;
};

/** Adds every answered request to `log` once its response is sent. */
export const requestLogging = rootPlugin<RequestLoggingOptions>(
  { name: 'dbkit-request-log', dependencies: [REQUEST_STATE] },
  (app, { log, clock }) => {
    app.addHook('onResponse', async (request, reply) => {
      const state = request.dbkit;
      log.add({
        at: new Date(clock.now()).toISOString(),
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        durationMs: Math.round((performance.now() - (state?.startedAt ?? performance.now())) * 100) / 100,
        ...(state?.publicKey ? { publicKey: state.publicKey } : {}),
        ...(state?.authFailure ? { authFailure: state.authFailure } : {}),
      });
    });
  },
);
