/**
 * The common query parameters of every endpoint, `pretty` and `envelope`, read once per API request into
 * `request.dbkit.presentation` for the routes and for later errors; a value other than true or false is 400
 * `INVALID_QUERY_PARAMETER`. Answers sent before this plugin runs (faults, 401s, the project check) stay compact
 * and unwrapped.
 */
import { type ApiErrorBody, parseBooleanQuery } from '@dbkit/core';
import type { Presentation, Responder } from '../http/respond.js';
import { REQUEST_STATE } from './requestState.js';
import { rootPlugin } from './rootPlugin.js';

export type PresentationOptions = {
  /** The requests that take `pretty` and `envelope`: URLs that start with it. */
  readonly apiPrefix: string;
  readonly respond: Responder;
};

/** `pretty` and `envelope` from a request's query, or the 400 body for the first one that is not true or false. */
export function readPresentation(
  query: Readonly<Record<string, string>>,
): { ok: true; value: Presentation } | { ok: false; error: ApiErrorBody } {
  const pretty = parseBooleanQuery('pretty', query.pretty);
  if (!pretty.ok) return pretty;
  const wrapped = parseBooleanQuery('envelope', query.envelope);
  if (!wrapped.ok) return wrapped;
  return { ok: true, value: { pretty: pretty.value, envelope: wrapped.value } };
}

/** Reads `pretty` and `envelope` into `request.dbkit.presentation`, or answers 400. */
export const presentation = rootPlugin<PresentationOptions>(
  { name: 'dbkit-presentation', dependencies: [REQUEST_STATE] },
  (app, { apiPrefix, respond }) => {
    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith(apiPrefix)) return undefined;
      const read = readPresentation(request.dbkit.query);
      if (!read.ok) return respond.error(reply, read.error);
      request.dbkit.presentation = read.value;
      return undefined;
    });
  },
);
