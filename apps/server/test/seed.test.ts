/**
 * The seed is one deployment per project: the automation configuration describes it, clean under every dbkit rule,
 * and the clusters, snapshots, config-server host and alerts name only what the configuration has.
 */
import { formatJsonPath, planTransition, validateAutomationConfig } from '@dbkit/core';
import { describe, expect, it } from 'vitest';
import { emptyAutomationConfig, SEEDED_CONFIG_VERSION, seedState } from '../src/seed.js';
import type { StoredGroup } from '../src/state.js';

const T0 = new Date('2026-06-01T12:00:00Z');

type Process = {
  name: string;
  hostname: string;
  processType: string;
  version: string;
  cluster?: string;
  args2_6: { net: { port: number }; replication?: { replSetName: string }; sharding?: { clusterRole: string } };
};
type Config = {
  version: number;
  auth: Record<string, unknown>;
  dbVersions: { name: string }[];
  processes: Process[];
  replicaSets: { _id: string; members: { host: string }[] }[];
  sharding: { name: string; configServerReplica: string; shards: { rs: string }[] }[];
};

/** What a project's configuration declares, as the other resources would name it. */
function declared(group: StoredGroup) {
  const config = JSON.parse(group.automationConfig.text) as Config;
  const hostPorts = new Set(config.processes.map((p) => `${p.hostname}:${p.args2_6.net.port}`));
  const replicaSets = new Set(config.replicaSets.map((rs) => rs._id));
  const clusters = new Set([...config.sharding.map((s) => s.name), ...replicaSets]);
  /** The server version each replica set's members run. */
  const versionOf = new Map(
    config.processes.flatMap((p) => (p.args2_6.replication ? [[p.args2_6.replication.replSetName, p.version]] : [])),
  );
  return { config, hostPorts, replicaSets, clusters, versionOf };
}

/** Three projects of three seeds: every one is checked. */
const PROJECTS = [1, 2, 3].flatMap((seed) =>
  Object.values(seedState(seed, T0, 3).groups).map((group) => ({ label: `seed ${seed} ${group.name}`, group })),
);

