/**
 * The names an automation config declares and the fields that refer to them, declared once as data, and the walk
 * that finds the references below a node along those fields' paths.
 *
 * Declarations: `processes[].name` (and `alias`), `dbVersions[].name`, `replicaSets[]._id`, `sharding[].name`.
 * References: the fields core resolves (`References` in core's validation) plus `args2_6.replication.replSetName`,
 * `balancer` keys and `clusterWideConfigurations` keys.
 */
import type { JsonPath } from '@dbkit/core';
import type { ASTNode, ObjectASTNode, StringASTNode } from 'vscode-json-languageservice';
import { fieldValue, isObjectNode, isStringNode } from '../jsonAst.js';

/** What a name names. */
export const SymbolKind = {
  process: { description: 'a process (`processes[].name`, or its `alias`)', declaredIn: 'processes[].name' },
  dbVersion: { description: 'a database version (`dbVersions[].name`)', declaredIn: 'dbVersions[].name' },
  replicaSet: { description: 'a replica set (`replicaSets[]._id`)', declaredIn: 'replicaSets[]._id' },
  cluster: { description: 'a sharded cluster (`sharding[].name`)', declaredIn: 'sharding[].name' },
} as const;
export type SymbolKind = keyof typeof SymbolKind;

/** A path step of a reference site: every item of an array. */
const ITEMS = '[]';
/** The last path step of a site whose names are an object's keys. */
const KEYS = '{}';

/** A site's field as people write it: `processes[].version`, `sharding[].configServer[]`, `balancer keys`. */
function fieldOf(path: readonly string[]): string {
  return path
    .map((step, i) => (step === ITEMS ? '[]' : step === KEYS ? ' keys' : i === 0 ? step : `.${step}`))
    .join('');
}

function site<const K extends readonly SymbolKind[], const C extends string | undefined>(
  path: readonly string[],
  kinds: K,
  code: C,
): { readonly field: string; readonly path: readonly string[]; readonly kinds: K; readonly code: C } {
  return { field: fieldOf(path), path, kinds, code };
}

/**
 * Every field that refers to a declared name, with what it may name and where it is (`path`: keys, `ITEMS` for every
 * item, `KEYS` for every key of an object; `field` is the path as people write it). Declared once; the graph builder
 * walks the paths.
 */
export const ReferenceSite = {
  processVersion: site(['processes', ITEMS, 'version'], ['dbVersion'], 'DBK201'),
  memberHost: site(['replicaSets', ITEMS, 'members', ITEMS, 'host'], ['process'], 'DBK202'),
  routerCluster: site(['processes', ITEMS, 'cluster'], ['cluster'], 'DBK203'),
  shardReplicaSet: site(['sharding', ITEMS, 'shards', ITEMS, 'rs'], ['replicaSet'], 'DBK204'),
  configServerReplicaSet: site(['sharding', ITEMS, 'configServerReplica'], ['replicaSet'], 'DBK205'),
  indexReplicaSet: site(['indexConfigs', ITEMS, 'rsName'], ['replicaSet'], 'DBK206'),
  configServerProcess: site(['sharding', ITEMS, 'configServer', ITEMS], ['process'], 'DBK207'),
  balancerCluster: site(['balancer', KEYS], ['cluster'], 'DBK208'),
  clusterWideKey: site(['clusterWideConfigurations', KEYS], ['replicaSet', 'cluster'], 'DBK209'),
  replSetName: site(['processes', ITEMS, 'args2_6', 'replication', 'replSetName'], ['replicaSet'], undefined),
} as const;
export type ReferenceSite = keyof typeof ReferenceSite;

/** A name declared by the document. */
export interface Declaration {
  readonly role: 'declaration';
  readonly kind: SymbolKind;
  readonly name: string;
  /** The string node of the name (`"shop-0"` in `"name": "shop-0"`). */
  readonly node: StringASTNode;
  /** The object that declares it (the process, the replica set…). */
  readonly item: ObjectASTNode;
  /** True for `processes[].alias`: another name of the same process. */
  readonly alias: boolean;
}

