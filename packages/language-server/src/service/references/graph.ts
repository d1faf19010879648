/**
 * The names an automation config declares and every place that refers to one, built once per document version
 * from the tree. Go to definition, find references, rename, completion of names and hover summaries all read it.
 *
 * Declarations: `processes[].name` (and `alias`), `dbVersions[].name`, `replicaSets[]._id`, `sharding[].name`.
 * References: the fields core resolves (`References` in core's validation) plus `args2_6.replication.replSetName`,
 * `balancer` keys and `clusterWideConfigurations` keys.
 */

import type { JsonPath } from '@dbkit/core';
import type { ASTNode, ObjectASTNode, StringASTNode } from 'vscode-json-languageservice';
import { fieldValue, isObjectNode, isStringNode, itemsOf, nodeAtPath, pathOf, sameNode } from '../jsonAst.js';
import { type CompactTree, KEY, NONE } from '../tree/compactTree.js';
import { nodeOf, slotOf } from '../tree/nodes.js';

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

export interface ReferenceGraph {
  /** Declarations by kind, then name: the first declaration of a name (later ones are duplicates). */
  readonly declarations: { readonly [K in SymbolKind]: ReadonlyMap<string, Declaration> };
  /** Every declaration, duplicates included, in document order. */
  readonly allDeclarations: readonly Declaration[];
  /** Every reference, sorted by offset. */
  readonly references: readonly Reference[];
  /** Every declaration (duplicates included) sorted by offset, for lookups at a cursor. */
  readonly declarationsByOffset: readonly Declaration[];
  /**
   * Collects the references on until `performance.now()` reaches `deadline`, an item of a section at a time (the
   * warm-up's slices: a keystroke that comes meanwhile waits for one slice); whether `references` is ready.
   */
  collectReferences(deadline: number): boolean;
}

function declare(out: Declaration[], kind: SymbolKind, item: ASTNode, key: string, alias = false): void {
  if (!isObjectNode(item)) return;
  const node = fieldValue(item, key);
  if (isStringNode(node)) out.push({ role: 'declaration', kind, name: node.value, node, item, alias });
}

/** Resolves a name through the kinds a site accepts: the first kind that declares it wins. */
export function resolve(
  declarations: ReferenceGraph['declarations'],
  site: ReferenceSite,
  name: string,
): Declaration | undefined {
  for (const kind of ReferenceSite[site].kinds) {
    const found = declarations[kind].get(name);
    if (found) return found;
  }
  return undefined;
}

/** The top-level sections whose items declare names (`processes[].name`, `replicaSets[]._id`…). */
export const DECLARING_SECTIONS: ReadonlySet<string> = new Set(['processes', 'dbVersions', 'replicaSets', 'sharding']);

function collectDeclarations(root: ASTNode | undefined): Pick<ReferenceGraph, 'declarations' | 'allDeclarations'> {
  const all: Declaration[] = [];
  const processes = itemsOf(root, 'processes');
  for (const process of processes) declare(all, 'process', process, 'name');
  for (const process of processes) declare(all, 'process', process, 'alias', true);
  for (const version of itemsOf(root, 'dbVersions')) declare(all, 'dbVersion', version, 'name');
  for (const replicaSet of itemsOf(root, 'replicaSets')) declare(all, 'replicaSet', replicaSet, '_id');
  for (const cluster of itemsOf(root, 'sharding')) declare(all, 'cluster', cluster, 'name');
  const maps = { process: new Map(), dbVersion: new Map(), replicaSet: new Map(), cluster: new Map() } as {
    [K in SymbolKind]: Map<string, Declaration>;
  };
  for (const declaration of all) {
    const map = maps[declaration.kind];
    if (!map.has(declaration.name)) map.set(declaration.name, declaration);
  }
  return { declarations: maps, allDeclarations: all };
}

/** The site paths as a tree of steps: one walk from a node finds the references of every site below it. */
interface SiteSteps {
  /** The site whose name is the node itself (a string), when the path ends here. */
  site?: ReferenceSite;
  /** The site whose names are the node's keys. */
  keys?: ReferenceSite;
  /** The steps below every item of an array (`ITEMS`; never a key, whatever the key's name). */
  items?: SiteSteps;
  /** The steps below each key. */
  readonly next: Map<string, SiteSteps>;
}

