import type { Collector } from '../context.js';
import { formatJsonPath, type JsonPath, pathTo } from '../diagnostic.js';
import {
  customRoleShape,
  kerberosShape,
  ldapShape,
  privilegeShape,
  roleRefShape,
  tlsShape,
  userToDNMappingShape,
} from '../securityShapes.js';
import { checkShape, checkShapeAt, forEachItem } from '../shape.js';
import { isAbsolutePosixPath, isAbsoluteWindowsPath, isObject, type JsonObject } from '../util.js';
import { automationMechanisms, checkRestrictions } from './auth.js';
import { processTlsMode } from './processes.js';

const POSIX_PATHS = ['CAFilePath', 'autoPEMKeyFilePath'] as const;
const WINDOWS_PATHS = ['CAFilePathWindows', 'autoPEMKeyFilePathWindows'] as const;

function given(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

/** ssl / tls: shapes, absolute paths, and the files TLS and X.509 need. */
export function checkTls(c: Collector, doc: JsonObject): void {
  const sections = (['tls', 'ssl'] as const).filter((name) => isObject(doc[name]));
  if (sections.length === 2) {
    c.report(
      'DBK414',
      ['ssl'],
      'Both "tls" and "ssl" are present. "ssl" is the older name of "tls"; with both, readers disagree on which applies. Keep "tls" and remove "ssl".',
    );
  }
  for (const name of sections) {
    const settings = checkShape(c, doc[name], [name], tlsShape);
    if (!settings) continue;
    for (const field of POSIX_PATHS) {
      const value = settings[field];
      if (typeof value === 'string' && value !== '' && !isAbsolutePosixPath(value)) {
        c.report(
          'DBK412',
          [name, field],
          `"${field}" is ${c.quote(value)}, which is not an absolute path: the agent resolves it on every host. Start it with "/".`,
        );
      }
    }
    for (const field of WINDOWS_PATHS) {
      const value = settings[field];
      if (typeof value === 'string' && value !== '' && !isAbsoluteWindowsPath(value)) {
        c.report(
          'DBK412',
          [name, field],
          `"${field}" is ${c.quote(value)}, which is not an absolute Windows path. Write it like "C:\\\\certs\\\\ca.pem".`,
        );
      }
    }
  }
  // Real documents carry "tls" (always, in current GET output) and may carry the spec's "ssl" too: a file named in
  // either counts, "tls" first.
  const settings = mergedTlsSettings(doc);
  const name = sections[0];
  const where: JsonPath = name ? [name] : [];
  const related = sections.map((section) => ({ path: [section], message: `the TLS settings ("${section}")` }));
  const tlsProcess = firstTlsProcess(doc);
  if (tlsProcess && !given(settings.CAFilePath) && !given(settings.CAFilePathWindows)) {
    c.report(
      'DBK407',
      tlsProcess.path,
      `Process ${c.quote(tlsProcess.name)} uses TLS mode ${c.quote(tlsProcess.mode)}, but the deployment names no CA file: TLS needs "CAFilePath" (Linux and UNIX) or "CAFilePathWindows" in ${name ? `"${name}"` : 'a top-level "tls" object'}. Add it.`,
      { related },
    );
  }
  const hasPem = given(settings.autoPEMKeyFilePath) || given(settings.autoPEMKeyFilePathWindows);
  if (hasPem) return;
  const auth = isObject(doc.auth) ? doc.auth : undefined;
  const x509 = auth !== undefined && auth.disabled !== true && automationMechanisms(auth).includes('MONGODB-X509');
  if (x509) {
    c.report(
      'DBK408',
      Array.isArray(auth.autoAuthMechanisms) ? ['auth', 'autoAuthMechanisms'] : ['auth'],
      `The automation authenticates with X.509 ("MONGODB-X509"), so it needs its client certificate: add "autoPEMKeyFilePath" (or "autoPEMKeyFilePathWindows") to ${name ? `"${name}"` : 'a top-level "tls" object'}.`,
      { related },
    );
  } else if (tlsProcess && settings.clientCertificateMode === 'REQUIRE') {
    c.report(
      'DBK408',
      [...where, 'clientCertificateMode'],
      '"clientCertificateMode" is "REQUIRE", so every connection, the automation’s included, must present a certificate: add "autoPEMKeyFilePath" (or "autoPEMKeyFilePathWindows").',
    );
  }
}

/** The TLS settings in force: each field from "tls" when given there, else from "ssl". */
function mergedTlsSettings(doc: JsonObject): JsonObject {
  const merged: Record<string, unknown> = {};
  for (const section of ['ssl', 'tls'] as const) {
    const settings = doc[section];
    if (!isObject(settings)) continue;
    for (const key in settings) if (given(settings[key])) merged[key] = settings[key];
  }
  return merged;
}

function firstTlsProcess(doc: JsonObject): { name: string; mode: string; path: JsonPath } | undefined {
  if (!Array.isArray(doc.processes)) return undefined;
  for (let i = 0; i < doc.processes.length; i++) {
    const process: unknown = doc.processes[i];
    const mode = processTlsMode(process);
    if (mode === undefined || mode === 'disabled' || !isObject(process)) continue;
    const net = isObject(process.args2_6) && isObject(process.args2_6.net) ? process.args2_6.net : {};
    const key = isObject(net.tls) && typeof net.tls.mode === 'string' ? 'tls' : 'ssl';
    return {
      name: typeof process.name === 'string' ? process.name : `processes[${i}]`,
      mode,
      path: ['processes', i, 'args2_6', 'net', key, 'mode'],
    };
  }
  return undefined;
}

const LDAP_USE = ['servers', 'bindQueryUser', 'bindQueryPassword', 'authzQueryTemplate', 'userToDNMapping'] as const;

const LDAP_SERVER = /^(?:\[[0-9A-Fa-f:.]+\]|[^\s:,[\]]+)(?::\d{1,5})?$/;

/** ldap: servers, bind pair, mappings. */
export function checkLdap(c: Collector, doc: JsonObject): void {
  if (!isObject(doc.ldap)) return; // a non-object was reported by the top-level shape
  const ldap = checkShape(c, doc.ldap, ['ldap'], ldapShape);
  if (!ldap) return;
  // LDAP is in use once it names servers, a bind identity, a query or a mapping; flags and timeouts alone
  // (e.g. "validateLDAPServerConfig": false) configure nothing.
  const configured = LDAP_USE.some((key) => given(ldap[key]) && !(Array.isArray(ldap[key]) && ldap[key].length === 0));
  if (!configured) return; // `"ldap": {}` is how real documents say "no LDAP".
  if (!given(ldap.servers)) {
    c.report(
      'DBK416',
      ['ldap'],
      'LDAP settings are given but "servers" is missing: the server has nothing to query. Add "servers": "ldap1.example.com:389".',
    );
  } else if (typeof ldap.servers === 'string') {
    const bad = ldap.servers
      .split(',')
      .map((s) => s.trim())
      .filter((s) => !LDAP_SERVER.test(s));
    if (bad.length > 0) {
      c.report(
        'DBK410',
        ['ldap', 'servers'],
        `"servers" must be a comma-separated list of <host>:<port>; ${bad.map((s) => c.quote(s)).join(', ')} ${bad.length === 1 ? 'is' : 'are'} not. Write it like "ldap1.example.com:389,ldap2.example.com:389".`,
      );
    }
    if (!given(ldap.authzQueryTemplate)) {
      c.report(
        'DBK418',
        ['ldap'],
        'LDAP servers are set but "authzQueryTemplate" is not: without it LDAP authorization cannot find the user’s groups (LDAP authentication alone still works). Add an RFC 4516 query URL if you want LDAP authorization.',
      );
    }
  }
  const user = given(ldap.bindQueryUser);
  const password = given(ldap.bindQueryPassword);
  if (user !== password) {
    c.report(
      'DBK409',
      ['ldap', user ? 'bindQueryUser' : 'bindQueryPassword'],
      `"${user ? 'bindQueryUser' : 'bindQueryPassword'}" is set without "${user ? 'bindQueryPassword' : 'bindQueryUser'}": the server binds to LDAP with both. Add the missing one.`,
    );
  }
  const mappingPath: JsonPath = ['ldap', 'userToDNMapping'];
  const mappings = ldap.userToDNMapping;
  if (typeof mappings !== 'string') {
    checkMappings(c, mappings, mappingPath);
    return;
  }
  // The server's own form: a string holding the JSON array. Its entries are checked like the array's, and every
  // finding points at the string, naming the entry inside it.
  const entries = parseMappingString(mappings);
  if (entries === undefined) {
    c.report(
      'DBK102',
      mappingPath,
      '"userToDNMapping" must be an array of {"match", "substitution" or "ldapQuery"} objects (or a string holding that JSON array). Rewrite it as an array.',
    );
    return;
  }
  const inner = c.nested();
  checkMappings(inner, entries, mappingPath);
  for (const d of inner.diagnostics) {
    const where = formatJsonPath(d.path.slice(mappingPath.length));
    c.report(d.code, mappingPath, `In the JSON string of "userToDNMapping", entry ${c.bare(where)}: ${d.message}`, {
      ...(d.suggestions ? { suggestions: d.suggestions } : {}),
    });
  }
}

function checkMappings(c: Collector, mappings: unknown, mappingPath: JsonPath): void {
  forEachItem(mappings, mappingPath, (item, path) => {
    const mapping = checkShape(c, item, path, userToDNMappingShape);
    if (!mapping) return;
    if (typeof mapping.match === 'string') {
      try {
        new RegExp(mapping.match);
      } catch {
        c.report(
          'DBK411',
          [...path, 'match'],
          `"match" is not a valid ECMAScript regular expression: ${c.quote(mapping.match)}. Fix the pattern (escape special characters with "\\\\").`,
        );
      }
    }
    const count = [mapping.substitution, mapping.ldapQuery].filter(given).length;
    if (count !== 1) {
      c.report(
        'DBK411',
        path,
        count === 0
          ? 'A userToDNMapping entry needs "substitution" or "ldapQuery" to say what the match becomes. Add one.'
          : 'A userToDNMapping entry takes "substitution" or "ldapQuery", not both. Remove one.',
      );
    }
  });
}

/** The entries of the string form ("" means none), or undefined when the string is not a JSON array. */
function parseMappingString(text: string): readonly unknown[] | undefined {
  if (text.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** kerberos: serviceName. */
export function checkKerberos(c: Collector, doc: JsonObject): void {
  if (!isObject(doc.kerberos)) return; // a non-object was reported by the top-level shape
  checkShape(c, doc.kerberos, ['kerberos'], kerberosShape);
}

/** roles: shapes, unique names per database, privilege resources. */
export function checkRoles(c: Collector, doc: JsonObject): void {
  const roles = doc.roles;
  if (!Array.isArray(roles)) return;
  const seen = new Map<string, number>();
  for (let i = 0; i < roles.length; i++) {
    const path: JsonPath = ['roles', i];
    const role = checkShape(c, roles[i], path, customRoleShape);
    if (role) checkRole(c, role, i, seen);
  }
}

function checkRole(c: Collector, role: JsonObject, i: number, seen: Map<string, number>): void {
  if (typeof role.role === 'string' && typeof role.db === 'string') {
    const key = `${role.db}\u0000${role.role}`;
    const earlier = seen.get(key);
    if (earlier === undefined) seen.set(key, i);
    else {
      c.report(
        'DBK417',
        ['roles', i, 'role'],
        `Role ${c.quote(role.role)} on database ${c.quote(role.db)} is already defined at roles[${earlier}]. Merge the two definitions.`,
        {
          related: [{ path: ['roles', earlier, 'role'], message: 'first definition' }],
        },
      );
    }
  }
  const privileges = role.privileges;
  if (Array.isArray(privileges) && privileges.length > 0) {
    const privilegesPath: JsonPath = ['roles', i, 'privileges'];
    for (let p = 0; p < privileges.length; p++) {
      const privilege = checkShapeAt(c, privileges[p], privilegesPath, p, privilegeShape);
      if (privilege && isObject(privilege.resource)) {
        checkResource(c, privilege.resource, privilegesPath, p);
      }
    }
  }
  const inherited = role.roles;
  if (Array.isArray(inherited) && inherited.length > 0) {
    const rolesPath: JsonPath = ['roles', i, 'roles'];
    for (let r = 0; r < inherited.length; r++) checkShapeAt(c, inherited[r], rolesPath, r, roleRefShape);
  }
  const restrictions = role.authenticationRestrictions;
  if (Array.isArray(restrictions) && restrictions.length > 0) {
    checkRestrictions(c, restrictions, ['roles', i, 'authenticationRestrictions']);
  }
}

/** The resource of the privilege at `privilegesPath[p]`. */
function checkResource(c: Collector, resource: JsonObject, privilegesPath: JsonPath, p: number): void {
  let keys = 0;
  for (const _ in resource) keys++;
  const ok =
    (keys === 2 && typeof resource.db === 'string' && typeof resource.collection === 'string') ||
    (keys === 1 && (resource.cluster === true || resource.anyResource === true));
  if (!ok) {
    c.report(
      'DBK415',
      pathTo(privilegesPath, p, 'resource'),
      'A privilege resource must be {"db": "<db>", "collection": "<collection or empty for all>"}, {"cluster": true} or {"anyResource": true}. Rewrite it as one of these.',
    );
  }
}
