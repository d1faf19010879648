/**
 * The names an automation config declares and every place that refers to one, built once per document version
 * from the tree. Go to definition, find references, rename, completion of names and hover summaries all read it.
 *
 * Declarations: `processes[].name` (and `alias`), `dbVersions[].name`, `replicaSets[]._id`, `sharding[].name`.
 * References: the fields core resolves (`References` in core's validation) plus `args2_6.replication.replSetName`,
 * `balancer` keys and `clusterWideConfigurations` keys.
 */
import type { ASTNode, ObjectASTNode, StringASTNode } from 'vscode-json-languageservice';
import { fieldValue, isObjectNode, isStringNode, itemsOf } from '../jsonAst.js';

/** What a name names. */
export const SymbolKind = {
  process: { description: 'a process (`processes[].name`, or its `alias`)', declaredIn: 'processes[].name' },
  dbVersion: { description: 'a database version (`dbVersions[].name`)', declaredIn: 'dbVersions[].name' },
  replicaSet: { description: 'a replica set (`replicaSets[]._id`)', declaredIn: 'replicaSets[]._id' },
  cluster: { description: 'a sharded cluster (`sharding[].name`)', declaredIn: 'sharding[].name' },
} as const;
export type SymbolKind = keyof typeof SymbolKind;

/** Every field that refers to a declared name, with what it may name. Declared once; the graph builder reads it. */
export const ReferenceSite = {
  processVersion: { field: 'processes[].version', kinds: ['dbVersion'], code: 'DBK201' },
  memberHost: { field: 'replicaSets[].members[].host', kinds: ['process'], code: 'DBK202' },
  routerCluster: { field: 'processes[].cluster', kinds: ['cluster'], code: 'DBK203' },
  shardReplicaSet: { field: 'sharding[].shards[].rs', kinds: ['replicaSet'], code: 'DBK204' },
  configServerReplicaSet: { field: 'sharding[].configServerReplica', kinds: ['replicaSet'], code: 'DBK205' },
  indexReplicaSet: { field: 'indexConfigs[].rsName', kinds: ['replicaSet'], code: 'DBK206' },
  configServerProcess: { field: 'sharding[].configServer[]', kinds: ['process'], code: 'DBK207' },
  balancerCluster: { field: 'balancer keys', kinds: ['cluster'], code: 'DBK208' },
  clusterWideKey: { field: 'clusterWideConfigurations keys', kinds: ['replicaSet', 'cluster'], code: 'DBK209' },
  replSetName: { field: 'processes[].args2_6.replication.replSetName', kinds: ['replicaSet'], code: undefined },
} as const satisfies {
  readonly [name: string]: {
    readonly field: string;
    readonly kinds: readonly SymbolKind[];
    readonly code: string | undefined;
  };
};
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
  readonly references: readonly Reference[];
  /** Every occurrence sorted by offset, for lookups at a cursor. */
  readonly occurrences: readonly Occurrence[];
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

/**
 * The reference graph of a tree. `kept`: the previous version's graph, whose declarations still hold (the edit was
 * deeper than any declaration, and the incremental update kept their nodes); references are collected anew.
 */
export function buildReferenceGraph(root: ASTNode | undefined, kept?: ReferenceGraph): ReferenceGraph {
  const { declarations: maps, allDeclarations: all } = kept ?? collectDeclarations(root);
  const processes = itemsOf(root, 'processes');
  const sharding = itemsOf(root, 'sharding');

  // References and the sorted occurrences are built on first use: completion needs only the declarations, and a
  // 17 MB document has tens of thousands of references to collect and sort.
  let references: Reference[] | undefined;
  let occurrences: Occurrence[] | undefined;
  const collectReferences = (): Reference[] => {
    const out: Reference[] = [];
    const refer = (site: ReferenceSite, node: ASTNode | undefined): void => {
      if (!isStringNode(node)) return;
      out.push({ role: 'reference', site, name: node.value, node, target: resolve(maps, site, node.value) });
    };
    for (const process of processes) {
      refer('processVersion', fieldValue(process, 'version'));
      refer('routerCluster', fieldValue(process, 'cluster'));
      refer('replSetName', fieldValue(fieldValue(fieldValue(process, 'args2_6'), 'replication'), 'replSetName'));
    }
    for (const replicaSet of itemsOf(root, 'replicaSets')) {
      for (const member of itemsOf(replicaSet, 'members')) refer('memberHost', fieldValue(member, 'host'));
    }
    for (const cluster of sharding) {
      refer('configServerReplicaSet', fieldValue(cluster, 'configServerReplica'));
      for (const shard of itemsOf(cluster, 'shards')) refer('shardReplicaSet', fieldValue(shard, 'rs'));
      for (const server of itemsOf(cluster, 'configServer')) refer('configServerProcess', server);
    }
    for (const index of itemsOf(root, 'indexConfigs')) refer('indexReplicaSet', fieldValue(index, 'rsName'));
    for (const [section, site] of [
      ['balancer', 'balancerCluster'],
      ['clusterWideConfigurations', 'clusterWideKey'],
    ] as const) {
      const object = fieldValue(root, section);
      if (isObjectNode(object)) for (const property of object.properties) refer(site, property.keyNode);
    }
    return out;
  };
  return {
    declarations: maps,
    allDeclarations: all,
    get references() {
      references ??= collectReferences();
      return references;
    },
    get occurrences() {
      occurrences ??= [...all, ...this.references].sort((a, b) => a.node.offset - b.node.offset);
      return occurrences;
    },
  };
}

/** The occurrence whose name node holds `offset` (inclusive of both ends), if any. */
export function occurrenceAt(graph: ReferenceGraph, offset: number): Occurrence | undefined {
  const list = graph.occurrences;
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
