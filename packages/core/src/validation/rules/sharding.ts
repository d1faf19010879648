import type { Collector } from '../context.js';
import type { JsonPath } from '../diagnostic.js';
import type { ReferenceIndex } from '../model.js';
import { checkShape, forEachItem } from '../shape.js';
import {
  activeWindowShape,
  balancerSettingsShape,
  changeStreamOptionsShape,
  clusterWideShape,
  preAndPostImagesShape,
  shardedClusterShape,
  shardShape,
} from '../shapes.js';
import { closestMatches, didYouMean, isObject, type JsonObject, parseServerVersion, quote } from '../util.js';
import { checkReference, checkUnique, References } from './references.js';

/** sharding[]: shapes, names matching shard routers, shard and config-server replica sets. */
export function checkSharding(c: Collector, doc: JsonObject, refs: ReferenceIndex): void {
  const routerClusters = new Set<string>();
  if (Array.isArray(doc.processes)) {
    for (const p of doc.processes) {
      if (isObject(p) && typeof p.cluster === 'string' && p.processType === 'dbs') routerClusters.add(p.cluster);
    }
  }
  forEachItem(doc.sharding, ['sharding'], (item, path) => {
    const cluster = checkShape(c, item, path, shardedClusterShape);
    if (!cluster) return;
    if (typeof cluster.name === 'string' && !routerClusters.has(cluster.name)) {
      c.report(
        'DBK211',
        [...path, 'name'],
        `No shard router serves sharded cluster ${quote(cluster.name)}: sharding[].name must correspond to the "cluster" of its "dbs" processes. Add a "dbs" process with "cluster": ${quote(cluster.name)}, or fix the name.`,
        { suggestions: closestMatches(cluster.name, routerClusters) },
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
      const modern: string[] = [];
      forEachItem(cluster.configServer, [...path, 'configServer'], (name, namePath) => {
        if (typeof name !== 'string') return;
        const process = checkReference(c, refs, name, namePath, undefined, References.configServerProcess);
        const version =
          typeof process?.value.version === 'string' ? parseServerVersion(process.value.version) : undefined;
        if (version && (version[0] > 3 || (version[0] === 3 && version[1] >= 4))) modern.push(name);
      });
      if (modern.length > 0) {
        c.report(
          'DBK508',
          [...path, 'configServer'],
          `Mirrored config servers ("configServer") are not supported from database server 3.4 on, and ${modern.map((n) => quote(n)).join(', ')} ${modern.length === 1 ? 'runs' : 'run'} 3.4 or later. Use a config server replica set, named in "configServerReplica".`,
        );
      } else {
        c.report(
          'DBK502',
          [...path, 'configServer'],
          'Mirrored config servers ("configServer") are deprecated and not supported from database server 3.4 on. Before upgrading, move to a config server replica set and name it in "configServerReplica".',
        );
      }
    }
    const shardIds = new Map<string, number>();
    forEachItem(cluster.shards, [...path, 'shards'], (shardValue, shardPath, s) => {
      const shard = checkShape(c, shardValue, shardPath, shardShape);
      if (!shard) return;
      if (typeof shard.rs === 'string') {
        checkReference(c, refs, shard.rs, shardPath, 'rs', References.shardReplicaSet);
      }
      if (typeof shard._id === 'string') {
        const earlier = shardIds.get(shard._id);
        if (earlier === undefined) shardIds.set(shard._id, s);
        else {
          c.report(
            'DBK106',
            [...shardPath, '_id'],
            `Shard ${quote(shard._id)} is already declared at shards[${earlier}] of this cluster: shard names must be unique. Rename one of them.`,
            { related: [{ path: [...path, 'shards', earlier, '_id'], message: 'first declaration' }] },
          );
        }
      }
    });
  });
  checkUnique(c, doc, 'sharding', 'name', 'the sharded cluster');
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
          `activeWindow.${edge} is ${quote(time)}; it must be a 24-hour time "HH:MM", such as "23:30".`,
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
        `${quote(name)} names no replica set or sharded cluster of this document, so these options apply to nothing here (the service checks only that the JSON is valid).${didYouMean(suggestions)}`,
        { suggestions },
      );
    }
    const config = checkShape(c, section[name], path, clusterWideShape);
    if (!config || !isObject(config.changeStreamOptions)) continue;
    const options = checkShape(
      c,
      config.changeStreamOptions,
      [...path, 'changeStreamOptions'],
      changeStreamOptionsShape,
    );
    if (options && isObject(options.preAndPostImages)) {
      checkShape(
        c,
        options.preAndPostImages,
        [...path, 'changeStreamOptions', 'preAndPostImages'],
        preAndPostImagesShape,
      );
    }
  }
}
