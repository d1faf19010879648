/**
 * `request.dbkit`, set first on every request: when it started, its query as single values, and the plain
 * presentation until the presentation plugin reads `pretty` and `envelope`. Every later hook and route reads it.
 */
import { PLAIN, queryOf } from '../http/respond.js';
import { rootPlugin } from './rootPlugin.js';

/** The plugin's name, which the plugins that read `request.dbkit` depend on. */
export const REQUEST_STATE = 'dbkit-request-state';

/** Decorates requests with `dbkit` and fills it first on every request. */
export const requestState = rootPlugin({ name: REQUEST_STATE }, (app) => {
  app.decorateRequest('dbkit', undefined as never);
  app.addHook('onRequest', async (request) => {
    request.dbkit = { startedAt: performance.now(), query: queryOf(request), presentation: PLAIN };
  });
});
