/**
 * The service's error body for what no route answers: an unknown path (404 `RESOURCE_NOT_FOUND`), a body over the
 * limit (413 `REQUEST_BODY_TOO_LARGE`), another client error fastify raises (400 `INVALID_JSON`), and anything a
 * route throws (500 `UNEXPECTED_ERROR`, reported through `warn`, never a stack trace in the answer). A malformed URL
 * is refused before routing and any plugin: {@link frameworkErrorBody} answers it, through fastify's option.
 */
import { apiError } from '@dbkit/core';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Responder } from '../http/respond.js';
import { rootPlugin } from './rootPlugin.js';

export type ErrorBodiesOptions = {
  readonly respond: Responder;
  /** The body limit, named in the 413. */
  readonly bodyLimit: number;
  /** Reports an unexpected error (a bug): the method, URL and stack. */
  readonly warn: (message: string) => void;
};

/** The not-found and error handlers, answering with the service's error body. */
export const errorBodies = rootPlugin<ErrorBodiesOptions>(
  { name: 'dbkit-errors' },
  (app, { respond, bodyLimit, warn }) => {
    app.setNotFoundHandler((request, reply) => {
      const path = (request.url.split('?')[0] ?? '').slice(0, 200);
      respond.fail(reply, 'RESOURCE_NOT_FOUND', [`${request.method} ${path}`], 'See the endpoints in the spec.');
    });
    app.setErrorHandler((error: Error & { code?: string; statusCode?: number }, request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return respond.fail(reply, 'REQUEST_BODY_TOO_LARGE', [bodyLimit], 'Send a smaller body.');
      }
      if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
        return respond.fail(reply, 'INVALID_JSON', [], error.message);
      }
      warn(`dbkit server: unexpected error on ${request.method} ${request.url}: ${error.stack ?? error.message}`);
      return respond.fail(reply, 'UNEXPECTED_ERROR', []);
    });
  },
);

/**
 * fastify's `frameworkErrors` option: a URL the router cannot read (`/%zz`) gets the service's 404 body too.
 *
 * @example
 * const app = Fastify({ frameworkErrors: frameworkErrorBody(respond) });
 */
export function frameworkErrorBody(
  respond: Responder,
): (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void {
  return (error, request, reply) => {
    respond.error(reply, apiError('RESOURCE_NOT_FOUND', [request.url.slice(0, 200)], { hint: error.message }));
  };
}