/** A place that refers to a name. */
export interface Reference {
  readonly role: 'reference';
  readonly site: ReferenceSite;
  readonly name: string;
  /** The string node holding the name: a value, or a property key (balancer, clusterWideConfigurations). */
  readonly node: StringASTNode;
  /** What it resolves to (first declaration of the name among the site's kinds), if anything. */
  readonly target: Declaration | undefined;
}

export type Occurrence = Declaration | Reference;

/** Declarations by kind, then name: the first declaration of a name (later ones are duplicates). */
export type Declarations = { readonly [K in SymbolKind]: ReadonlyMap<string, Declaration> };

/** Resolves a name through the kinds a site accepts: the first kind that declares it wins. */
export function resolve(declarations: Declarations, site: ReferenceSite, name: string): Declaration | undefined {
  for (const kind of ReferenceSite[site].kinds) {
    const found = declarations[kind].get(name);
    if (found) return found;
  }
  return undefined;
}

/** The top-level sections whose items declare names (`processes[].name`, `replicaSets[]._id`…). */
export const DECLARING_SECTIONS: ReadonlySet<string> = new Set(['processes', 'dbVersions', 'replicaSets', 'sharding']);

/** The site paths as a tree of steps: one walk from a node finds the references of every site below it. */
export interface SiteSteps {
  /** The site whose name is the node itself (a string), when the path ends here. */
  site?: ReferenceSite;
  /** The site whose names are the node's keys. */
  keys?: ReferenceSite;
  /** The steps below every item of an array (`ITEMS`; never a key, whatever the key's name). */
  items?: SiteSteps;
  /** The steps below each key. */
  readonly next: Map<string, SiteSteps>;
}

export const SITE_STEPS: SiteSteps = (() => {
  const root: SiteSteps = { next: new Map() };
  for (const [site, { path }] of Object.entries(ReferenceSite) as [
    ReferenceSite,
    (typeof ReferenceSite)[ReferenceSite],
  ][]) {
    let at = root;
    for (const [i, step] of path.entries()) {
      if (step === KEYS) {
        at.keys = site;
        break;
      }
      let next = step === ITEMS ? at.items : at.next.get(step);
      if (next === undefined) {
        next = { next: new Map() };
        if (step === ITEMS) at.items = next;
        else at.next.set(step, next);
      }
      at = next;
      if (i === path.length - 1) at.site = site;
    }
  }
  return root;
})();

/** The references at or below `node`, whose place in the site paths is `steps`, in no particular order. */
export function collectBelow(
  node: ASTNode | undefined,
  steps: SiteSteps,
  declarations: Declarations,
  out: Reference[],
): void {
  if (node === undefined) return;
  const refer = (site: ReferenceSite, name: StringASTNode): void => {
    out.push({
      role: 'reference',
      site,
      name: name.value,
      node: name,
      target: resolve(declarations, site, name.value),
    });
  };
  if (steps.site !== undefined && isStringNode(node)) refer(steps.site, node);
  if (isObjectNode(node)) {
    if (steps.keys !== undefined) for (const property of node.properties) refer(steps.keys, property.keyNode);
    for (const [key, next] of steps.next) collectBelow(fieldValue(node, key), next, declarations, out);
  } else if (node.type === 'array' && steps.items !== undefined) {
    for (const item of node.items) collectBelow(item, steps.items, declarations, out);
  }
}

/** The steps of the site paths at `path`, or undefined when no reference can be below it. */
export function stepsAt(path: JsonPath): SiteSteps | undefined {
  let at: SiteSteps | undefined = SITE_STEPS;
  for (const segment of path) {
    at = typeof segment === 'number' ? at.items : at.next.get(segment);
    if (at === undefined) return undefined;
  }
  return at;
}
