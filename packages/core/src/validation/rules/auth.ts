import type { Collector } from '../context.js';
import { type JsonPath, pathTo } from '../diagnostic.js';
import {
  authenticationRestrictionShape,
  authShape,
  roleRefShape,
  userDeletedShape,
  userWantedShape,
} from '../securityShapes.js';
import { checkShape, checkShapeAt, forEachItem } from '../shape.js';
import { isIpOrCidr, isObject, type JsonObject } from '../util.js';

/**
 * Mechanisms that count as SCRAM-SHA-1: real tooling uses MONGODB-CR as its umbrella name
 * (docs/decisions/validation.md, "Mechanisms beyond SCRAM are known, unknown ones warn").
 */
const SCRAM_SHA_1 = new Set(['SCRAM-SHA-1', 'MONGODB-CR']);
const SCRAM_SHA_256 = 'SCRAM-SHA-256';

const REQUIRED_WHEN_ENABLED = [
  ['autoUser', 'the user name the automation connects with'],
  ['autoPwd', 'the password the automation connects with'],
  ['deploymentAuthMechanisms', 'the mechanisms the processes support'],
  ['key', 'the contents of the key file'],
  ['keyfile', 'the path of the key file'],
] as const;

/**
 * Required by the spec when authentication is enabled, but real documents the service accepted lack them and the
 * service fills a default: a warning, not an error (docs/decisions/validation.md, "Where the spec and real
 * documents differ, real documents win").
 */
const DEFAULTED_WHEN_ENABLED = [
  ['autoAuthMechanisms', 'the service falls back to "MONGODB-CR" (SCRAM-SHA-1), as older documents imply'],
  ['authoritativeSet', 'the service uses its default, false'],
] as const;

function strings(value: unknown): readonly string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** The mechanisms the automation uses: autoAuthMechanisms, or the older single autoAuthMechanism. */
export function automationMechanisms(auth: JsonObject): readonly string[] {
  const list = strings(auth.autoAuthMechanisms);
  if (list.length > 0) return list;
  return typeof auth.autoAuthMechanism === 'string' && auth.autoAuthMechanism !== '' ? [auth.autoAuthMechanism] : [];
}

function isGiven(auth: JsonObject, field: string, mechanisms: readonly string[]): boolean {
  if (field === 'autoAuthMechanisms') return mechanisms.length > 0;
  const value = auth[field];
  if (Array.isArray(value)) return value.length > 0;
  return value !== undefined && value !== null && value !== '';
}

