import type { ClientCertificateMode, LdapBindMethod } from '../../enums/automation.js';
import type { AuthenticationRestriction, RoleRef } from './common.js';

/** TLS settings of the deployment (top-level `ssl`, or `tls` in current real documents). */
export interface Tls {
  /** Whether connections require a TLS certificate. */
  readonly clientCertificateMode?: ClientCertificateMode;
  /** Absolute path of the CA certificate on Linux or UNIX; this or `CAFilePathWindows` is required when TLS is used. */
  readonly CAFilePath?: string;
  /** Absolute path of the CA certificate on Windows. */
  readonly CAFilePathWindows?: string;
  /** Absolute path of the client private key (PEM) file on Linux or UNIX; required with TLS or X.509 authentication. */
  readonly autoPEMKeyFilePath?: string;
  /** Absolute path of the client private key (PEM) file on Windows. */
  readonly autoPEMKeyFilePathWindows?: string;
  /** Password of the PEM file; required if the file is encrypted. A secret: never echoed by dbkit. */
  readonly autoPEMKeyFilePwd?: string;
}

/** One transformation of a user name into an LDAP distinguished name. */
export interface UserToDNMapping {
  /** ECMAScript regular expression matched against the user name. */
  readonly match: string;
  /** Substitution template for the distinguished name. */
  readonly substitution?: string;
  /** LDAP query that finds the distinguished name. */
  readonly ldapQuery?: string;
}

/** LDAP authorization settings. */
export interface Ldap {
  /** Comma-separated list of `<host>:<port>`. */
  readonly servers?: string;
  /**
   * Milliseconds to wait for the LDAP server.
   * @TJS-type integer
   */
  readonly timeoutMS?: number;
  /** `simple` or `sasl`. */
  readonly bindMethod?: LdapBindMethod;
  /** Comma-separated SASL mechanisms. */
  readonly bindSaslMechanisms?: string;
  /** Distinguished name to bind as. */
  readonly bindQueryUser?: string;
  /** Bind password. A secret: never echoed by dbkit. */
  readonly bindQueryPassword?: string;
  /**
   * Interval in seconds between user cache flushes.
   * @TJS-type integer
   * @default 30
   */
  readonly userCacheInvalidationPeriod?: number;
  /** RFC 4516 URL of the query that obtains LDAP groups. */
  readonly authzQueryTemplate?: string;
  /**
   * Ordered transformations of user names to distinguished names. Real documents also carry the server's own
   * form: a string holding the same JSON array.
   */
  readonly userToDNMapping?: readonly UserToDNMapping[] | string;
  /**
   * Not in the spec: the server's name for `userCacheInvalidationPeriod`, seen in real documents.
   * @TJS-type integer
   */
  readonly userCacheInvalidationInterval?: number;
  /** Not in the spec: the LDAP servers' CA certificate contents, seen in real documents. */
  readonly CAFileContents?: string;
  /** Not in the spec: whether to use TLS to reach the LDAP servers. */
  readonly transportSecurity?: string;
  /** Not in the spec: whether to validate the LDAP server configuration at start-up. */
  readonly validateLDAPServerConfig?: boolean;
}

/** Kerberos settings. */
export interface Kerberos {
  /** Kerberos service name the agents use. */
  readonly serviceName: string;
}

/**
 * The resource a privilege applies to: a database and collection (`""` means every collection), the cluster,
 * or any resource.
 */
export type PrivilegeResource =
  | {
      /** Database; `""` means every database. */
      readonly db: string;
      /** Collection; `""` means every collection of the database. */
      readonly collection: string;
    }
  | {
      /** The cluster itself (cluster-wide actions). */
      readonly cluster: true;
    }
  | {
      /** Every resource. */
      readonly anyResource: true;
    };

/** One privilege of a user-defined role. */
export interface Privilege {
  /** What the actions apply to. */
  readonly resource: PrivilegeResource;
  /** Actions allowed on the resource. */
  readonly actions: readonly string[];
}

/** A user-defined role: the fields of a system roles document except `_id`. */
export interface CustomRole {
  /** Role name. */
  readonly role: string;
  /** Database of the role. */
  readonly db: string;
  /** Privileges granted. */
  readonly privileges?: readonly Privilege[];
  /** Inherited roles. */
  readonly roles?: readonly RoleRef[];
  /** Restrictions on users of the role. */
  readonly authenticationRestrictions?: readonly AuthenticationRestriction[];
}
