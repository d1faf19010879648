/**
 * Name completion before the tree is built. Right after a large document is opened, and until the warm-up has built
 * its tree, a keystroke would wait for the rest of the build (about 100 ms at 3 MB, 400 ms at 17 MB). At a field that
 * names a declaration (a member's `host`, a shard's `rs`…) the answer needs only the cursor and the names:
 * - the cursor is read, as always, from a window of the text: the top-level item around it (a replica set, a
 *   cluster), found by skipping what comes before it with native searches (`itemAround`);
 * - the names come from the value `JSON.parse` gives of the text, copied into a small tree of just the fields that
 *   declare, refer or rank (a few thousand nodes where the document has hundreds of thousands), the node under the
 *   cursor carrying the cursor's offset, as the string the user types does in the document's tree.
 * The ranking and the items are the tree's own (`references.ts`) over that small tree: the same answer, which the
 * tests compare. Anything else (keys, the schema's values, a text that is not valid JSON) waits for the tree.
 */
import type { JsonPath } from '@dbkit/core';
import type { ASTNode } from 'vscode-json-languageservice';
import type { CompletionItem } from 'vscode-languageserver-types';
import type { ParsedDocument } from '../../document.js';
import { buildReferenceGraph, ReferenceSite } from '../../references/graph.js';
import { type ItemAround, itemAround } from '../../textScan.js';
import { type CompletionCursor, completionCursor, WINDOW_MARGIN } from './cursor.js';
import { type NameSource, referenceItems } from './references.js';

/** A path step for every item of an array, as `ReferenceSite` paths write it. */
const ITEMS = '[]';

/** The fields read, as a tree of steps: the keys of an object with what is read below each, an array's items. */
interface Reads {
  readonly keys: string[];
  readonly below: Reads[];
  items: Reads | undefined;
}

/**
 * What the names are read from: every value site (`ReferenceSite`; key sites wait for the tree), the fields that
 * declare (`collectDeclarations` in `graph.ts`) and what ranking reads besides (`processType`: a router).
 */
const READS: Reads = (() => {
  const root: Reads = { keys: [], below: [], items: undefined };
  const paths: (readonly string[])[] = [
    ...Object.values(ReferenceSite)
      .map((site) => site.path)
      .filter((path) => !path.includes('{}')),
    ['processes', ITEMS, 'name'],
    ['processes', ITEMS, 'alias'],
    ['processes', ITEMS, 'processType'],
    ['dbVersions', ITEMS, 'name'],
    ['replicaSets', ITEMS, '_id'],
    ['sharding', ITEMS, 'name'],
  ];
  for (const path of paths) {
    let at = root;
    for (const step of path) {
      if (step === ITEMS) {
        at.items ??= { keys: [], below: [], items: undefined };
        at = at.items;
        continue;
      }
      const index = at.keys.indexOf(step);
      if (index === -1) {
        at.keys.push(step);
        at.below.push({ keys: [], below: [], items: undefined });
      }
      at = at.below[index === -1 ? at.keys.length - 1 : index]!;
    }
  }
  return root;
})();

/**
 * A node of the small tree, in the shape of vscode-json-languageservice's (what `jsonAst.ts` reads). Every node has
 * every field, so the code that reads thousands of them sees one shape.
 */
interface Node {
  readonly type: ASTNode['type'];
  offset: number;
  readonly length: number;
  readonly parent: Node | undefined;
  readonly value: unknown;
  readonly properties: Node[] | undefined;
  readonly items: Node[] | undefined;
  keyNode: Node | undefined;
  valueNode: Node | undefined;
}

/** Not at any offset of the text: only the node under the cursor is (`namesTree`). */
const NOWHERE = -1;

function node(
  type: ASTNode['type'],
  parent: Node | undefined,
  value: unknown,
  properties?: Node[],
  items?: Node[],
): Node {
  return {
    type,
    offset: NOWHERE,
    length: 0,
    parent,
    value,
    properties,
    items,
    keyNode: undefined,
    valueNode: undefined,
  };
}

function nodeOf(value: unknown, reads: Reads, parent: Node | undefined): Node {
  if (typeof value === 'string') return node('string', parent, value);
  // What ranking reads is strings, objects and arrays: any other value reads as none of them.
  if (value === null || typeof value !== 'object') return node('null', parent, null);
  if (Array.isArray(value)) {
    const { items } = reads;
    if (items === undefined) return node('null', parent, null);
    const array = node('array', parent, undefined, undefined, []);
    for (let i = 0; i < value.length; i++) array.items!.push(nodeOf(value[i], items, array));
    return array;
  }
  const object = node('object', parent, undefined, []);
  const fields = value as Record<string, unknown>;
  for (let i = 0; i < reads.keys.length; i++) {
    const key = reads.keys[i]!;
    // `JSON.parse` gives no undefined value: undefined is a missing key (and no key read is `__proto__`).
    const field = fields[key];
    if (field === undefined) continue;
    const property = node('property', object, undefined);
    property.keyNode = node('string', property, key);
    property.valueNode = nodeOf(field, reads.below[i]!, property);
    object.properties!.push(property);
  }
  return object;
}

