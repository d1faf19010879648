/**
 * The alerts of a project: the list with the `status` filter, one alert (its `self` link), and acknowledging one.
 * An alert is a stored one (the seed's), whose TRACKING becomes OPEN once the smallest notification delay has ended
 * (the spec's one automatic transition, as of the service's clock), or a HOST_DOWN alert the simulated agents raise
 * (`../agents.ts`). Acknowledgements are kept apart and applied to either.
 */
import {
  type Alert,
  acknowledgementRecord,
  filterAlertsByStatus,
  formatTimestamp,
  nextAlertStatus,
  paginate,
  parseAlertAcknowledgement,
  parseAlertStatusFilter,
  parsePaging,
  parseTimestamp,
  smallestNotificationDelay,
  withAcknowledgement,
} from '@dbkit/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { hostDownAlerts, timelineOf } from '../agents.js';
import { newestFirst, originOf, type RouteContext, selfUrl, withOrigin } from '../http/context.js';
import type { StoredAlert } from '../state.js';
import { readJsonBody } from './body.js';

type Params = { groupId: string };
type OneParams = Params & { alertId: string };

/** The alert as of `now`: TRACKING becomes OPEN once the smallest delay has ended (its `updated` is that moment). */
export function alertAt(stored: StoredAlert, now: number): Alert {
  const { alert } = stored;
  const status = nextAlertStatus(alert, stored, new Date(now));
  if (status === alert.status || status !== 'OPEN') return alert;
  const created = parseTimestamp(alert.created) ?? now;
  const openedAt = created + smallestNotificationDelay(stored.notificationDelaysMinutes) * 60_000;
  return { ...alert, status: 'OPEN', updated: formatTimestamp(openedAt) } as Alert;
}

/** Every alert of a project as of the service's clock, acknowledgements applied. */
async function alertsOf(ctx: RouteContext, base: string, groupId: string): Promise<readonly Alert[]> {
  const now = ctx.clock.now();
  const [stored, config, acknowledgements] = await Promise.all([
    ctx.store.listAlerts(groupId),
    ctx.store.getAutomationConfig(groupId),
    ctx.store.getAlertAcknowledgements(groupId),
  ]);
  // Without a recorded revision or fault no process was ever down: no need to read the config.
  const derived =
    config?.agents === undefined
      ? []
      : hostDownAlerts(
          groupId,
          timelineOf(config, () => ctx.configs.get(groupId, config)?.document, ctx.agents),
          ctx.agents,
          base,
          now,
        );
  return [...stored.map((s) => alertAt(s, now)), ...derived].map((alert) =>
    withAcknowledgement(alert, acknowledgements[alert.id]),
  );
}

function notFound(ctx: RouteContext, reply: FastifyReply, alertId: string): FastifyReply {
  return ctx.respond.fail(
    reply,
    'RESOURCE_NOT_FOUND',
    [`Alert with id ${alertId}`],
    'List the project’s alerts for their ids.',
  );
}

export function registerAlerts(app: FastifyInstance, base: string, ctx: RouteContext): void {
  const path = `${base}/groups/:groupId/alerts`;

  app.get<{ Params: Params }>(path, async (request, reply) => {
    const { query, presentation } = request.dbkit;
    const paging = parsePaging(query);
    if (!paging.ok) return ctx.respond.error(reply, paging.error, presentation);
    const status = parseAlertStatusFilter(query.status);
    if (!status.ok) return ctx.respond.error(reply, status.error, presentation);
    const alerts = await alertsOf(ctx, base, request.params.groupId);
    const origin = originOf(request);
    const chosen = newestFirst(filterAlertsByStatus(alerts, status.value), (alert) => alert.created);
    const page = paginate(chosen, paging.value, selfUrl(request));
    return ctx.respond.list(reply, { ...page, results: page.results.map((a) => withOrigin(a, origin)) }, presentation);
  });

  app.get<{ Params: OneParams }>(`${path}/:alertId`, async (request, reply) => {
    const { groupId, alertId } = request.params;
    const alert = (await alertsOf(ctx, base, groupId)).find((a) => a.id === alertId);
    if (alert === undefined) return notFound(ctx, reply, alertId);
    return ctx.respond.one(reply, withOrigin(alert, originOf(request)), request.dbkit.presentation);
  });

  app.patch<{ Params: OneParams }>(`${path}/:alertId`, async (request, reply) => {
    const { groupId, alertId } = request.params;
    const { presentation, publicKey } = request.dbkit;
    const body = readJsonBody(request.body);
    if (!body.ok) return ctx.respond.error(reply, body.error, presentation);
    const parsed = parseAlertAcknowledgement(body.value);
    if (!parsed.ok) return ctx.respond.error(reply, parsed.error, presentation);
    const alert = (await alertsOf(ctx, base, groupId)).find((a) => a.id === alertId);
    if (alert === undefined) return notFound(ctx, reply, alertId);
    // An API key acts as its public key: the real service echoes it as the acknowledging user name.
    const record = acknowledgementRecord(parsed.value, publicKey ?? '', new Date(ctx.clock.now()));
    await ctx.store.setAlertAcknowledgement(groupId, alertId, record);
    return ctx.respond.one(reply, withOrigin(withAcknowledgement(alert, record), originOf(request)), presentation);
  });
}
