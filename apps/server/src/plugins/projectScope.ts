/**
 * A key serves its own project: a request under `/groups/{PROJECT-ID}` with a key of any other project, existing or
 * not, is 401 `NOT_IN_GROUP` with a fresh challenge (docs/decisions/service.md, "A key serves its own project").
 * Runs after authentication, which says whose key it is.
 */
import type { Responder } from '../http/respond.js';
import { AUTHENTICATION } from './authentication.js';
import { rootPlugin } from './rootPlugin.js';

export type ProjectScopeOptions = {
  /** The requests to check: URLs that start with it. */
  readonly apiPrefix: string;
  readonly respond: Responder;
  /** A `WWW-Authenticate` value with a fresh nonce: a 401 carries a challenge (RFC 9110 §15.5.2). */
  readonly challenge: () => string;
};

/** 401 `NOT_IN_GROUP` for a `groupId` path parameter other than the key's project. */
export const projectScope = rootPlugin<ProjectScopeOptions>(
  { name: 'dbkit-project-scope', dependencies: [AUTHENTICATION] },
  (app, { apiPrefix, respond, challenge }) => {
    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith(apiPrefix)) return undefined;
      const groupId = (request.params as { groupId?: string } | undefined)?.groupId;
      const { keyGroupId, publicKey } = request.dbkit;
      if (groupId === undefined || groupId === keyGroupId) return undefined;
      reply.header('WWW-Authenticate', challenge());
      return respond.fail(
        reply,
        'NOT_IN_GROUP',
        [],
        `API key ${publicKey} is not a key of project ${groupId}; use one of its keys.`,
      );
    });
  },
);
