import type { DiagnosticTag, Severity } from './severity.js';

interface CodeInfo {
  /** Short kebab-case name, for configuration and documentation. */
  readonly name: string;
  readonly severity: Severity;
  /** One line: the rule. */
  readonly title: string;
  readonly tags?: readonly DiagnosticTag[];
}

/**
 * Every diagnostic dbkit reports, declared once. Codes are stable: a code is never reused for another rule.
 *
 * - DBK1xx: document shape (required fields, types, allowed values, unknown fields)
 * - DBK2xx: cross-references between sections
 * - DBK3xx: limits and conditional rules on values
 * - DBK4xx: authentication, TLS, LDAP, Kerberos and roles
 * - DBK5xx: deprecated, obsolete and dangerous settings
 */
export const DiagnosticCode = {
  DBK100: { name: 'not-an-object', severity: 'error', title: 'The document must be a JSON object.' },
  DBK101: { name: 'missing-required', severity: 'error', title: 'A required field is missing.' },
  DBK102: { name: 'wrong-type', severity: 'error', title: 'A field has the wrong JSON type.' },
  DBK103: { name: 'invalid-value', severity: 'error', title: 'A field has a value outside its allowed set.' },
  DBK104: { name: 'out-of-range', severity: 'error', title: 'A number is outside its allowed range.' },
  DBK105: { name: 'invalid-format', severity: 'error', title: 'A string does not have the required format.' },
  DBK106: { name: 'duplicate-name', severity: 'error', title: 'A name that must be unique is used twice.' },
  DBK107: { name: 'unknown-field', severity: 'info', title: 'A field the spec does not define; kept as is.' },
  DBK108: {
    name: 'probable-typo',
    severity: 'warning',
    title: 'An unknown field that looks like a misspelt known one.',
  },
  DBK199: {
    name: 'internal-error',
    severity: 'error',
    title: 'dbkit failed while checking this part of the document.',
  },
  DBK109: {
    name: 'unknown-value',
    severity: 'warning',
    title: 'A value dbkit does not know, in a set the service may extend.',
  },

  DBK201: {
    name: 'unknown-db-version',
    severity: 'error',
    title: 'processes[].version must name a dbVersions[].name.',
  },
  DBK202: {
    name: 'unknown-member-host',
    severity: 'error',
    title: 'A replica-set member host must name a process (or its alias).',
  },
  DBK203: {
    name: 'unknown-cluster',
    severity: 'error',
    title: 'A shard router’s cluster must name a sharding[].name.',
  },
  DBK204: {
    name: 'unknown-shard-replica-set',
    severity: 'error',
    title: 'sharding[].shards[].rs must name a replica set.',
  },
  DBK205: {
    name: 'unknown-config-server-replica-set',
    severity: 'error',
    title: 'sharding[].configServerReplica must name a replica set.',
  },
  DBK206: {
    name: 'unknown-index-replica-set',
    severity: 'error',
    title: 'indexConfigs[].rsName must name a replica set.',
  },
  DBK207: {
    name: 'unknown-config-server-process',
    severity: 'error',
    title: 'sharding[].configServer entries must name processes.',
  },
  DBK208: { name: 'unknown-balancer-cluster', severity: 'error', title: 'balancer keys must name sharded clusters.' },
  DBK209: {
    name: 'unknown-cluster-wide-target',
    severity: 'warning',
    title: 'clusterWideConfigurations keys should name a replica set or a sharded cluster.',
  },
  DBK210: {
    name: 'auth-schema-version-mismatch',
    severity: 'warning',
    title:
      'authSchemaVersion should be equal across the processes of a cluster (a mix of 3 and 5 is a credential upgrade in progress).',
  },
  DBK211: {
    name: 'cluster-without-routers',
    severity: 'error',
    title: 'sharding[].name must correspond to processes[].cluster.',
  },
  DBK212: {
    name: 'member-is-router',
    severity: 'warning',
    title: 'A replica-set member should be a data-bearing (dbd) process.',
  },
  DBK213: {
    name: 'process-in-several-replica-sets',
    severity: 'warning',
    title: 'A process should be a member of only one replica set.',
  },
  DBK214: {
    name: 'repl-set-name-mismatch',
    severity: 'warning',
    title: 'A member’s args2_6.replication.replSetName should equal its replica set _id.',
  },
  DBK215: { name: 'cluster-on-data-process', severity: 'info', title: 'cluster is used on shard routers only.' },

  DBK301: {
    name: 'priority-out-of-range',
    severity: 'error',
    title: 'Member priority: 0–1000 (data-bearing), 0 or 1 (arbiters).',
  },
  DBK302: {
    name: 'invalid-votes',
    severity: 'error',
    title: 'Member votes: 0 or 1 (data-bearing), always 1 (arbiters).',
  },
  DBK303: {
    name: 'missing-wtimeout',
    severity: 'warning',
    title: 'Set defaultWriteConcern.wtimeout when w is greater than 1.',
  },
  DBK304: {
    name: 'caselevel-ignored',
    severity: 'warning',
    title: 'collation.caseLevel applies only when strength is 1 or 2.',
    tags: ['unnecessary'],
  },
  DBK305: {
    name: 'maxvariable-ignored',
    severity: 'warning',
    title: 'collation.maxVariable applies only when alternate is "shifted".',
    tags: ['unnecessary'],
  },
  DBK306: {
    name: 'missing-default-url',
    severity: 'error',
    title: 'Every urls.<platform> object needs a "default" key.',
  },
  DBK307: {
    name: 'missing-feature-compatibility-version',
    severity: 'error',
    title: 'featureCompatibilityVersion is required for servers 3.4 and later.',
  },
  DBK308: {
    name: 'feature-compatibility-version-mismatch',
    severity: 'warning',
    title: 'featureCompatibilityVersion must equal the server version or the release before it.',
  },
  DBK309: {
    name: 'unusual-auth-schema-version',
    severity: 'warning',
    title: 'The service accepts authSchemaVersion 3 and 5.',
  },
  DBK310: { name: 'duplicate-member-id', severity: 'error', title: 'Member _id must be unique within a replica set.' },
  DBK312: {
    name: 'time-without-zone',
    severity: 'warning',
    title: 'A time should name its time zone to avoid ambiguity.',
  },
  DBK313: {
    name: 'simple-locale-options',
    severity: 'warning',
    title: 'With locale "simple" no other collation field applies.',
    tags: ['unnecessary'],
  },
  DBK314: {
    name: 'advised-range',
    severity: 'warning',
    title: 'Advice, not a rule: a number outside the range dbkit advises; the service does not require it.',
  },
  DBK216: {
    name: 'undeclared-replica-set',
    severity: 'warning',
    title: 'A process names a replica set (args2_6.replication.replSetName) that replicaSets does not declare.',
  },
  DBK311: { name: 'both-delay-fields', severity: 'warning', title: 'Give secondaryDelaySecs or slaveDelay, not both.' },

  DBK401: {
    name: 'auth-field-required',
    severity: 'error',
    title: 'A field required when authentication is enabled is missing.',
  },
  DBK402: {
    name: 'too-many-auto-mechanisms',
    severity: 'error',
    title: 'More than one autoAuthMechanism only for SCRAM-SHA-1 with SCRAM-SHA-256.',
  },
  DBK403: {
    name: 'new-auto-pwd-without-scram',
    severity: 'error',
    title: 'newAutoPwd needs SCRAM-SHA-1 or SCRAM-SHA-256 in autoAuthMechanisms.',
  },
  DBK404: {
    name: 'user-credentials',
    severity: 'error',
    title: 'A wanted user needs exactly one of pwd, initPwd and userSource.',
  },
  DBK405: { name: 'invalid-pwd-hash', severity: 'error', title: 'usersWanted[].pwd must be a 32-character hex hash.' },
  DBK406: {
    name: 'other-db-roles-not-admin',
    severity: 'error',
    title: 'otherDBRoles is only for users of database admin.',
  },
  DBK407: { name: 'tls-ca-required', severity: 'error', title: 'TLS needs CAFilePath or CAFilePathWindows.' },
  DBK408: {
    name: 'tls-pem-required',
    severity: 'error',
    title: 'TLS client certificates or X.509 need autoPEMKeyFilePath(Windows).',
  },
  DBK409: {
    name: 'ldap-bind-incomplete',
    severity: 'error',
    title: 'ldap.bindQueryUser and ldap.bindQueryPassword go together.',
  },
  DBK410: {
    name: 'ldap-servers-format',
    severity: 'error',
    title: 'ldap.servers is a comma-separated list of host:port.',
  },
  DBK411: {
    name: 'ldap-mapping',
    severity: 'error',
    title: 'A userToDNMapping entry needs a valid match and one of substitution or ldapQuery.',
  },
  DBK412: { name: 'path-not-absolute', severity: 'error', title: 'The path must be absolute.' },
  DBK413: {
    name: 'invalid-address',
    severity: 'error',
    title: 'clientSource and serverAddress hold IP addresses or CIDR ranges.',
  },
  DBK414: { name: 'ssl-and-tls', severity: 'warning', title: 'Give the TLS settings once, as tls or ssl.' },
  DBK415: {
    name: 'invalid-privilege-resource',
    severity: 'error',
    title: 'A privilege resource is {db, collection}, {cluster: true} or {anyResource: true}.',
  },
  DBK416: { name: 'ldap-servers-required', severity: 'error', title: 'LDAP settings need ldap.servers.' },
  DBK417: {
    name: 'duplicate-user-or-role',
    severity: 'warning',
    title: 'A user or role is declared twice for the same database.',
  },
  DBK419: {
    name: 'auth-field-defaulted',
    severity: 'warning',
    title: 'A field the spec requires with authentication is missing; the service falls back to a default.',
  },
  DBK418: {
    name: 'ldap-authz-query-missing',
    severity: 'warning',
    title: 'LDAP authorization needs ldap.authzQueryTemplate.',
  },

  DBK501: {
    name: 'obsolete-agent-versions',
    severity: 'warning',
    title: 'monitoringVersions and backupVersions are obsolete.',
    tags: ['deprecated'],
  },
  DBK502: {
    name: 'legacy-config-servers',
    severity: 'warning',
    title: 'Mirrored config servers (configServer) are not supported from server 3.4 on.',
    tags: ['deprecated'],
  },
  DBK508: {
    name: 'legacy-config-servers-unsupported',
    severity: 'error',
    title: 'Mirrored config servers (configServer) running server 3.4 or later.',
  },
  DBK503: {
    name: 'user-source-deprecated',
    severity: 'warning',
    title: 'usersWanted[].userSource is no longer supported.',
    tags: ['deprecated'],
  },
  DBK504: {
    name: 'force-reconfig',
    severity: 'warning',
    title: 'force.currentVersion -1 may roll back majority-committed writes.',
  },
  DBK505: { name: 'resync-wipes-data', severity: 'warning', title: 'Setting lastResync wipes the node’s data.' },
  DBK506: {
    name: 'domain-socket-unsupported',
    severity: 'warning',
    title: 'Domain-socket options are not supported through this document.',
  },
  DBK507: { name: 'deprecated-field', severity: 'warning', title: 'A deprecated field.', tags: ['deprecated'] },
} as const satisfies { readonly [code: string]: CodeInfo };
export type DiagnosticCode = keyof typeof DiagnosticCode;
