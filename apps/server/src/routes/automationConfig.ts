/**
 * GET and PUT /groups/{PROJECT-ID}/automationConfig (not in the spec; the real service has them, domain.md §9).
 * PUT validates with core's `validateAutomationConfig` and refuses a document with errors (400, with the same codes
 * and paths an editor shows), refuses an unsafe transition from the stored revision (core's `planTransition`; 400
 * unless `?allowUnsafeTransition=true`), keeps unknown fields (the exact text is stored), and accepts only a
 * `version` higher than the stored one: a stale write gets 409 and nothing stored changes. GET returns exactly what
 * was stored.
 */
import type { FastifyInstance } from 'fastify';
import { putRevision } from '../automationConfig/publish.js';
import type { RouteContext } from '../http/context.js';
import { bodyText } from './body.js';

export { invalidConfigBody, unsafeTransitionBody } from '../automationConfig/publish.js';

type Params = { groupId: string };

export function registerAutomationConfig(app: FastifyInstance, base: string, ctx: RouteContext): void {
  const path = `${base}/groups/:groupId/automationConfig`;

  app.get<{ Params: Params }>(path, async (request, reply) => {
    const { presentation } = request.dbkit;
    const stored = await ctx.store.getAutomationConfig(request.params.groupId);
    if (stored === undefined) return ctx.respond.fail(reply, 'GROUP_NOT_FOUND', [request.params.groupId]);
    if (!presentation.pretty && !presentation.envelope) {
      // Byte for byte what was stored: unknown fields, key order and number spellings (1.0) are kept.
      return ctx.respond.raw(reply, stored.text);
    }
    return ctx.respond.one(reply, JSON.parse(stored.text) as unknown, presentation);
  });

  app.put<{ Params: Params }>(path, async (request, reply) => {
    const { presentation } = request.dbkit;
    const outcome = await putRevision(ctx, request.params.groupId, bodyText(request.body), {
      allowUnsafeTransition: request.dbkit.query.allowUnsafeTransition === 'true',
    });
    // The real service answers an accepted PUT with an empty object (domain.md §9).
    if (outcome.kind === 'stored') return ctx.respond.one(reply, {}, presentation);
    return ctx.respond.error(reply, outcome.error, presentation);
  });
}
