import type { AuthMechanism } from '../../enums/automation.js';
import type { AuthenticationRestriction, RoleRef } from './common.js';

/** Stored SCRAM credentials; the service converts `initPwd` into these (not in the spec). */
export interface ScramCredentials {
  /**
   * Number of hashing iterations.
   * @TJS-type integer
   */
  readonly iterationCount: number;
  /** Salt, base64. */
  readonly salt: string;
  /** Server key, base64. */
  readonly serverKey: string;
  /** Stored key, base64. */
  readonly storedKey: string;
}

/**
 * A user the deployment must have. Exactly one of `pwd`, `initPwd` and `userSource` is given; documents read
 * back from the service carry `scramSha1Creds`/`scramSha256Creds` instead, and `$external` users have none.
 */
export interface UserWanted {
  /** Database of the user. */
  readonly db: string;
  /** User name. */
  readonly user: string;
  /** Roles (each with `db` and `role`) from the user's database. */
  readonly roles: readonly RoleRef[];
  /**
   * 32-character hex SCRAM-SHA-1 hash of the current password; not used to set or change a password.
   * @pattern ^[0-9a-fA-F]{32}$
   */
  readonly pwd?: string;
  /** Cleartext password to assign. A secret: never echoed by dbkit. */
  readonly initPwd?: string;
  /**
   * No longer supported.
   * @deprecated No longer supported: give `pwd` or `initPwd`.
   */
  readonly userSource?: string;
  /** For user database `admin`: keys are database names, values are arrays of role names. */
  readonly otherDBRoles?: { readonly [db: string]: readonly string[] };
  /** Restrictions enforced on the user; a user inheriting incompatible restrictions becomes unusable. */
  readonly authenticationRestrictions?: readonly AuthenticationRestriction[];
  /** Not in the spec: SCRAM mechanisms of the user (`[]` for `$external` users). */
  readonly mechanisms?: readonly string[];
  /** Not in the spec: stored SCRAM-SHA-1 credentials. */
  readonly scramSha1Creds?: ScramCredentials;
  /** Not in the spec: stored SCRAM-SHA-256 credentials. */
  readonly scramSha256Creds?: ScramCredentials;
  /** Not in the spec: custom data of the user. */
  readonly customData?: unknown;
}

/** A user to delete. */
export interface UserDeleted {
  /** User name. */
  readonly user: string;
  /** Databases to delete the user from. */
  readonly dbs: readonly string[];
}

/** Deployment authentication settings. */
export interface Auth {
  /** Authentication disabled. @default false */
  readonly disabled?: boolean;
  /**
   * Whether the service enforces a consistent set of managed users and roles in all managed deployments of the
   * project; required when authentication is enabled.
   * @default false
   */
  readonly authoritativeSet?: boolean;
  /** User name the automation uses to connect; required when authentication is enabled. */
  readonly autoUser?: string;
  /** Password the automation uses; required when authentication is enabled. A secret: never echoed by dbkit. */
  readonly autoPwd?: string;
  /** Mechanisms supported by the processes; required when authentication is enabled. */
  readonly deploymentAuthMechanisms?: readonly AuthMechanism[];
  /**
   * Mechanism used by the automation; required when authentication is enabled; more than one element only when
   * both SCRAM-SHA-1 and SCRAM-SHA-256 are configured.
   */
  readonly autoAuthMechanisms?: readonly AuthMechanism[];
  /** Not in the spec: the currently active automation mechanism, read-only (`""` or `MONGODB-CR` when disabled). */
  readonly autoAuthMechanism?: string;
  /** Not in the spec: restrictions on the automation user. */
  readonly autoAuthRestrictions?: readonly AuthenticationRestriction[];
  /** Contents of the key file; required when authentication is enabled; changing it requires changing `keyfile`. A secret. */
  readonly key?: string;
  /** Path and name of the key file; required when authentication is enabled; changing it requires changing `key`. */
  readonly keyfile?: string;
  /** Not in the spec: key file path on Windows. */
  readonly keyfileWindows?: string;
  /** New automation password for rotation without losing the connection; only with SCRAM-SHA-1 or SCRAM-SHA-256 in autoAuthMechanisms. A secret. */
  readonly newAutoPwd?: string;
  /** Contents of a new key file; the service rotates keys, then replaces `key` with it and removes `newKey`. A secret. */
  readonly newKey?: string;
  /** Users to delete. */
  readonly usersDeleted?: readonly UserDeleted[];
  /** Users to add. */
  readonly usersWanted?: readonly UserWanted[];
  /** Not in the spec: Kerberos keytab path of the automation user. */
  readonly autoKerberosKeytabPath?: string;
  /** Not in the spec: LDAP group DN of the automation user. */
  readonly autoLdapGroupDN?: string;
}