/** The node at `path` of the small tree, if it is there. */
function nodeAt(root: Node, path: JsonPath): Node | undefined {
  let node: Node | undefined = root;
  for (const segment of path) {
    if (node === undefined) return undefined;
    node =
      typeof segment === 'number'
        ? node.items?.[segment]
        : node.properties?.find((property) => property.keyNode?.value === segment)?.valueNode;
  }
  return node;
}

/**
 * The tree of the names of `value` (a document's, from `JSON.parse`), the node at `cursor.path` at the cursor's
 * offset: the string being typed, which ranking leaves out of what is used elsewhere.
 */
export function namesTree(value: unknown, cursor: Pick<CompletionCursor, 'path' | 'start'>): ASTNode {
  const root = nodeOf(value, READS, undefined);
  const at = nodeAt(root, cursor.path);
  if (at !== undefined) at.offset = cursor.start;
  return root as unknown as ASTNode;
}

/** Below this much text still to read, the tree is finished instead: it costs about what this path does. */
const MIN_TREE_WORK = 32 * 1024;

/** A name completion answered before the tree, kept for the keystrokes that follow in the same string. */
interface Answered {
  readonly version: number;
  readonly item: ItemAround;
  readonly cursor: CompletionCursor;
  readonly names: NameSource;
}

/** The last answer per document (`TextModel`s are edited in place: one object for every version). */
const lastAnswer = new WeakMap<object, Answered>();

type Answer = { readonly cursor: CompletionCursor; readonly items: CompletionItem[]; readonly isIncomplete: boolean };

function answer(doc: ParsedDocument, item: ItemAround, cursor: CompletionCursor, names: NameSource): Answer {
  lastAnswer.set(doc.textDocument, { version: doc.version, item, cursor, names });
  return { cursor, ...referenceItems({ ...names, slice: doc.slice }, cursor, cursor.site!) };
}

function samePath(a: JsonPath, b: JsonPath): boolean {
  return a.length === b.length && a.every((segment, i) => segment === b[i]);
}

/**
 * The next keystroke in the string the last answer was at: when the edit lies inside that string and the string is
 * still one valid JSON string, nothing else of the text changed, so the names (which leave out the string under the
 * cursor) and the item around it still hold, moved by the edit.
 */
function typedOn(doc: ParsedDocument, offset: number): Answer | undefined {
  const last = lastAnswer.get(doc.textDocument);
  const edit = doc.edit;
  if (last === undefined || edit === undefined || edit.fromVersion !== last.version) return undefined;
  const { change } = edit;
  const { start, end } = last.cursor;
  if (!(change.start > start && change.end < end)) return undefined;
  const delta = change.newLength - (change.end - change.start);
  const item: ItemAround = { ...last.item, end: last.item.end + delta };
  const window = doc.slice(item.offset, item.end + WINDOW_MARGIN);
  const cursor = completionCursor(window, offset, item, item.offset);
  if (cursor.start !== start || cursor.end !== end + delta || !samePath(cursor.path, last.cursor.path))
    return undefined;
  try {
    if (typeof JSON.parse(doc.slice(start, end + delta)) !== 'string') return undefined;
  } catch {
    return undefined;
  }
  return answer(doc, item, cursor, last.names);
}

/**
 * The name completion at `offset` of a document whose tree is not built, when the cursor is at a value site of
 * valid JSON and the tree would cost more than this path; undefined otherwise (the caller builds the tree).
 */
export function namesBeforeTree(doc: ParsedDocument, offset: number): Answer | undefined {
  const work = doc.treeWork();
  if (work < MIN_TREE_WORK || work * 4 < doc.text.length) return undefined;
  const typed = typedOn(doc, offset);
  if (typed !== undefined) return typed;
  return doc.readParsed((value) => {
    // The text is valid JSON: the scan, which trusts it, may run.
    const item = itemAround(doc.text, offset);
    if (item === undefined) return undefined;
    const window = doc.slice(item.offset, item.end + WINDOW_MARGIN);
    const cursor = completionCursor(window, offset, item, item.offset);
    if (cursor.atKey || cursor.site === undefined) return undefined;
    const root = namesTree(value, cursor);
    const names: NameSource = {
      uri: doc.uri,
      textDocument: doc.textDocument,
      slice: doc.slice,
      root,
      references: buildReferenceGraph(root),
    };
    return answer(doc, item, cursor, names);
  });
}
