/**
 * What the service stores: plain JSON data, the same for every store (in memory with a journal, or PostgreSQL).
 */

import type { Alert, AlertAcknowledgementRecord, ClusterSnapshot, ConfigServerSnapshot } from '@dbkit/core';
import type { AgentFault, AutomationRevision } from '@dbkit/core/agents';

/** An API key pair; it belongs to one project. */
export type ApiKey = { readonly publicKey: string; readonly privateKey: string };

/** A cluster of a project and its snapshots, keyed by id. */
export type StoredCluster = {
  readonly id: string;
  readonly name: string;
  readonly snapshots: Readonly<Record<string, ClusterSnapshot>>;
};

/** A (deprecated, mirrored) config server of a project and its snapshots, keyed by id. */
export type StoredHost = {
  readonly id: string;
  readonly hostname: string;
  readonly snapshots: Readonly<Record<string, ConfigServerSnapshot>>;
};

/**
 * An alert as stored, with what its alert configuration says: the notification delays decide when a TRACKING alert
 * becomes OPEN (the spec's only automatic transition), and whether the condition still holds.
 */
export type StoredAlert = {
  readonly alert: Alert;
  readonly notificationDelaysMinutes: readonly number[];
  readonly conditionPersists: boolean;
};

/**
 * The automation configuration as stored: the request body's exact text and its `version`, and the agents' record
 * written with it in the same step (absent in state written before agents were simulated: read as
 * {@link NO_AGENTS}).
 */
export type StoredAutomationConfig = {
  readonly version: number;
  readonly text: string;
  readonly agents?: StoredAgents;
};

/**
 * One accepted revision as stored: core's `AutomationRevision`, with `processes` left out when it is the revision
 * before's (a process's name, host, port, replica set and `disabled` seldom change) and `moves` listing only the
 * processes that move. A project keeps 100 revisions and writes them all with each PUT: a 3 MB config's facts are
 * 180 KB a revision, 20 MB a journal line if each held them. `expandRevisions` gives them back whole; the oldest kept
 * revision always has its processes. Records written with every revision whole read the same.
 */
export type StoredRevision = Omit<AutomationRevision, 'processes'> & {
  readonly processes?: AutomationRevision['processes'];
};

/**
 * What the simulated agents' status is derived from (core's `automationStatusAt`): the accepted revisions, oldest
 * first (the oldest is the baseline every process has reached), and the faults injected through the admin API.
 */
export type StoredAgents = {
  readonly revisions: readonly StoredRevision[];
  readonly faults: readonly AgentFault[];
};

/** No revision recorded yet: the stored automation config is the baseline. */
export const NO_AGENTS: StoredAgents = { revisions: [], faults: [] };

/** A project (group). */
export type StoredGroup = {
  readonly id: string;
  readonly name: string;
  readonly keys: readonly ApiKey[];
  readonly clusters: Readonly<Record<string, StoredCluster>>;
  readonly hosts: Readonly<Record<string, StoredHost>>;
  readonly alerts: Readonly<Record<string, StoredAlert>>;
  readonly automationConfig: StoredAutomationConfig;
  /** The last acknowledge request of each alert, by alert id (derived alerts have no stored document to change). */
  readonly alertAcknowledgements?: Readonly<Record<string, AlertAcknowledgementRecord>>;
};

/** Everything the service knows. */
export type ServiceState = { readonly groups: Readonly<Record<string, StoredGroup>> };
