import { isObject } from '../../validation/util.js';
import { jsonEqual, keyedItems, type Pair, type PlanCollector } from '../context.js';
import type { ChangeArea } from '../types.js';
import { planKeyed } from './security.js';

/** Top-level fields planned by the other rules. */
const PLANNED = new Set([
  'version',
  'processes',
  'replicaSets',
  'sharding',
  'auth',
  'tls',
  'ssl',
  'ldap',
  'kerberos',
  'roles',
  'indexConfigs',
  'dbVersions',
]);

const AGENT_FIELDS = new Set(['agentVersion', 'monitoringVersions', 'backupVersions', 'options']);

/** The document's version: it must increase from one revision to the next. */
export function planVersion(c: PlanCollector, { from, to }: Pair): void {
  const a = from.version;
  const b = to.version;
  if (typeof a !== 'number' || typeof b !== 'number') {
    if (!jsonEqual(a, b)) c.note('The top-level version of one revision is not a number: its order was not checked.');
    return;
  }
  if (b < a) {
    c.report(
      'DBK601',
      'to',
      ['version'],
      `The new revision's version ${c.bare(b)} is lower than the deployed version ${c.bare(a)}: agents keep the configuration with the higher version, so this revision is ignored or replaces newer work. Start from the deployed document and increase its version.`,
      [{ document: 'from', path: ['version'], message: `deployed: ${c.bare(a)}` }],
    );
    return;
  }
  if (b > a) {
    c.change('other', 'change', `version ${c.bare(a)} → ${c.bare(b)}`, ['version'], ['version']);
    return;
  }
  const rest = new Set([...Object.keys(from), ...Object.keys(to)]);
  rest.delete('version');
  if ([...rest].some((k) => !jsonEqual(from[k], to[k]))) {
    c.report(
      'DBK602',
      'to',
      ['version'],
      `The document changes but its version stays ${c.bare(a)}: an agent that reads this document directly only applies a new version. The service may assign the next version on PUT; to be safe, increase it.`,
    );
  }
}

/** dbVersions, agent settings, index configs and every top-level field no other rule plans. */
export function planCatalogue(c: PlanCollector, { from, to }: Pair): void {
  const versions = (v: unknown) => keyedItems(v, (d) => d.name);
  if (from.dbVersions !== to.dbVersions) {
    planKeyed(c, 'versions', 'server version', versions(from.dbVersions), versions(to.dbVersions), ['dbVersions']);
  }
  if (!jsonEqual(from.indexConfigs, to.indexConfigs)) planIndexes(c, from.indexConfigs, to.indexConfigs);
  const keys = new Set([...Object.keys(from), ...Object.keys(to)]);
  for (const key of [...keys].sort()) {
    if (PLANNED.has(key) || jsonEqual(from[key], to[key])) continue;
    const area: ChangeArea = AGENT_FIELDS.has(key)
      ? 'agent'
      : key === 'balancer' || key === 'clusterWideConfigurations'
        ? 'sharding'
        : 'other';
    const kind = from[key] === undefined ? 'add' : to[key] === undefined ? 'remove' : 'change';
    c.change(
      area,
      kind,
      `${c.bare(key)} ${kind === 'add' ? 'added' : kind === 'remove' ? 'removed' : 'changed'}`,
      kind === 'add' ? undefined : [key],
      kind === 'remove' ? undefined : [key],
    );
  }
}

/** indexConfigs, keyed by replica set, database, collection and key: each named as the plan shows it. */
function planIndexes(c: PlanCollector, from: unknown, to: unknown): void {
  const index = (v: unknown) =>
    keyedItems(v, (x) =>
      typeof x.rsName === 'string' ? JSON.stringify([x.rsName, x.dbName, x.collectionName, x.key]) : undefined,
    );
  const readable = (v: unknown) =>
    new Map([...index(v)].map(([, entry]) => [describeIndex(entry.item), entry] as const));
  planKeyed(c, 'indexes', 'index', readable(from), readable(to), ['indexConfigs']);
}

function describeIndex(x: Readonly<Record<string, unknown>>): string {
  const options = isObject(x.options) && typeof x.options.name === 'string' ? ` (${x.options.name})` : '';
  return `${String(x.rsName)}/${String(x.dbName)}.${String(x.collectionName)} ${JSON.stringify(x.key) ?? ''}${options}`;
}
