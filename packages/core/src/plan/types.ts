import type { JsonPath, RelatedInformation } from '../validation/diagnostic.js';
import type { Severity } from '../validation/severity.js';
import type { PlanCode } from './planCodes.js';

/** What part of the deployment a planned change touches. */
export const ChangeArea = {
  processes: { description: 'processes[]: the server processes and their options.' },
  replicaSets: { description: 'replicaSets[]: replica sets and their members.' },
  sharding: { description: 'sharding[]: sharded clusters, shards and config servers.' },
  versions: { description: 'Server versions, feature compatibility and the dbVersions catalogue.' },
  auth: { description: 'auth: authentication, mechanisms, keys and users.' },
  tls: { description: 'The deployment’s TLS settings (tls, or the legacy ssl) and process TLS modes.' },
  ldap: { description: 'ldap: the LDAP settings.' },
  roles: { description: 'roles[]: custom roles.' },
  indexes: { description: 'indexConfigs[]: indexes the agent builds.' },
  agent: { description: 'Agent versions and options.' },
  other: { description: 'Anything else in the document.' },
} as const;
export type ChangeArea = keyof typeof ChangeArea;

/** What kind of change the agent makes. */
export const ChangeKind = {
  add: { description: 'Something new is created.' },
  remove: { description: 'Something is removed.' },
  change: { description: 'A setting changes without a restart dbkit knows of.' },
  restart: { description: 'The process restarts (its options change, or a restart is requested).' },
  reconfig: { description: 'A replica set or the deployment is reconfigured.' },
  upgrade: { description: 'A server version or feature compatibility moves forward.' },
  downgrade: { description: 'A server version or feature compatibility moves back.' },
  'rename-as-remove-add': { description: 'A rename, which the agent carries out as a removal plus an addition.' },
  action: { description: 'A one-shot action: a restart, an initial sync, a compaction, a key rotation.' },
} as const;
export type ChangeKind = keyof typeof ChangeKind;

/** One change the agent makes going from the deployed revision to the new one. */
export interface PlannedChange {
  readonly area: ChangeArea;
  readonly kind: ChangeKind;
  /** Where the changed thing is in the deployed (`from`) document; absent for an addition. */
  readonly fromPath?: JsonPath;
  /** Where it is in the new (`to`) document; absent for a removal. */
  readonly toPath?: JsonPath;
  /** One line for people. Never contains a secret's value. */
  readonly summary: string;
}

/** A transition diagnostic: core's `Diagnostic` shape with a plan code, and the document its path points into. */
export interface PlanDiagnostic {
  readonly code: PlanCode;
  readonly severity: Severity;
  readonly message: string;
  /** Which document `path` points into. */
  readonly document: 'from' | 'to';
  readonly path: JsonPath;
  readonly related?: readonly (RelatedInformation & { readonly document: 'from' | 'to' })[];
}

/** What going from one revision to the next does, and what is unsafe about it. Plain data. */
export interface Plan {
  readonly changes: readonly PlannedChange[];
  readonly diagnostics: readonly PlanDiagnostic[];
  /** What dbkit could not plan, e.g. "from is not an object". */
  readonly notes: readonly string[];
}
