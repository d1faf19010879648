// The rules of the automation configuration document: its sections, the deployment authentication settings, the
// document's limits and its version (the REST interface is `service.mjs`).

const V = 'validation.md';

/** @type {readonly import('./types.js').SpecRule[]} */
export const documentRules = [
  // Automation configuration document (conventions)
  {
    id: 'optional-fields',
    section: 'Automation configuration document',
    text: 'Fields marked Optional may be left out',
    decision: `${V}#null-is-absent-and-each-fault-is-reported-once`,
  },
  {
    id: 'number-fields',
    section: 'Automation configuration document',
    text: 'A field typed number accepts integers and floating point values',
  },
  {
    id: 'domain-socket',
    section: 'Automation configuration document',
    text: 'Domain-socket options of the database server are not supported through this document',
    decision: `${V}#accepted-but-risky-settings-warn`,
  },
  {
    id: 'doc-validated',
    section: 'Automation configuration document',
    text: 'Some settings are not validated by the service; an incorrect value can cause issues or downtime',
    decision: 'service.md#a-put-with-errors-is-400-automation_config_invalid',
  },
  {
    id: 'unknown-fields',
    section: 'Automation configuration document',
    text: 'Each object holds the fields its table lists',
    decision: `${V}#unknown-fields-are-info-near-misses-are-warnings`,
  },

  // Top level
  { id: 'doc-version', section: 'Top level', text: '`version`: integer, Required, the revision of this configuration' },
  {
    id: 'doc-options',
    section: 'Top level',
    text: '`options`: object, Required, with `downloadBase` (string, Required)',
  },
  {
    id: 'doc-db-versions',
    section: 'Top level',
    text: '`dbVersions`: array, Required, one specification per database version used in `processes`',
  },
  { id: 'doc-processes', section: 'Top level', text: '`processes`: array, Required, the database instances' },
  {
    id: 'doc-section-types',
    section: 'Top level',
    text: 'Each optional section has its type: `agentVersion`, `balancer`, `auth`, `ldap`, `ssl`, `kerberos` … objects, the others arrays',
  },
  {
    id: 'obsolete-agent-versions',
    section: 'Top level',
    text: '`monitoringVersions` and `backupVersions` are obsolete parameters',
  },
  {
    id: 'replica-sets-declared',
    section: 'Top level',
    text: '`replicaSets` is required for deployments with replica sets',
    decision: `${V}#accepted-but-risky-settings-warn`,
  },
  {
    id: 'sharding-declared',
    section: 'Top level',
    text: '`sharding` is required for deployments with sharded clusters',
    decision: `${V}#cluster-is-required-on-routers-only`,
  },

  // dbVersions[n]
  {
    id: 'db-version-name',
    section: 'dbVersions[n]',
    text: '`name`: string, Required; processes refer to it through `processes.version`',
  },
  {
    id: 'db-version-name-unique',
    section: 'dbVersions[n]',
    text: '`name` identifies one specification',
    decision: `${V}#repeated-names-are-errors-repeated-users-and-roles-warn`,
  },
  {
    id: 'build-required-fields',
    section: 'dbVersions[n]',
    text: '`builds[k].platform`, `url`, `gitVersion`, `architecture`: strings, Required',
  },
  {
    id: 'builds-modules-optional',
    section: 'dbVersions[n]',
    text: '`builds` and `builds[k].modules`: Required',
    decision: `${V}#where-the-spec-and-real-documents-differ-real-documents-win`,
  },
  {
    id: 'build-architecture',
    section: 'dbVersions[n]',
    text: '`builds[k].architecture` is `amd64` or `ppc64le`',
    decision: 'core-model.md#architecture-auth-mechanism-and-tls-sets-add-the-values-real-documents-carry',
  },
  { id: 'build-bits', section: 'dbVersions[n]', text: '`builds[k].bits`: integer, deprecated' },
  {
    id: 'build-windows-fields',
    section: 'dbVersions[n]',
    text: '`win2008plus` Boolean; `winVCRedistUrl`, `winVCRedistDll`, `winVCRedistVersion` strings; `winVCRedistOptions` array of strings',
  },

  // agentVersion
  {
    id: 'agent-version-fields',
    section: 'agentVersion',
    text: '`agentVersion` is Optional; its `name` and `directoryUrl` are Optional strings',
  },

  // monitoringVersions[] and backupVersions[n]
  {
    id: 'agent-entry-fields',
    section: 'monitoringVersions[] and backupVersions[n] (same shape)',
    text: '`name`, `hostname`, `urls`, `baseUrl` Required strings (`urls` an object); `logPath` a string',
    decision: `${V}#where-the-spec-and-real-documents-differ-real-documents-win`,
  },
  {
    id: 'agent-urls-default',
    section: 'monitoringVersions[] and backupVersions[n] (same shape)',
    text: '`urls.<platform>` maps build names or `default` to URLs; the `default` key is required',
  },
  {
    id: 'agent-log-rotate',
    section: 'monitoringVersions[] and backupVersions[n] (same shape)',
    text: '`logRotate.sizeThresholdMB` (number) and `timeThresholdHrs` (integer) are Required',
  },
  {
    id: 'log-rotate-max-uncompressed',
    section: 'monitoringVersions[] and backupVersions[n] (same shape)',
    text: 'The earlier name `maxUncompressed` of `logRotate.numUncompressed` is still recognized',
    decision: `${V}#defaults-fill-only-what-the-spec-documents`,
  },

  // processes[n]
  { id: 'args26-required', section: 'processes[n]', text: '`args2_6`: object, Required' },
  {
    id: 'args26-contents',
    section: 'processes[n]',
    text: 'The contents of `args2_6` are not shown',
    decision: `${V}#args2_6-is-checked-only-where-dbkit-knows-the-option`,
  },
  {
    id: 'process-required-fields',
    section: 'processes[n]',
    text: '`name`, `hostname`, `version`, `processType`, `authSchemaVersion` are Required',
  },
  { id: 'process-name-unique', section: 'processes[n]', text: '`name` is a unique instance name' },
  {
    id: 'process-version-ref',
    section: 'processes[n]',
    text: '`version` names the `dbVersions` specification used; each process must have one',
  },
  {
    id: 'process-alias',
    section: 'processes[n]',
    text: "`alias` may stand for the process in a replica set member's `host`",
  },
  {
    id: 'process-type',
    section: 'processes[n]',
    text: '`processType`: string, Required; the allowed values are not shown',
    decision: `${V}#processtype-values-are-dbd-and-dbs`,
  },
  {
    id: 'auth-schema-version-values',
    section: 'processes[n]',
    text: '`authSchemaVersion`: integer, the schema version of user credentials',
    decision: `${V}#where-the-spec-and-real-documents-differ-real-documents-win`,
  },
  {
    id: 'auth-schema-version-match',
    section: 'processes[n]',
    text: '`authSchemaVersion` must match other processes of the same cluster',
    decision: `${V}#same-cluster-means-the-sharded-cluster-else-the-replica-set`,
  },
  {
    id: 'process-cluster',
    section: 'processes[n]',
    text: '`cluster`: Conditional; the condition is not shown',
    decision: `${V}#cluster-is-required-on-routers-only`,
  },
  {
    id: 'read-concern-level',
    section: 'processes[n]',
    text: '`defaultReadConcern.level`: the accepted values are not shown',
    decision: `${V}#read-concern-is-a-closed-set-w-is-a-count-or-a-name`,
  },
  {
    id: 'write-concern-w',
    section: 'processes[n]',
    text: '`defaultWriteConcern.w`: string; the accepted values are not shown',
    decision: `${V}#read-concern-is-a-closed-set-w-is-a-count-or-a-name`,
  },
  {
    id: 'write-concern-wtimeout',
    section: 'processes[n]',
    text: '`defaultWriteConcern.wtimeout`: number, to be set when `w` is greater than 1',
    decision: `${V}#read-concern-is-a-closed-set-w-is-a-count-or-a-name`,
  },
  {
    id: 'process-optional-types',
    section: 'processes[n]',
    text: '`alias`, `backupRestoreUrl` strings; `disabled`, `manualMode`, `defaultWriteConcern.j` Booleans',
  },
  {
    id: 'feature-compatibility-version',
    section: 'processes[n]',
    text: '`featureCompatibilityVersion`: string, Required',
    decision: `${V}#featurecompatibilityversion-is-required-from-server-34`,
  },
  {
    id: 'process-last-times',
    section: 'processes[n]',
    text: '`lastCompact`, `lastRestart`, `lastResync`, `lastKmipMasterKeyRotation` are ISO 8601 times',
  },
  {
    id: 'last-compact-time-zone',
    section: 'processes[n]',
    text: '`lastCompact`: a time zone should be given to avoid ambiguity',
    decision: `${V}#accepted-but-risky-settings-warn`,
  },
  {
    id: 'last-resync',
    section: 'processes[n]',
    text: "Setting `lastResync` triggers an initial sync, which removes the node's entire data contents",
    decision: `${V}#accepted-but-risky-settings-warn`,
  },
  {
    id: 'process-log-rotate',
    section: 'processes[n]',
    text: '`logRotate.sizeThresholdMB` and `timeThresholdHrs` are Required',
  },
  {
    id: 'log-rotate-counts',
    section: 'processes[n]',
    text: '`numUncompressed`, `numTotal` integers; `percentOfDiskspace` a percentage of disk space',
    decision: `${V}#where-the-spec-and-real-documents-differ-real-documents-win`,
  },
  {
    id: 'num-cores',
    section: 'processes[n]',
    text: '`numCores`: integer, the number of cores to bind to the process',
    decision: `${V}#bounds-only-where-the-spec-or-a-cited-source-states-them`,
  },

  // clusterWideConfigurations
  {
    id: 'cluster-wide-keys',
    section: 'clusterWideConfigurations',
    text: 'Keys are replica set IDs or cluster names; only JSON validity is checked',
    decision: `${V}#balancer-keys-are-cluster-names-values-hold-stopped-and-activewindow`,
  },
  {
    id: 'cluster-wide-expire',
    section: 'clusterWideConfigurations',
    text: '`expireAfterSeconds`: number; when omitted, images stay until their change events leave the oplog',
  },

  // replicaSets[n]
  { id: 'replica-set-id', section: 'replicaSets[n]', text: '`_id`: string, Required, the replica set name' },
  {
    id: 'replica-set-id-unique',
    section: 'replicaSets[n]',
    text: '`_id` names one replica set',
    decision: `${V}#repeated-names-are-errors-repeated-users-and-roles-warn`,
  },
  {
    id: 'protocol-version',
    section: 'replicaSets[n]',
    text: '`protocolVersion`: string',
    decision: `${V}#where-the-spec-and-real-documents-differ-real-documents-win`,
  },
  {
    id: 'member-host',
    section: 'replicaSets[n]',
    text: '`members[m].host` must name a process as listed in `processes.name`',
  },
  {
    id: 'member-id',
    section: 'replicaSets[n]',
    text: '`members[m]._id`: integer, Required, any positive integer identifying the member',
    decision: `${V}#member-ids-start-at-0`,
  },
  {
    id: 'member-fields',
    section: 'replicaSets[n]',
    text: '`arbiterOnly`, `buildIndexes`, `hidden` booleans; `secondaryDelaySecs` integer; `tags` labels and values',
  },
  {
    id: 'member-secondary-delay',
    section: 'replicaSets[n]',
    text: '`members[m].secondaryDelaySecs`: seconds the member lags behind the primary',
    decision: `${V}#where-the-spec-and-real-documents-differ-real-documents-win`,
  },
  {
    id: 'force-current-version',
    section: 'replicaSets[n]',
    text: '`force.currentVersion`: integer; -1 forces a new configuration and may roll back majority-committed writes',
    decision: `${V}#accepted-but-risky-settings-warn`,
  },

  // sharding[]
  { id: 'managed-sharding', section: 'sharding[]', text: '`managedSharding`: boolean, Optional' },
  {
    id: 'sharding-name',
    section: 'sharding[]',
    text: '`name`: the cluster name; must correspond to `processes.cluster`',
    decision: `${V}#cluster-is-required-on-routers-only`,
  },
  {
    id: 'sharding-config-rs',
    section: 'sharding[]',
    text: '`configServerReplica` names the config server replica set',
  },
  {
    id: 'sharding-config-servers-legacy',
    section: 'sharding[]',
    text: '`configServer`: legacy mirrored config servers (`processes.name`), not supported from server 3.4 on',
    decision: `${V}#mirrored-config-servers-fail-from-server-34`,
  },
  {
    id: 'shard-fields',
    section: 'sharding[]',
    text: '`shards._id` (shard name) and `shards.rs`: Conditional',
    decision: `${V}#conditional-fields-the-spec-leaves-open-are-required`,
  },
  { id: 'shard-rs-ref', section: 'sharding[]', text: '`shards.rs` is a `replicaSets._id`' },
  {
    id: 'shard-id-unique',
    section: 'sharding[]',
    text: '`shards._id` names one shard of the cluster',
    decision: `${V}#repeated-names-are-errors-repeated-users-and-roles-warn`,
  },
  { id: 'shard-tags', section: 'sharding[]', text: '`shards.tags`: array of strings, the zones assigned to the shard' },

  // balancer
  {
    id: 'balancer-keys',
    section: 'balancer',
    text: 'The keys of `balancer` are cluster names',
    decision: `${V}#balancer-keys-are-cluster-names-values-hold-stopped-and-activewindow`,
  },
  {
    id: 'balancer-settings',
    section: 'balancer',
    text: 'Each value uses `stopped` and `activeWindow`; their value shapes are not shown',
    decision: `${V}#balancer-keys-are-cluster-names-values-hold-stopped-and-activewindow`,
  },

  // indexConfigs[]
  {
    id: 'index-required-fields',
    section: 'indexConfigs[]',
    text: '`key`, `rsName`, `dbName`, `collectionName`, `options`: Required',
  },
  { id: 'index-key', section: 'indexConfigs[]', text: '`key`: array of arrays, one inner array per index key' },
  { id: 'index-rs-name', section: 'indexConfigs[]', text: '`rsName` is the replica set on which the index is built' },
  { id: 'collation-locale', section: 'indexConfigs[]', text: 'When `collation` is present, `locale` is required' },
  {
    id: 'collation-simple',
    section: 'indexConfigs[]',
    text: '`collation.locale` `simple` means binary comparison',
    decision: `${V}#collation-values-follow-the-server-manual`,
  },
  {
    id: 'collation-case-level',
    section: 'indexConfigs[]',
    text: '`caseLevel` applies only when `strength` is 1 or 2',
    decision: `${V}#collation-values-follow-the-server-manual`,
  },
  {
    id: 'collation-max-variable',
    section: 'indexConfigs[]',
    text: '`maxVariable` applies only when `alternate` is `shifted`',
    decision: `${V}#collation-values-follow-the-server-manual`,
  },
  {
    id: 'collation-values',
    section: 'indexConfigs[]',
    text: 'The allowed values of `caseFirst`, `strength`, `alternate` and `maxVariable` are not shown',
    decision: `${V}#collation-values-follow-the-server-manual`,
  },
  {
    id: 'collation-booleans',
    section: 'indexConfigs[]',
    text: '`numericOrdering`, `normalization`, `backwards`: booleans, default false',
  },

  // Deployment authentication settings (automation configuration)
  {
    id: 'auth-optional',
    section: 'Deployment authentication settings (automation configuration)',
    text: '`auth` is Optional',
  },
  {
    id: 'auth-enabled-fields',
    section: 'Deployment authentication settings (automation configuration)',
    text: '`autoUser`, `autoPwd`, `deploymentAuthMechanisms`, `key`, `keyfile` are required when authentication is enabled',
    decision: `${V}#authentication-is-enabled-unless-authdisabled-is-true`,
  },
  {
    id: 'auth-enabled-defaulted',
    section: 'Deployment authentication settings (automation configuration)',
    text: '`authoritativeSet` and `autoAuthMechanisms` are required when authentication is enabled',
    decision: `${V}#where-the-spec-and-real-documents-differ-real-documents-win`,
  },
  {
    id: 'auth-flag-defaults',
    section: 'Deployment authentication settings (automation configuration)',
    text: '`disabled` and `authoritativeSet` default to false',
  },
  {
    id: 'auth-mechanisms-several',
    section: 'Deployment authentication settings (automation configuration)',
    text: '`autoAuthMechanisms` has more than one element only when both SCRAM-SHA-1 and SCRAM-SHA-256 are configured',
    decision: `${V}#mechanisms-beyond-scram-are-known-unknown-ones-warn`,
  },
  {
    id: 'auth-mechanism-values',
    section: 'Deployment authentication settings (automation configuration)',
    text: 'Mechanisms are arrays of strings; values other than SCRAM-SHA-1 and SCRAM-SHA-256 are not shown',
    decision: `${V}#mechanisms-beyond-scram-are-known-unknown-ones-warn`,
  },
  {
    id: 'auth-key-keyfile',
    section: 'Deployment authentication settings (automation configuration)',
    text: 'Changing `key` requires changing `keyfile`, and the reverse',
    decision: `${V}#authentication-is-enabled-unless-authdisabled-is-true`,
  },
  {
    id: 'new-auto-pwd',
    section: 'Deployment authentication settings (automation configuration)',
    text: '`newAutoPwd` only with SCRAM-SHA-1 or SCRAM-SHA-256 in `autoAuthMechanisms`',
    decision: `${V}#mechanisms-beyond-scram-are-known-unknown-ones-warn`,
  },
  {
    id: 'new-key',
    section: 'Deployment authentication settings (automation configuration)',
    text: '`newKey`: string; the service rotates to it, replaces `key` with it and removes `newKey`',
  },
  {
    id: 'users-deleted',
    section: 'Deployment authentication settings (automation configuration)',
    text: 'Each `usersDeleted` entry has `user` (string) and `dbs` (array of strings)',
  },
  {
    id: 'users-wanted-fields',
    section: 'Deployment authentication settings (automation configuration)',
    text: 'Each `usersWanted` entry has `db`, `user` and `roles`, each role with `db` and `role`',
  },
  {
    id: 'users-wanted-password',
    section: 'Deployment authentication settings (automation configuration)',
    text: 'Each `usersWanted` entry has exactly one of `pwd`, `initPwd`, `userSource`',
    decision: `${V}#where-the-spec-and-real-documents-differ-real-documents-win`,
  },
  {
    id: 'users-wanted-pwd',
    section: 'Deployment authentication settings (automation configuration)',
    text: '`usersWanted[n].pwd` is the 32-character hex SCRAM-SHA-1 hash of the password',
  },
  {
    id: 'users-wanted-user-source',
    section: 'Deployment authentication settings (automation configuration)',
    text: '`usersWanted[n].userSource` is deprecated, no longer supported',
  },
  {
    id: 'users-wanted-other-db-roles',
    section: 'Deployment authentication settings (automation configuration)',
    text: '`otherDBRoles`: for user database `admin`; database names to arrays of role names',
    decision: `${V}#repeated-names-are-errors-repeated-users-and-roles-warn`,
  },
  {
    id: 'auth-restriction-addresses',
    section: 'Deployment authentication settings (automation configuration)',
    text: '`authenticationRestrictions` `clientSource`, `serverAddress`: IP addresses or CIDR ranges, for users and roles',
  },
  {
    id: 'secret-fields',
    section: 'Deployment authentication settings (automation configuration)',
    text: 'Passwords and key file contents are secrets (`<PASSWORD>`, `<KEY_FILE_CONTENTS>`)',
    decision: `${V}#secret-values-never-appear-in-messages`,
  },
  {
    id: 'ldap-servers',
    section: 'Deployment authentication settings (automation configuration)',
    text: '`ldap.servers`: Conditional, a comma-separated list of `<host>:<port>`',
    decision: `${V}#ldap-is-in-use-once-it-names-servers-a-bind-identity-a-query-or-a-mapping`,
  },
  {
    id: 'ldap-bind-method',
    section: 'Deployment authentication settings (automation configuration)',
    text: '`ldap.bindMethod` is `simple` or `sasl`',
  },
  {
    id: 'ldap-bind-query',
    section: 'Deployment authentication settings (automation configuration)',
    text: '`ldap.bindQueryUser` and `bindQueryPassword`: Conditional',
    decision: `${V}#ldap-is-in-use-once-it-names-servers-a-bind-identity-a-query-or-a-mapping`,
  },
  {
    id: 'ldap-authz-query',
    section: 'Deployment authentication settings (automation configuration)',
    text: '`ldap.authzQueryTemplate`: Conditional',
    decision: `${V}#ldap-is-in-use-once-it-names-servers-a-bind-identity-a-query-or-a-mapping`,
  },
  {
    id: 'ldap-user-to-dn-mapping',
    section: 'Deployment authentication settings (automation configuration)',
    text: '`userToDNMapping`: array; each has `match` (ECMAScript regular expression) and a substitution or an LDAP query',
    decision: `${V}#where-the-spec-and-real-documents-differ-real-documents-win`,
  },
  {
    id: 'ldap-types',
    section: 'Deployment authentication settings (automation configuration)',
    text: '`timeoutMS` long, `bindSaslMechanisms` string, `userCacheInvalidationPeriod` integer; interval units are not shown',
    decision: `${V}#bounds-only-where-the-spec-or-a-cited-source-states-them`,
  },
  {
    id: 'tls-client-certificate-mode',
    section: 'Deployment authentication settings (automation configuration)',
    text: '`ssl.clientCertificateMode` is `OPTIONAL` or `REQUIRE`',
  },
  {
    id: 'tls-ca-file',
    section: 'Deployment authentication settings (automation configuration)',
    text: '`CAFilePath` or `CAFilePathWindows` is required when TLS is used',
    decision: `${V}#tls-is-used-when-a-process-sets-a-tls-mode`,
  },
  {
    id: 'tls-pem-key-file',
    section: 'Deployment authentication settings (automation configuration)',
    text: '`autoPEMKeyFilePath` or `autoPEMKeyFilePathWindows` is required with TLS or X.509 authentication',
    decision: `${V}#tls-is-used-when-a-process-sets-a-tls-mode`,
  },
  {
    id: 'tls-paths-absolute',
    section: 'Deployment authentication settings (automation configuration)',
    text: 'The CA and PEM key file paths are absolute',
  },
  {
    id: 'ssl-section',
    section: 'Deployment authentication settings (automation configuration)',
    text: '`ssl` object (Optional) enables TLS',
    decision: `${V}#where-the-spec-and-real-documents-differ-real-documents-win`,
  },
  {
    id: 'role-fields',
    section: 'Deployment authentication settings (automation configuration)',
    text: '`roles[].role` and `roles[].db`: Conditional',
    decision: `${V}#conditional-fields-the-spec-leaves-open-are-required`,
  },
  {
    id: 'role-privileges',
    section: 'Deployment authentication settings (automation configuration)',
    text: 'Each privilege has `resource` (object) and `actions` (array of strings); the shape of `resource` is not shown',
    decision: `${V}#a-privilege-resource-is-db-and-collection-cluster-or-anyresource`,
  },
  {
    id: 'role-inherited',
    section: 'Deployment authentication settings (automation configuration)',
    text: '`roles[].roles`: inherited roles, each with `role` and `db`',
  },
  {
    id: 'kerberos-service-name',
    section: 'Deployment authentication settings (automation configuration)',
    text: '`kerberos.serviceName`: string, Required',
  },

  // Limits (automation configuration)
  {
    id: 'member-priority',
    section: 'Limits',
    text: 'Member priority: 0 to 1000 inclusive (data-bearing), 0 or 1 (arbiters)',
  },
  { id: 'member-votes', section: 'Limits', text: 'Member votes: 0 or 1 (data-bearing), always 1 (arbiters)' },
  {
    id: 'log-rotate-defaults',
    section: 'Limits',
    text: 'logRotate defaults: `numUncompressed` 5, `percentOfDiskspace` 0.02 (.02 in agent sections), `numTotal` 0',
  },
  {
    id: 'ldap-user-cache-default',
    section: 'Limits',
    text: '`ldap.userCacheInvalidationPeriod` default: 30 seconds',
    decision: `${V}#defaults-fill-only-what-the-spec-documents`,
  },

  // Versioning
  {
    id: 'doc-version-revision',
    section: 'Versioning',
    text: 'The automation configuration carries an integer `version`, the revision of that configuration',
    decision: 'service.md#automation-config-get-and-put',
  },
];
