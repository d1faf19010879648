import type { JsonObject } from '../validation/util.js';
import { keyedItems, type Pair, type PlanCollector } from './context.js';

/** One object item of a list, with its index in the document. */
export interface ListItem {
  readonly item: JsonObject;
  readonly index: number;
}

/** What became of one item of the deployed list in the new revision. */
export type ItemFate =
  | { readonly kind: 'kept'; readonly key: string; readonly from: ListItem; readonly to: ListItem }
  | {
      readonly kind: 'renamed';
      readonly key: string;
      readonly newKey: string;
      readonly from: ListItem;
      readonly to: ListItem;
    }
  | { readonly kind: 'removed'; readonly key: string; readonly from: ListItem };

/** Result of {@link matchItems}. */
export interface MatchedItems {
  /** Every keyed item of the deployed list, in its order. */
  readonly fates: readonly ItemFate[];
  /** The new list's items that are neither kept nor a renamed item, in their order. */
  readonly added: readonly (readonly [key: string, item: ListItem])[];
}

/**
 * Pairs the items of a list (processes, replica sets, sharded clusters) across two revisions: by key when it is kept,
 * else by signature, so that an item that keeps what identifies it to the agent (host and port, member hosts, config
 * server replica set) under a new key is a rename rather than a removal and an addition. Each added item renames at
 * most one removed item, the first in the deployed order; an item without a signature is never a rename.
 *
 * @example
 * matchItems(from.processes, to.processes, (p) => p.name, hostSignature);
 * // { fates: [{ kind: 'renamed', key: 'a', newKey: 'b', … }], added: [] }
 */
export function matchItems(
  from: unknown,
  to: unknown,
  key: (item: JsonObject) => unknown,
  signature: (item: JsonObject) => string | undefined,
): MatchedItems {
  const before = keyedItems(from, key);
  const after = keyedItems(to, key);
  const added = [...after].filter(([k]) => !before.has(k));
  const twinOf = renameCandidates(added, signature);
  const renamedTo = new Set<string>();
  const fates: ItemFate[] = [];
  for (const [k, old] of before) {
    const now = after.get(k);
    const twin = now ? undefined : twinOf(signature(old.item));
    if (now) fates.push({ kind: 'kept', key: k, from: old, to: now });
    else if (twin) {
      renamedTo.add(twin[0]);
      fates.push({ kind: 'renamed', key: k, newKey: twin[0], from: old, to: twin[1] });
    } else fates.push({ kind: 'removed', key: k, from: old });
  }
  return { fates, added: added.filter(([k]) => !renamedTo.has(k)) };
}

/**
 * The added items grouped by signature, in linear time; the function returned hands out the first unused item with
 * a signature, once.
 */
function renameCandidates(
  added: readonly (readonly [string, ListItem])[],
  signature: (item: JsonObject) => string | undefined,
): (sig: string | undefined) => readonly [string, ListItem] | undefined {
  const groups = new Map<string, (readonly [string, ListItem])[]>();
  for (const entry of added) {
    const sig = signature(entry[1].item);
    if (sig === undefined) continue;
    const group = groups.get(sig);
    if (group) group.push(entry);
    else groups.set(sig, [entry]);
  }
  return (sig) => (sig === undefined ? undefined : groups.get(sig)?.shift());
}

/** How the plan names the items of one list: processes, replica sets or sharded clusters. */
export interface ListNames {
  /** The list's field, which is also its changes' area. */
  readonly list: 'processes' | 'replicaSets' | 'sharding';
  /** The field that keys an item (`name`, `_id`). */
  readonly key: string;
  /** What an item is called in a change's summary (`replica set`). */
  readonly noun: string;
  /** What it is called in the note on a rename's deployed key (`the cluster was "a"`). */
  readonly was: string;
  /** DBK612's message: what the agent does with the rename, and what else must follow it (the keys come quoted). */
  readonly renamed: (oldKey: string, newKey: string) => string;
}

/**
 * Plans which items of a list come and go: a removal for each removed item, a removal plus an addition with DBK612
 * for each renamed one, then an addition for each added one. `kept` is called for each item kept under its key, in
 * the deployed order among the removals and renames; the items are also returned for a rule that plans them later.
 *
 * @example
 * planListItems(c, pair, REPLICA_SETS, hostsSignature, (fate) => planReplicaSet(c, fate.key, …));
 */
export function planListItems(
  c: PlanCollector,
  { from, to }: Pair,
  names: ListNames,
  signature: (item: JsonObject) => string | undefined,
  kept?: (fate: Extract<ItemFate, { kind: 'kept' }>) => void,
): MatchedItems {
  const { list, key, noun } = names;
  const matched = matchItems(from[list], to[list], (item) => item[key], signature);
  for (const fate of matched.fates) {
    if (fate.kind === 'kept') {
      kept?.(fate);
      continue;
    }
    const fromPath = [list, fate.from.index];
    if (fate.kind === 'removed') {
      c.change(list, 'remove', `${noun} ${c.quote(fate.key)} removed`, fromPath, undefined);
      continue;
    }
    const toPath = [list, fate.to.index, key];
    const [was, now] = [c.quote(fate.key), c.quote(fate.newKey)];
    c.change(list, 'rename-as-remove-add', `${noun} ${was} renamed ${now}`, fromPath, toPath);
    c.report('DBK612', 'to', toPath, names.renamed(was, now), [
      { document: 'from', path: [...fromPath, key], message: `the ${names.was} was ${was}` },
    ]);
  }
  for (const [k, item] of matched.added) {
    c.change(list, 'add', `${noun} ${c.quote(k)} added`, undefined, [list, item.index]);
  }
  return matched;
}
