/**
 * The storage behind the service. Two implementations: in memory with an append-only journal (the default, no
 * install step) and PostgreSQL (several stateless instances behind a load balancer).
 *
 * Every write is a read-modify-write the store runs atomically (`apply` sees the current value and decides), so
 * concurrent PATCHes of one snapshot lose nothing, and a write resolves only once it is durable.
 */
import type { AlertAcknowledgementRecord, ApiErrorBody, ClusterSnapshot } from '@dbkit/core';
import type {
  ServiceState,
  StoredAgents,
  StoredAlert,
  StoredAutomationConfig,
  StoredCluster,
  StoredGroup,
  StoredHost,
} from '../state.js';

/** What `apply` decides for the current value: the new value, or the error to answer with (nothing is written). */
export type Decision<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: ApiErrorBody };

/** The outcome of an atomic update: `not-found` when the resource does not exist, else the decision taken. */
export type UpdateOutcome<T> = 'not-found' | Decision<T>;

/** The outcome of a PUT of the automation config: written, or refused because the stored version is not older. */
export type PutOutcome = { readonly ok: true } | { readonly ok: false; readonly current: StoredAutomationConfig };

/** A project as the routes see it before they read its parts. */
export type GroupSummary = Pick<StoredGroup, 'id' | 'name'>;

export interface Store {
  /** Which store this is, for the start-up line (`memory (journal: …)`, `postgres`). */
  readonly description: string;
  /**
   * Changes with every write, for stores that see every write (one process); lets the service reuse answers to
   * repeated GETs. Undefined when other instances may write (PostgreSQL).
   */
  readonly revision?: number;
  /** True when the store started from data an earlier run left (the seed was not loaded). */
  readonly resumed?: boolean;
  /** The private key and project of a public key, or undefined; called on every authenticated request. */
  findKey(publicKey: string): Promise<{ readonly privateKey: string; readonly groupId: string } | undefined>;
  getGroup(groupId: string): Promise<GroupSummary | undefined>;
  listAlerts(groupId: string): Promise<readonly StoredAlert[]>;
  /** The clusters of a project with their snapshots, in stored order (none for a project that does not exist). */
  listClusters(groupId: string): Promise<readonly StoredCluster[]>;
  getCluster(groupId: string, clusterId: string): Promise<StoredCluster | undefined>;
  updateClusterSnapshot(
    groupId: string,
    clusterId: string,
    snapshotId: string,
    apply: (current: ClusterSnapshot) => Decision<ClusterSnapshot>,
  ): Promise<UpdateOutcome<ClusterSnapshot>>;
  /** Removes the given cluster snapshots; ids that do not exist are ignored. */
  deleteClusterSnapshots(groupId: string, clusterId: string, snapshotIds: readonly string[]): Promise<void>;
  getHost(groupId: string, hostId: string): Promise<StoredHost | undefined>;
  /** Removes the given config-server snapshots; ids that do not exist are ignored. */
  deleteConfigServerSnapshots(groupId: string, hostId: string, snapshotIds: readonly string[]): Promise<void>;
  /**
   * Deletes every cluster and config-server snapshot that core's `isSnapshotExpired` calls expired at `now` (the
   * spec's deletion "at the next opportunity"), in one atomic step; resolves to how many it deleted.
   */
  sweepExpired(now: Date): Promise<number>;
  getAutomationConfig(groupId: string): Promise<StoredAutomationConfig | undefined>;
  /**
   * Stores `next` only if its version is higher than the stored one (compare and set), with the agents' record
   * `revise` makes from the stored config, in the same atomic step.
   */
  putAutomationConfig(
    groupId: string,
    next: StoredAutomationConfig,
    revise: (previous: StoredAutomationConfig) => StoredAgents,
  ): Promise<PutOutcome>;
  /** Changes the agents' record atomically (admin faults); false when the project does not exist. */
  updateAgents(groupId: string, change: (agents: StoredAgents) => StoredAgents): Promise<boolean>;
  getAlertAcknowledgements(groupId: string): Promise<Readonly<Record<string, AlertAcknowledgementRecord>>>;
  setAlertAcknowledgement(groupId: string, alertId: string, record: AlertAcknowledgementRecord): Promise<void>;
  /** The whole state (admin export, tests). */
  exportState(): Promise<ServiceState>;
  /** Replaces everything with `state` (admin reset to the seed). */
  reset(state: ServiceState): Promise<void>;
  close(): Promise<void>;
}
