/**
 * The default store: the whole state in memory, made durable by an optional journal folder (`--data DIR`). One event
 * loop serialises every read-modify-write, so no update is lost; each write is journalled and fsynced before the
 * promise resolves, so an acknowledged write survives `kill -9`.
 */
import {
  type AlertAcknowledgementRecord,
  type ClusterSnapshot,
  type ExpiryState,
  isSnapshotExpired,
} from '@dbkit/core';
import {
  NO_AGENTS,
  type ServiceState,
  type StoredAgents,
  type StoredAutomationConfig,
  type StoredCluster,
  type StoredGroup,
  type StoredHost,
} from '../state.js';
import { type JournalEntry, JournalWriter, openJournal } from './journal.js';
import type { Decision, GroupSummary, PutOutcome, Store, UpdateOutcome } from './store.js';

/** Compact the journal into the state file once it grows past this many bytes. */
const COMPACT_AFTER_BYTES = 64 * 1024 * 1024;

type Mutable = Record<string, unknown>;

export type MemoryStoreOptions = {
  /** The state when the folder is new (or when there is no folder): the seed. */
  readonly initial: ServiceState;
  /** Where the state file and journal live; without it nothing survives a restart. */
  readonly dataDir?: string;
  /** Reports a dropped torn journal line at start-up. */
  readonly warn?: (message: string) => void;
};

function setAt(root: Mutable, path: readonly string[], value: unknown): void {
  let node = root;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (next === null || typeof next !== 'object') return;
    node = next as Mutable;
  }
  const last = path[path.length - 1];
  if (last === undefined) return;
  if (value === null) delete node[last];
  else node[last] = value;
}

export class MemoryStore implements Store {
  readonly description: string;
  revision = 0;
  readonly resumed: boolean;
  private state: ServiceState;
  private keys = new Map<string, { privateKey: string; groupId: string }>();
  private readonly journal: JournalWriter | undefined;

  constructor(options: MemoryStoreOptions) {
    this.description = options.dataDir ? `memory, journal in ${options.dataDir}` : 'memory (not persisted)';
    if (options.dataDir === undefined) {
      this.state = structuredClone(options.initial);
      this.journal = undefined;
      this.resumed = false;
    } else {
      const opened = openJournal(options.dataDir);
      this.resumed = opened.state !== undefined;
      for (const warning of opened.warnings) options.warn?.(warning);
      const state = (opened.state ?? structuredClone(options.initial)) as Mutable;
      for (const entry of opened.entries) setAt(state, entry.path, entry.value);
      this.state = state as ServiceState;
      this.journal = new JournalWriter(options.dataDir);
      if (opened.state === undefined || opened.entries.length > 0) this.journal.compact(this.state);
    }
    this.indexKeys();
  }

  private indexKeys(): void {
    this.keys = new Map();
    for (const group of Object.values(this.state.groups)) {
      for (const key of group.keys) this.keys.set(key.publicKey, { privateKey: key.privateKey, groupId: group.id });
    }
  }

  private write(entry: JournalEntry): void {
    this.journal?.append(entry);
    this.revision++;
    setAt(this.state as Mutable, entry.path, entry.value);
    if (this.journal && this.journal.size > COMPACT_AFTER_BYTES) this.journal.compact(this.state);
  }

  private group(groupId: string): StoredGroup | undefined {
    return Object.hasOwn(this.state.groups, groupId) ? this.state.groups[groupId] : undefined;
  }

  async findKey(publicKey: string) {
    return this.keys.get(publicKey);
  }

  async getGroup(groupId: string): Promise<GroupSummary | undefined> {
    const group = this.group(groupId);
    return group && { id: group.id, name: group.name };
  }

  async listAlerts(groupId: string) {
    return Object.values(this.group(groupId)?.alerts ?? {});
  }

  async listClusters(groupId: string): Promise<readonly StoredCluster[]> {
    return Object.values(this.group(groupId)?.clusters ?? {});
  }

  async getCluster(groupId: string, clusterId: string): Promise<StoredCluster | undefined> {
    const clusters = this.group(groupId)?.clusters;
    return clusters && Object.hasOwn(clusters, clusterId) ? clusters[clusterId] : undefined;
  }

