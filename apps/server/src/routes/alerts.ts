/**
 * GET /groups/{PROJECT-ID}/alerts: the alerts list with the `status` filter. A TRACKING alert whose smallest
 * notification delay has ended while its condition persists is answered OPEN (the spec's one automatic transition),
 * as of the service's clock.
 */
import {
  type Alert,
  filterAlertsByStatus,
  formatTimestamp,
  nextAlertStatus,
  paginate,
  parseAlertStatusFilter,
  parsePaging,
  parseTimestamp,
  smallestNotificationDelay,
} from '@dbkit/core';
import type { FastifyInstance } from 'fastify';
import { newestFirst, originOf, type RouteContext, selfUrl, withOrigin } from '../http/context.js';
import type { StoredAlert } from '../state.js';

type Params = { groupId: string };

/** The alert as of `now`: TRACKING becomes OPEN once the smallest delay has ended (its `updated` is that moment). */
export function alertAt(stored: StoredAlert, now: number): Alert {
  const { alert } = stored;
  const status = nextAlertStatus(alert, stored, new Date(now));
  if (status === alert.status || status !== 'OPEN') return alert;
  const created = parseTimestamp(alert.created) ?? now;
  const openedAt = created + smallestNotificationDelay(stored.notificationDelaysMinutes) * 60_000;
  return { ...alert, status: 'OPEN', updated: formatTimestamp(openedAt) } as Alert;
}

export function registerAlerts(app: FastifyInstance, base: string, ctx: RouteContext): void {
  app.get<{ Params: Params }>(`${base}/groups/:groupId/alerts`, async (request, reply) => {
    const { query, presentation } = request.dbkit;
    const paging = parsePaging(query);
    if (!paging.ok) return ctx.respond.error(reply, paging.error, presentation);
    const status = parseAlertStatusFilter(query.status);
    if (!status.ok) return ctx.respond.error(reply, status.error, presentation);
    const now = ctx.clock.now();
    const alerts = (await ctx.store.listAlerts(request.params.groupId)).map((stored) => alertAt(stored, now));
    const origin = originOf(request);
    const chosen = newestFirst(filterAlertsByStatus(alerts, status.value), (alert) => alert.created);
    const page = paginate(chosen, paging.value, selfUrl(request));
    return ctx.respond.list(reply, { ...page, results: page.results.map((a) => withOrigin(a, origin)) }, presentation);
  });
}
