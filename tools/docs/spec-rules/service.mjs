// The rules of the service's REST interface: resources, states, endpoints, authentication, events, errors, limits
// and versioning (everything but the automation configuration document, which is `document.mjs`).

/** @type {readonly import('./types.js').SpecRule[]} */
export const serviceRules = [
  // What the service does (conventions)
  { id: 'base-path', section: 'What the service does', text: 'All paths are relative to `{base_url}/api/public/v1.0`' },
  { id: 'timestamps-utc', section: 'What the service does', text: 'Timestamps are ISO 8601 date and time in UTC' },
  {
    id: 'links-self',
    section: 'What the service does',
    text: 'Every `links` array contains at least one link whose `rel` is `self`',
  },
  {
    id: 'project-is-group',
    section: 'What the service does',
    text: '`{PROJECT-ID}` in a path is the project (group); resource bodies name it `groupId`',
  },

  // Resources
  { id: 'link-object', section: 'Link object', text: 'A link has `href` (URL of the linked resource) and `rel`' },
  {
    id: 'list-self-paging',
    section: 'List response (all list endpoints)',
    text: 'The self URL carries the effective `pageNum` and `itemsPerPage`',
  },
  {
    id: 'list-total-count',
    section: 'List response (all list endpoints)',
    text: '`totalCount` counts all items of the set and may exceed the length of `results`',
  },
  {
    id: 'snapshot-fields',
    section: 'Cluster snapshot',
    text: 'A cluster snapshot has the listed fields and types; fields that do not apply may be omitted',
  },
  {
    id: 'snapshot-namespace-filter',
    section: 'Cluster snapshot',
    text: '`namespaceFilterList.filterType` is `blacklist` or `whitelist`, default `blacklist`',
  },
  {
    id: 'snapshot-type-names',
    section: 'Cluster snapshot',
    text: '`parts[].typeName` and `missingShards[].typeName` take the three listed values',
  },
  {
    id: 'snapshot-part-values',
    section: 'Cluster snapshot',
    text: 'The values of `parts[].replicaState` and `parts[].compressionSetting` are not shown',
    decision: 'core-model.md#compressionsetting-is-gzip-and-replicastate-stays-a-string',
  },
  {
    id: 'config-server-snapshot-shape',
    section: 'Config server snapshot (deprecated)',
    text: '`parts` holds exactly one document whose `typeName` is `CONFIG_SERVER`, with `hostId`',
  },
  {
    id: 'config-server-do-not-delete',
    section: 'Config server snapshot (deprecated)',
    text: '`doNotDelete` true means any value in `expires` is ignored or removed',
  },
  {
    id: 'alert-fields',
    section: 'Alert',
    text: 'An alert always has id, groupId, alertConfigId, eventTypeName, status, created, updated, links',
  },
  {
    id: 'alert-conditional-fields',
    section: 'Alert',
    text: 'Conditional fields (clusterId, currentValue, hostId, metricName, replicaSetName, sourceTypeName …) are present for their events only',
  },
  { id: 'alert-resolved', section: 'Alert', text: '`resolved` is present when status is `CLOSED`' },
  { id: 'alert-units', section: 'Alert', text: '`currentValue.units` is one of the 16 listed units' },
  {
    id: 'alert-source-type',
    section: 'Alert',
    text: '`sourceTypeName` is `REPLICA_SET`, `SHARDED_CLUSTER` or `CONFIG_SERVER`',
  },
  {
    id: 'metric-names',
    section: 'Measurement types for alerts (values of metricName)',
    text: "`metricName` is one of the 70 measurement types, in the table's 26 groups",
  },

  // States and transitions
  {
    id: 'alert-status-values',
    section: 'States and transitions',
    text: 'Alert `status` values: `TRACKING`, `OPEN`, `CLOSED`, `CANCELLED`',
  },
  {
    id: 'alert-tracking-opens',
    section: 'States and transitions',
    text: 'TRACKING becomes OPEN once the notification delay has ended and the condition persists',
  },
  {
    id: 'alert-smallest-delay',
    section: 'States and transitions',
    text: 'With several notifications, the smallest delay decides when TRACKING becomes OPEN',
  },
  {
    id: 'alert-other-transitions',
    section: 'States and transitions',
    text: 'Transitions of alerts other than TRACKING to OPEN are not shown',
    decision: 'core-model.md#only-tracking-to-open-happens-with-time',
  },
  {
    id: 'snapshot-complete',
    section: 'States and transitions',
    text: '`complete` is false while the creation job runs and true once the snapshot exists',
    decision: 'core-model.md#snapshot-completion-is-stored-never-computed',
  },
  {
    id: 'expiry-1',
    section: 'States and transitions',
    text: 'Expiry rule 1: setting doNotDelete to true removes any existing `expires`',
  },
  {
    id: 'expiry-2',
    section: 'States and transitions',
    text: 'Expiry rule 2: `expires` at or before now causes deletion at the next opportunity, not immediately',
  },
  {
    id: 'expiry-3',
    section: 'States and transitions',
    text: 'Expiry rule 3: an `expires` value already in the past cannot be edited',
  },

  // Endpoints
  {
    id: 'query-pretty',
    section: 'Query parameters common to all endpoints',
    text: '`pretty` (default false) pretty-prints the response body',
  },
  {
    id: 'envelope-single',
    section: 'Query parameters common to all endpoints',
    text: "`envelope`: a single result's body carries `status` and `content`",
  },
  {
    id: 'envelope-list',
    section: 'Query parameters common to all endpoints',
    text: '`envelope`: list endpoints add a `status` field; the nesting is not shown',
    decision: 'core-model.md#the-list-envelope-is-flat',
  },
  {
    id: 'paging-defaults',
    section: 'Query parameters common to all endpoints',
    text: '`pageNum` is one-based, default 1; `itemsPerPage` default 100',
  },
  { id: 'paging-max', section: 'Query parameters common to all endpoints', text: '`itemsPerPage` maximum 500' },
  {
    id: 'alerts-status-filter',
    section: 'GET /groups/{PROJECT-ID}/alerts',
    text: '`status` is `TRACKING`, `OPEN` or `CLOSED` and returns only those alerts; omitted, all alerts',
  },
  {
    id: 'snapshots-completed-filter',
    section: 'GET /groups/{PROJECT-ID}/clusters/{CLUSTER-ID}/snapshots',
    text: '`completed`: `true` (default) only completed, `false` only incomplete, `all` both',
  },
  {
    id: 'snapshot-get',
    section: 'GET /groups/{PROJECT-ID}/clusters/{CLUSTER-ID}/snapshots/{SNAPSHOT-ID}',
    text: 'Returns one cluster snapshot',
  },
  {
    id: 'patch-1',
    section: 'PATCH /groups/{PROJECT-ID}/clusters/{CLUSTER-ID}/snapshots/{SNAPSHOT-ID}',
    text: 'Rule 1: doNotDelete true with `expires` in one request fails: cannot be modified because of invalid fields',
  },
  {
    id: 'patch-2',
    section: 'PATCH /groups/{PROJECT-ID}/clusters/{CLUSTER-ID}/snapshots/{SNAPSHOT-ID}',
    text: 'Rule 2: doNotDelete true removes any existing `expires`',
  },
  {
    id: 'patch-3',
    section: 'PATCH /groups/{PROJECT-ID}/clusters/{CLUSTER-ID}/snapshots/{SNAPSHOT-ID}',
    text: 'Rule 3: an `expires` at or before the current time schedules deletion at the next opportunity',
  },
  {
    id: 'patch-4',
    section: 'PATCH /groups/{PROJECT-ID}/clusters/{CLUSTER-ID}/snapshots/{SNAPSHOT-ID}',
    text: 'Rule 4: an `expires` already in the past cannot be edited',
  },
  {
    id: 'patch-response',
    section: 'PATCH /groups/{PROJECT-ID}/clusters/{CLUSTER-ID}/snapshots/{SNAPSHOT-ID}',
    text: 'The response is the updated cluster snapshot',
  },
  {
    id: 'patch-body',
    section: 'PATCH /groups/{PROJECT-ID}/clusters/{CLUSTER-ID}/snapshots/{SNAPSHOT-ID}',
    text: 'Body: `doNotDelete` boolean, `expires` ISO 8601 UTC; whether each is required is not shown',
    decision: 'core-model.md#the-snapshot-patch-needs-one-of-its-two-fields',
  },
  {
    id: 'config-server-snapshots-list',
    section: 'GET /groups/{PROJECT-ID}/hosts/{HOST-ID}/snapshots (deprecated)',
    text: 'Lists the config server snapshots of a host (deprecated)',
  },
  {
    id: 'config-server-snapshot-get',
    section: 'GET /groups/{PROJECT-ID}/hosts/{HOST-ID}/snapshots/{SNAPSHOT-ID} (deprecated)',
    text: 'Returns one config server snapshot; the path holds HOST-ID, not the CLUSTER-ID its table lists',
    decision: 'core-model.md#config-server-snapshot-paths-use-host-id-only',
  },
  {
    id: 'automation-config-endpoints',
    section: 'Other operations',
    text: 'Reading or replacing the automation configuration is not shown',
    decision: 'service.md#automation-config-get-and-put',
  },

  // Authentication
  {
    id: 'auth-digest',
    section: 'Authentication',
    text: 'HTTP Digest; the public key is the user name, the private key the password',
  },
  {
    id: 'auth-challenge',
    section: 'Authentication',
    text: '401 with `WWW-Authenticate: Digest realm, domain="", nonce, algorithm=MD5, op="auth", stale=false`',
  },
  {
    id: 'auth-401-headers',
    section: 'Authentication',
    text: 'The 401 has content type `application/json;charset=ISO-8859-1` and headers Date, Content-Length, Connection',
  },
  { id: 'auth-repeat', section: 'Authentication', text: 'The client repeats the request answering the challenge' },
  {
    id: 'auth-permissions',
    section: 'Authentication',
    text: 'The roles or permissions needed for each endpoint are not shown',
    decision: 'service.md#a-key-serves-its-own-project',
  },
  {
    id: 'auth-key-pairs',
    section: 'Authentication',
    text: 'Creation and lifetime of the key pair are not shown',
    decision: 'digest.md#keys-are-seeded-not-created-through-the-api',
  },

  // Events
  { id: 'event-backup-values', section: 'Events', text: "The Backup group's 29 event type names" },
  {
    id: 'event-referenced-values',
    section: 'Events',
    text: 'HOST_DOWN, OUTSIDE_METRIC_THRESHOLD, REPLICA_SET, SHARDED_CLUSTER, BACKUP, MONITORING_AGENT_DOWN',
  },
  {
    id: 'event-groups',
    section: 'Events',
    text: 'The event groups; the values inside them are not shown',
    decision: 'core-model.md#event-group-values-come-from-the-vendors-per-group-lists',
  },

  // Errors
  {
    id: 'error-invalid-fields',
    section: 'Errors',
    text: 'doNotDelete true with `expires`: an error saying the snapshot cannot be modified because of invalid fields; status not shown',
    decision: 'core-model.md#doing-both-in-one-patch-is-400-snapshot_invalid_fields',
  },
  {
    id: 'error-body',
    section: 'Errors',
    text: 'The error body format is not shown',
    decision: 'core-model.md#error-bodies-are-the-real-services',
  },
  {
    id: 'error-status',
    section: 'Errors',
    text: 'Status codes for other failures (unknown identifier, bad parameter, forbidden) are not shown',
    decision: 'core-model.md#status-codes-follow-the-real-services-error-table',
  },

  // Limits and versioning
  {
    id: 'rate-limits',
    section: 'Limits',
    text: 'Rate limits are not shown',
    decision: 'core-model.md#no-rate-limit-is-enforced',
  },
  { id: 'hsts-max-age', section: 'Limits', text: '`Strict-Transport-Security` max-age 300 on all responses' },
  { id: 'version-path', section: 'Versioning', text: 'The interface version is the path segment `v1.0`' },
  {
    id: 'success-headers',
    section: 'Versioning',
    text: 'Successful responses carry Vary, Content-Type, Strict-Transport-Security, Date, Connection, Content-Length, X-DB-Service-Version',
  },
  {
    id: 'service-version-header',
    section: 'Versioning',
    text: '`X-DB-Service-Version` has the form `gitHash=<git_hash>; versionString=<application_version>`',
  },
  {
    id: 'config-server-deprecated',
    section: 'Versioning',
    text: 'The config server snapshot endpoints are deprecated from database server 3.4 on',
  },
];
