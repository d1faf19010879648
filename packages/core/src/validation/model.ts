import type { JsonPath } from './diagnostic.js';
import { isObject, type JsonObject } from './util.js';

/** Where a named thing is declared. */
export interface Declaration {
  readonly index: number;
  readonly value: JsonObject;
  /** Path of the name field, e.g. `['processes', 3, 'name']`: the target of go-to-definition. */
  readonly path: JsonPath;
}

/**
 * The names a document declares, indexed once per validation so every cross-reference is a map lookup. The
 * first declaration of a name wins; later ones are reported as duplicates.
 */
export interface ReferenceIndex {
  readonly dbVersions: ReadonlyMap<string, Declaration>;
  /** Whether the document has a dbVersions array at all (fragments often lack it). */
  readonly dbVersionsDeclared: boolean;
  readonly processes: ReadonlyMap<string, Declaration>;
  /** Process aliases; a member host or legacy config server may use them in place of the name. */
  readonly aliases: ReadonlyMap<string, Declaration>;
  readonly replicaSets: ReadonlyMap<string, Declaration>;
  readonly clusters: ReadonlyMap<string, Declaration>;
}

function indexBy(doc: JsonObject, section: string, key: string): Map<string, Declaration> {
  const map = new Map<string, Declaration>();
  const items = doc[section];
  if (!Array.isArray(items)) return map;
  for (let index = 0; index < items.length; index++) {
    const value: unknown = items[index];
    if (!isObject(value)) continue;
    const name = value[key];
    if (typeof name === 'string' && !map.has(name)) map.set(name, { index, value, path: [section, index, key] });
  }
  return map;
}

/** Builds the reference index of a document (which need not be valid). */
export function buildReferenceIndex(doc: JsonObject): ReferenceIndex {
  return {
    dbVersions: indexBy(doc, 'dbVersions', 'name'),
    dbVersionsDeclared: Array.isArray(doc.dbVersions),
    processes: indexBy(doc, 'processes', 'name'),
    aliases: indexBy(doc, 'processes', 'alias'),
    replicaSets: indexBy(doc, 'replicaSets', '_id'),
    clusters: indexBy(doc, 'sharding', 'name'),
  };
}
