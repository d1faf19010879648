import type { DiagnosticCode } from '../codes.js';
import type { Collector } from '../context.js';
import type { JsonPath } from '../diagnostic.js';
import type { Declaration, ReferenceIndex } from '../model.js';
import { closestMatches, didYouMean, isObject, type JsonObject, quote } from '../util.js';

/**
 * Reports every item of `doc[section]` whose `key` repeats an earlier item's, pointing at the first one.
 */
export function checkUnique(c: Collector, doc: JsonObject, section: string, key: string, what: string): void {
  const items = doc[section];
  if (!Array.isArray(items)) return;
  const first = new Map<string, number>();
  for (let i = 0; i < items.length; i++) {
    const item: unknown = items[i];
    if (!isObject(item)) continue;
    const name = item[key];
    if (typeof name !== 'string') continue;
    const earlier = first.get(name);
    if (earlier === undefined) {
      first.set(name, i);
      continue;
    }
    c.report(
      'DBK106',
      [section, i, key],
      `${what.charAt(0).toUpperCase()}${what.slice(1)} ${quote(name)} is already declared at ${section}[${earlier}]: names must be unique, or references to them are ambiguous. Rename one of them.`,
      { related: [{ path: [section, earlier, key], message: `first declaration of ${quote(name)}` }] },
    );
  }
}

type IndexName = 'dbVersions' | 'processes' | 'aliases' | 'replicaSets' | 'clusters';

/** How to resolve a name and how to report one that refers to nothing. */
export interface ReferenceRule {
  readonly code: DiagnosticCode;
  /** What the field refers to, e.g. "a process". */
  readonly target: string;
  /** Where targets are declared, e.g. "processes[].name". */
  readonly declaredIn: string;
  /** The reference indexes to look the name up in, in order. */
  readonly in: readonly IndexName[];
}

const PROCESS = {
  target: 'a process',
  declaredIn: 'processes[].name (or a process alias)',
  in: ['processes', 'aliases'],
} as const;
const REPLICA_SET = { target: 'a replica set', declaredIn: 'replicaSets[]._id', in: ['replicaSets'] } as const;
const CLUSTER = { target: 'a sharded cluster', declaredIn: 'sharding[].name', in: ['clusters'] } as const;

/** Every cross-reference of the document, declared once. */
export const References = {
  processVersion: { code: 'DBK201', target: 'a database version', declaredIn: 'dbVersions[].name', in: ['dbVersions'] },
  memberHost: { code: 'DBK202', ...PROCESS },
  routerCluster: { code: 'DBK203', ...CLUSTER },
  shardReplicaSet: { code: 'DBK204', ...REPLICA_SET },
  configServerReplicaSet: { code: 'DBK205', ...REPLICA_SET },
  indexReplicaSet: { code: 'DBK206', ...REPLICA_SET },
  configServerProcess: { code: 'DBK207', ...PROCESS },
  balancerCluster: { code: 'DBK208', ...CLUSTER },
} as const satisfies { readonly [name: string]: ReferenceRule };

/**
 * Resolves `name` through the rule's indexes. When it names nothing, reports the rule's code at `[...parent, key]`
 * (or at `parent` when `key` is undefined) with the closest declared names as suggestions. The path is built only
 * then: this runs for every reference of large documents.
 */
export function checkReference(
  c: Collector,
  refs: ReferenceIndex,
  name: string,
  parent: JsonPath,
  key: string | number | undefined,
  rule: ReferenceRule,
): Declaration | undefined {
  for (const index of rule.in) {
    const found = refs[index].get(name);
    if (found) return found;
  }
  const candidates = rule.in.flatMap((index) => [...refs[index].keys()]);
  const suggestions = closestMatches(name, candidates);
  const none = candidates.length === 0 ? ' The document declares none yet.' : '';
  const add =
    suggestions.length === 0 && candidates.length > 0
      ? ` Use a declared name or add ${rule.target} named ${quote(name)}.`
      : '';
  c.report(
    rule.code,
    key === undefined ? parent : [...parent, key],
    `${quote(name)} does not name ${rule.target}: it must match one of ${rule.declaredIn}.${none}${didYouMean(suggestions)}${add}`,
    { suggestions },
  );
  return undefined;
}
