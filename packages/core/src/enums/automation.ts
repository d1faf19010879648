/**
 * Closed sets of the automation configuration document. Values the spec shows come first; values it leaves "not
 * shown" come from real documents and the database's own definitions (docs/research domain.md), and each says so.
 */
import { type EnumDefinition, enumGuard, enumValues } from './define.js';

/** The CPU architectures of a database build (`dbVersions[n].builds[k].architecture`). */
export const Architecture = {
  amd64: { description: '64-bit x86 (x86-64); listed by the spec.' },
  ppc64le: { description: '64-bit little-endian IBM POWER; listed by the spec.' },
  aarch64: { description: '64-bit ARM; not listed by the spec but carried by real documents.' },
  s390x: { description: 'IBM Z (64-bit mainframe); not listed by the spec but carried by real documents.' },
} as const satisfies EnumDefinition;

/** The CPU architecture of a database build. */
export type Architecture = keyof typeof Architecture;

/** Tells whether a value is an {@link Architecture}. */
export const isArchitecture = enumGuard(Architecture);

/** Every {@link Architecture}: the spec's two first, then those seen in real documents. */
export const ARCHITECTURE_VALUES = enumValues(Architecture);

/** Whether connections require a TLS certificate (`ssl.clientCertificateMode`, also under the real `tls` key). */
export const ClientCertificateMode = {
  OPTIONAL: { description: 'Clients may connect without presenting a TLS certificate.' },
  REQUIRE: { description: 'Clients must present a valid TLS certificate to connect.' },
} as const satisfies EnumDefinition;

/** Whether connections require a TLS certificate. */
export type ClientCertificateMode = keyof typeof ClientCertificateMode;

/** Tells whether a value is a {@link ClientCertificateMode}. */
export const isClientCertificateMode = enumGuard(ClientCertificateMode);

/** Every {@link ClientCertificateMode}, in the spec's order. */
export const CLIENT_CERTIFICATE_MODE_VALUES = enumValues(ClientCertificateMode);

/** How the database binds to the LDAP server (`ldap.bindMethod`). */
export const LdapBindMethod = {
  simple: { description: 'Simple bind with the distinguished name `bindQueryUser` and `bindQueryPassword`.' },
  sasl: { description: 'SASL bind using one of the mechanisms listed in `bindSaslMechanisms`.' },
} as const satisfies EnumDefinition;

/** How the database binds to the LDAP server. */
export type LdapBindMethod = keyof typeof LdapBindMethod;

/** Tells whether a value is an {@link LdapBindMethod}. */
export const isLdapBindMethod = enumGuard(LdapBindMethod);

/** Every {@link LdapBindMethod}, in the spec's order. */
export const LDAP_BIND_METHOD_VALUES = enumValues(LdapBindMethod);

/**
 * Authentication mechanisms (`auth.deploymentAuthMechanisms[]`, `auth.autoAuthMechanisms[]`). The spec shows only
 * SCRAM-SHA-1 and SCRAM-SHA-256; the others are the wire names the database itself defines, spelt as real
 * documents and clients send them.
 */
export const AuthMechanism = {
  'SCRAM-SHA-1': { description: 'Salted challenge-response with SHA-1 (user name and password); listed by the spec.' },
  'SCRAM-SHA-256': {
    description: 'Salted challenge-response with SHA-256 (user name and password); listed by the spec.',
  },
  'MONGODB-CR': {
    description:
      'Legacy challenge-response name that real tooling uses as the umbrella for SCRAM-SHA-1 user/password ' +
      'authentication; also the default autoAuthMechanism of a project with authentication disabled.',
  },
  'MONGODB-X509': { description: 'Authentication with an X.509 client certificate.' },
  PLAIN: { description: 'LDAP authentication through SASL PLAIN (the password is sent to the LDAP server).' },
  GSSAPI: { description: 'Kerberos authentication through SASL GSSAPI.' },
  'MONGODB-OIDC': { description: 'OpenID Connect authentication with tokens from an identity provider.' },
} as const satisfies EnumDefinition;

/** An authentication mechanism. */
export type AuthMechanism = keyof typeof AuthMechanism;

/** Tells whether a value is an {@link AuthMechanism}. */
export const isAuthMechanism = enumGuard(AuthMechanism);

/** Every {@link AuthMechanism}: the spec's two first, then the others real documents use. */
export const AUTH_MECHANISM_VALUES = enumValues(AuthMechanism);

/**
 * The SCRAM mechanisms: the only ones `autoAuthMechanisms` may list together, and the ones `newAutoPwd` needs.
 */
export const ScramMechanism = {
  'SCRAM-SHA-1': AuthMechanism['SCRAM-SHA-1'],
  'SCRAM-SHA-256': AuthMechanism['SCRAM-SHA-256'],
} as const satisfies EnumDefinition;

/** A SCRAM authentication mechanism. */
export type ScramMechanism = keyof typeof ScramMechanism;

/** Tells whether a value is a {@link ScramMechanism}. */
export const isScramMechanism = enumGuard(ScramMechanism);

/** Every {@link ScramMechanism}. */
export const SCRAM_MECHANISM_VALUES = enumValues(ScramMechanism);