const SITE_STEPS: SiteSteps = (() => {
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
function collectBelow(
  node: ASTNode | undefined,
  steps: SiteSteps,
  declarations: ReferenceGraph['declarations'],
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
function stepsAt(path: JsonPath): SiteSteps | undefined {
  let at: SiteSteps | undefined = SITE_STEPS;
  for (const segment of path) {
    at = typeof segment === 'number' ? at.items : at.next.get(segment);
    if (at === undefined) return undefined;
  }
  return at;
}

function byOffset<T extends { readonly node: ASTNode }>(list: T[]): T[] {
  return list.sort((a, b) => a.node.offset - b.node.offset);
}

/**
 * The references last collected from a compact tree, kept up to date across its in-place edits: the references in
 * slots an edit freed are dropped, those in the subtrees it put in are collected, and the rest (nodes read from their
 * slots, moved offsets included; targets resolved against the same declarations) are kept. A hover or a rename
 * after a keystroke in a 17 MB document then does not walk 15 000 processes again.
 */
interface KeptReferences {
  /** Sorted by offset. */
  references: Reference[];
  /** The slot of each reference's node (a key's: its property's, which starts where the key does). */
  slots: number[];
  /** What the targets were resolved against. */
  declarations: ReferenceGraph['declarations'];
  /** Slots freed since. */
  readonly stale: Set<number>;
  /** Subtrees put in since (their roots' slots). */
  readonly added: number[];
}

/** Past this many freed slots the references are collected again: a freed slot may have been reused meanwhile. */
const MAX_STALE = 4096;

const keptByTree = new WeakMap<CompactTree, KeptReferences>();

/** References with their slots, sorted by offset (read from the slots: no node getter per comparison). */
function sortedInTree(
  tree: CompactTree,
  references: readonly Reference[],
): Pick<KeptReferences, 'references' | 'slots'> {
  const slots = references.map((r) => slotOf(r.node)!.id & ~KEY);
  const order = references.map((_, i) => i).sort((a, b) => tree.offset[slots[a]!]! - tree.offset[slots[b]!]!);
  return { references: order.map((i) => references[i]!), slots: order.map((i) => slots[i]!) };
}

/** The kept references without those in `stale` slots, merged with `fresh` (sorted), by offset. */
function update(
  tree: CompactTree,
  kept: Pick<KeptReferences, 'references' | 'slots'>,
  stale: ReadonlySet<number>,
  fresh: Pick<KeptReferences, 'references' | 'slots'>,
): Pick<KeptReferences, 'references' | 'slots'> {
  const references: Reference[] = [];
  const slots: number[] = [];
  const { offset } = tree;
  let j = 0;
  const freshCount = fresh.slots.length;
  for (let i = 0; i < kept.slots.length; i++) {
    const slot = kept.slots[i]!;
    if (stale.has(slot)) continue;
    const at = offset[slot]!;
    while (j < freshCount && offset[fresh.slots[j]!]! < at) {
      references.push(fresh.references[j]!);
      slots.push(fresh.slots[j++]!);
    }
    references.push(kept.references[i]!);
    slots.push(slot);
  }
  for (; j < freshCount; j++) {
    references.push(fresh.references[j]!);
    slots.push(fresh.slots[j]!);
  }
  return { references, slots };
}

function referencesOf(root: ASTNode | undefined, declarations: ReferenceGraph['declarations']): Reference[] {
  const collected = (node: ASTNode | undefined, steps: SiteSteps): Reference[] => {
    const out: Reference[] = [];
    collectBelow(node, steps, declarations, out);
    return out;
  };
  const slot = root === undefined ? undefined : slotOf(root);
  if (slot === undefined) return byOffset(collected(root, SITE_STEPS));
  const { tree } = slot;
  let kept = keptByTree.get(tree);
  if (kept === undefined) {
    kept = keepReferences(tree, collected(root, SITE_STEPS), declarations);
  } else if (kept.declarations !== declarations || kept.stale.size > MAX_STALE) {
    Object.assign(kept, sortedInTree(tree, collected(root, SITE_STEPS)));
  } else if (kept.stale.size > 0 || kept.added.length > 0) {
    const fresh: Reference[] = [];
    const live = new Set(kept.added.filter((id) => !kept!.stale.has(id)));
    for (const id of live) {
      // A subtree put in inside another one put in since (an edit in the container an earlier edit replaced) is
      // walked with it.
      let above = tree.parent[id]!;
      while (above !== NONE && !live.has(above)) above = tree.parent[above]!;
      if (above !== NONE) continue;
      const node = nodeOf(tree, id)!;
      const path = pathOf(node);
      const steps = stepsAt(path);
      // Under a key given twice, only the last value counts (as the full walk reads it).
      if (steps !== undefined && sameNode(nodeAtPath(root, path), node)) collectBelow(node, steps, declarations, fresh);
    }
    Object.assign(kept, update(tree, kept, kept.stale, sortedInTree(tree, fresh)));
  }
  kept.declarations = declarations;
  kept.stale.clear();
  kept.added.length = 0;
  return kept.references;
}

/** A tree's first full collection, kept up to date across its edits from now on. */
function keepReferences(
  tree: CompactTree,
  collected: readonly Reference[],
  declarations: ReferenceGraph['declarations'],
): KeptReferences {
  const created: KeptReferences = { references: [], slots: [], declarations, stale: new Set(), added: [] };
  tree.freed.add((id) => created.stale.add(id));
  tree.replaced.add((id) => created.added.push(id));
  keptByTree.set(tree, created);
  return Object.assign(created, sortedInTree(tree, collected));
}

/**
 * `collectBelow` from the root, in steps: a step per item of a top-level array (a process, a replica set), and per
 * other top-level field. The same references as one walk, in the same order.
 */
function* walkReferences(
  root: ObjectASTNode,
  declarations: ReferenceGraph['declarations'],
  out: Reference[],
): Generator<void, void, void> {
  const steps = SITE_STEPS;
  if (steps.keys !== undefined) {
    collectBelow(root, { keys: steps.keys, next: new Map() }, declarations, out);
  }
  for (const [key, next] of steps.next) {
    const value = fieldValue(root, key);
    if (value?.type === 'array' && next.items !== undefined && next.site === undefined) {
      for (const item of value.items) {
        collectBelow(item, next.items, declarations, out);
        yield;
      }
    } else {
      collectBelow(value, next, declarations, out);
      yield;
    }
  }
}

/** Every declaration sorted by offset, once per set of declarations (kept across edits that declare nothing). */
const sortedDeclarations = new WeakMap<ReferenceGraph['declarations'], readonly Declaration[]>();

/**
 * The reference graph of a tree. `kept`: the previous version's graph, whose declarations still hold (the edit was
 * deeper than any declaration, and the incremental update kept their nodes); its references are brought up to date.
 */
export function buildReferenceGraph(root: ASTNode | undefined, kept?: ReferenceGraph): ReferenceGraph {
  const { declarations: maps, allDeclarations: all } = kept ?? collectDeclarations(root);

  // The references are collected (or brought up to date) on first use: completion needs only the declarations, and
  // a 17 MB document has tens of thousands of references.
  let references: Reference[] | undefined;
  let walk: { readonly steps: Iterator<void>; readonly out: Reference[]; readonly tree: CompactTree } | undefined;
  return {
    declarations: maps,
    allDeclarations: all,
    get references() {
      references ??= referencesOf(root, maps);
      return references;
    },
    collectReferences(deadline) {
      if (references !== undefined) return true;
      const slot = root === undefined ? undefined : slotOf(root);
      // Brought up to date from a previous version's (one step), or a tree of another kind: all at once.
      if (slot === undefined || keptByTree.has(slot.tree) || !isObjectNode(root)) {
        void this.references;
        return true;
      }
      if (walk === undefined) {
        const out: Reference[] = [];
        walk = { steps: walkReferences(root, maps, out), out, tree: slot.tree };
      }
      // At least one step per call: a slice always gets on.
      do {
        if (walk.steps.next().done === true) {
          references = keepReferences(walk.tree, walk.out, maps).references;
          walk = undefined;
          return true;
        }
      } while (performance.now() < deadline);
      return false;
    },
    get declarationsByOffset() {
      let declared = sortedDeclarations.get(maps);
      if (declared === undefined) {
        declared = byOffset([...all]);
        sortedDeclarations.set(maps, declared);
      }
      return declared;
    },
  };
}

/** The item of `list` (sorted by offset) whose name node holds `offset` (inclusive of both ends), if any. */
function findAt<T extends Occurrence>(list: readonly T[], offset: number): T | undefined {
  let low = 0;
  let high = list.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const node = list[mid]!.node;
    if (offset < node.offset) high = mid - 1;
    else if (offset > node.offset + node.length) low = mid + 1;
    else return list[mid];
  }
  return undefined;
}

/** The occurrence whose name node holds `offset` (inclusive of both ends), if any. */
export function occurrenceAt(graph: ReferenceGraph, offset: number): Occurrence | undefined {
  return findAt(graph.declarationsByOffset, offset) ?? findAt(graph.references, offset);
}

/** The declaration an occurrence stands for: itself, or the reference's target. */
export function declarationOf(occurrence: Occurrence): Declaration | undefined {
  return occurrence.role === 'declaration' ? occurrence : occurrence.target;
}

/**
 * Every occurrence of the same symbol as `declaration`: the declarations of that name and kind (duplicates
 * included, and for a process only the same name-or-alias role) and every reference resolving to that name.
 */
export function occurrencesOf(graph: ReferenceGraph, declaration: Declaration): readonly Occurrence[] {
  const sameDeclarations = graph.allDeclarations.filter(
    (d) => d.kind === declaration.kind && d.name === declaration.name && d.alias === declaration.alias,
  );
  const refs = graph.references.filter(
    (r) =>
      r.target !== undefined &&
      r.target.kind === declaration.kind &&
      r.target.name === declaration.name &&
      r.target.alias === declaration.alias,
  );
  return [...sameDeclarations, ...refs].sort((a, b) => a.node.offset - b.node.offset);
}
