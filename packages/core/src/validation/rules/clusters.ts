import type { Collector } from '../context.js';
import type { JsonPath } from '../diagnostic.js';
import type { ReferenceIndex } from '../model.js';
import { isObject, type JsonObject, quote } from '../util.js';

/**
 * Which cluster each process belongs to: the sharded cluster of its replica set (shard or config server) or of
 * its router, else its replica set. Standalone processes belong to none.
 */
export function clusterOfProcesses(doc: JsonObject, refs: ReferenceIndex): ReadonlyMap<string, string> {
  const clusterOfReplicaSet = new Map<string, string>();
  if (Array.isArray(doc.sharding)) {
    for (const cluster of doc.sharding) {
      if (!isObject(cluster) || typeof cluster.name !== 'string') continue;
      const key = `sharded cluster ${quote(cluster.name)}`;
      if (typeof cluster.configServerReplica === 'string') clusterOfReplicaSet.set(cluster.configServerReplica, key);
      if (Array.isArray(cluster.shards)) {
        for (const shard of cluster.shards) {
          if (isObject(shard) && typeof shard.rs === 'string') clusterOfReplicaSet.set(shard.rs, key);
        }
      }
    }
  }
  const result = new Map<string, string>();
  if (Array.isArray(doc.replicaSets)) {
    for (const rs of doc.replicaSets) {
      if (!isObject(rs) || typeof rs._id !== 'string' || !Array.isArray(rs.members)) continue;
      const key = clusterOfReplicaSet.get(rs._id) ?? `replica set ${quote(rs._id)}`;
      for (const member of rs.members) {
        if (!isObject(member) || typeof member.host !== 'string') continue;
        const process = refs.processes.get(member.host) ?? refs.aliases.get(member.host);
        const name = process?.value.name;
        if (typeof name === 'string' && !result.has(name)) result.set(name, key);
      }
    }
  }
  for (const [name, declaration] of refs.processes) {
    const cluster = declaration.value.cluster;
    if (declaration.value.processType === 'dbs' && typeof cluster === 'string' && !result.has(name)) {
      result.set(name, `sharded cluster ${quote(cluster)}`);
    }
  }
  return result;
}

/**
 * authSchemaVersion should match the other processes of the same cluster (the vendor's docs say "should"). A warning,
 * not an error: the live service stores clusters that mix 3 and 5 while their credentials are upgraded from
 * MONGODB-CR to SCRAM-SHA-1 (real: mhelmstetter-large-88-processes.json; docs/decisions.md).
 */
export function checkAuthSchemaVersions(c: Collector, doc: JsonObject, refs: ReferenceIndex): void {
  const clusterOf = clusterOfProcesses(doc, refs);
  const first = new Map<string, { readonly version: number; readonly path: JsonPath; readonly name: string }>();
  for (const [name, declaration] of refs.processes) {
    const version = declaration.value.authSchemaVersion;
    const cluster = clusterOf.get(name);
    if (cluster === undefined || typeof version !== 'number') continue;
    const path: JsonPath = ['processes', declaration.index, 'authSchemaVersion'];
    const reference = first.get(cluster);
    if (!reference) {
      first.set(cluster, { version, path, name });
      continue;
    }
    if (reference.version === version) continue;
    const upgrading = (version === 3 && reference.version === 5) || (version === 5 && reference.version === 3);
    const facts = `Process ${quote(name)} has authSchemaVersion ${version}, but ${quote(reference.name)} in the same ${cluster} has ${reference.version}`;
    const advice = upgrading
      ? `: a cluster mixing 3 (MONGODB-CR credentials) and 5 (SCRAM-SHA-1) is part-way through its credential upgrade, which the agent finishes by moving every process to 5. Once the upgrade is done, set ${version === 3 ? 'it' : quote(reference.name)} to 5.`
      : `: the processes of a cluster should share one credential schema. Set it to ${reference.version}.`;
    c.report('DBK210', path, facts + advice, {
      related: [
        { path: reference.path, message: `${quote(reference.name)} has authSchemaVersion ${reference.version}` },
      ],
      suggestions: upgrading ? (version === 3 ? ['5'] : []) : [String(reference.version)],
    });
  }
}
