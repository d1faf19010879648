import type { Collector } from '../context.js';
import type { JsonPath } from '../diagnostic.js';
import { processAt, type ReferenceIndex } from '../model.js';
import { isObject, type JsonObject } from '../util.js';

/** A sharded cluster or a replica set, as messages name it; `id` tells two apart. */
interface Cluster {
  readonly id: string;
  readonly kind: 'sharded cluster' | 'replica set';
  readonly name: string;
}

function clusterNamed(kind: Cluster['kind'], name: string): Cluster {
  return { id: `${kind}\u0000${name}`, kind, name };
}

/**
 * Which cluster each process belongs to: the sharded cluster of its replica set (shard or config server) or of its
 * router, else its replica set. Standalone processes belong to none. Indexed like processes[], set only at the
 * first process of each name (the one references resolve to): arrays rather than maps by name, nothing allocated
 * per process.
 */
function clusterOfProcesses(doc: JsonObject, refs: ReferenceIndex): readonly (Cluster | undefined)[] {
  // The sharded cluster of each replica set, by the index of its first declaration; the last cluster naming it wins.
  const setCount = Array.isArray(doc.replicaSets) ? doc.replicaSets.length : 0;
  const clusterOfReplicaSet = new Array<Cluster | undefined>(setCount).fill(undefined);
  if (Array.isArray(doc.sharding)) {
    for (const cluster of doc.sharding) {
      if (!isObject(cluster) || typeof cluster.name !== 'string') continue;
      const key = clusterNamed('sharded cluster', cluster.name);
      const configServers = cluster.configServerReplica;
      const configIndex = typeof configServers === 'string' ? refs.replicaSets.get(configServers) : undefined;
      if (configIndex !== undefined) clusterOfReplicaSet[configIndex] = key;
      if (!Array.isArray(cluster.shards)) continue;
      for (let s = 0; s < cluster.shards.length; s++) {
        const shard: unknown = cluster.shards[s];
        const shardIndex = isObject(shard) && typeof shard.rs === 'string' ? refs.replicaSets.get(shard.rs) : undefined;
        if (shardIndex !== undefined) clusterOfReplicaSet[shardIndex] = key;
      }
    }
  }
  const result = new Array<Cluster | undefined>(refs.processList.length).fill(undefined);
  if (Array.isArray(doc.replicaSets)) {
    for (let r = 0; r < doc.replicaSets.length; r++) {
      const rs: unknown = doc.replicaSets[r];
      if (!isObject(rs) || typeof rs._id !== 'string' || !Array.isArray(rs.members)) continue;
      const key = clusterOfReplicaSet[refs.replicaSets.get(rs._id) as number] ?? clusterNamed('replica set', rs._id);
      const members: readonly unknown[] = rs.members;
      for (let m = 0; m < members.length; m++) {
        const member = members[m];
        if (!isObject(member) || typeof member.host !== 'string') continue;
        const slot = firstProcessNamed(refs, member.host);
        if (slot !== undefined && result[slot] === undefined) result[slot] = key;
      }
    }
  }
  for (let index = 0; index < result.length; index++) {
    const process = firstOfItsName(refs, index);
    if (process?.processType === 'dbs' && typeof process.cluster === 'string' && result[index] === undefined) {
      result[index] = clusterNamed('sharded cluster', process.cluster);
    }
  }
  return result;
}

/**
 * The process at `index` when it is the first of its name (the one references resolve to), else undefined. Loops
 * over processes[] with it visit the reference index's processes in its order, without iterating the map.
 */
function firstOfItsName(refs: ReferenceIndex, index: number): JsonObject | undefined {
  const process: unknown = refs.processList[index];
  if (!isObject(process) || typeof process.name !== 'string') return undefined;
  return refs.processes.get(process.name) === index ? process : undefined;
}

/** The index of the first process named like the process `host` names (by name or alias), if it has a name. */
function firstProcessNamed(refs: ReferenceIndex, host: string): number | undefined {
  const byName = refs.processes.get(host);
  if (byName !== undefined) return byName;
  const byAlias = refs.aliases.get(host);
  if (byAlias === undefined) return undefined;
  const name = processAt(refs, byAlias).name;
  return typeof name === 'string' ? refs.processes.get(name) : undefined;
}

/**
 * authSchemaVersion should match the other processes of the same cluster (the vendor's docs say "should"). A warning,
 * not an error: the live service stores clusters that mix 3 and 5 while their credentials are upgraded from
 * MONGODB-CR to SCRAM-SHA-1 (real: mhelmstetter-large-88-processes.json; docs/decisions/validation.md, "Same cluster
 * means the sharded cluster, else the replica set").
 */
export function checkAuthSchemaVersions(c: Collector, doc: JsonObject, refs: ReferenceIndex): void {
  const clusterOf = clusterOfProcesses(doc, refs);
  const first = new Map<string, { readonly version: number; readonly path: JsonPath; readonly name: string }>();
  // In processes[] order, like the reference index; only the first process of each name has a cluster.
  for (let index = 0; index < clusterOf.length; index++) {
    const cluster = clusterOf[index];
    if (cluster === undefined) continue;
    const process = processAt(refs, index);
    const name = process.name as string;
    const version = process.authSchemaVersion;
    if (typeof version !== 'number') continue;
    const reference = first.get(cluster.id);
    if (!reference) {
      first.set(cluster.id, { version, path: ['processes', index, 'authSchemaVersion'], name });
      continue;
    }
    if (reference.version === version) continue;
    const path: JsonPath = ['processes', index, 'authSchemaVersion'];
    const upgrading = (version === 3 && reference.version === 5) || (version === 5 && reference.version === 3);
    const facts = `Process ${c.quote(name)} has authSchemaVersion ${c.quote(version)}, but ${c.quote(reference.name)} in the same ${cluster.kind} ${c.quote(cluster.name)} has ${c.quote(reference.version)}`;
    const advice = upgrading
      ? `: a cluster mixing 3 (MONGODB-CR credentials) and 5 (SCRAM-SHA-1) is part-way through its credential upgrade, which the agent finishes by moving every process to 5. Once the upgrade is done, set ${version === 3 ? 'it' : c.quote(reference.name)} to 5.`
      : `: the processes of a cluster should share one credential schema. Set it to ${c.quote(reference.version)}.`;
    c.report('DBK210', path, facts + advice, {
      related: [
        {
          path: reference.path,
          message: `${c.quote(reference.name)} has authSchemaVersion ${c.quote(reference.version)}`,
        },
      ],
      suggestions: upgrading ? (version === 3 ? ['5'] : []) : [String(reference.version)],
    });
  }
}
