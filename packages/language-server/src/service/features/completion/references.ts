/**
 * Completion of names where a field refers to one: the processes (names and aliases) a member's `host` or a
 * `configServer` entry may name, the `dbVersions` a process's `version` may name, the replica sets of a shard's
 * `rs`, `configServerReplica`, `rsName` and `replSetName`, the clusters of a router's `cluster`, and, as keys, the
 * clusters of `balancer` and the replica sets and clusters of `clusterWideConfigurations`.
 *
 * Every declared name is proposed; the likely ones sort first (for a member: processes that are not in this replica
 * set yet, those whose `replSetName` is this set before the rest). Each proposal replaces the whole string under
 * the cursor with the quoted name and shows a summary of what it names.
 */
import type { JsonPath } from '@dbkit/core';
import type { ASTNode } from 'vscode-json-languageservice';
import { type CompletionItem, CompletionItemKind, InsertTextFormat, type TextEdit } from 'vscode-languageserver-types';
import type { ParsedDocument } from '../../document.js';
import { fieldValue, isObjectNode, itemsOf, nodeAtPath, pathOf, sameNode } from '../../jsonAst.js';
import { factsEpoch, memo, memoKey } from '../../memo.js';
import { rangeOfSpan } from '../../positions.js';
import { type Declaration, ReferenceSite, SymbolKind } from '../../references/sites.js';
import type { Markup } from '../hover/markup.js';
import { detailOf, summaryLines } from '../hover/summary.js';
import type { CompletionCursor } from './cursor.js';
import { escapeSnippet } from './snippets.js';

/**
 * What name completion reads of a document: its tree's root and reference graph, and the text around the cursor.
 * A parsed document is one; so is the small tree of names read from its value before its tree is built
 * (`beforeTree.ts`).
 */
export type NameSource = Pick<ParsedDocument, 'uri' | 'textDocument' | 'slice' | 'root' | 'references'>;

/** A proposed name and how likely it is (0 first). */
interface Candidate {
  readonly declaration: Declaration;
  readonly tier: number;
  /** A note for the detail line: why it sorts where it does. */
  readonly note?: string;
}

function stringAt(node: ASTNode | undefined, ...keys: string[]): string | undefined {
  let current = node;
  for (const key of keys) current = fieldValue(current, key);
  return current?.type === 'string' ? current.value : undefined;
}

/** The node at exactly `path` (not the deepest node on the way to it). */
function exactNode(root: ASTNode | undefined, path: JsonPath): ASTNode | undefined {
  const node = nodeAtPath(root, path);
  if (node === undefined) return undefined;
  const found = pathOf(node);
  return found.length === path.length && found.every((segment, i) => segment === path[i]) ? node : undefined;
}

/** What ranking reads of a process: its name and alias, the replica set it says it is in, whether it routes. */
interface ProcessFacts {
  readonly names: readonly string[];
  readonly replSetName: string | undefined;
  readonly router: boolean;
}

const PROCESS_FACTS = memoKey<ProcessFacts>('process facts');
const MEMBER_HOSTS = memoKey<ReadonlySet<string>>('member hosts');

/** Kept across keystrokes: typing a member's host reads no process again (`memo.ts`). */
function processFacts(declaration: Declaration): ProcessFacts {
  return memo(declaration.item, PROCESS_FACTS, () => ({
    names: namesOfProcess(declaration),
    replSetName: stringAt(declaration.item, 'args2_6', 'replication', 'replSetName'),
    router: stringAt(declaration.item, 'processType') === 'dbs',
  }));
}

/** The name and alias of the process that declares `declaration`. */
function namesOfProcess(declaration: Declaration): string[] {
  return [stringAt(declaration.item, 'name'), stringAt(declaration.item, 'alias')].filter((n) => n !== undefined);
}

/** The names other reference sites of `sites` already use, leaving out the reference under the cursor. */
function namesUsedAt(doc: NameSource, sites: readonly ReferenceSite[], cursor: CompletionCursor): Set<string> {
  const used = new Set<string>();
  for (const reference of doc.references.references) {
    if (sites.includes(reference.site) && reference.node.offset !== cursor.start) used.add(reference.name);
  }
  return used;
}

/** The hosts of a replica set's members, leaving out the member at `skip`. */
function memberHosts(set: ASTNode | undefined, skip?: number): Set<string> {
  const hosts = new Set<string>();
  itemsOf(set, 'members').forEach((member, index) => {
    const host = stringAt(member, 'host');
    if (index !== skip && host !== undefined) hosts.add(host);
  });
  return hosts;
}

