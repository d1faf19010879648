/**
 * The names a document declares and refers to, read from the value `JSON.parse` gives of its text, as a small tree
 * in the shape of vscode-json-languageservice's nodes: just the fields that declare, refer or rank (a few thousand
 * nodes where the document's own tree has hundreds of thousands), with its reference graph. Name completion ranks
 * over it as over the document's tree before that tree is built (`features/completion/beforeTree.ts`). Its nodes
 * are at no offset of the text, except the one a cursor is pointed at: the string the user types, which ranking
 * tells apart by its offset as it does in the document's tree.
 */
import type { JsonPath } from '@dbkit/core';
import type { ASTNode } from 'vscode-json-languageservice';
import { buildReferenceGraph, type ReferenceGraph } from './graph.js';
import { ReferenceSite } from './sites.js';

/** A path step for every item of an array, as `ReferenceSite` paths write it. */
const ITEMS = '[]';

/** Not at any offset of the text: only the node a cursor is pointed at is (`pointAt`). */
const NOWHERE = -1;

/** The fields read, as a tree of steps: the keys of an object with what is read below each, an array's items. */
interface Reads {
  readonly keys: string[];
  /** The key node of each key, one for every property of that name: nothing reads a key's parent or offset here. */
  readonly keyNodes: Node[];
  readonly below: Reads[];
  items: Reads | undefined;
}

/**
 * What the names are read from: every value site (`ReferenceSite`; key sites wait for the tree), the fields that
 * declare (`collectDeclarations` in `graph.ts`) and what ranking reads besides (`processType`: a router).
 */
const READS: Reads = (() => {
  const root: Reads = { keys: [], keyNodes: [], below: [], items: undefined };
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
        at.items ??= { keys: [], keyNodes: [], below: [], items: undefined };
        at = at.items;
        continue;
      }
      const index = at.keys.indexOf(step);
      if (index === -1) {
        at.keys.push(step);
        at.keyNodes.push(node('string', undefined, step));
        at.below.push({ keys: [], keyNodes: [], below: [], items: undefined });
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
    // `JSON.parse` gives no undefined value: undefined is a missing key (and no key read is `__proto__`).
    const field = fields[reads.keys[i]!];
    if (field !== undefined) {
      const property = propertyNode(object, reads, i);
      property.valueNode = nodeOf(field, reads.below[i]!, property);
    }
  }
  return object;
}

/** The property of `object` for the `i`th key `reads` reads, its value still to be put in. */
function propertyNode(object: Node, reads: Reads, i: number): Node {
  const property = node('property', object, undefined);
  property.keyNode = reads.keyNodes[i];
  object.properties!.push(property);
  return property;
}

/** `nodeOf` of a document's value, a step per item of a top-level array (a process, a replica set): the same tree. */
function* rootInSteps(value: unknown): Generator<void, Node, void> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return nodeOf(value, READS, undefined);
  const root = node('object', undefined, undefined, []);
  const fields = value as Record<string, unknown>;
  for (let i = 0; i < READS.keys.length; i++) {
    const field = fields[READS.keys[i]!];
    if (field === undefined) continue;
    const property = propertyNode(root, READS, i);
    const below = READS.below[i]!;
    if (!Array.isArray(field) || below.items === undefined) {
      property.valueNode = nodeOf(field, below, property);
      continue;
    }
    const array = node('array', property, undefined, undefined, []);
    property.valueNode = array;
    for (const item of field) {
      array.items!.push(nodeOf(item, below.items, array));
      yield;
    }
  }
  return root;
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

/** The names of a document's value, and the one node at an offset of the text. */
export interface ValueNames {
  readonly root: ASTNode;
  readonly references: ReferenceGraph;
  /** Puts the node at `path` (if there is one) at `offset`, and the node pointed at before back at none. */
  pointAt(path: JsonPath, offset: number): void;
}

/** The names of `value`, a document's value from `JSON.parse`. */
export function namesOfValue(value: unknown): ValueNames {
  const steps = namesInSteps(value);
  let step = steps.next();
  while (step.done !== true) step = steps.next();
  return step.value;
}

/** `namesOfValue` a step at a time (the warm-up's slices): a step per item of a top-level array. */
export function* namesInSteps(value: unknown): Generator<void, ValueNames, void> {
  const root = yield* rootInSteps(value);
  const tree = root as unknown as ASTNode;
  let pointed: Node | undefined;
  return {
    root: tree,
    references: buildReferenceGraph(tree),
    pointAt(path, offset) {
      if (pointed !== undefined) pointed.offset = NOWHERE;
      pointed = nodeAt(root, path);
      if (pointed !== undefined) pointed.offset = offset;
    },
  };
}