/** auth: the conditional requirements, mechanisms, users. */
export function checkAuth(c: Collector, doc: JsonObject): void {
  // A non-object auth was already reported by the top-level shape.
  if (!isObject(doc.auth)) return;
  const auth = checkShape(c, doc.auth, ['auth'], authShape);
  if (!auth) return;
  const path: JsonPath = ['auth'];
  const enabled = auth.disabled !== true;
  const mechanisms = automationMechanisms(auth);
  if (enabled) {
    // X.509 and Kerberos automation users authenticate with a certificate or keytab: they have no password.
    const passwordless = mechanisms.length > 0 && mechanisms.every((m) => m === 'MONGODB-X509' || m === 'GSSAPI');
    for (const [field, what] of REQUIRED_WHEN_ENABLED) {
      if (isGiven(auth, field, mechanisms) || (field === 'autoPwd' && passwordless)) continue;
      c.report(
        'DBK401',
        path,
        `Authentication is enabled ("disabled" is not true), so auth needs "${field}": ${what}. Add it, or set "disabled": true.`,
      );
    }
    for (const [field, fallback] of DEFAULTED_WHEN_ENABLED) {
      if (isGiven(auth, field, mechanisms)) continue;
      c.report(
        'DBK419',
        path,
        `Authentication is enabled but "${field}" is not set, so ${fallback}. The spec requires it with authentication: set it explicitly.`,
      );
    }
  }
  const autoList = strings(auth.autoAuthMechanisms);
  if (autoList.length > 1) {
    const hasSha1 = autoList.some((m) => SCRAM_SHA_1.has(m));
    const hasSha256 = autoList.includes(SCRAM_SHA_256);
    if (!(autoList.length === 2 && hasSha1 && hasSha256)) {
      c.report(
        'DBK402',
        [...path, 'autoAuthMechanisms'],
        `"autoAuthMechanisms" lists ${autoList.map((m) => c.quote(m)).join(', ')}: the automation uses one mechanism, and more than one element is allowed only for SCRAM-SHA-1 together with SCRAM-SHA-256. Keep one mechanism.`,
      );
    }
  }
  if (auth.newAutoPwd !== undefined && auth.newAutoPwd !== null) {
    // With no mechanism set, the service falls back to MONGODB-CR (DBK419): a SCRAM mechanism.
    const scram = mechanisms.length === 0 || mechanisms.some((m) => SCRAM_SHA_1.has(m) || m === SCRAM_SHA_256);
    if (!scram) {
      c.report(
        'DBK403',
        [...path, 'newAutoPwd'],
        '"newAutoPwd" rotates the automation password, which works only with SCRAM-SHA-1 or SCRAM-SHA-256 in "autoAuthMechanisms". Add one of them or remove "newAutoPwd".',
      );
    }
  }
  checkUsersWanted(c, auth.usersWanted);
  forEachItem(auth.usersDeleted, [...path, 'usersDeleted'], (item, itemPath) =>
    checkShape(c, item, itemPath, userDeletedShape),
  );
  checkRestrictions(c, auth.autoAuthRestrictions, [...path, 'autoAuthRestrictions']);
}

const USERS_WANTED: JsonPath = ['auth', 'usersWanted'];

function checkUsersWanted(c: Collector, users: unknown): void {
  if (!Array.isArray(users)) return;
  const path = USERS_WANTED;
  const seen = new Map<string, number>();
  for (let u = 0; u < users.length; u++) {
    const user = checkShapeAt(c, users[u], path, u, userWantedShape);
    if (user) checkUserWanted(c, user, path, u, seen);
  }
}

function checkUserWanted(c: Collector, user: JsonObject, path: JsonPath, u: number, seen: Map<string, number>): void {
  if (typeof user.user === 'string' && typeof user.db === 'string') {
    const key = `${user.db}\u0000${user.user}`;
    const earlier = seen.get(key);
    if (earlier === undefined) seen.set(key, u);
    else {
      c.report(
        'DBK417',
        pathTo(path, u, 'user'),
        `User ${who(c, user)} on database ${c.quote(user.db)} is already in usersWanted[${earlier}]: two definitions of one user conflict. Merge them.`,
        { related: [{ path: pathTo(path, earlier, 'user'), message: 'first definition' }] },
      );
    }
  }
  checkCredentials(c, user, path, u);
  const otherDBRoles = user.otherDBRoles;
  if (isObject(otherDBRoles) && !isEmpty(otherDBRoles) && user.db !== 'admin') {
    c.report(
      'DBK406',
      pathTo(path, u, 'otherDBRoles'),
      `"otherDBRoles" is only for users of database "admin", but ${who(c, user)} is on ${c.quote(user.db)}. Move the roles into "roles", or define the user on "admin".`,
    );
  }
  const roles = user.roles;
  if (Array.isArray(roles) && roles.length > 0) {
    const rolesPath: JsonPath = ['auth', 'usersWanted', u, 'roles'];
    for (let r = 0; r < roles.length; r++) checkShapeAt(c, roles[r], rolesPath, r, roleRefShape);
  }
  if (isObject(otherDBRoles)) {
    for (const db in otherDBRoles) {
      const list = otherDBRoles[db];
      if (!Array.isArray(list) || list.some((r) => typeof r !== 'string')) {
        c.report(
          'DBK102',
          pathTo(path, u, 'otherDBRoles', db),
          `otherDBRoles.${c.bare(db)} must be an array of role names.`,
        );
      }
    }
  }
  const restrictions = user.authenticationRestrictions;
  if (Array.isArray(restrictions) && restrictions.length > 0) {
    checkRestrictions(c, restrictions, ['auth', 'usersWanted', u, 'authenticationRestrictions']);
  }
}

