/**
 * GET /groups/{PROJECT-ID}/clusters and /clusters/{CLUSTER-ID} (not in the spec, which takes cluster ids without
 * saying where they come from; the real service has them, and the vendor's Go client lists them): each cluster's id,
 * name and kind, which its newest snapshot's parts tell.
 */
import { type Cluster, paginate, parsePaging } from '@dbkit/core';
import type { FastifyInstance } from 'fastify';
import { originOf, type RouteContext, selfUrl, withOrigin } from '../http/context.js';
import type { StoredCluster } from '../state.js';

type Params = { groupId: string };
type OneParams = Params & { clusterId: string };

/**
 * The cluster as listed: a config server part, or more than one part, makes it sharded; a replica set names its
 * replica set. A cluster without snapshots is taken for the replica set of its name.
 */
export function clusterOf(stored: StoredCluster, groupId: string, base: string): Cluster {
  const newest = Object.values(stored.snapshots).sort((a, b) => (a.created.date < b.created.date ? 1 : -1))[0];
  const parts = newest?.parts ?? [];
  const sharded = parts.length > 1 || parts.some((part) => part.typeName !== 'REPLICA_SET');
  const common = {
    id: stored.id,
    groupId,
    clusterName: stored.name,
    links: [{ href: `${base}/groups/${groupId}/clusters/${stored.id}`, rel: 'self' }],
  };
  return sharded
    ? { ...common, typeName: 'SHARDED_REPLICA_SET' }
    : { ...common, typeName: 'REPLICA_SET', replicaSetName: parts[0]?.replicaSetName ?? stored.name };
}

export function registerClusters(app: FastifyInstance, base: string, ctx: RouteContext): void {
  const path = `${base}/groups/:groupId/clusters`;

  app.get<{ Params: Params }>(path, async (request, reply) => {
    const { query, presentation } = request.dbkit;
    const paging = parsePaging(query);
    if (!paging.ok) return ctx.respond.error(reply, paging.error, presentation);
    const { groupId } = request.params;
    const clusters = (await ctx.store.listClusters(groupId)).map((c) => clusterOf(c, groupId, base));
    const origin = originOf(request);
    const page = paginate(clusters, paging.value, selfUrl(request));
    return ctx.respond.list(reply, { ...page, results: page.results.map((c) => withOrigin(c, origin)) }, presentation);
  });

  app.get<{ Params: OneParams }>(`${path}/:clusterId`, async (request, reply) => {
    const { groupId, clusterId } = request.params;
    const cluster = await ctx.store.getCluster(groupId, clusterId);
    if (cluster === undefined) return ctx.respond.fail(reply, 'CLUSTER_NOT_FOUND', [clusterId, groupId]);
    const listed = withOrigin(clusterOf(cluster, groupId, base), originOf(request));
    return ctx.respond.one(reply, listed, request.dbkit.presentation);
  });
}
