/**
 * @dbkit/core: the spec of the database-deployment service as types and pure functions: the automation config's
 * model, closed sets, validation, defaults and transition plans, and the API's resources and pure rules.
 * Every export is named here explicitly: this file is the package's public API (its report is
 * `packages/core/api/core.api.md`). Concerns that stand apart have subpaths: `@dbkit/core/digest` (Digest
 * authentication), `@dbkit/core/agents` (the simulated automation agents), `@dbkit/core/explain` (the codes'
 * reference); `@dbkit/core/internal` is what dbkit's own packages share, and no promise.
 */

// The automation status: how far the agents are towards the goal version.
export { formatGoalProgress, type GoalProgress, goalProgress, isAtGoal, isStuck } from './agents/goal.js';
export type { AutomationStatus, ProcessStatus } from './agents/status.js';
export {
  type AlertAcknowledgement,
  type AlertAcknowledgementRecord,
  acknowledgementRecord,
  parseAlertAcknowledgement,
  withAcknowledgement,
} from './api/alertAcknowledgement.js';
export {
  type AlertConditions,
  type AlertLifecycleState,
  nextAlertStatus,
  smallestNotificationDelay,
} from './api/alertLifecycle.js';
export { envelope, listEnvelope, parseBooleanQuery, type SerializeOptions, serializeBody } from './api/envelope.js';
// API logic: errors, paging, filters, envelope, snapshot expiry, alert lifecycle, headers.
export { type ApiErrorOptions, type ApiResult, apiError, type ErrorParameters } from './api/errors.js';
export {
  applyConfigServerSnapshotPatch,
  applySnapshotPatch,
  type ExpiryState,
  formatServiceTime,
  formatTimestamp,
  isSnapshotExpired,
  parseSnapshotPatch,
  parseTimestamp,
  type SnapshotPatchResult,
} from './api/expiry.js';
export {
  filterAlertsByStatus,
  filterSnapshotsByCompleted,
  parseAlertStatusFilter,
  parseCompletedFilter,
} from './api/filters.js';
export {
  parseServiceVersionHeader,
  SERVICE_VERSION_HEADER,
  type ServiceVersion,
  type ServiceVersionParse,
  type SuccessHeaders,
  type SuccessHeadersInput,
  serviceVersionHeader,
  successHeaders,
} from './api/headers.js';
export {
  type Paging,
  PagingLimits,
  pageUrl,
  paginate,
  parsePaging,
  type Query as QueryParameters,
} from './api/paging.js';
export {
  AUTH_DEFAULTS,
  COLLATION_DEFAULTS,
  LDAP_DEFAULTS,
  LOG_ROTATE_DEFAULTS,
  NAMESPACE_FILTER_DEFAULTS,
  PAGING_DEFAULTS,
  withAutomationDefaults,
  withLogRotateDefaults,
  withSnapshotDefaults,
} from './defaults.js';
export {
  ALERT_STATUS_FILTER_VALUES,
  ALERT_STATUS_VALUES,
  AlertStatus,
  AlertStatusFilter,
  isAlertStatus,
  isAlertStatusFilter,
} from './enums/alerts.js';
export {
  ARCHITECTURE_VALUES,
  Architecture,
  AUTH_MECHANISM_VALUES,
  AuthMechanism,
  CLIENT_CERTIFICATE_MODE_VALUES,
  ClientCertificateMode,
  COLLATION_ALTERNATE_VALUES,
  COLLATION_CASE_FIRST_VALUES,
  COLLATION_MAX_VARIABLE_VALUES,
  CollationAlternate,
  CollationCaseFirst,
  CollationMaxVariable,
  isArchitecture,
  isAuthMechanism,
  isClientCertificateMode,
  isCollationAlternate,
  isCollationCaseFirst,
  isCollationMaxVariable,
  isLdapBindMethod,
  isProcessType,
  isReadConcernLevel,
  isScramMechanism,
  isTlsMode,
  LDAP_BIND_METHOD_VALUES,
  LdapBindMethod,
  PROCESS_TYPE_VALUES,
  ProcessType,
  READ_CONCERN_LEVEL_VALUES,
  ReadConcernLevel,
  SCRAM_MECHANISM_VALUES,
  ScramMechanism,
  TLS_MODE_VALUES,
  TlsMode,
} from './enums/automation.js';
// Closed sets: enums with a description per value.
export type { EnumDefinition, EnumMember } from './enums/define.js';
export {
  EVENT_GROUP_VALUES,
  EVENT_TYPE_NAME_VALUES,
  EventGroup,
  EventTypeName,
  eventsInGroup,
  isEventGroup,
  isEventTypeName,
} from './enums/events.js';
export {
  isMetricGroup,
  isMetricName,
  METRIC_GROUP_VALUES,
  METRIC_NAME_VALUES,
  MetricGroup,
  MetricName,
  metricsInGroup,
} from './enums/metrics.js';
export {
  BACKUP_SOURCE_TYPE_NAME_VALUES,
  BackupSourceTypeName,
  CompressionSetting,
  ConfigServerPartTypeName,
  isBackupSourceTypeName,
  isCompressionSetting,
  isConfigServerPartTypeName,
  isMissingShardTypeName,
  isNamespaceFilterType,
  isSnapshotCompletedFilter,
  isSnapshotPartTypeName,
  MISSING_SHARD_TYPE_NAME_VALUES,
  MissingShardTypeName,
  NAMESPACE_FILTER_TYPE_VALUES,
  NamespaceFilterType,
  SNAPSHOT_COMPLETED_FILTER_VALUES,
  SNAPSHOT_PART_TYPE_NAME_VALUES,
  SnapshotCompletedFilter,
  SnapshotPartTypeName,
} from './enums/snapshots.js';
export { isUnit, UNIT_VALUES, Unit } from './enums/units.js';
export type {
  Alert,
  AlertCommon,
  AlertEventFields,
  AlertEventWithFields,
  AlertResolution,
  BackupFields,
  CurrentValue,
  HostDownFields,
  OtherEventFields,
  OutsideMetricThresholdFields,
  ReplicaSetFields,
  ShardedClusterFields,
} from './model/alert.js';
export type { Auth, ScramCredentials, UserDeleted, UserWanted } from './model/automation/auth.js';
// The automation configuration document.
export type { AuthenticationRestriction, IsoDateTime, LogRotate, RoleRef } from './model/automation/common.js';
export {
  type AutomationConfig,
  type AutomationOptions,
  SERVICE_MANAGED_SECTIONS,
} from './model/automation/config.js';
export type { Collation, IndexConfig } from './model/automation/indexConfig.js';
export type { Args26, DefaultRWConcern, Process, ProcessNetTls } from './model/automation/process.js';
export type { ReplicaSet, ReplicaSetMember } from './model/automation/replicaSet.js';
export type {
  CustomRole,
  Kerberos,
  Ldap,
  Privilege,
  PrivilegeResource,
  Tls,
  UserToDNMapping,
} from './model/automation/security.js';
export type {
  Balancer,
  BalancerActiveWindow,
  BalancerSettings,
  ClusterWideConfiguration,
  ClusterWideConfigurations,
  Shard,
  ShardedCluster,
} from './model/automation/sharding.js';
export type { AgentVersion, AgentVersionEntry, Build, DbVersion } from './model/automation/versions.js';
export type { Cluster, ClusterTypeName } from './model/cluster.js';
export type {
  ConfigServerSnapshot,
  ConfigServerSnapshotPart,
  ConfigServerSnapshotPartEncryption,
  ObjectId,
} from './model/configServerSnapshot.js';
export {
  type ApiErrorBody,
  type AutomationConfigErrorBody,
  ErrorCode,
  type ErrorCodeDefinition,
  isErrorCode,
} from './model/error.js';
// API resources.
export { type Link, LinkRelation, type Timestamp } from './model/link.js';
export type { Envelope, ListEnvelope, ListResponse } from './model/list.js';
export type {
  BsonTimestamp,
  ClusterSnapshot,
  MissingShard,
  NamespaceFilterList,
  SnapshotPart,
  SnapshotPartEncryption,
  SnapshotPatch,
} from './model/snapshot.js';
// Transition plans: what replacing one revision of the automation configuration with another does.
export { planTransition } from './plan/plan.js';
export { PlanCode } from './plan/planCodes.js';
export {
  countPlan,
  formatPlanCounts,
  formatPlanLocation,
  formatPlanText,
  type LocatedChange,
  type LocatedPlan,
  type LocatedPlanDiagnostic,
  PLAN_AREA_ORDER,
  PLAN_AREA_TITLES,
  type PlanCounts,
  type PlanLocation,
  type PlanPalette,
  type PlanPosition,
  type RenderedPlan,
  renderPlanText,
} from './plan/text.js';
export { ChangeArea, ChangeKind, type Plan, type PlanDiagnostic, type PlannedChange } from './plan/types.js';
// Secrets: which values are secrets (by path), and how dbkit's texts mask them.
export { SECRET_MASK, type SecretText, scrubSecrets, secretTextsOf } from './secrets/mask.js';
export { isSecretPath, SECRET_PATHS, type SecretPath } from './secrets/paths.js';
export { DiagnosticCode } from './validation/codes.js';
export {
  type Diagnostic,
  formatJsonPath,
  type JsonPath,
  type JsonPathParseResult,
  parseJsonPath,
  type RelatedInformation,
} from './validation/diagnostic.js';
export { DiagnosticTag, Severity } from './validation/severity.js';
// Validation of automation configurations.
export { validateAutomationConfig } from './validation/validate.js';