/** How messages name a wanted user: built only for a message. */
function who(c: Collector, user: JsonObject): string {
  return typeof user.user === 'string' ? c.quote(user.user) : 'This user';
}

function isEmpty(value: JsonObject): boolean {
  for (const _ in value) return false;
  return true;
}

const CREDENTIALS = ['pwd', 'initPwd', 'userSource'] as const;

/** The wanted user at `path[u]`: exactly one way to a password, and its form. */
function checkCredentials(c: Collector, user: JsonObject, path: JsonPath, u: number): void {
  let count = 0;
  for (let f = 0; f < CREDENTIALS.length; f++) {
    const value = user[CREDENTIALS[f] as string];
    if (value !== undefined && value !== null) count++;
  }
  if (count > 1) {
    const given = CREDENTIALS.filter((f) => user[f] !== undefined && user[f] !== null);
    c.report(
      'DBK404',
      pathTo(path, u, given[1] ?? 'pwd'),
      `${who(c, user)} has ${given.map((f) => `"${f}"`).join(' and ')}, but a wanted user takes exactly one of "pwd", "initPwd" and "userSource". Keep one.`,
    );
  } else if (count === 0) {
    // Documents read back from the service hold the password as SCRAM credentials; $external users
    // (X.509, LDAP, Kerberos) have no password at all.
    const stored = isObject(user.scramSha1Creds) || isObject(user.scramSha256Creds);
    if (!stored && user.db !== '$external') {
      c.report(
        'DBK404',
        pathTo(path, u),
        `${who(c, user)} has no password: a wanted user takes exactly one of "pwd", "initPwd" and "userSource". Add "initPwd" with the password to assign.`,
      );
    }
  }
  if (typeof user.pwd === 'string' && !/^[0-9a-fA-F]{32}$/.test(user.pwd)) {
    c.report(
      'DBK405',
      pathTo(path, u, 'pwd'),
      `"pwd" of ${who(c, user)} is not a 32-character hex string: it holds the SCRAM-SHA-1 hash of the current password and cannot set a password. To set one, use "initPwd".`,
    );
  }
  if (user.userSource !== undefined && user.userSource !== null) {
    c.report(
      'DBK503',
      pathTo(path, u, 'userSource'),
      `"userSource" is no longer supported. Give ${who(c, user)} "pwd" or "initPwd" instead.`,
    );
  }
}

const ADDRESS_FIELDS = ['clientSource', 'serverAddress'] as const;

/** authenticationRestrictions: each address an IP or CIDR range. */
export function checkRestrictions(c: Collector, value: unknown, path: JsonPath): void {
  if (!Array.isArray(value)) return;
  for (let i = 0; i < value.length; i++) {
    const restriction = checkShapeAt(c, value[i], path, i, authenticationRestrictionShape);
    if (!restriction) continue;
    for (let f = 0; f < ADDRESS_FIELDS.length; f++) {
      const field = ADDRESS_FIELDS[f] as (typeof ADDRESS_FIELDS)[number];
      const addresses = restriction[field];
      if (!Array.isArray(addresses)) continue;
      for (let k = 0; k < addresses.length; k++) {
        const address: unknown = addresses[k];
        if (typeof address === 'string' && !isIpOrCidr(address)) {
          c.report(
            'DBK413',
            pathTo(path, i, field, k),
            `${c.quote(address)} in "${field}" is not an IP address or CIDR range, so the server rejects the restriction. Write it like "10.0.0.0/8" or "192.168.1.20".`,
          );
        }
      }
    }
  }
}
