import { PagingLimits } from './api/paging.js';
import type { LogRotate } from './model/automation/common.js';
import type { AutomationConfig } from './model/automation/config.js';
import type { Collation, IndexConfig } from './model/automation/indexConfig.js';
import type { Ldap } from './model/automation/security.js';
import type { ClusterSnapshot, NamespaceFilterList } from './model/snapshot.js';

/** The spec's documented paging defaults of every list endpoint. */
export const PAGING_DEFAULTS = {
  pageNum: PagingLimits.defaultPageNum,
  itemsPerPage: PagingLimits.defaultItemsPerPage,
} as const;

/** The spec's documented namespace filter default: nothing excluded. */
export const NAMESPACE_FILTER_DEFAULTS = { filterList: [], filterType: 'blacklist' } as const;

import type { AgentVersionEntry } from './model/automation/versions.js';

/** The spec's documented logRotate defaults (processes and agents alike). */
export const LOG_ROTATE_DEFAULTS = { numUncompressed: 5, percentOfDiskspace: 0.02, numTotal: 0 } as const;

/** The spec's documented LDAP default: the user cache is flushed every 30 seconds. */
export const LDAP_DEFAULTS = { userCacheInvalidationPeriod: 30 } as const;

/** The spec's documented collation defaults. */
export const COLLATION_DEFAULTS = { numericOrdering: false, normalization: false, backwards: false } as const;

/** The spec's documented auth defaults. */
export const AUTH_DEFAULTS = { disabled: false, authoritativeSet: false } as const;

/** `defaults` under `value`: a field of `value` wins unless it is absent or null (null means "unset" in real documents). */
function fill<T extends object>(defaults: Readonly<Record<string, unknown>>, value: T): T {
  const result: Record<string, unknown> = { ...defaults };
  for (const [key, field] of Object.entries(value)) if (field !== null || !(key in defaults)) result[key] = field;
  for (const key of Object.keys(defaults)) if (result[key] === null) result[key] = defaults[key];
  return result as T;
}

/**
 * Fills the documented logRotate defaults; fields already set win. `numUncompressed` is not added next to its
 * earlier name `maxUncompressed`, which would silently override the user's value.
 */
export function withLogRotateDefaults(logRotate: LogRotate): LogRotate {
  const { numUncompressed, ...others } = LOG_ROTATE_DEFAULTS;
  return fill(logRotate.maxUncompressed === undefined ? { numUncompressed, ...others } : others, logRotate);
}

function withAgentDefaults(entry: AgentVersionEntry): AgentVersionEntry {
  return entry.logRotate ? { ...entry, logRotate: withLogRotateDefaults(entry.logRotate) } : entry;
}

function withCollationDefaults(collation: Collation): Collation {
  // With locale "simple" no other field applies (older servers reject them), so nothing is added.
  return collation.locale === 'simple' ? collation : fill(COLLATION_DEFAULTS, collation);
}

function withIndexDefaults(index: IndexConfig): IndexConfig {
  return index.collation ? { ...index, collation: withCollationDefaults(index.collation) } : index;
}

function withLdapDefaults(ldap: Ldap): Ldap {
  // `"ldap": {}` means "no LDAP" in real documents: it stays empty.
  // The server's own name for the period, userCacheInvalidationInterval, already sets it.
  if (Object.keys(ldap).length === 0 || ldap.userCacheInvalidationInterval !== undefined) return ldap;
  return fill(LDAP_DEFAULTS, ldap);
}

/**
 * Returns a copy of the configuration with every default the spec documents filled in where the field is
 * absent: logRotate (processes, audit logs and agents), ldap.userCacheInvalidationPeriod, collation booleans and
 * auth.disabled/authoritativeSet. Fields already set are kept; nothing else changes. Pure: the input is not
 * modified.
 */
export function withAutomationDefaults(config: AutomationConfig): AutomationConfig {
  const result: { -readonly [K in keyof AutomationConfig]: AutomationConfig[K] } = {
    ...config,
    processes: config.processes.map((process) => ({
      ...process,
      ...(process.logRotate ? { logRotate: withLogRotateDefaults(process.logRotate) } : {}),
      ...(process.auditLogRotate ? { auditLogRotate: withLogRotateDefaults(process.auditLogRotate) } : {}),
    })),
  };
  if (config.monitoringVersions) result.monitoringVersions = config.monitoringVersions.map(withAgentDefaults);
  if (config.backupVersions) result.backupVersions = config.backupVersions.map(withAgentDefaults);
  if (config.ldap) result.ldap = withLdapDefaults(config.ldap);
  if (config.indexConfigs) result.indexConfigs = config.indexConfigs.map(withIndexDefaults);
  if (config.auth) result.auth = fill(AUTH_DEFAULTS, config.auth);
  return result;
}

/**
 * Returns a copy of the snapshot with the documented `namespaceFilterList` defaults filled in (`filterList: []`,
 * `filterType: "blacklist"`), whether the list is absent or only partly given.
 */
export function withSnapshotDefaults(snapshot: ClusterSnapshot): ClusterSnapshot {
  const given: Partial<NamespaceFilterList> = snapshot.namespaceFilterList ?? {};
  return { ...snapshot, namespaceFilterList: fill(NAMESPACE_FILTER_DEFAULTS, given) as NamespaceFilterList };
}
