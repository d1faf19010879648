import type { Severity } from '../validation/severity.js';

interface PlanCodeInfo {
  /** Short kebab-case name, for configuration and documentation. */
  readonly name: string;
  readonly severity: Severity;
  /** One line: the rule. */
  readonly title: string;
}

/**
 * Every transition diagnostic `planTransition` reports, declared once. Codes are stable: a code is never reused for
 * another rule. Each rule's source is written down in docs/decisions/plan.md ("Each rule rests on a cited source").
 *
 * - DBK60x: the document's version, server versions and feature compatibility
 * - DBK61x: replica-set membership and renames
 * - DBK62x: sharding
 * - DBK63x: TLS
 * - DBK64x: authentication and keys
 * - DBK65x: one-shot actions a revision triggers
 * - DBK69x: the planner itself
 */
export const PlanCode = {
  DBK601: {
    name: 'version-not-increased',
    severity: 'error',
    title: 'The new revision’s top-level version must be greater than the deployed one.',
  },
  DBK602: {
    name: 'version-unchanged',
    severity: 'warning',
    title: 'The document changes but its top-level version does not.',
  },
  DBK603: {
    name: 'server-release-skipped',
    severity: 'error',
    title: 'A process’s server version moves more than one release in one revision.',
  },
  DBK604: {
    name: 'fcv-ahead-of-binary',
    severity: 'error',
    title: 'featureCompatibilityVersion is newer than the process’s server version.',
  },
  DBK605: {
    name: 'fcv-release-skipped',
    severity: 'error',
    title: 'featureCompatibilityVersion moves more than one release in one revision.',
  },
  DBK606: {
    name: 'fcv-behind-before-upgrade',
    severity: 'error',
    title: 'A server upgrade starts while featureCompatibilityVersion still lags the running release.',
  },
  DBK610: {
    name: 'several-voting-changes',
    severity: 'warning',
    title: 'A replica set adds, removes or re-votes more than one voting member in one revision.',
  },
  DBK611: {
    name: 'old-majority-lost',
    severity: 'error',
    title: 'Fewer voting members stay than a majority of the old configuration’s voting members.',
  },
  DBK612: {
    name: 'rename-is-remove-add',
    severity: 'warning',
    title: 'A renamed replica set, process or cluster is a removal plus an addition, not a rename.',
  },
  DBK613: {
    name: 'forced-reconfig',
    severity: 'warning',
    title: 'The revision sets force.currentVersion: the replica set is reconfigured by force.',
  },
  DBK614: {
    name: 'force-left-set',
    severity: 'info',
    title: 'force.currentVersion is still set from an earlier revision.',
  },
  DBK620: {
    name: 'shard-removed',
    severity: 'warning',
    title: 'A shard is removed: its data is drained to the other shards first.',
  },
  DBK621: {
    name: 'shard-replica-set-removed',
    severity: 'error',
    title: 'A removed shard’s replica set is removed in the same revision, before its data is drained.',
  },
  DBK622: {
    name: 'config-server-changed',
    severity: 'error',
    title: 'A sharded cluster’s configServerReplica is changed or removed.',
  },
  DBK623: {
    name: 'config-server-migration',
    severity: 'warning',
    title: 'A cluster with legacy mirrored config servers gets a configServerReplica: the SCCC → CSRS migration.',
  },
  DBK630: {
    name: 'tls-mode-skipped',
    severity: 'error',
    title: 'A process’s TLS mode skips an intermediate mode of the rolling TLS procedure.',
  },
  DBK640: {
    name: 'auth-toggled',
    severity: 'warning',
    title: 'Authentication is enabled or disabled for the whole deployment.',
  },
  DBK641: {
    name: 'auth-mechanisms-swapped',
    severity: 'error',
    title: 'The deployment’s authentication mechanisms are replaced with none in common.',
  },
  DBK642: {
    name: 'auth-schema-version-changed',
    severity: 'warning',
    title: 'A process’s authSchemaVersion changes.',
  },
  DBK643: {
    name: 'auth-schema-version-lowered',
    severity: 'error',
    title: 'A process’s authSchemaVersion is lowered.',
  },
  DBK644: {
    name: 'key-replaced-directly',
    severity: 'error',
    title: 'auth.key is replaced directly instead of rotated through newKey.',
  },
  DBK645: {
    name: 'keyfile-without-key',
    severity: 'warning',
    title: 'Only one of auth.key and auth.keyfile changes.',
  },
  DBK650: {
    name: 'action-triggered',
    severity: 'info',
    title:
      'The revision sets a one-shot field (lastRestart, lastCompact, lastKmipMasterKeyRotation): it triggers an action.',
  },
  DBK651: {
    name: 'resync-triggered',
    severity: 'warning',
    title: 'The revision sets lastResync: the process deletes its data and runs an initial sync.',
  },
  DBK699: {
    name: 'plan-internal-error',
    severity: 'error',
    title: 'dbkit failed while planning this part of the transition.',
  },
} as const satisfies Record<string, PlanCodeInfo>;
export type PlanCode = keyof typeof PlanCode;