/** Reads ahead of the first completion what ranking names reads: every process's facts, every set's hosts. */
export function warmReferenceFacts(doc: ParsedDocument): void {
  for (const _ of referenceFactsWork(doc)) {
    // Every step at once.
  }
}

/**
 * `warmReferenceFacts` in steps of `FACTS_PER_STEP` processes or replica sets, for the warm-up's slices: of a
 * document's tree, or of the names of its value (`valueNames.ts`).
 */
export function* referenceFactsWork(doc: Pick<NameSource, 'root' | 'references'>): Generator<void, void, void> {
  let count = 0;
  for (const declaration of doc.references.declarations.process.values()) {
    processFacts(declaration);
    if (++count % FACTS_PER_STEP === 0) yield;
  }
  for (const set of itemsOf(doc.root, 'replicaSets')) {
    memo(set, MEMBER_HOSTS, () => memberHosts(set));
    if (++count % FACTS_PER_STEP === 0) yield;
  }
}

const FACTS_PER_STEP = 64;

/** The last union of the other sets' hosts, per document (its declarations), and what it was built from. */
const lastElsewhere = new WeakMap<
  object,
  { readonly from: readonly ReadonlySet<string>[]; readonly hosts: ReadonlySet<string> }
>();

/**
 * The hosts of every replica set but `set`. Typing a member's host changes none of the other sets, whose host sets
 * (`memo.ts`) are then the same objects as at the last keystroke: the union is reused instead of rebuilt (7 290
 * hosts at 17 MB).
 */
function hostsElsewhere(doc: NameSource, set: ASTNode | undefined): ReadonlySet<string> {
  const from: ReadonlySet<string>[] = [];
  for (const other of itemsOf(doc.root, 'replicaSets')) {
    if (!sameNode(other, set)) from.push(memo(other, MEMBER_HOSTS, () => memberHosts(other)));
  }
  const key = doc.references.declarations.process;
  const last = lastElsewhere.get(key);
  if (last !== undefined && last.from.length === from.length && last.from.every((hosts, i) => hosts === from[i])) {
    return last.hosts;
  }
  const hosts = new Set<string>();
  for (const list of from) for (const host of list) hosts.add(host);
  lastElsewhere.set(key, { from, hosts });
  return hosts;
}

/** The last ranking of processes for a member's host, per document (its declarations), and what it was read from. */
const lastMemberRanking = new WeakMap<
  object,
  {
    readonly setId: string | undefined;
    readonly here: string;
    readonly factsEpoch: number;
    readonly elsewhere: ReadonlySet<string>;
    readonly candidates: readonly Candidate[];
  }
>();

/**
 * Processes for a member's host, ranked by what the replica set and the others say. Typing the host changes none of
 * that (the member's own host is left out of `here`): the last ranking is reused while the declarations, the set's
 * id, the other members' hosts and the other sets' hosts are the same (7 353 candidates a keystroke at 17 MB).
 */
function rankMemberHosts(doc: NameSource, cursor: CompletionCursor): readonly Candidate[] {
  const setIndex = cursor.path[1];
  const memberIndex = cursor.path[3];
  const set = typeof setIndex === 'number' ? exactNode(doc.root, ['replicaSets', setIndex]) : undefined;
  const setId = stringAt(set, '_id');
  const here = memberHosts(set, typeof memberIndex === 'number' ? memberIndex : undefined);
  const elsewhere = hostsElsewhere(doc, set);
  const declarations = doc.references.declarations.process;
  const hereKey = JSON.stringify([...here]);
  const epoch = factsEpoch(PROCESS_FACTS);
  const last = lastMemberRanking.get(declarations);
  if (
    last !== undefined &&
    last.setId === setId &&
    last.here === hereKey &&
    last.elsewhere === elsewhere &&
    last.factsEpoch === epoch
  ) {
    return last.candidates;
  }
  const candidates = [...declarations.values()].map((declaration): Candidate => {
    const { names, replSetName, router } = processFacts(declaration);
    if (names.some((name) => here.has(name))) {
      return { declaration, tier: 3, note: setId === undefined ? 'already a member' : `already in ${setId}` };
    }
    if (setId !== undefined && replSetName === setId) return { declaration, tier: 0 };
    const otherSet = replSetName !== undefined && replSetName !== setId;
    if (otherSet || names.some((name) => elsewhere.has(name)) || router) {
      return { declaration, tier: 2, ...(otherSet ? { note: `replSetName ${replSetName}` } : {}) };
    }
    return { declaration, tier: 1 };
  });
  lastMemberRanking.set(declarations, { setId, here: hereKey, elsewhere, factsEpoch: epoch, candidates });
  return candidates;
}

