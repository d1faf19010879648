/**
 * Facts read from a subtree of the tree (a process's names, a replica set's member hosts), kept across versions.
 * Incremental reparsing keeps every node an edit did not touch (its slot in the tree), so what was read from it
 * still holds; it forgets the facts of the edit's ancestors, whose subtrees changed, and the replaced nodes' own. A
 * fact never holds an offset: nodes after an edit move. A keystroke in a 17 MB document then reads again only what
 * the edit touched, not thousands of processes.
 */
import type { ASTNode } from 'vscode-json-languageservice';
import type { CompactTree } from './tree/compactTree.js';
import { slotOf } from './tree/nodes.js';

/** A named kind of fact, typed by what it holds. */
export interface MemoKey<T> {
  readonly name: string;
  /** Never set: it only carries `T`. */
  readonly type?: T;
}

export function memoKey<T>(name: string): MemoKey<T> {
  return { name };
}

type Facts = Map<MemoKey<unknown>, unknown>;

/**
 * The facts of a tree's nodes, by slot: a node object lives only while something holds it (`tree/nodes.ts`), its
 * slot as long as the node is in the tree. The slots an edit frees drop their facts.
 */
const factsBySlot = new WeakMap<CompactTree, Map<number, Facts>>();
/** The facts of nodes that are not a tree's slots. */
const factsByNode = new WeakMap<ASTNode, Facts>();

function factsOf(node: ASTNode, create: boolean): Facts | undefined {
  const slot = slotOf(node);
  if (slot === undefined) {
    let map = factsByNode.get(node);
    if (map === undefined && create) {
      map = new Map();
      factsByNode.set(node, map);
    }
    return map;
  }
  let slots = factsBySlot.get(slot.tree);
  if (slots === undefined) {
    if (!create) return undefined;
    const created = new Map<number, Facts>();
    slot.tree.freed.add((id) => created.delete(id));
    factsBySlot.set(slot.tree, created);
    slots = created;
  }
  let map = slots.get(slot.id);
  if (map === undefined && create) {
    map = new Map();
    slots.set(slot.id, map);
  }
  return map;
}

function dropFacts(node: ASTNode): void {
  const slot = slotOf(node);
  if (slot === undefined) factsByNode.delete(node);
  else factsBySlot.get(slot.tree)?.delete(slot.id);
}

/** The fact `key` of `node`, computed on first use and kept until an edit below `node` forgets it. */
export function memo<T>(node: ASTNode, key: MemoKey<T>, compute: () => T): T {
  const map = factsOf(node, true)!;
  if (map.has(key)) return map.get(key) as T;
  const value = compute();
  map.set(key, value);
  return value;
}

/** How many times a node holding each kind of fact has been forgotten. */
const epochs = new Map<MemoKey<unknown>, number>();

/**
 * A number that changes whenever a node holding a `key` fact is forgotten: what was computed from every node's
 * `key` fact still holds while it stays the same.
 */
export function factsEpoch(key: MemoKey<unknown>): number {
  return epochs.get(key) ?? 0;
}

/** Forgets the facts of `node` and of every node above it (their subtrees hold an edit). */
export function forgetUpwards(node: ASTNode | undefined): void {
  for (let at = node; at !== undefined; at = at.parent) {
    const map = factsOf(at, false);
    if (map === undefined) continue;
    for (const key of map.keys()) epochs.set(key, (epochs.get(key) ?? 0) + 1);
    dropFacts(at);
  }
}
