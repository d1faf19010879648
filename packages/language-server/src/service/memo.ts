/**
 * Facts read from a subtree of the tree (a process's names, a replica set's member hosts), kept across versions.
 * Incremental reparsing keeps every node an edit did not touch, so what was read from it still holds; it forgets
 * the facts of the edit's ancestors, whose subtrees changed. A fact never holds an offset: nodes after an edit
 * move. A keystroke in a 17 MB document then reads again only what the edit touched, not thousands of processes.
 */
import type { ASTNode } from 'vscode-json-languageservice';

/** A named kind of fact, typed by what it holds. */
export interface MemoKey<T> {
  readonly name: string;
  /** Never set: it only carries `T`. */
  readonly type?: T;
}

export function memoKey<T>(name: string): MemoKey<T> {
  return { name };
}

const facts = new WeakMap<ASTNode, Map<MemoKey<unknown>, unknown>>();

/** The fact `key` of `node`, computed on first use and kept until an edit below `node` forgets it. */
export function memo<T>(node: ASTNode, key: MemoKey<T>, compute: () => T): T {
  let map = facts.get(node);
  if (map === undefined) {
    map = new Map();
    facts.set(node, map);
  }
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
    const map = facts.get(at);
    if (map === undefined) continue;
    for (const key of map.keys()) epochs.set(key, (epochs.get(key) ?? 0) + 1);
    facts.delete(at);
  }
}
