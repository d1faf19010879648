import type { DiagnosticCode } from '../codes.js';
import type { Collector } from '../context.js';
import { type JsonPath, pathTo } from '../diagnostic.js';
import type { ReferenceIndex, UniqueSection } from '../model.js';
import { closestMatches, didYouMean, type JsonObject } from '../util.js';

/**
 * Reports every item of `doc[section]` whose `key` repeats an earlier item's, pointing at the first one. The
 * reference index found them while indexing the section.
 */
export function checkUnique(
  c: Collector,
  doc: JsonObject,
  refs: ReferenceIndex,
  section: UniqueSection,
  key: string,
  what: string,
): void {
  const items = doc[section] as readonly JsonObject[];
  for (const { index, first } of refs.repeats[section]) {
    const name = items[index]?.[key];
    c.report(
      'DBK106',
      [section, index, key],
      `${what.charAt(0).toUpperCase()}${what.slice(1)} ${c.quote(name)} is already declared at ${section}[${first}]: names must be unique, or references to them are ambiguous. Rename one of them.`,
      { related: [{ path: [section, first, key], message: `first declaration of ${c.quote(name)}` }] },
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

type Target = Omit<ReferenceRule, 'code'>;

const PROCESS: Target = {
  target: 'a process',
  declaredIn: 'processes[].name (or a process alias)',
  in: ['processes', 'aliases'],
};
const REPLICA_SET: Target = { target: 'a replica set', declaredIn: 'replicaSets[]._id', in: ['replicaSets'] };
const CLUSTER: Target = { target: 'a sharded cluster', declaredIn: 'sharding[].name', in: ['clusters'] };
const DB_VERSION: Target = { target: 'a database version', declaredIn: 'dbVersions[].name', in: ['dbVersions'] };

/** A rule built by one object literal, so every rule has the same hidden class and lookups stay monomorphic. */
function rule(code: DiagnosticCode, { target, declaredIn, in: indexes }: Target): ReferenceRule {
  return { code, target, declaredIn, in: indexes };
}

/** Every cross-reference of the document, declared once. */
export const References = {
  processVersion: rule('DBK201', DB_VERSION),
  memberHost: rule('DBK202', PROCESS),
  routerCluster: rule('DBK203', CLUSTER),
  shardReplicaSet: rule('DBK204', REPLICA_SET),
  configServerReplicaSet: rule('DBK205', REPLICA_SET),
  indexReplicaSet: rule('DBK206', REPLICA_SET),
  configServerProcess: rule('DBK207', PROCESS),
  balancerCluster: rule('DBK208', CLUSTER),
} as const satisfies { readonly [name: string]: ReferenceRule };

/** The index of the declaration `name` resolves to through the rule's indexes, or undefined. */
export function findReference(refs: ReferenceIndex, name: string, rule: ReferenceRule): number | undefined {
  // Index loops here and in the other per-item paths: they run fast even before the code is optimized.
  for (let i = 0; i < rule.in.length; i++) {
    const found = namesIn(refs, rule.in[i] as IndexName).get(name);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** One of the reference index's maps, read by name (not `refs[index]`, a lookup by a key that varies). */
function namesIn(refs: ReferenceIndex, index: IndexName): ReadonlyMap<string, number> {
  switch (index) {
    case 'dbVersions':
      return refs.dbVersions;
    case 'processes':
      return refs.processes;
    case 'aliases':
      return refs.aliases;
    case 'replicaSets':
      return refs.replicaSets;
    case 'clusters':
      return refs.clusters;
    default:
      return index satisfies never;
  }
}

/** Reports a reference that names nothing at `path`, with the closest declared names as suggestions. */
export function reportDanglingReference(
  c: Collector,
  refs: ReferenceIndex,
  name: string,
  path: JsonPath,
  rule: ReferenceRule,
): void {
  const candidates = rule.in.flatMap((index) => [...refs[index].keys()]);
  const suggestions = closestMatches(name, candidates);
  const none = candidates.length === 0 ? ' The document declares none yet.' : '';
  const add =
    suggestions.length === 0 && candidates.length > 0
      ? ` Use a declared name or add ${rule.target} named ${c.quote(name)}.`
      : '';
  c.report(
    rule.code,
    path,
    `${c.quote(name)} does not name ${rule.target}: it must match one of ${rule.declaredIn}.${none}${didYouMean(suggestions, (s) => c.quote(s))}${add}`,
    { suggestions },
  );
}

/**
 * Resolves `name` through the rule's indexes to the index of its declaration in its section. When it names
 * nothing, reports the rule's code at `[...parent, key]` (or at `parent` when `key` is undefined) with the closest
 * declared names as suggestions. The path is built only then: this runs for every reference of large documents.
 */
export function checkReference(
  c: Collector,
  refs: ReferenceIndex,
  name: string,
  parent: JsonPath,
  key: string | number | undefined,
  rule: ReferenceRule,
): number | undefined {
  const found = findReference(refs, name, rule);
  if (found === undefined) reportDanglingReference(c, refs, name, pathTo(parent, key), rule);
  return found;
}
