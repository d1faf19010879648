/**
 * What the service stores: plain JSON data, the same for every store (in memory with a journal, or PostgreSQL).
 */
import type { Alert, ClusterSnapshot, ConfigServerSnapshot } from '@dbkit/core';

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

/** The automation configuration as stored: the request body's exact text and its `version`. */
export type StoredAutomationConfig = { readonly version: number; readonly text: string };

/** A project (group). */
export type StoredGroup = {
  readonly id: string;
  readonly name: string;
  readonly keys: readonly ApiKey[];
  readonly clusters: Readonly<Record<string, StoredCluster>>;
  readonly hosts: Readonly<Record<string, StoredHost>>;
  readonly alerts: Readonly<Record<string, StoredAlert>>;
  readonly automationConfig: StoredAutomationConfig;
};

/** Everything the service knows. */
export type ServiceState = { readonly groups: Readonly<Record<string, StoredGroup>> };
