/**
 * The reference graph of a document version, built once from the tree: the names it declares and every place that
 * refers to one (what the names and places are: `sites.ts`). Go to definition, find references, rename, completion
 * of names and hover summaries all read it. The references are collected on first use or in the warm-up's slices,
 * and kept up to date across the tree's in-place edits.
 */
import type { ASTNode, ObjectASTNode } from 'vscode-json-languageservice';
import { fieldValue, isObjectNode, isStringNode, itemsOf, nodeAtPath, pathOf, sameNode } from '../jsonAst.js';
import { type CompactTree, KEY, NONE } from '../tree/compactTree.js';
import { nodeOf, slotOf } from '../tree/nodes.js';
import {
  collectBelow,
  type Declaration,
  type Declarations,
  type Occurrence,
  type Reference,
  ReferenceSite,
  SITE_STEPS,
  type SiteSteps,
  type SymbolKind,
  stepsAt,
} from './sites.js';

export interface ReferenceGraph {
  /** Declarations by kind, then name: the first declaration of a name (later ones are duplicates). */
  readonly declarations: Declarations;
  /** Every declaration, duplicates included, in document order. */
  readonly allDeclarations: readonly Declaration[];
  /** Every reference, sorted by offset. */
  readonly references: readonly Reference[];
  /**
   * The references below the top-level field `section` (`replicaSets`…), sorted by offset: `references`' own once
   * they are collected, else that section's alone (a hover right after opening needs no other).
   */
  referencesIn(section: string): readonly Reference[];
  /**
   * The reference whose name node holds `offset` (inclusive of both ends), if any: from `references` once they are
   * collected, else from the references of the top-level item around `offset` alone (a definition or a hover right
   * after opening does not wait for tens of thousands of them).
   */
  referenceAt(offset: number): Reference | undefined;
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
  declarations: Declarations;
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

function referencesOf(root: ASTNode | undefined, declarations: Declarations): Reference[] {
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
  declarations: Declarations,
): KeptReferences {
  const created: KeptReferences = { references: [], slots: [], declarations, stale: new Set(), added: [] };
  tree.freed.add((id) => created.stale.add(id));
  tree.replaced.add((id) => created.added.push(id));
  keptByTree.set(tree, created);
  return Object.assign(created, sortedInTree(tree, collected));
}

/** Whether `offset` lies in `node` (inclusive of both ends, as `findAt`). */
function holds(node: ASTNode, offset: number): boolean {
  return offset >= node.offset && offset <= node.offset + node.length;
}

/** The item of `items` (in document order) that holds `offset`, if any. */
function itemAt(items: readonly ASTNode[], offset: number): ASTNode | undefined {
  let low = 0;
  let high = items.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const item = items[mid]!;
    if (offset < item.offset) high = mid - 1;
    else if (offset > item.offset + item.length) low = mid + 1;
    else return item;
  }
  return undefined;
}

/** Where a walk of the references looks: one top-level section, and with `offset` only its item that holds it. */
interface Where {
  readonly section?: string;
  readonly offset?: number;
}

/**
 * `collectBelow` from the root, in steps: a step per item of a top-level array (a process, a replica set), and per
 * other top-level field. The same references as one walk, in the same order; with `where`, only those below it.
 */
function* walkReferences(
  root: ObjectASTNode,
  declarations: Declarations,
  out: Reference[],
  { section, offset }: Where = {},
): Generator<void, void, void> {
  const steps = SITE_STEPS;
  if (steps.keys !== undefined && section === undefined) {
    collectBelow(root, { keys: steps.keys, next: new Map() }, declarations, out);
  }
  for (const [key, next] of steps.next) {
    if (section !== undefined && key !== section) continue;
    const value = fieldValue(root, key);
    if (value === undefined || (offset !== undefined && !holds(value, offset))) continue;
    if (value.type === 'array' && next.items !== undefined && next.site === undefined) {
      const items = offset === undefined ? value.items : [itemAt(value.items, offset)];
      for (const item of items) {
        collectBelow(item, next.items, declarations, out);
        yield;
      }
    } else {
      collectBelow(value, next, declarations, out);
      yield;
    }
  }
}

/** `walkReferences` below `where` all at once: the references there, unsorted. */
function referencesBelow(root: ObjectASTNode, declarations: Declarations, where: Where): Reference[] {
  const out: Reference[] = [];
  for (const _ of walkReferences(root, declarations, out, where)) {
    // Each step has added its references to `out`.
  }
  return out;
}

/** Every declaration sorted by offset, once per set of declarations (kept across edits that declare nothing). */
const sortedDeclarations = new WeakMap<Declarations, readonly Declaration[]>();

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
  // Whether a lookup reads `references`: collected, or cheap to bring up to date (a previous version's), or from a
  // tree that is not an object.
  const whole = (): boolean => {
    if (references !== undefined || !isObjectNode(root)) return true;
    const slot = slotOf(root);
    return slot === undefined || keptByTree.has(slot.tree);
  };
  const sections = new Map<string, readonly Reference[]>();
  return {
    declarations: maps,
    allDeclarations: all,
    get references() {
      references ??= referencesOf(root, maps);
      return references;
    },
    referencesIn(section) {
      if (whole()) return this.references.filter((reference) => ReferenceSite[reference.site].path[0] === section);
      let found = sections.get(section);
      if (found === undefined) {
        found = byOffset(referencesBelow(root as ObjectASTNode, maps, { section }));
        sections.set(section, found);
      }
      return found;
    },
    referenceAt(offset) {
      if (whole()) return findAt(this.references, offset);
      return findAt(byOffset(referencesBelow(root as ObjectASTNode, maps, { offset })), offset);
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
  return findAt(graph.declarationsByOffset, offset) ?? graph.referenceAt(offset);
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
