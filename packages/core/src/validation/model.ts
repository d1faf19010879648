import { isObject, type JsonObject } from './util.js';

/** An item repeating the name of an earlier item of its section: its index and the index of the first. */
export interface Repeat {
  readonly index: number;
  readonly first: number;
}

/** Sections whose names must be unique (DBK106). */
export type UniqueSection = 'dbVersions' | 'processes' | 'replicaSets' | 'sharding';

/**
 * The names a document declares, indexed once per validation so every cross-reference is a map lookup. Each map
 * gives the index, in its section's array, of the first item declaring the name; later ones are repeats, reported
 * as duplicates.
 */
export interface ReferenceIndex {
  readonly dbVersions: ReadonlyMap<string, number>;
  /** Whether the document has a dbVersions array at all (fragments often lack it). */
  readonly dbVersionsDeclared: boolean;
  readonly processes: ReadonlyMap<string, number>;
  /** Process aliases; a member host or legacy config server may use them in place of the name. */
  readonly aliases: ReadonlyMap<string, number>;
  readonly replicaSets: ReadonlyMap<string, number>;
  readonly clusters: ReadonlyMap<string, number>;
  /** The clusters shard routers ("dbs" processes) name. */
  readonly routerClusters: ReadonlySet<string>;
  /** The items of processes[] (empty when there is none): `processes` and `aliases` point into it. */
  readonly processList: readonly unknown[];
  readonly repeats: { readonly [S in UniqueSection]: readonly Repeat[] };
}

function itemsOf(doc: JsonObject, section: string): readonly unknown[] {
  const items = doc[section];
  return Array.isArray(items) ? items : [];
}

/** Adds the first declaration of `name`, or records a repeat. */
function declare(map: Map<string, number>, repeats: Repeat[] | undefined, name: unknown, index: number): void {
  if (typeof name !== 'string') return;
  const first = map.get(name);
  if (first === undefined) map.set(name, index);
  else repeats?.push({ index, first });
}

function indexBy(items: readonly unknown[], key: string, repeats: Repeat[]): Map<string, number> {
  const map = new Map<string, number>();
  for (let index = 0; index < items.length; index++) {
    const value: unknown = items[index];
    if (isObject(value)) declare(map, repeats, value[key], index);
  }
  return map;
}

/** Builds the reference index of a document (which need not be valid): one pass over each section. */
export function buildReferenceIndex(doc: JsonObject): ReferenceIndex {
  const repeats: { [S in UniqueSection]: Repeat[] } = { dbVersions: [], processes: [], replicaSets: [], sharding: [] };
  const processList = itemsOf(doc, 'processes');
  const processes = new Map<string, number>();
  const aliases = new Map<string, number>();
  const routerClusters = new Set<string>();
  for (let index = 0; index < processList.length; index++) {
    const process: unknown = processList[index];
    if (!isObject(process)) continue;
    declare(processes, repeats.processes, process.name, index);
    declare(aliases, undefined, process.alias, index);
    if (typeof process.cluster === 'string' && process.processType === 'dbs') routerClusters.add(process.cluster);
  }
  return {
    dbVersions: indexBy(itemsOf(doc, 'dbVersions'), 'name', repeats.dbVersions),
    dbVersionsDeclared: Array.isArray(doc.dbVersions),
    processes,
    aliases,
    replicaSets: indexBy(itemsOf(doc, 'replicaSets'), '_id', repeats.replicaSets),
    clusters: indexBy(itemsOf(doc, 'sharding'), 'name', repeats.sharding),
    routerClusters,
    processList,
    repeats,
  };
}

/** The process at `index` of processes[], which the reference index declared, so an object. */
export function processAt(refs: ReferenceIndex, index: number): JsonObject {
  return refs.processList[index] as JsonObject;
}
