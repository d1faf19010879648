import type { JsonPath } from '../../validation/diagnostic.js';
import type { JsonObject } from '../../validation/util.js';
import { keyedItems, type Pair, type PlanCollector } from '../context.js';
import { type ListNames, planListItems } from '../renames.js';
import { changedKeys } from './processes.js';

const CLUSTERS: ListNames = {
  list: 'sharding',
  key: 'name',
  noun: 'sharded cluster',
  was: 'cluster',
  renamed: (name, newName) =>
    `Sharded cluster ${name} is renamed ${newName} (same config server replica set): the agent treats it as a removal plus an addition. Routers whose cluster is ${name} and the balancer settings keyed by it must use ${newName} in this revision.`,
};

/** sharding[]: clusters, shards (removal drains), config servers. */
export function planSharding(c: PlanCollector, pair: Pair): void {
  if (pair.from.sharding === pair.to.sharding) return;
  planListItems(
    c,
    pair,
    CLUSTERS,
    (s) => nonEmpty(s.configServerReplica),
    (fate) => planCluster(c, pair, fate.key, fate.from.item, fate.from.index, fate.to.item, fate.to.index),
  );
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function draining(cluster: JsonObject): readonly unknown[] {
  return Array.isArray(cluster.draining) ? cluster.draining : [];
}

function planCluster(
  c: PlanCollector,
  { to }: Pair,
  name: string,
  a: JsonObject,
  i: number,
  b: JsonObject,
  j: number,
): void {
  const fromPath: JsonPath = ['sharding', i];
  const toPath: JsonPath = ['sharding', j];
  const before = keyedItems(a.shards, (s) => s._id);
  const after = keyedItems(b.shards, (s) => s._id);
  const replicaSets = keyedItems(to.replicaSets, (rs) => rs._id);
  for (const [id, shard] of before) {
    const now = after.get(id);
    const shardPath = [...fromPath, 'shards', shard.index];
    if (now) {
      const fields = changedKeys(shard.item, now.item);
      if (fields.length > 0) {
        c.change(
          'sharding',
          'change',
          `cluster ${c.quote(name)}: shard ${c.quote(id)} ${c.names(fields)} changed`,
          shardPath,
          [...toPath, 'shards', now.index],
        );
      }
      continue;
    }
    c.change(
      'sharding',
      'remove',
      `cluster ${c.quote(name)}: shard ${c.quote(id)} removed (its data is drained first)`,
      shardPath,
      undefined,
    );
    const rs = nonEmpty(shard.item.rs) ?? id;
    const listed = draining(b).includes(rs);
    c.report(
      'DBK620',
      'from',
      shardPath,
      `Shard ${c.quote(id)} of cluster ${c.quote(name)} is removed: the cluster first moves its data to the other shards, which takes time and load. Keep replica set ${c.quote(rs)} and its processes until the drain finishes${listed ? '' : `, and list ${c.quote(rs)} in sharding[].draining so the agent keeps restarting them as shard members`}.`,
    );
    if (!replicaSets.has(rs)) {
      c.report(
        'DBK621',
        'from',
        shardPath,
        `Shard ${c.quote(id)} is removed together with its replica set ${c.quote(rs)}: the data still on the shard has nowhere to drain from. Remove the shard first, and its replica set in a later revision once the drain has finished.`,
      );
    }
  }
  for (const [id, shard] of after) {
    if (!before.has(id))
      c.change('sharding', 'add', `cluster ${c.quote(name)}: shard ${c.quote(id)} added`, undefined, [
        ...toPath,
        'shards',
        shard.index,
      ]);
  }
  planConfigServer(c, name, a, b, fromPath, toPath);
  const others = changedKeys(a, b).filter((k) => k !== 'shards' && k !== 'configServerReplica' && k !== 'name');
  if (others.length > 0)
    c.change('sharding', 'change', `cluster ${c.quote(name)}: ${c.names(others)} changed`, fromPath, toPath);
}

function planConfigServer(
  c: PlanCollector,
  name: string,
  a: JsonObject,
  b: JsonObject,
  fromPath: JsonPath,
  toPath: JsonPath,
): void {
  const before = nonEmpty(a.configServerReplica);
  const after = nonEmpty(b.configServerReplica);
  if (before === after) return;
  const path = b.configServerReplica === undefined ? toPath : [...toPath, 'configServerReplica'];
  const related = before
    ? [
        {
          document: 'from' as const,
          path: [...fromPath, 'configServerReplica'],
          message: `deployed: ${c.quote(before)}`,
        },
      ]
    : [];
  c.change(
    'sharding',
    'reconfig',
    `cluster ${c.quote(name)}: configServerReplica ${before ? `${c.quote(before)}` : 'unset'} → ${after ? `${c.quote(after)}` : 'unset'}`,
    before ? [...fromPath, 'configServerReplica'] : fromPath,
    path,
  );
  if (before) {
    c.report(
      'DBK622',
      'to',
      path,
      `Cluster ${c.quote(name)} changes its config server replica set from ${c.quote(before)} to ${after ? `${c.quote(after)}` : 'none'}: the cluster's metadata lives on ${c.quote(before)}, and no revision can move it. To replace config servers, replace the members of ${c.quote(before)} one at a time.`,
      related,
    );
  } else if (Array.isArray(a.configServer) && a.configServer.length > 0) {
    c.report(
      'DBK623',
      'to',
      path,
      `Cluster ${c.quote(name)} gets config server replica set ${c.quote(after)} while it runs mirrored config servers: this starts the SCCC → CSRS migration. Keep configServer until the migration has finished, then remove it in a later revision.`,
    );
  }
}