function rankReplSetName(doc: NameSource, cursor: CompletionCursor, sets: Declaration[]): Candidate[] {
  const index = cursor.path[1];
  const process = typeof index === 'number' ? exactNode(doc.root, ['processes', index]) : undefined;
  const names = [stringAt(process, 'name'), stringAt(process, 'alias')].filter((n) => n !== undefined);
  return sets.map((declaration) => {
    const hosts = memberHosts(declaration.item);
    return names.some((name) => hosts.has(name))
      ? { declaration, tier: 0, note: 'lists this process as a member' }
      : { declaration, tier: 1 };
  });
}

/** Candidates used elsewhere at `sites` sort after the others. */
function rankUnused(
  doc: NameSource,
  cursor: CompletionCursor,
  declarations: Declaration[],
  sites: readonly ReferenceSite[],
  note: string,
): Candidate[] {
  const used = namesUsedAt(doc, sites, cursor);
  return declarations.map((declaration) =>
    used.has(declaration.name) ? { declaration, tier: 1, note } : { declaration, tier: 0 },
  );
}

function rankConfigServers(doc: NameSource, cursor: CompletionCursor, processes: Declaration[]): Candidate[] {
  const array = exactNode(doc.root, cursor.path.slice(0, -1));
  const listed = new Set<string>();
  (array?.type === 'array' ? array.items : []).forEach((item) => {
    if (item.type === 'string' && item.offset !== cursor.start) listed.add(item.value);
  });
  return processes.map((declaration) =>
    namesOfProcess(declaration).some((name) => listed.has(name))
      ? { declaration, tier: 1, note: 'already listed' }
      : { declaration, tier: 0 },
  );
}

function candidates(doc: NameSource, cursor: CompletionCursor, site: ReferenceSite): readonly Candidate[] {
  const declared = (kind: Declaration['kind']) => [...doc.references.declarations[kind].values()];
  switch (site) {
    case 'memberHost':
      return rankMemberHosts(doc, cursor);
    case 'configServerProcess':
      return rankConfigServers(doc, cursor, declared('process'));
    case 'replSetName':
      return rankReplSetName(doc, cursor, declared('replicaSet'));
    case 'shardReplicaSet':
    case 'configServerReplicaSet':
      // A replica set serves as one shard or one config server replica set: those not serving yet first.
      return rankUnused(doc, cursor, declared('replicaSet'), ['shardReplicaSet', 'configServerReplicaSet'], 'in use');
    case 'balancerCluster':
    case 'clusterWideKey': {
      // Keys: a name already a key of this object would be a duplicate key, so it is left out.
      const object = exactNode(doc.root, cursor.path.slice(0, -1));
      const keys = new Set(
        isObjectNode(object)
          ? object.properties.filter((p) => p.keyNode.offset !== cursor.start).map((p) => p.keyNode.value)
          : [],
      );
      // A name both a replica set and a cluster is proposed once (as the replica set, which it resolves to).
      const byName = new Map<string, Candidate>();
      for (const declaration of ReferenceSite[site].kinds.flatMap((kind) => declared(kind))) {
        if (!keys.has(declaration.name) && !byName.has(declaration.name)) {
          byName.set(declaration.name, { declaration, tier: 0 });
        }
      }
      return [...byName.values()];
    }
    default:
      return ReferenceSite[site].kinds
        .flatMap((kind) => declared(kind))
        .map((declaration) => ({ declaration, tier: 0 }));
  }
}

/**
 * What a name proposal carries for `completionItem/resolve`: its detail and documentation (a summary of the
 * process, version, replica set or cluster) are computed only for the proposal the user looks at, as a large
 * document proposes thousands of names.
 */
export interface ReferenceItemData {
  readonly uri: string;
  readonly reference: { readonly kind: Declaration['kind']; readonly name: string; readonly note?: string };
}

export function isReferenceItemData(data: unknown): data is ReferenceItemData {
  const reference = (data as { reference?: { kind?: unknown; name?: unknown } } | undefined)?.reference;
  return typeof reference?.kind === 'string' && reference.kind in SymbolKind && typeof reference.name === 'string';
}

