import type { Collector } from '../context.js';
import { type JsonPath, pathTo } from '../diagnostic.js';
import { processAt, type ReferenceIndex } from '../model.js';
import { checkShape, checkShapeAt, forEachItem } from '../shape.js';
import {
  activeWindowShape,
  balancerSettingsShape,
  changeStreamOptionsShape,
  clusterWideShape,
  preAndPostImagesShape,
  shardedClusterShape,
  shardShape,
} from '../shapes.js';
import { closestMatches, didYouMean, isObject, type JsonObject, parseServerVersion } from '../util.js';
import { checkReference, checkUnique, findReference, References, reportDanglingReference } from './references.js';

/** sharding[]: shapes, names matching shard routers, shard and config-server replica sets. */
export function checkSharding(c: Collector, doc: JsonObject, refs: ReferenceIndex): void {
  const clusters = doc.sharding;
  if (Array.isArray(clusters)) {
    for (let i = 0; i < clusters.length; i++) {
      const path: JsonPath = ['sharding', i];
      const cluster = checkShape(c, clusters[i], path, shardedClusterShape);
      if (cluster) checkShardedCluster(c, cluster, path, refs);
    }
  }
  checkUnique(c, doc, refs, 'sharding', 'name', 'the sharded cluster');
}

function checkShardedCluster(c: Collector, cluster: JsonObject, path: JsonPath, refs: ReferenceIndex): void {
  if (typeof cluster.name === 'string' && !refs.routerClusters.has(cluster.name)) {
    c.report(
      'DBK211',
      [...path, 'name'],
      `No shard router serves sharded cluster ${c.quote(cluster.name)}: sharding[].name must correspond to the "cluster" of its "dbs" processes. Add a "dbs" process with "cluster": ${c.quote(cluster.name)}, or fix the name.`,
      { suggestions: closestMatches(cluster.name, refs.routerClusters) },
    );
  }
  if (typeof cluster.configServerReplica === 'string') {
    checkReference(
      c,
      refs,
      cluster.configServerReplica,
      path,
      'configServerReplica',
      References.configServerReplicaSet,
    );
  }
  if (Array.isArray(cluster.configServer) && cluster.configServer.length > 0) {
    checkMirroredConfigServers(c, cluster.configServer, [...path, 'configServer'], refs);
  }
  if (!Array.isArray(cluster.shards)) return;
  const shards: readonly unknown[] = cluster.shards;
  const shardsPath = [...path, 'shards'];
  const shardIds = new Map<string, number>();
  for (let s = 0; s < shards.length; s++) {
    const shard = checkShapeAt(c, shards[s], shardsPath, s, shardShape);
    if (!shard) continue;
    if (typeof shard.rs === 'string' && findReference(refs, shard.rs, References.shardReplicaSet) === undefined) {
      reportDanglingReference(c, refs, shard.rs, pathTo(shardsPath, s, 'rs'), References.shardReplicaSet);
    }
    if (typeof shard._id !== 'string') continue;
    const earlier = shardIds.get(shard._id);
    if (earlier === undefined) shardIds.set(shard._id, s);
    else {
      c.report(
        'DBK106',
        pathTo(shardsPath, s, '_id'),
        `Shard ${c.quote(shard._id)} is already declared at shards[${earlier}] of this cluster: shard names must be unique. Rename one of them.`,
        { related: [{ path: pathTo(shardsPath, earlier, '_id'), message: 'first declaration' }] },
      );
    }
  }
}

/** configServer: the legacy mirrored config servers, deprecated, and unsupported from 3.4 on. */
function checkMirroredConfigServers(
  c: Collector,
  names: readonly unknown[],
  path: JsonPath,
  refs: ReferenceIndex,
): void {
  const modern: string[] = [];
  forEachItem(names, path, (name, namePath) => {
    if (typeof name !== 'string') return;
    const index = checkReference(c, refs, name, namePath, undefined, References.configServerProcess);
    const version = index === undefined ? undefined : processAt(refs, index).version;
    const release = typeof version === 'string' ? parseServerVersion(version) : undefined;
    if (release && (release[0] > 3 || (release[0] === 3 && release[1] >= 4))) modern.push(name);
  });
  if (modern.length > 0) {
    c.report(
      'DBK508',
      path,
      `Mirrored config servers ("configServer") are not supported from database server 3.4 on, and ${modern.map((n) => c.quote(n)).join(', ')} ${modern.length === 1 ? 'runs' : 'run'} 3.4 or later. Use a config server replica set, named in "configServerReplica".`,
    );
  } else {
    c.report(
      'DBK502',
      path,
      'Mirrored config servers ("configServer") are deprecated and not supported from database server 3.4 on. Before upgrading, move to a config server replica set and name it in "configServerReplica".',
    );
  }
}

const HH_MM = /^([01]?\d|2[0-3]):[0-5]\d$/;

/** balancer: keys name sharded clusters; values hold stopped and activeWindow. */
export function checkBalancer(c: Collector, doc: JsonObject, refs: ReferenceIndex): void {
  const balancer = doc.balancer;
  if (!isObject(balancer)) return;
  for (const name in balancer) {
    const path: JsonPath = ['balancer', name];
    checkReference(c, refs, name, path, undefined, References.balancerCluster);
    const settings = checkShape(c, balancer[name], path, balancerSettingsShape);
    if (!settings || !isObject(settings.activeWindow)) continue;
    const window = checkShape(c, settings.activeWindow, [...path, 'activeWindow'], activeWindowShape);
    for (const edge of ['start', 'stop'] as const) {
      const time = window?.[edge];
      if (typeof time === 'string' && !HH_MM.test(time)) {
        c.report(
          'DBK105',
          [...path, 'activeWindow', edge],
          `activeWindow.${edge} is ${c.quote(time)}; it must be a 24-hour time "HH:MM", such as "23:30".`,
        );
      }
    }
  }
}

/** clusterWideConfigurations: keys name replica sets or clusters; values hold change stream options. */
export function checkClusterWideConfigurations(c: Collector, doc: JsonObject, refs: ReferenceIndex): void {
  const section = doc.clusterWideConfigurations;
  if (!isObject(section)) return;
  for (const name in section) {
    const path: JsonPath = ['clusterWideConfigurations', name];
    if (!refs.replicaSets.has(name) && !refs.clusters.has(name)) {
      const suggestions = closestMatches(name, [...refs.replicaSets.keys(), ...refs.clusters.keys()]);
      c.report(
        'DBK209',
        path,
        `${c.quote(name)} names no replica set or sharded cluster of this document, so these options apply to nothing here (the service checks only that the JSON is valid).${didYouMean(suggestions, (s) => c.quote(s))}`,
        { suggestions },
      );
    }
    const config = checkShape(c, section[name], path, clusterWideShape);
    if (!config || !isObject(config.changeStreamOptions)) continue;
    const options = checkShapeAt(c, config.changeStreamOptions, path, 'changeStreamOptions', changeStreamOptionsShape);
    if (options && isObject(options.preAndPostImages)) {
      const optionsPath: JsonPath = ['clusterWideConfigurations', name, 'changeStreamOptions'];
      checkShapeAt(c, options.preAndPostImages, optionsPath, 'preAndPostImages', preAndPostImagesShape);
    }
  }
}
