import { isSecretPath } from '../../secrets/paths.js';
import { isObject, type JsonObject } from '../../validation/util.js';
import { jsonEqual, keyedItems, type Pair, type PlanCollector } from '../context.js';
import type { ChangeArea } from '../types.js';
import { changedKeys } from './processes.js';

/** Fields of `auth` planned by their own rules. */
const AUTH_OWN = new Set(['disabled', 'deploymentAuthMechanisms', 'key', 'keyfile', 'newKey', 'usersWanted']);

/** auth: enabling, mechanisms, key rotation, users. Secret values are never written, only that they changed. */
export function planAuth(c: PlanCollector, { from, to }: Pair): void {
  const a = isObject(from.auth) ? from.auth : undefined;
  const b = isObject(to.auth) ? to.auth : undefined;
  // The very auth of the deployed revision (or none in both) plans nothing.
  if (a === b) return;
  if (!a || !b) {
    c.change(
      'auth',
      a ? 'remove' : 'add',
      `auth ${a ? 'removed' : 'added'}`,
      a ? ['auth'] : undefined,
      b ? ['auth'] : undefined,
    );
    return;
  }
  if (typeof a.disabled === 'boolean' && typeof b.disabled === 'boolean' && a.disabled !== b.disabled) {
    const enabling = !b.disabled;
    c.change(
      'auth',
      'reconfig',
      `authentication ${enabling ? 'enabled' : 'disabled'}`,
      ['auth', 'disabled'],
      ['auth', 'disabled'],
    );
    c.report(
      'DBK640',
      'to',
      ['auth', 'disabled'],
      enabling
        ? 'Authentication is enabled: every process restarts with the key file, and from then on clients without credentials are refused. Give the applications their users and credentials before this revision.'
        : 'Authentication is disabled: every process restarts and accepts connections without credentials.',
    );
  }
  planMechanisms(c, a, b);
  planKey(c, a, b);
  const users = (auth: JsonObject) =>
    keyedItems(auth.usersWanted, (u) =>
      typeof u.user === 'string' && typeof u.db === 'string' ? `${u.user}@${u.db}` : undefined,
    );
  planKeyed(c, 'auth', 'user', users(a), users(b), ['auth', 'usersWanted']);
  const others = changedKeys(a, b).filter((k) => !AUTH_OWN.has(k));
  for (const field of others) {
    const kind = field === 'newAutoPwd' && b[field] !== undefined ? 'action' : 'change';
    c.change(
      'auth',
      kind,
      `auth.${c.bare(field)} ${isSecretPath(['auth', field]) ? 'changed (value not shown)' : 'changed'}`,
      a[field] === undefined ? ['auth'] : ['auth', field],
      b[field] === undefined ? ['auth'] : ['auth', field],
    );
  }
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function planMechanisms(c: PlanCollector, a: JsonObject, b: JsonObject): void {
  if (jsonEqual(a.deploymentAuthMechanisms, b.deploymentAuthMechanisms)) return;
  const before = strings(a.deploymentAuthMechanisms);
  const after = strings(b.deploymentAuthMechanisms);
  const path = b.deploymentAuthMechanisms === undefined ? ['auth'] : ['auth', 'deploymentAuthMechanisms'];
  c.change(
    'auth',
    'reconfig',
    `deployment mechanisms [${c.names(before)}] → [${c.names(after)}]`,
    a.deploymentAuthMechanisms === undefined ? ['auth'] : ['auth', 'deploymentAuthMechanisms'],
    path,
  );
  const enabledBoth = a.disabled === false && b.disabled === false;
  if (enabledBoth && before.length > 0 && after.length > 0 && !after.some((m) => before.includes(m))) {
    c.report(
      'DBK641',
      'to',
      path,
      `The deployment's mechanisms go from [${c.names(before)}] to [${c.names(after)}] with none in common: during the rolling restart, the agent and clients have no mechanism both old and new processes accept. Add the new mechanism in one revision and remove the old one in a later revision.`,
    );
  }
}

function planKey(c: PlanCollector, a: JsonObject, b: JsonObject): void {
  const keyChanged = !jsonEqual(a.key, b.key);
  const keyfileChanged = !jsonEqual(a.keyfile, b.keyfile);
  if (!jsonEqual(a.newKey, b.newKey) && b.newKey !== undefined) {
    c.change(
      'auth',
      'action',
      'key rotation started (newKey set; value not shown)',
      a.newKey === undefined ? ['auth'] : ['auth', 'newKey'],
      ['auth', 'newKey'],
    );
  }
  if (keyChanged) {
    const rotated = b.key !== undefined && jsonEqual(b.key, a.newKey);
    c.change(
      'auth',
      rotated ? 'action' : 'change',
      rotated
        ? 'key rotation completed: key replaced by newKey (values not shown)'
        : 'auth.key changed (value not shown)',
      a.key === undefined ? ['auth'] : ['auth', 'key'],
      b.key === undefined ? ['auth'] : ['auth', 'key'],
    );
    if (!rotated && a.key !== undefined && b.key !== undefined && b.disabled === false) {
      c.report(
        'DBK644',
        'to',
        ['auth', 'key'],
        'auth.key is replaced directly: processes restarted with the new key cannot authenticate to members still on the old one. Put the new key in auth.newKey instead; the service rotates it and then replaces auth.key itself.',
      );
    }
  }
  if (keyfileChanged) {
    c.change(
      'auth',
      'change',
      'auth.keyfile changed',
      a.keyfile === undefined ? ['auth'] : ['auth', 'keyfile'],
      b.keyfile === undefined ? ['auth'] : ['auth', 'keyfile'],
    );
    if (!keyChanged && a.keyfile !== undefined && b.keyfile !== undefined) {
      c.report(
        'DBK645',
        'to',
        ['auth', 'keyfile'],
        'auth.keyfile changes but auth.key does not: the documentation asks to change both together. Change auth.key in the same revision, or keep the key file where it is.',
      );
    }
  }
}

type Keyed = Map<string, { item: JsonObject; index: number }>;

/** Additions, removals and changes of items keyed by name. */
export function planKeyed(
  c: PlanCollector,
  area: ChangeArea,
  noun: string,
  before: Keyed,
  after: Keyed,
  path: readonly string[],
): void {
  for (const [key, old] of before) {
    const now = after.get(key);
    if (!now) c.change(area, 'remove', `${noun} "${c.bare(key)}" removed`, [...path, old.index], undefined);
    else if (!jsonEqual(old.item, now.item)) {
      const fields = changedKeys(old.item, now.item).map((f) =>
        isSecretPath([...path, now.index, f]) ? `${c.bare(f)} (value not shown)` : c.bare(f),
      );
      c.change(
        area,
        'change',
        `${noun} "${c.bare(key)}": ${fields.join(', ')} changed`,
        [...path, old.index],
        [...path, now.index],
      );
    }
  }
  for (const [key, now] of after) {
    if (!before.has(key)) c.change(area, 'add', `${noun} "${c.bare(key)}" added`, undefined, [...path, now.index]);
  }
}

/** tls (or the legacy ssl), ldap: field by field; roles by role and database. */
export function planSecuritySettings(c: PlanCollector, { from, to }: Pair): void {
  for (const [field, area] of [
    ['tls', 'tls'],
    ['ssl', 'tls'],
    ['ldap', 'ldap'],
    ['kerberos', 'auth'],
  ] as const) {
    const a = from[field];
    const b = to[field];
    if (jsonEqual(a, b)) continue;
    if (!isObject(a) || !isObject(b)) {
      c.change(
        area,
        a === undefined ? 'add' : b === undefined ? 'remove' : 'change',
        `${field} ${a === undefined ? 'added' : b === undefined ? 'removed' : 'changed'}`,
        a === undefined ? undefined : [field],
        b === undefined ? undefined : [field],
      );
      continue;
    }
    for (const key of changedKeys(a, b)) {
      const what = isSecretPath([field, key])
        ? 'changed (value not shown)'
        : b[key] === undefined
          ? 'removed'
          : a[key] === undefined
            ? 'set'
            : 'changed';
      c.change(
        area,
        'change',
        `${field}.${c.bare(key)} ${what}`,
        a[key] === undefined ? [field] : [field, key],
        b[key] === undefined ? [field] : [field, key],
      );
    }
  }
  const roles = (doc: JsonObject) =>
    keyedItems(doc.roles, (r) =>
      typeof r.role === 'string' && typeof r.db === 'string' ? `${r.role}@${r.db}` : undefined,
    );
  if (from.roles !== to.roles) planKeyed(c, 'roles', 'role', roles(from), roles(to), ['roles']);
}