/** The detail and documentation of a name proposal. */
export function resolveReferenceItem(doc: ParsedDocument, item: CompletionItem, m: Markup): CompletionItem {
  if (!isReferenceItemData(item.data)) return item;
  const { kind, name, note } = item.data.reference;
  const declaration = doc.references.declarations[kind].get(name);
  if (declaration === undefined) return item;
  const detail = [detailOf(declaration), note].filter((part) => part !== undefined && part !== '').join(' · ');
  return { ...item, detail, documentation: m.content(m.lines(summaryLines(doc, declaration, m))) };
}

/**
 * At most this many names in one answer. A document with thousands of processes would otherwise send megabytes per
 * keystroke; beyond it, the answer holds the best matches of what is typed and says `isIncomplete`, so the editor
 * asks again as the user types (as large-project servers do).
 */
export const MAX_REFERENCE_ITEMS = 1000;

/** How well `name` matches what is typed: 0 starts with it, 1 contains it, 2 neither (case-insensitive). */
function matchRank(name: string, typed: string): number {
  if (typed === '') return 0;
  const lower = name.toLowerCase();
  return lower.startsWith(typed) ? 0 : lower.includes(typed) ? 1 : 2;
}

/** What the user typed of the value before the cursor, without its opening quote, lower-cased. */
function typedPrefix(doc: NameSource, cursor: CompletionCursor): string {
  const text = doc.slice(cursor.start, Math.max(cursor.start, cursor.offset));
  return (text.startsWith('"') ? text.slice(1) : text).toLowerCase();
}

/**
 * At most `MAX_REFERENCE_ITEMS` candidates, best first: how well the name matches what is typed (only those that
 * match when `typed` is given), then the tier, names before aliases, then document order. Each key takes a few
 * small values, so candidates go into one bucket per key combination in document order and the buckets are read in
 * key order: the order a sort by those keys gives, without sorting thousands of names on every keystroke.
 */
function bestFirst(list: readonly Candidate[], typed: string | undefined): Candidate[] {
  const buckets = new Map<number, Candidate[]>();
  for (const candidate of list) {
    const match = matchRank(candidate.declaration.name, typed ?? '');
    if (typed !== undefined && match === 2) continue;
    // Tiers are small whole numbers (0 to 3): the key orders by match, then tier, then alias.
    const key = (match * 1024 + candidate.tier) * 2 + (candidate.declaration.alias ? 1 : 0);
    const bucket = buckets.get(key);
    if (bucket === undefined) buckets.set(key, [candidate]);
    else bucket.push(candidate);
  }
  const order: Candidate[] = [];
  for (const key of [...buckets.keys()].sort((a, b) => a - b)) {
    for (const candidate of buckets.get(key)!) {
      if (order.length === MAX_REFERENCE_ITEMS) return order;
      order.push(candidate);
    }
  }
  return order;
}

/** The completion items of names for the reference site at the cursor (detail and documentation on resolve). */
export function referenceItems(
  doc: NameSource,
  cursor: CompletionCursor,
  site: ReferenceSite,
): { readonly items: CompletionItem[]; readonly isIncomplete: boolean } {
  const list = candidates(doc, cursor, site);
  const capped = list.length > MAX_REFERENCE_ITEMS;
  // Right after a whole value nothing is being typed: that value is what the user may want to replace.
  const order = bestFirst(list, capped && !cursor.atValueEnd ? typedPrefix(doc, cursor) : undefined);
  const range = rangeOfSpan(doc, cursor.start, cursor.end - cursor.start);
  const items = order.map((candidate, rank): CompletionItem => {
    const { declaration } = candidate;
    const quoted = JSON.stringify(declaration.name);
    const data: ReferenceItemData = {
      uri: doc.uri,
      reference: {
        kind: declaration.kind,
        name: declaration.name,
        ...(candidate.note ? { note: candidate.note } : {}),
      },
    };
    let textEdit: TextEdit;
    let format: InsertTextFormat = InsertTextFormat.PlainText;
    if (cursor.atKey && cursor.addValue) {
      textEdit = { range, newText: `${escapeSnippet(quoted)}: {$1}${cursor.separatorAfter}` };
      format = InsertTextFormat.Snippet;
    } else if (cursor.atKey) {
      textEdit = { range, newText: quoted };
    } else {
      textEdit = { range, newText: `${quoted}${cursor.separatorAfter}` };
    }
    return {
      label: cursor.atKey ? declaration.name : quoted,
      kind: cursor.atKey ? CompletionItemKind.Property : CompletionItemKind.Reference,
      data,
      sortText: `0${String(rank).padStart(5, '0')}`,
      filterText: quoted,
      textEdit,
      insertTextFormat: format,
    };
  });
  return { items, isIncomplete: capped };
}
