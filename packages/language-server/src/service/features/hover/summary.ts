/**
 * What a name stands for, in a few lines: the process, database version, replica set or sharded cluster a
 * declaration declares. Hovers show it on names and references; completion shows it as the documentation of a
 * proposed name, with the one-line `detailOf` beside the label. Only identifying fields are read, never a secret.
 */
import type { ASTNode } from 'vscode-json-languageservice';
import type { ParsedDocument } from '../../document.js';
import { fieldValue, isObjectNode, itemsOf, nodeAtPath, pathOf, sameNode } from '../../jsonAst.js';
import { type Declaration, type Reference, ReferenceSite, SymbolKind } from '../../references/sites.js';
import type { Markup } from './markup.js';

/** How many names a list shows before "and N more". */
const LIST_LIMIT = 6;

/** The string at `keys` under `node`, if it is one. */
function stringAt(node: ASTNode | undefined, ...keys: string[]): string | undefined {
  let current = node;
  for (const key of keys) current = fieldValue(current, key);
  return current?.type === 'string' ? current.value : undefined;
}

/** A number (or a numeric string) at `keys` under `node`, as text. */
function numberAt(node: ASTNode | undefined, ...keys: string[]): string | undefined {
  let current = node;
  for (const key of keys) current = fieldValue(current, key);
  if (current?.type === 'number') return String(current.value);
  return current?.type === 'string' && current.value.length > 0 ? current.value : undefined;
}

function booleanAt(node: ASTNode | undefined, key: string): boolean | undefined {
  const value = fieldValue(node, key);
  return value?.type === 'boolean' ? value.value : undefined;
}

/** `hostname:port` of a process (the port from `args2_6.net.port`), or what of it is there. */
export function hostAndPort(process: ASTNode): string | undefined {
  const hostname = stringAt(process, 'hostname');
  const port = numberAt(process, 'args2_6', 'net', 'port');
  if (hostname === undefined) return port === undefined ? undefined : `:${port}`;
  return port === undefined ? hostname : `${hostname}:${port}`;
}

/** `a, b, c and 3 more`, names in code spans. */
export function nameList(m: Markup, names: readonly string[], limit = LIST_LIMIT): string {
  const shown = names.slice(0, limit).map((name) => m.code(name));
  const rest = names.length - shown.length;
  return rest > 0 ? `${shown.join(', ')} and ${rest} more` : shown.join(', ');
}

function plural(count: number, word: string, words = `${word}s`): string {
  return `${count} ${count === 1 ? word : words}`;
}

/** The names of `kind` declared in the document (processes: names, then aliases). */
export function declaredNames(doc: ParsedDocument, kind: SymbolKind): string[] {
  return [...doc.references.declarations[kind].keys()];
}

/** The name of the cluster (`sharding[i].name`) that holds a node, if the node is inside `sharding`. */
function clusterHolding(doc: ParsedDocument, node: ASTNode): string | undefined {
  const path = pathOf(node);
  if (path[0] !== 'sharding' || typeof path[1] !== 'number') return undefined;
  return stringAt(nodeAtPath(doc.root, ['sharding', path[1]]), 'name');
}

/**
 * The replica sets (`_id`) that list a process among their members, by its name or alias: read from the member-host
 * references (kept up to date across edits), so a hover after a keystroke does not walk every replica set again.
 */
function replicaSetsOf(doc: ParsedDocument, names: ReadonlySet<string>): string[] {
  const declared = doc.references.declarations.replicaSet;
  const sets = new Set<string>();
  for (const reference of doc.references.referencesIn('replicaSets')) {
    if (reference.site !== 'memberHost' || !names.has(reference.name)) continue;
    // host → property → member → members → property → the replica set.
    const replicaSet = reference.node.parent?.parent?.parent?.parent?.parent;
    const id = stringAt(replicaSet, '_id');
    if (id !== undefined && sameNode(declared.get(id)?.item, replicaSet)) sets.add(id);
  }
  return [...sets];
}

/** The name and alias of the process a declaration belongs to. */
function processNames(declaration: Declaration): Set<string> {
  const names = new Set<string>();
  for (const key of ['name', 'alias']) {
    const value = stringAt(declaration.item, key);
    if (value !== undefined) names.add(value);
  }
  return names;
}

/** The top-level sections whose sites may name each kind (`replicaSets` and `sharding` for a process…). */
const SECTIONS_NAMING = (() => {
  const sections = { process: [], dbVersion: [], replicaSet: [], cluster: [] } as { [K in SymbolKind]: string[] };
  for (const { path, kinds } of Object.values(ReferenceSite)) {
    for (const kind of kinds) if (!sections[kind].includes(path[0]!)) sections[kind].push(path[0]!);
  }
  return sections as { readonly [K in SymbolKind]: readonly string[] };
})();