describe.for(PROJECTS)('$label', ({ group }) => {
  const { config, hostPorts, replicaSets, clusters, versionOf } = declared(group);

  it('stores its deployment as pretty JSON at the seeded version, clean under every dbkit rule', () => {
    expect(group.automationConfig.text).toBe(`${JSON.stringify(config, null, 2)}\n`);
    expect([group.automationConfig.version, config.version]).toEqual([SEEDED_CONFIG_VERSION, SEEDED_CONFIG_VERSION]);
    const findings = validateAutomationConfig(config)
      .filter((d) => d.severity !== 'info')
      .map((d) => `${d.severity} ${d.code} ${formatJsonPath(d.path)}: ${d.message}`);
    expect(findings).toEqual([]);
    expect(config.processes.length).toBeGreaterThan(0);
  });

  it('keeps authentication disabled, so the document holds no secret', () => {
    expect(config.auth).toMatchObject({ disabled: true });
    expect(group.automationConfig.text).not.toMatch(/"(autoPwd|newAutoPwd|key|newKey|keyfile|initPwd|pwd)"/);
  });

  it('its clusters are the replica sets and sharded clusters of the configuration', () => {
    const names = Object.values(group.clusters).map((c) => c.name);
    expect(names.length).toBeGreaterThan(1);
    for (const name of names) expect(clusters).toContain(name);
    expect(config.sharding.map((s) => s.name).every((name) => names.includes(name))).toBe(true);
  });

  it('every snapshot part names a replica set of its cluster, on the release the configuration runs there', () => {
    for (const cluster of Object.values(group.clusters)) {
      const sharding = config.sharding.find((s) => s.name === cluster.name);
      const expected = sharding ? [sharding.configServerReplica, ...sharding.shards.map((s) => s.rs)] : [cluster.name];
      for (const snapshot of Object.values(cluster.snapshots)) {
        expect(snapshot.parts.map((p) => p.replicaSetName)).toEqual(expected);
        for (const part of snapshot.parts) {
          expect(replicaSets).toContain(part.replicaSetName);
          expect(part.dbdVersion).toBe(versionOf.get(part.replicaSetName));
          expect(part.typeName).toBe(
            part.replicaSetName === sharding?.configServerReplica ? 'CONFIG_SERVER_REPLICA_SET' : 'REPLICA_SET',
          );
        }
      }
      // One identifier per replica set across the snapshots; a replica set's own is its cluster's.
      const ids = new Set(Object.values(cluster.snapshots).flatMap((s) => s.parts.map((p) => p.clusterId)));
      expect(ids.size).toBe(expected.length);
      if (!sharding) expect([...ids]).toEqual([cluster.id]);
    }
  });

  it('its config-server host is a config server process, and its snapshots were taken there', () => {
    const hosts = Object.values(group.hosts);
    expect(hosts).toHaveLength(1);
    for (const host of hosts) {
      const process = config.processes.find((p) => p.hostname === host.hostname);
      expect(process?.args2_6.sharding?.clusterRole).toBe('configsvr');
      for (const snapshot of Object.values(host.snapshots)) {
        const [part] = snapshot.parts;
        expect(part).toMatchObject({
          hostId: host.id,
          machineId: `${host.hostname}:${process?.args2_6.net.port}`,
          dbdVersion: process?.version,
        });
      }
    }
  });

  it('every alert names a process, replica set or cluster of the configuration', () => {
    const hostIds = new Map<string, string>();
    const stored = Object.values(group.clusters);
    for (const { alert } of Object.values(group.alerts)) {
      const fields = alert as Partial<Record<'hostnameAndPort' | 'hostId' | 'replicaSetName' | 'clusterName', string>>;
      const where = `${alert.eventTypeName} ${alert.id}`;
      if (fields.hostnameAndPort !== undefined) {
        expect(hostPorts, where).toContain(fields.hostnameAndPort);
        // A host keeps its id across alerts.
        const id = hostIds.get(fields.hostnameAndPort) ?? fields.hostId;
        expect(fields.hostId, where).toBe(id);
        if (id !== undefined) hostIds.set(fields.hostnameAndPort, id);
      }
      if (fields.replicaSetName !== undefined) expect(replicaSets, where).toContain(fields.replicaSetName);
      if (alert.eventTypeName === 'SHARDED_CLUSTER') {
        expect(clusters, where).toContain(alert.clusterName);
        expect(stored.find((c) => c.id === alert.clusterId)?.name, where).toBe(alert.clusterName);
      }
    }
    // The stored config server is the same host when an alert names it.
    for (const host of Object.values(group.hosts)) {
      for (const [hostPort, id] of hostIds) if (hostPort.startsWith(`${host.hostname}:`)) expect(id).toBe(host.id);
    }
    expect(hostIds.size).toBeGreaterThan(1);
  });

  it('pushed again unchanged as the next version, it plans nothing worth a warning', () => {
    const next = { ...config, version: config.version + 1 };
    expect(planTransition(config, next).diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
  });
});

describe('the seed', () => {
  it('gives the same data for the same seed and start time, and other data for another seed', () => {
    expect(seedState(1, T0)).toEqual(seedState(1, T0));
    expect(JSON.stringify(seedState(2, T0))).not.toBe(JSON.stringify(seedState(1, T0)));
  });

  it('an empty project’s configuration is the one a live service returns: version 0, nothing deployed', () => {
    const empty = JSON.parse(emptyAutomationConfig()) as Config;
    expect(empty).toMatchObject({ version: 0, processes: [], replicaSets: [], sharding: [], dbVersions: [] });
    expect(validateAutomationConfig(empty).filter((d) => d.severity !== 'info')).toEqual([]);
  });
});
