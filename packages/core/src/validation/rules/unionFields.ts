/**
 * Fields whose type is a union no shape kind states, checked here for their JSON type only; the rules of their
 * area check the rest. ldap.userToDNMapping: an array of mappings, or the server's own form, a string holding
 * that JSON array (rules/security.ts checks the entries of both).
 */
import type { Collector } from '../context.js';
import { isObject, type JsonObject, jsonTypeOf } from '../util.js';

export function checkUnionFields(c: Collector, doc: JsonObject): void {
  const ldap = doc.ldap;
  if (!isObject(ldap)) return; // reported by the top-level shape
  const mappings = ldap.userToDNMapping;
  if (mappings === undefined || mappings === null || typeof mappings === 'string' || Array.isArray(mappings)) return;
  const type = jsonTypeOf(mappings);
  c.report(
    'DBK102',
    ['ldap', 'userToDNMapping'],
    `"userToDNMapping" must be an array of {"match", "substitution" or "ldapQuery"} objects (or a string holding that JSON array), but it is ${type === 'integer' ? 'a number' : /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`}. Write it as [{"match": "(.+)", "substitution": "uid={0},ou=people,dc=example,dc=net"}].`,
  );
}