/** References that resolve to `declaration` (same kind, same name), read only in the sections that may name it. */
function referencesTo(doc: ParsedDocument, declaration: Declaration): Reference[] {
  return SECTIONS_NAMING[declaration.kind]
    .flatMap((section) => doc.references.referencesIn(section))
    .filter((r) => r.target !== undefined && r.target.kind === declaration.kind && r.target.name === declaration.name)
    .sort((a, b) => a.node.offset - b.node.offset);
}

function processSummary(doc: ParsedDocument, declaration: Declaration, m: Markup): string[] {
  const item = declaration.item;
  const name = stringAt(item, 'name') ?? declaration.name;
  const alias = stringAt(item, 'alias');
  const title =
    declaration.alias && name !== declaration.name
      ? `${m.strong('Process')} ${m.code(name)} (alias ${m.code(declaration.name)})`
      : `${m.strong('Process')} ${m.code(name)}${alias !== undefined ? ` (alias ${m.code(alias)})` : ''}`;
  const lines = [title];
  const processType = stringAt(item, 'processType');
  if (processType !== undefined) lines.push(`Type: ${m.code(processType)}`);
  const host = hostAndPort(item);
  if (host !== undefined) lines.push(`Host: ${m.code(host)}`);
  const version = stringAt(item, 'version');
  if (version !== undefined) lines.push(`Version: ${m.code(version)}`);
  const replSetName = stringAt(item, 'args2_6', 'replication', 'replSetName');
  if (replSetName !== undefined) lines.push(`Replica set: ${m.code(replSetName)}`);
  const memberOf = replicaSetsOf(doc, processNames(declaration)).filter((set) => set !== replSetName);
  if (memberOf.length > 0) lines.push(`Member of: ${nameList(m, memberOf)}`);
  const cluster = stringAt(item, 'cluster');
  if (cluster !== undefined) lines.push(`Cluster: ${m.code(cluster)}`);
  if (booleanAt(item, 'disabled') === true) lines.push('Disabled: the agent keeps it shut down');
  return lines;
}

function dbVersionSummary(doc: ParsedDocument, declaration: Declaration, m: Markup): string[] {
  const builds = itemsOf(declaration.item, 'builds');
  const platforms = [
    ...new Set(
      builds.map((build) =>
        [stringAt(build, 'platform'), stringAt(build, 'architecture')].filter((part) => part !== undefined).join(' '),
      ),
    ),
  ].filter((platform) => platform.length > 0);
  const lines = [`${m.strong('Database version')} ${m.code(declaration.name)}`];
  lines.push(
    builds.length === 0
      ? 'Builds: none'
      : `Builds: ${builds.length}${platforms.length > 0 ? ` (${nameList(m, platforms)})` : ''}`,
  );
  const users = referencesTo(doc, declaration).length;
  lines.push(`Used by: ${plural(users, 'process', 'processes')}`);
  return lines;
}

function replicaSetSummary(doc: ParsedDocument, declaration: Declaration, m: Markup): string[] {
  const members = itemsOf(declaration.item, 'members').filter(isObjectNode);
  const hosts = members.map((member) => {
    const host = stringAt(member, 'host') ?? '(no host)';
    const process = doc.references.declarations.process.get(host);
    const address = process === undefined ? undefined : hostAndPort(process.item);
    const notes = [address, booleanAt(member, 'arbiterOnly') === true ? 'arbiter' : undefined].filter(
      (note) => note !== undefined,
    );
    return `${m.code(host)}${notes.length > 0 ? ` (${notes.join(', ')})` : ''}`;
  });
  const lines = [`${m.strong('Replica set')} ${m.code(declaration.name)}`];
  const shown = hosts.slice(0, LIST_LIMIT);
  const more = hosts.length > shown.length ? ` and ${hosts.length - shown.length} more` : '';
  lines.push(members.length === 0 ? 'Members: none' : `Members (${members.length}): ${shown.join(', ')}${more}`);
  for (const reference of referencesTo(doc, declaration)) {
    const cluster = clusterHolding(doc, reference.node);
    if (cluster === undefined) continue;
    if (reference.site === 'shardReplicaSet') lines.push(`Shard of cluster ${m.code(cluster)}`);
    if (reference.site === 'configServerReplicaSet') lines.push(`Config server replica set of ${m.code(cluster)}`);
  }
  return lines;
}

