/**
 * The fields of the security sections of the automation configuration document (auth, users, TLS, LDAP,
 * Kerberos, user-defined roles), as data. Same conventions as `shapes.ts`: fields marked `// real` are carried by
 * real documents beyond the spec.
 */
import { AuthMechanism, ClientCertificateMode, LdapBindMethod } from '../enums/automation.js';
import type { FieldSpec, Shape } from './fieldSpec.js';

const any: FieldSpec = { kind: 'any' };
const str: FieldSpec = { kind: 'string' };
const bool: FieldSpec = { kind: 'boolean' };
const obj: FieldSpec = { kind: 'object' };
const arr: FieldSpec = { kind: 'array' };
const strArr: FieldSpec = { kind: 'string-array' };

export const authShape: Shape = {
  label: 'auth',
  fields: {
    disabled: bool,
    authoritativeSet: bool,
    autoUser: str,
    autoPwd: str,
    deploymentAuthMechanisms: { kind: 'string-array', values: AuthMechanism, openValues: true },
    autoAuthMechanisms: { kind: 'string-array', values: AuthMechanism, openValues: true },
    autoAuthMechanism: str, // real, read-only: the older single form of autoAuthMechanisms
    autoAuthRestrictions: arr, // real
    key: str,
    keyfile: str,
    keyfileWindows: str, // real
    newAutoPwd: str,
    newKey: str,
    usersDeleted: arr,
    usersWanted: arr,
    autoKerberosKeytabPath: str, // real
    autoLdapGroupDN: str, // real
  },
};

export const userWantedShape: Shape = {
  label: 'a wanted user',
  fields: {
    db: { kind: 'string', required: true, doc: 'the database of the user' },
    user: { kind: 'string', required: true, doc: 'the user name' },
    roles: { kind: 'array', required: true, doc: 'the roles of the user ([] for none)' },
    pwd: str,
    initPwd: str,
    userSource: str,
    otherDBRoles: obj,
    authenticationRestrictions: arr,
    mechanisms: strArr, // real
    scramSha1Creds: obj, // real: checked with scramCredentialsShape
    scramSha256Creds: obj, // real: checked with scramCredentialsShape
    customData: any, // real
  },
};

/**
 * The SCRAM credentials the service stores for a wanted user (`scramSha1Creds`, `scramSha256Creds`; real, not in
 * the spec): the service derives them from a password, and a document read back carries them instead of the
 * password. All four fields are needed for the server to check a password against them.
 */
export const scramCredentialsShape: Shape = {
  label: 'the stored SCRAM credentials object',
  fields: {
    iterationCount: {
      kind: 'integer',
      required: true,
      doc: 'the number of hashing iterations; the server checks a password against all four fields',
    },
    salt: {
      kind: 'string',
      required: true,
      doc: 'the salt, base64; the server checks a password against all four fields',
    },
    serverKey: {
      kind: 'string',
      required: true,
      doc: 'the server key, base64; the server checks a password against all four fields',
    },
    storedKey: {
      kind: 'string',
      required: true,
      doc: 'the stored key, base64; the server checks a password against all four fields',
    },
  },
};

export const userDeletedShape: Shape = {
  label: 'a deleted user',
  fields: {
    user: { kind: 'string', required: true, doc: 'the user name' },
    dbs: { kind: 'string-array', required: true, doc: 'the databases to delete the user from' },
  },
};

export const roleRefShape: Shape = {
  label: 'a role reference',
  fields: {
    role: { kind: 'string', required: true, doc: 'the role name' },
    db: { kind: 'string', required: true, doc: 'the database of the role' },
    minFcv: str, // real (operators)
  },
};

export const authenticationRestrictionShape: Shape = {
  label: 'an authentication restriction',
  fields: { clientSource: strArr, serverAddress: strArr },
};

export const tlsShape: Shape = {
  label: 'the TLS settings',
  fields: {
    clientCertificateMode: { kind: 'string', values: ClientCertificateMode },
    CAFilePath: str,
    CAFilePathWindows: str,
    autoPEMKeyFilePath: str,
    autoPEMKeyFilePathWindows: str,
    autoPEMKeyFilePwd: str,
  },
};

export const ldapShape: Shape = {
  label: 'ldap',
  fields: {
    servers: str,
    timeoutMS: { kind: 'integer', advised: { min: 0, because: 'it is a wait in milliseconds' } },
    bindMethod: { kind: 'string', values: LdapBindMethod },
    bindSaslMechanisms: str,
    bindQueryUser: str,
    bindQueryPassword: str,
    userCacheInvalidationPeriod: {
      kind: 'integer',
      advised: { min: 0, because: 'it is an interval in seconds' },
      doc: 'seconds',
    },
    authzQueryTemplate: str,
    // An array in the spec; real documents also carry the server's own form, a string holding that JSON array.
    userToDNMapping: { kind: 'any' },
    transportSecurity: str, // real
    // real: the server's name for the period
    userCacheInvalidationInterval: { kind: 'integer', advised: { min: 0, because: 'it is an interval in seconds' } },
    CAFileContents: str, // real
    validateLDAPServerConfig: bool, // real
  },
};

export const userToDNMappingShape: Shape = {
  label: 'a userToDNMapping entry',
  fields: {
    match: { kind: 'string', required: true, doc: 'an ECMAScript regular expression' },
    substitution: str,
    ldapQuery: str,
  },
};

export const kerberosShape: Shape = {
  label: 'kerberos',
  fields: { serviceName: { kind: 'string', required: true, doc: 'the Kerberos service name the agents use' } },
};

export const customRoleShape: Shape = {
  label: 'a user-defined role',
  fields: {
    role: { kind: 'string', required: true, doc: 'the role name' },
    db: { kind: 'string', required: true, doc: 'the database of the role' },
    privileges: arr,
    roles: arr,
    authenticationRestrictions: arr,
  },
};

export const privilegeShape: Shape = {
  label: 'a privilege',
  fields: {
    resource: { kind: 'object', required: true, doc: '{db, collection}, {cluster: true} or {anyResource: true}' },
    actions: { kind: 'string-array', required: true, doc: 'the actions allowed on the resource' },
  },
};