/**
 * The types of a process (`processes[n].processType`): the spec's neutral names for the vendor's `mongod` and
 * `mongos`, the only two types the service accepts.
 */
export const ProcessType = {
  dbd: { description: 'The data-bearing database server (the vendor calls it mongod).' },
  dbs: {
    description: 'The shard router of a sharded cluster (the vendor calls it mongos); needs `cluster`.',
  },
} as const satisfies EnumDefinition;

/** The type of a process. */
export type ProcessType = keyof typeof ProcessType;

/** Tells whether a value is a {@link ProcessType}. */
export const isProcessType = enumGuard(ProcessType);

/** Every {@link ProcessType}. */
export const PROCESS_TYPE_VALUES = enumValues(ProcessType);

/** The default read concern levels (`processes[n].defaultRWConcern.defaultReadConcern.level`). */
export const ReadConcernLevel = {
  available: {
    description:
      "Return the instance's most recent data without waiting for replication; on a sharded cluster it may return orphaned documents.",
  },
  local: { description: "Return the instance's most recent data, which may later be rolled back." },
  majority: { description: 'Return only data a majority of replica set members has acknowledged.' },
} as const satisfies EnumDefinition;

/** A default read concern level. */
export type ReadConcernLevel = keyof typeof ReadConcernLevel;

/** Tells whether a value is a {@link ReadConcernLevel}. */
export const isReadConcernLevel = enumGuard(ReadConcernLevel);

/** Every {@link ReadConcernLevel}. */
export const READ_CONCERN_LEVEL_VALUES = enumValues(ReadConcernLevel);

/** Case ordering at tertiary level (`indexConfigs[].collation.caseFirst`). */
export const CollationCaseFirst = {
  upper: { description: 'Uppercase sorts before lowercase.' },
  lower: { description: 'Lowercase sorts before uppercase.' },
  off: { description: "The locale's default case ordering (the default; similar to lower)." },
} as const satisfies EnumDefinition;

/** Case ordering of a collation. */
export type CollationCaseFirst = keyof typeof CollationCaseFirst;

/** Tells whether a value is a {@link CollationCaseFirst}. */
export const isCollationCaseFirst = enumGuard(CollationCaseFirst);

/** Every {@link CollationCaseFirst}. */
export const COLLATION_CASE_FIRST_VALUES = enumValues(CollationCaseFirst);

/** Whitespace and punctuation handling (`indexConfigs[].collation.alternate`). */
export const CollationAlternate = {
  'non-ignorable': { description: 'Whitespace and punctuation are compared like base characters (the default).' },
  shifted: {
    description: 'Whitespace and punctuation (as chosen by maxVariable) are ignored at strength levels below 4.',
  },
} as const satisfies EnumDefinition;

/** Whitespace and punctuation handling of a collation. */
export type CollationAlternate = keyof typeof CollationAlternate;

/** Tells whether a value is a {@link CollationAlternate}. */
export const isCollationAlternate = enumGuard(CollationAlternate);

/** Every {@link CollationAlternate}. */
export const COLLATION_ALTERNATE_VALUES = enumValues(CollationAlternate);

/** Which characters are ignorable when alternate is `shifted` (`indexConfigs[].collation.maxVariable`). */
export const CollationMaxVariable = {
  punct: { description: 'Both whitespace and punctuation are ignorable.' },
  space: { description: 'Only whitespace is ignorable.' },
} as const satisfies EnumDefinition;

/** Which characters a shifted collation ignores. */
export type CollationMaxVariable = keyof typeof CollationMaxVariable;

/** Tells whether a value is a {@link CollationMaxVariable}. */
export const isCollationMaxVariable = enumGuard(CollationMaxVariable);

/** Every {@link CollationMaxVariable}. */
export const COLLATION_MAX_VARIABLE_VALUES = enumValues(CollationMaxVariable);

/**
 * TLS modes of a process (`args2_6.net.tls.mode`, and the legacy `args2_6.net.ssl.mode`). Real documents use both
 * spellings under either key, so both are members.
 */
export const TlsMode = {
  disabled: { description: 'The server does not use TLS.' },
  allowTLS: {
    description: 'Connections between servers do not use TLS; incoming connections may use TLS or not.',
  },
  preferTLS: { description: 'Connections between servers use TLS; incoming connections may use TLS or not.' },
  requireTLS: { description: 'The server uses and accepts only TLS-encrypted connections.' },
  allowSSL: { description: 'Older spelling of allowTLS (server versions before 4.2), still accepted.' },
  preferSSL: { description: 'Older spelling of preferTLS (server versions before 4.2), still accepted.' },
  requireSSL: { description: 'Older spelling of requireTLS (server versions before 4.2), still accepted.' },
} as const satisfies EnumDefinition;

/** The TLS mode of a process. */
export type TlsMode = keyof typeof TlsMode;

/** Tells whether a value is a {@link TlsMode}. */
export const isTlsMode = enumGuard(TlsMode);

/** Every {@link TlsMode}: the current TLS spellings first, then the legacy SSL ones. */
export const TLS_MODE_VALUES = enumValues(TlsMode);