function clusterSummary(doc: ParsedDocument, declaration: Declaration, m: Markup): string[] {
  const item = declaration.item;
  const lines = [`${m.strong('Sharded cluster')} ${m.code(declaration.name)}`];
  const configServerReplica = stringAt(item, 'configServerReplica');
  if (configServerReplica !== undefined) lines.push(`Config server replica set: ${m.code(configServerReplica)}`);
  const shards = itemsOf(item, 'shards').filter(isObjectNode);
  const described = shards.map((shard) => {
    const id = stringAt(shard, '_id') ?? '(no _id)';
    const rs = stringAt(shard, 'rs');
    return rs === undefined ? m.code(id) : `${m.code(id)} → ${m.code(rs)}`;
  });
  const shown = described.slice(0, LIST_LIMIT);
  const more = described.length > shown.length ? ` and ${described.length - shown.length} more` : '';
  lines.push(shards.length === 0 ? 'Shards: none' : `Shards (${shards.length}): ${shown.join(', ')}${more}`);
  const routers = [...doc.references.declarations.process.values()]
    .filter((process) => !process.alias && stringAt(process.item, 'cluster') === declaration.name)
    .map((process) => process.name);
  if (routers.length > 0) lines.push(`Routers: ${nameList(m, routers)}`);
  return lines;
}

/** The summary of what a declaration declares: a title line, then one line per fact. */
export function summaryLines(doc: ParsedDocument, declaration: Declaration, m: Markup): string[] {
  switch (declaration.kind) {
    case 'process':
      return processSummary(doc, declaration, m);
    case 'dbVersion':
      return dbVersionSummary(doc, declaration, m);
    case 'replicaSet':
      return replicaSetSummary(doc, declaration, m);
    case 'cluster':
      return clusterSummary(doc, declaration, m);
  }
}

/** One line beside a proposed name: where the process runs, how many builds a version has… */
export function detailOf(declaration: Declaration): string {
  const item = declaration.item;
  switch (declaration.kind) {
    case 'process': {
      const parts = [
        declaration.alias ? `alias of ${stringAt(item, 'name') ?? '?'}` : undefined,
        hostAndPort(item),
        stringAt(item, 'version'),
        stringAt(item, 'processType'),
      ];
      return parts.filter((part) => part !== undefined).join(' · ');
    }
    case 'dbVersion': {
      const builds = itemsOf(item, 'builds');
      const platforms = [...new Set(builds.map((build) => stringAt(build, 'platform')).filter((p) => p !== undefined))];
      return [plural(builds.length, 'build'), ...platforms].join(' · ');
    }
    case 'replicaSet': {
      const members = itemsOf(item, 'members');
      return `replica set · ${plural(members.length, 'member')}`;
    }
    case 'cluster': {
      const shards = itemsOf(item, 'shards');
      const config = stringAt(item, 'configServerReplica');
      return ['sharded cluster', plural(shards.length, 'shard'), config === undefined ? undefined : `config ${config}`]
        .filter((part) => part !== undefined)
        .join(' · ');
    }
  }
}

/** What the kinds of a site are called, for messages: "a process", "a replica set or a sharded cluster". */
export function kindsPhrase(site: ReferenceSite): string {
  return ReferenceSite[site].kinds.map((kind) => SymbolKind[kind].description.replace(/ \(.*$/, '')).join(' or ');
}

/** Edit distance, for ranking declared names by likeness to an unresolved one. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(above + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

/** A reference to nothing: says so, and lists the declared names of the kinds it may name, closest first. */
export function unresolvedLines(doc: ParsedDocument, reference: Reference, m: Markup): string[] {
  const kinds = ReferenceSite[reference.site].kinds;
  const names = [...new Set(kinds.flatMap((kind) => declaredNames(doc, kind)))].sort(
    (a, b) => distance(reference.name, a) - distance(reference.name, b),
  );
  const lines = [
    `${m.code(reference.name)} names no ${kindsPhrase(reference.site).replace(/\ba /g, '')} declared in this document.`,
  ];
  const where = kinds.map((kind) => m.code(SymbolKind[kind].declaredIn)).join(' or ');
  lines.push(
    names.length === 0 ? `Nothing is declared in ${where} yet.` : `Declared (${where}): ${nameList(m, names, 5)}`,
  );
  return lines;
}

/** For a declaration: how often the document refers to it, and whether an earlier one shadows it. */
export function declarationNotes(doc: ParsedDocument, declaration: Declaration, m: Markup): string[] {
  const first = doc.references.declarations[declaration.kind].get(declaration.name);
  if (first !== undefined && first !== declaration) {
    return [`Declared more than once: references resolve to the first ${m.code(declaration.name)}.`];
  }
  const count = referencesTo(doc, declaration).filter((r) => r.target?.alias === declaration.alias).length;
  return [count === 0 ? 'Not referenced in this document.' : `Referenced ${count === 1 ? 'once' : `${count} times`}.`];
}
