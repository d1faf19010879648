/**
 * No identifier contains a C0 control character (NUL, tab, newline…), so a path parameter with one is 404
 * `RESOURCE_NOT_FOUND` before any store is asked: PostgreSQL cannot even compare a text with NUL, and would answer
 * 500 where the memory store answers 404.
 */
import type { Responder } from '../http/respond.js';
import { REQUEST_STATE } from './requestState.js';
import { rootPlugin } from './rootPlugin.js';

export type IdentifiersOptions = {
  /** The requests to check: URLs that start with it. */
  readonly apiPrefix: string;
  readonly respond: Responder;
};

/** Whether `value` holds a C0 control character, which no identifier contains. */
function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index++) if (value.charCodeAt(index) < 0x20) return true;
  return false;
}

/** 404 `RESOURCE_NOT_FOUND` for a path parameter with a control character. */
export const identifiers = rootPlugin<IdentifiersOptions>(
  { name: 'dbkit-identifiers', dependencies: [REQUEST_STATE] },
  (app, { apiPrefix, respond }) => {
    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith(apiPrefix)) return undefined;
      const params = Object.values((request.params ?? {}) as Record<string, string>);
      if (!params.some(hasControlCharacter)) return undefined;
      const path = (request.url.split('?')[0] ?? '').slice(0, 200);
      return respond.fail(reply, 'RESOURCE_NOT_FOUND', [path], 'Identifiers never contain control characters.');
    });
  },
);
