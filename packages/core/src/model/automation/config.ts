import type { Auth } from './auth.js';
import type { IndexConfig } from './indexConfig.js';
import type { Process } from './process.js';
import type { ReplicaSet } from './replicaSet.js';
import type { CustomRole, Kerberos, Ldap, Tls } from './security.js';
import type { Balancer, ClusterWideConfigurations, ShardedCluster } from './sharding.js';
import type { AgentVersion, AgentVersionEntry, DbVersion } from './versions.js';

/** Download settings. */
export interface AutomationOptions {
  /** Directory (Linux and UNIX) for automatic version downloads and startup scripts. */
  readonly downloadBase: string;
  /** Not in the spec: the same directory on Windows, seen in real documents. */
  readonly downloadBaseWindows?: string;
}

/**
 * The automation configuration document: the desired state of a deployment that an automation agent reads and
 * makes the deployment match.
 */
export interface AutomationConfig {
  /** Optional JSON Schema reference, for editors. */
  readonly $schema?: string;
  /**
   * Revision of this configuration; an empty project's is 0.
   * @TJS-type integer
   */
  readonly version: number;
  /** Download settings. */
  readonly options: AutomationOptions;
  /** One specification object per database version used in `processes`; each process must have one. */
  readonly dbVersions: readonly DbVersion[];
  /** Agent version to run; when the running version differs, the agent downloads the given one, shuts down and starts the new one. */
  readonly agentVersion?: AgentVersion;
  /**
   * Monitoring agent versions.
   * @deprecated Obsolete parameter.
   */
  readonly monitoringVersions?: readonly AgentVersionEntry[];
  /**
   * Backup agent versions.
   * @deprecated Obsolete parameter.
   */
  readonly backupVersions?: readonly AgentVersionEntry[];
  /** Database instances. */
  readonly processes: readonly Process[];
  /** Parameters applied across a replica set or sharded cluster without a rolling restart. */
  readonly clusterWideConfigurations?: ClusterWideConfigurations;
  /** Replica sets; required for deployments with replica sets. */
  readonly replicaSets?: readonly ReplicaSet[];
  /** Sharded clusters; required for deployments with sharded clusters. */
  readonly sharding?: readonly ShardedCluster[];
  /** Balancer settings per cluster. */
  readonly balancer?: Balancer;
  /** Deployment authentication settings. */
  readonly auth?: Auth;
  /** LDAP authorization settings. */
  readonly ldap?: Ldap;
  /** TLS settings (the spec's name). */
  readonly ssl?: Tls;
  /** TLS settings: the name current real documents use for `ssl` (same fields). */
  readonly tls?: Tls;
  /** User-defined roles. */
  readonly roles?: readonly CustomRole[];
  /** Kerberos settings. */
  readonly kerberos?: Kerberos;
  /** Indexes the automation builds. */
  readonly indexConfigs?: readonly IndexConfig[];
  /** Not in the spec: base URL of the service's UI (often `null` in older documents). */
  readonly uiBaseUrl?: string | null;
  /** Not in the spec: tools version the agent installs. */
  readonly dbToolsVersion?: unknown;
  /** Not in the spec: a section the service manages (`SERVICE_MANAGED_SECTIONS`), kept as it is. */
  readonly atlasProxies?: unknown;
  /** Not in the spec: a section the service manages (`SERVICE_MANAGED_SECTIONS`), kept as it is. */
  readonly atlasUISes?: unknown;
  /** Not in the spec: a section the service manages (`SERVICE_MANAGED_SECTIONS`), kept as it is. */
  readonly cpsModules?: unknown;
  /** Not in the spec: a section the service manages (`SERVICE_MANAGED_SECTIONS`), kept as it is. */
  readonly dbCheckModules?: unknown;
  /** Not in the spec: a section the service manages (`SERVICE_MANAGED_SECTIONS`), kept as it is. */
  readonly filebeat?: unknown;
  /** Not in the spec: a section the service manages (`SERVICE_MANAGED_SECTIONS`), kept as it is. */
  readonly lifecycleManagementModules?: unknown;
  /** Not in the spec: a section the service manages (`SERVICE_MANAGED_SECTIONS`), kept as it is. */
  readonly maintainedEnvoys?: unknown;
  /** Not in the spec: a section the service manages (`SERVICE_MANAGED_SECTIONS`), kept as it is. */
  readonly maintainedMonarchComponents?: unknown;
  /** Not in the spec: a section the service manages (`SERVICE_MANAGED_SECTIONS`), kept as it is. */
  readonly maintainedMongotunes?: unknown;
  /** Not in the spec: a section the service manages (`SERVICE_MANAGED_SECTIONS`), kept as it is. */
  readonly maintainedRamis?: unknown;
  /** Not in the spec: a section the service manages (`SERVICE_MANAGED_SECTIONS`), kept as it is. */
  readonly mongosqlds?: unknown;
  /** Not in the spec: a section the service manages (`SERVICE_MANAGED_SECTIONS`), kept as it is. */
  readonly mongots?: unknown;
  /** Not in the spec: a section the service manages (`SERVICE_MANAGED_SECTIONS`), kept as it is. */
  readonly oidcProviderConfigs?: unknown;
  /** Not in the spec: a section the service manages (`SERVICE_MANAGED_SECTIONS`), kept as it is. */
  readonly onlineArchiveModules?: unknown;
  /** Not in the spec: a section the service manages (`SERVICE_MANAGED_SECTIONS`), kept as it is. */
  readonly prometheus?: unknown;
  /** Not in the spec: a section the service manages (`SERVICE_MANAGED_SECTIONS`), kept as it is. */
  readonly serverlessStateCacheMaintainers?: unknown;
  /** Not in the spec: a section the service manages (`SERVICE_MANAGED_SECTIONS`), kept as it is. */
  readonly mongoDbToolsVersion?: unknown;
}

/**
 * Top-level sections real documents carry that the spec does not list. They are managed by the service; dbkit
 * knows their names (so they are not reported as unknown) and keeps their contents as they are.
 */
export const SERVICE_MANAGED_SECTIONS = [
  'atlasProxies',
  'atlasUISes',
  'cpsModules',
  'dbCheckModules',
  'filebeat',
  'lifecycleManagementModules',
  'maintainedEnvoys',
  'maintainedMonarchComponents',
  'maintainedMongotunes',
  'maintainedRamis',
  'mongosqlds',
  'mongots',
  'oidcProviderConfigs',
  'onlineArchiveModules',
  'prometheus',
  'serverlessStateCacheMaintainers',
  'mongoDbToolsVersion',
] as const;