  async updateClusterSnapshot(
    groupId: string,
    clusterId: string,
    snapshotId: string,
    apply: (current: ClusterSnapshot) => Decision<ClusterSnapshot>,
  ): Promise<UpdateOutcome<ClusterSnapshot>> {
    const snapshots = (await this.getCluster(groupId, clusterId))?.snapshots;
    const current = snapshots && Object.hasOwn(snapshots, snapshotId) ? snapshots[snapshotId] : undefined;
    if (current === undefined) return 'not-found';
    const decision = apply(current);
    if (decision.ok) {
      this.write({ path: ['groups', groupId, 'clusters', clusterId, 'snapshots', snapshotId], value: decision.value });
    }
    return decision;
  }

  async deleteClusterSnapshots(groupId: string, clusterId: string, snapshotIds: readonly string[]) {
    for (const id of snapshotIds) {
      this.write({ path: ['groups', groupId, 'clusters', clusterId, 'snapshots', id], value: null });
    }
  }

  async getHost(groupId: string, hostId: string): Promise<StoredHost | undefined> {
    const hosts = this.group(groupId)?.hosts;
    return hosts && Object.hasOwn(hosts, hostId) ? hosts[hostId] : undefined;
  }

  async deleteConfigServerSnapshots(groupId: string, hostId: string, snapshotIds: readonly string[]) {
    for (const id of snapshotIds) {
      this.write({ path: ['groups', groupId, 'hosts', hostId, 'snapshots', id], value: null });
    }
  }

  async sweepExpired(now: Date): Promise<number> {
    // Found and deleted in one turn of the event loop: no write or reset can land in between.
    const expired: string[][] = [];
    const collect = (path: readonly string[], snapshots: Readonly<Record<string, ExpiryState>>) => {
      for (const [id, snapshot] of Object.entries(snapshots)) {
        if (isSnapshotExpired(snapshot, now)) expired.push([...path, id]);
      }
    };
    for (const [groupId, group] of Object.entries(this.state.groups)) {
      for (const [clusterId, cluster] of Object.entries(group.clusters)) {
        collect(['groups', groupId, 'clusters', clusterId, 'snapshots'], cluster.snapshots);
      }
      for (const [hostId, host] of Object.entries(group.hosts)) {
        collect(['groups', groupId, 'hosts', hostId, 'snapshots'], host.snapshots);
      }
    }
    for (const path of expired) this.write({ path, value: null });
    return expired.length;
  }

  async getAutomationConfig(groupId: string) {
    return this.group(groupId)?.automationConfig;
  }

  async putAutomationConfig(
    groupId: string,
    next: StoredAutomationConfig,
    revise: (previous: StoredAutomationConfig) => StoredAgents,
  ): Promise<PutOutcome> {
    const current = this.group(groupId)?.automationConfig;
    if (current === undefined) return { ok: true };
    if (next.version <= current.version) return { ok: false, current };
    // One journal entry: the config and the agents' record are durable together or not at all.
    this.write({ path: ['groups', groupId, 'automationConfig'], value: { ...next, agents: revise(current) } });
    return { ok: true };
  }

  async updateAgents(groupId: string, change: (agents: StoredAgents) => StoredAgents): Promise<boolean> {
    const config = this.group(groupId)?.automationConfig;
    if (config === undefined) return false;
    this.write({ path: ['groups', groupId, 'automationConfig', 'agents'], value: change(config.agents ?? NO_AGENTS) });
    return true;
  }

  async getAlertAcknowledgements(groupId: string) {
    return this.group(groupId)?.alertAcknowledgements ?? {};
  }

  async setAlertAcknowledgement(groupId: string, alertId: string, record: AlertAcknowledgementRecord) {
    const group = this.group(groupId);
    if (group === undefined) return;
    // The whole map is written: state from before acknowledgements were kept has no map to set a key in.
    const value = { ...group.alertAcknowledgements, [alertId]: record };
    this.write({ path: ['groups', groupId, 'alertAcknowledgements'], value });
  }

  async exportState() {
    return structuredClone(this.state);
  }

  async reset(state: ServiceState) {
    this.state = structuredClone(state);
    this.revision++;
    this.journal?.compact(this.state);
    this.indexKeys();
  }

  async close() {
    if (this.journal) {
      this.journal.compact(this.state);
      this.journal.close();
    }
  }
}
