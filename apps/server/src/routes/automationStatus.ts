/**
 * GET /groups/{PROJECT-ID}/automationStatus (not in the spec; the real service has it, and every script that pushes a
 * config polls it): the newest config's version as `goalVersion`, and each process with the last version its
 * simulated agent reached and the moves it has left. Derived from the stored record at the service's clock, so every
 * instance sharing a store answers the same.
 */
import { automationStatusAt } from '@dbkit/core/agents';
import type { FastifyInstance } from 'fastify';
import { timelineOf } from '../agents.js';
import type { RouteContext } from '../http/context.js';

type Params = { groupId: string };

export function registerAutomationStatus(app: FastifyInstance, base: string, ctx: RouteContext): void {
  app.get<{ Params: Params }>(`${base}/groups/:groupId/automationStatus`, async (request, reply) => {
    const { groupId } = request.params;
    const config = await ctx.store.getAutomationConfig(groupId);
    if (config === undefined) return ctx.respond.fail(reply, 'GROUP_NOT_FOUND', [groupId]);
    const timeline = timelineOf(config, () => ctx.configs.get(groupId, config)?.document, ctx.agents);
    return ctx.respond.one(reply, automationStatusAt(timeline, ctx.clock.now()), request.dbkit.presentation);
  });
}
