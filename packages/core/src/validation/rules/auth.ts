import type { Collector } from '../context.js';
import type { JsonPath } from '../diagnostic.js';
import {
  authenticationRestrictionShape,
  authShape,
  roleRefShape,
  userDeletedShape,
  userWantedShape,
} from '../securityShapes.js';
import { checkShape, forEachItem } from '../shape.js';
import { isIpOrCidr, isObject, type JsonObject, quote } from '../util.js';

/** Mechanisms that count as SCRAM-SHA-1: real tooling uses MONGODB-CR as its umbrella name (docs/decisions.md). */
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
 * service fills a default (docs/decisions.md): a warning, not an error.
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
        `"autoAuthMechanisms" lists ${autoList.map((m) => quote(m)).join(', ')}: the automation uses one mechanism, and more than one element is allowed only for SCRAM-SHA-1 together with SCRAM-SHA-256. Keep one mechanism.`,
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
  checkUsersWanted(c, auth.usersWanted, [...path, 'usersWanted']);
  forEachItem(auth.usersDeleted, [...path, 'usersDeleted'], (item, itemPath) =>
    checkShape(c, item, itemPath, userDeletedShape),
  );
  checkRestrictions(c, auth.autoAuthRestrictions, [...path, 'autoAuthRestrictions']);
}

function checkUsersWanted(c: Collector, users: unknown, path: JsonPath): void {
  const seen = new Map<string, number>();
  forEachItem(users, path, (item, userPath, index) => {
    const user = checkShape(c, item, userPath, userWantedShape);
    if (!user) return;
    const who = typeof user.user === 'string' ? `"${user.user}"` : 'This user';
    if (typeof user.user === 'string' && typeof user.db === 'string') {
      const key = `${user.db}\u0000${user.user}`;
      const earlier = seen.get(key);
      if (earlier === undefined) seen.set(key, index);
      else {
        c.report(
          'DBK417',
          [...userPath, 'user'],
          `User ${who} on database ${quote(user.db)} is already in usersWanted[${earlier}]: two definitions of one user conflict. Merge them.`,
          { related: [{ path: [...path, earlier, 'user'], message: 'first definition' }] },
        );
      }
    }
    checkCredentials(c, user, userPath, who);
    if (isObject(user.otherDBRoles) && Object.keys(user.otherDBRoles).length > 0 && user.db !== 'admin') {
      c.report(
        'DBK406',
        [...userPath, 'otherDBRoles'],
        `"otherDBRoles" is only for users of database "admin", but ${who} is on ${quote(user.db)}. Move the roles into "roles", or define the user on "admin".`,
      );
    }
    forEachItem(user.roles, [...userPath, 'roles'], (role, rolePath) => checkShape(c, role, rolePath, roleRefShape));
    if (isObject(user.otherDBRoles)) {
      for (const db in user.otherDBRoles) {
        const roles = user.otherDBRoles[db];
        if (!Array.isArray(roles) || roles.some((r) => typeof r !== 'string')) {
          c.report('DBK102', [...userPath, 'otherDBRoles', db], `otherDBRoles.${db} must be an array of role names.`);
        }
      }
    }
    checkRestrictions(c, user.authenticationRestrictions, [...userPath, 'authenticationRestrictions']);
  });
}

function checkCredentials(c: Collector, user: JsonObject, path: JsonPath, who: string): void {
  const given = (['pwd', 'initPwd', 'userSource'] as const).filter((f) => user[f] !== undefined && user[f] !== null);
  if (given.length > 1) {
    c.report(
      'DBK404',
      [...path, given[1] ?? 'pwd'],
      `${who} has ${given.map((f) => `"${f}"`).join(' and ')}, but a wanted user takes exactly one of "pwd", "initPwd" and "userSource". Keep one.`,
    );
  } else if (given.length === 0) {
    // Documents read back from the service hold the password as SCRAM credentials; $external users
    // (X.509, LDAP, Kerberos) have no password at all.
    const stored = isObject(user.scramSha1Creds) || isObject(user.scramSha256Creds);
    if (!stored && user.db !== '$external') {
      c.report(
        'DBK404',
        path,
        `${who} has no password: a wanted user takes exactly one of "pwd", "initPwd" and "userSource". Add "initPwd" with the password to assign.`,
      );
    }
  }
  if (typeof user.pwd === 'string' && !/^[0-9a-fA-F]{32}$/.test(user.pwd)) {
    c.report(
      'DBK405',
      [...path, 'pwd'],
      `"pwd" of ${who} is not a 32-character hex string: it holds the SCRAM-SHA-1 hash of the current password and cannot set a password. To set one, use "initPwd".`,
    );
  }
  if (user.userSource !== undefined && user.userSource !== null) {
    c.report(
      'DBK503',
      [...path, 'userSource'],
      `"userSource" is no longer supported. Give ${who} "pwd" or "initPwd" instead.`,
    );
  }
}

/** authenticationRestrictions: each address an IP or CIDR range. */
export function checkRestrictions(c: Collector, value: unknown, path: JsonPath): void {
  forEachItem(value, path, (item, itemPath) => {
    const restriction = checkShape(c, item, itemPath, authenticationRestrictionShape);
    if (!restriction) return;
    for (const field of ['clientSource', 'serverAddress'] as const) {
      forEachItem(restriction[field], [...itemPath, field], (address, addressPath) => {
        if (typeof address === 'string' && !isIpOrCidr(address)) {
          c.report(
            'DBK413',
            addressPath,
            `${quote(address)} in "${field}" is not an IP address or CIDR range, so the server rejects the restriction. Write it like "10.0.0.0/8" or "192.168.1.20".`,
          );
        }
      });
    }
  });
}
