/**
 * The sources more than one area of entries cites, each declared once: sections of the spec (by their place in
 * the spec coverage page) and decision records, with the label every front end prints.
 */
import type { CodeSource } from '../codeDoc.js';

export const SPEC_AGENT_VERSIONS: CodeSource = {
  label: 'spec: monitoringVersions[] and backupVersions[n]',
  path: 'docs/spec-coverage.md#monitoringversions-and-backupversionsn-same-shape',
};
export const SPEC_AUTH: CodeSource = {
  label: 'spec: deployment authentication settings',
  path: 'docs/spec-coverage.md#deployment-authentication-settings-automation-configuration',
};
export const SPEC_BALANCER: CodeSource = {
  label: 'spec: balancer',
  path: 'docs/spec-coverage.md#balancer',
};
export const SPEC_DB_VERSIONS: CodeSource = {
  label: 'spec: dbVersions[n]',
  path: 'docs/spec-coverage.md#dbversionsn',
};
export const SPEC_DOCUMENT: CodeSource = {
  label: 'spec: automation configuration document',
  path: 'docs/spec-coverage.md#automation-configuration-document',
};
export const SPEC_INDEX_CONFIGS: CodeSource = {
  label: 'spec: indexConfigs[]',
  path: 'docs/spec-coverage.md#indexconfigs',
};
export const SPEC_PROCESSES: CodeSource = {
  label: 'spec: processes[n]',
  path: 'docs/spec-coverage.md#processesn',
};
export const SPEC_REPLICA_SETS: CodeSource = {
  label: 'spec: replicaSets[n]',
  path: 'docs/spec-coverage.md#replicasetsn',
};
export const SPEC_SHARDING: CodeSource = {
  label: 'spec: sharding[]',
  path: 'docs/spec-coverage.md#sharding',
};
export const SPEC_TOP_LEVEL: CodeSource = {
  label: 'spec: top level',
  path: 'docs/spec-coverage.md#top-level',
};
export const BOUNDS: CodeSource = {
  label: 'decision: Bounds only where the spec or a cited source states them',
  path: 'docs/decisions/validation.md#bounds-only-where-the-spec-or-a-cited-source-states-them',
};
export const COLLATION: CodeSource = {
  label: 'decision: Collation values follow the server manual',
  path: 'docs/decisions/validation.md#collation-values-follow-the-server-manual',
};
export const FCV_REQUIRED: CodeSource = {
  label: 'decision: featureCompatibilityVersion is required from server 3.4',
  path: 'docs/decisions/validation.md#featurecompatibilityversion-is-required-from-server-34',
};
export const MECHANISMS: CodeSource = {
  label: 'decision: Mechanisms beyond SCRAM are known, unknown ones warn',
  path: 'docs/decisions/validation.md#mechanisms-beyond-scram-are-known-unknown-ones-warn',
};
export const MIRRORED_CONFIG_SERVERS: CodeSource = {
  label: 'decision: Mirrored config servers fail from server 3.4',
  path: 'docs/decisions/validation.md#mirrored-config-servers-fail-from-server-34',
};
export const READ_CONCERN: CodeSource = {
  label: 'decision: Read concern is a closed set; w is a count or a name',
  path: 'docs/decisions/validation.md#read-concern-is-a-closed-set-w-is-a-count-or-a-name',
};
export const REAL_DOCUMENTS: CodeSource = {
  label: 'decision: Where the spec and real documents differ, real documents win',
  path: 'docs/decisions/validation.md#where-the-spec-and-real-documents-differ-real-documents-win',
};
export const REPEATED_NAMES: CodeSource = {
  label: 'decision: Repeated names are errors, repeated users and roles warn',
  path: 'docs/decisions/validation.md#repeated-names-are-errors-repeated-users-and-roles-warn',
};
export const RISKY_SETTINGS: CodeSource = {
  label: 'decision: Accepted but risky settings warn',
  path: 'docs/decisions/validation.md#accepted-but-risky-settings-warn',
};
