/**
 * The deprecated config-server snapshots (mirrored config servers only, unsupported from database server 3.4 on):
 * list and get one. Every answer says so in headers a client can see without parsing the body: `Deprecation`
 * (RFC 9745: since 3.4's release, 2016-11-29) and a `Warning: 299` naming the replacement.
 */
import { paginate, parsePaging } from '@dbkit/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { newestFirst, originOf, type RouteContext, selfUrl, withOrigin } from '../http/context.js';

type ListParams = { groupId: string; hostId: string };
type OneParams = ListParams & { snapshotId: string };

/** 2016-11-29T00:00:00Z, the release of database server 3.4, as RFC 9745 writes it. */
const DEPRECATED_SINCE = '@1480377600';
const WARNING =
  '299 - "Deprecated: config server snapshots exist only for mirrored config servers, unsupported from database server 3.4 on; use /groups/{PROJECT-ID}/clusters/{CLUSTER-ID}/snapshots"';

function deprecated(reply: FastifyReply): FastifyReply {
  return reply.header('Deprecation', DEPRECATED_SINCE).header('Warning', WARNING);
}

export function registerConfigServerSnapshots(app: FastifyInstance, base: string, ctx: RouteContext): void {
  const path = `${base}/groups/:groupId/hosts/:hostId/snapshots`;

  app.get<{ Params: ListParams }>(path, async (request, reply) => {
    deprecated(reply);
    const { query, presentation } = request.dbkit;
    const paging = parsePaging(query);
    if (!paging.ok) return ctx.respond.error(reply, paging.error, presentation);
    const { groupId, hostId } = request.params;
    const host = await ctx.store.getHost(groupId, hostId);
    if (host === undefined) return ctx.respond.fail(reply, 'NOT_CONFIG_SERVER', [hostId]);
    const origin = originOf(request);
    const sorted = newestFirst(Object.values(host.snapshots), (s) => s.created.date);
    const page = paginate(sorted, paging.value, selfUrl(request));
    return ctx.respond.list(reply, { ...page, results: page.results.map((s) => withOrigin(s, origin)) }, presentation);
  });

  app.get<{ Params: OneParams }>(`${path}/:snapshotId`, async (request, reply) => {
    deprecated(reply);
    const { groupId, hostId, snapshotId } = request.params;
    const host = await ctx.store.getHost(groupId, hostId);
    if (host === undefined) return ctx.respond.fail(reply, 'NOT_CONFIG_SERVER', [hostId]);
    const snapshot = Object.hasOwn(host.snapshots, snapshotId) ? host.snapshots[snapshotId] : undefined;
    if (snapshot === undefined) return ctx.respond.fail(reply, 'CONFIG_SNAPSHOT_NOT_FOUND', [snapshotId, hostId]);
    return ctx.respond.one(reply, withOrigin(snapshot, originOf(request)), request.dbkit.presentation);
  });
}
