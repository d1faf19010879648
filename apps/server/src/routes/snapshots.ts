/**
 * Cluster snapshots: list (`completed` = true | false | all), get one, and PATCH its expiry with core's rules. A
 * snapshot whose `expires` has passed stays visible (and uneditable) until the next expiry sweep deletes it: the
 * spec's "deletion at the service's next opportunity; immediate deletion is not guaranteed".
 */
import {
  applySnapshotPatch,
  filterSnapshotsByCompleted,
  paginate,
  parseCompletedFilter,
  parsePaging,
} from '@dbkit/core';
import type { FastifyInstance } from 'fastify';
import { newestFirst, originOf, type RouteContext, selfUrl, withOrigin } from '../http/context.js';
import { readJsonBody } from './body.js';

type ListParams = { groupId: string; clusterId: string };
type OneParams = ListParams & { snapshotId: string };

export function registerSnapshots(app: FastifyInstance, base: string, ctx: RouteContext): void {
  const path = `${base}/groups/:groupId/clusters/:clusterId/snapshots`;

  app.get<{ Params: ListParams }>(path, async (request, reply) => {
    const { query, presentation } = request.dbkit;
    const paging = parsePaging(query);
    if (!paging.ok) return ctx.respond.error(reply, paging.error, presentation);
    const completed = parseCompletedFilter(query.completed);
    if (!completed.ok) return ctx.respond.error(reply, completed.error, presentation);
    const { groupId, clusterId } = request.params;
    const cluster = await ctx.store.getCluster(groupId, clusterId);
    if (cluster === undefined) return ctx.respond.fail(reply, 'CLUSTER_NOT_FOUND', [clusterId, groupId]);
    const origin = originOf(request);
    const chosen = filterSnapshotsByCompleted(Object.values(cluster.snapshots), completed.value);
    const page = paginate(
      newestFirst(chosen, (s) => s.created.date),
      paging.value,
      selfUrl(request),
    );
    return ctx.respond.list(reply, { ...page, results: page.results.map((s) => withOrigin(s, origin)) }, presentation);
  });

  app.get<{ Params: OneParams }>(`${path}/:snapshotId`, async (request, reply) => {
    const { groupId, clusterId, snapshotId } = request.params;
    const cluster = await ctx.store.getCluster(groupId, clusterId);
    if (cluster === undefined) return ctx.respond.fail(reply, 'CLUSTER_NOT_FOUND', [clusterId, groupId]);
    const snapshot = Object.hasOwn(cluster.snapshots, snapshotId) ? cluster.snapshots[snapshotId] : undefined;
    if (snapshot === undefined) return ctx.respond.fail(reply, 'SNAPSHOT_NOT_FOUND', [snapshotId, clusterId]);
    return ctx.respond.one(reply, withOrigin(snapshot, originOf(request)), request.dbkit.presentation);
  });

  app.patch<{ Params: OneParams }>(`${path}/:snapshotId`, async (request, reply) => {
    const { groupId, clusterId, snapshotId } = request.params;
    const body = readJsonBody(request.body);
    if (!body.ok) return ctx.respond.error(reply, body.error, request.dbkit.presentation);
    if ((await ctx.store.getCluster(groupId, clusterId)) === undefined) {
      return ctx.respond.fail(reply, 'CLUSTER_NOT_FOUND', [clusterId, groupId]);
    }
    const outcome = await ctx.store.updateClusterSnapshot(groupId, clusterId, snapshotId, (current) => {
      const result = applySnapshotPatch(current, body.value, new Date(ctx.clock.now()));
      return result.ok ? { ok: true, value: result.snapshot } : result;
    });
    if (outcome === 'not-found') return ctx.respond.fail(reply, 'SNAPSHOT_NOT_FOUND', [snapshotId, clusterId]);
    if (!outcome.ok) return ctx.respond.error(reply, outcome.error, request.dbkit.presentation);
    return ctx.respond.one(reply, withOrigin(outcome.value, originOf(request)), request.dbkit.presentation);
  });
}
