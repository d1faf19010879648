/**
 * Small helpers over the tree's nodes: values, paths, nodes at paths and offsets. Nodes of the compact tree
 * (`tree/nodes.ts`) are read from its slots, making node objects only for what is returned (a lookup by key does not
 * make one for every sibling); any other node of vscode-json-languageservice's shape is read as it is.
 */
import { isSecretPath, type JsonPath, type SecretText } from '@dbkit/core';
import { SECRET_ROOT, type SecretNode } from '@dbkit/core/internal';
import type { ASTNode, ObjectASTNode, PropertyASTNode, StringASTNode } from 'vscode-json-languageservice';
import { isKeyId, KEY, NONE, NodeKind } from './tree/compactTree.js';
import { nodeOf, sameNode, slotOf } from './tree/nodes.js';

export { sameNode };

/** The value a node stands for (objects and arrays built recursively); undefined for no node. */
export function nodeValue(node: ASTNode | undefined): unknown {
  if (node === undefined) return undefined;
  switch (node.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const property of node.properties) {
        if (property.valueNode !== undefined) out[property.keyNode.value] = nodeValue(property.valueNode);
      }
      return out;
    }
    case 'array':
      return node.items.map(nodeValue);
    case 'property':
      return nodeValue(node.valueNode);
    default:
      return node.value;
  }
}

/**
 * Whether a node is a secret or inside one (core's `isSecretPath`; a key is its property's), read through its
 * parents: no index is counted, since any item of an array stands at the same place among the secret paths.
 */
export function isSecretNode(node: ASTNode): boolean {
  const path: (string | number)[] = [];
  for (let parent = node.parent; parent !== undefined; parent = parent.parent) {
    if (parent.type === 'property') path.push(parent.keyNode.value);
    else if (parent.type === 'array') path.push(0);
  }
  return isSecretPath(path.reverse());
}

/**
 * The values at the secret paths of a tree (core's `secretTextsOf` of its value), reading only the nodes on the way
 * to them: what a message quoting the document masks, without parsing the text again.
 */
export function secretTextsOfTree(root: ASTNode | undefined): SecretText[] {
  const found: SecretText[] = [];
  const collectAll = (node: ASTNode): void => {
    if (node.type === 'string' || node.type === 'number') found.push({ value: String(node.value) });
    else if (node.type === 'array') for (const item of node.items) collectAll(item);
    else if (node.type === 'object') for (const p of node.properties) if (p.valueNode) collectAll(p.valueNode);
  };
  const walk = (node: ASTNode, at: SecretNode): void => {
    if (at.secret) collectAll(node);
    else if (node.type === 'array') {
      if (at.items !== undefined) for (const item of node.items) walk(item, at.items);
    } else if (node.type === 'object') {
      for (const [key, next] of at.keys) {
        const value = fieldValue(node, key);
        if (value !== undefined) walk(value, next);
      }
    }
  };
  if (root !== undefined) walk(root, SECRET_ROOT);
  return found;
}

/** The property of `object` named `key` (the last one when the key is repeated, as `JSON.parse` keeps). */
export function propertyOf(object: ASTNode | undefined, key: string): PropertyASTNode | undefined {
  if (object === undefined) return undefined;
  const slot = slotOf(object);
  if (slot !== undefined)
    return nodeOf(slot.tree, slot.tree.propertyNamed(slot.id, key)) as PropertyASTNode | undefined;
  if (object.type !== 'object') return undefined;
  let found: PropertyASTNode | undefined;
  for (const property of object.properties) if (property.keyNode.value === key) found = property;
  return found;
}

/** The value node of `object[key]`. */
export function fieldValue(object: ASTNode | undefined, key: string): ASTNode | undefined {
  const slot = object === undefined ? undefined : slotOf(object);
  if (slot !== undefined) {
    const property = slot.tree.propertyNamed(slot.id, key);
    return property === NONE ? undefined : nodeOf(slot.tree, slot.tree.valueOf(property));
  }
  return propertyOf(object, key)?.valueNode;
}

/** The items of `object[key]` when it is an array; empty otherwise. */
export function itemsOf(object: ASTNode | undefined, key: string): readonly ASTNode[] {
  const value = fieldValue(object, key);
  return value?.type === 'array' ? value.items : [];
}

export function isObjectNode(node: ASTNode | undefined): node is ObjectASTNode {
  return node?.type === 'object';
}

export function isStringNode(node: ASTNode | undefined): node is StringASTNode {
  return node?.type === 'string';
}

/** The node at `path`, or the deepest node that exists on the way to it. */
export function nodeAtPath(root: ASTNode | undefined, path: JsonPath): ASTNode | undefined {
  const slot = root === undefined ? undefined : slotOf(root);
  if (slot !== undefined) {
    const { tree } = slot;
    let id = slot.id;
    for (const segment of path) {
      let next = NONE;
      if (tree.kind[id] === NodeKind.object && typeof segment === 'string') {
        const property = tree.propertyNamed(id, segment);
        if (property !== NONE) next = tree.valueOf(property);
      } else if (tree.kind[id] === NodeKind.array && typeof segment === 'number' && segment >= 0) {
        next = tree.childAt(id, segment);
      }
      if (next === NONE) break;
      id = next;
    }
    return nodeOf(tree, id);
  }
  let node = root;
  for (const segment of path) {
    let next: ASTNode | undefined;
    if (node?.type === 'object' && typeof segment === 'string') next = fieldValue(node, segment);
    else if (node?.type === 'array' && typeof segment === 'number') next = node.items[segment];
    if (next === undefined) return node;
    node = next;
  }
  return node;
}

/** The path of a node from the root: property keys and array indices. */
export function pathOf(node: ASTNode): JsonPath {
  const path: (string | number)[] = [];
  const slot = slotOf(node);
  if (slot !== undefined) {
    const { tree } = slot;
    let child = slot.id;
    if (isKeyId(child)) {
      // A key's path is its property's: the key's name, then the object's path.
      child &= ~KEY;
      path.push(tree.atoms[tree.keyAtom(child)]!);
    }
    for (let parent = tree.parent[child]!; parent !== NONE; child = parent, parent = tree.parent[parent]!) {
      if (tree.kind[parent] === NodeKind.property) {
        path.push(tree.atoms[tree.keyAtom(parent)]!);
      } else if (tree.kind[parent] === NodeKind.array) {
        let index = 0;
        for (let at = tree.first[parent]!; at !== child; at = tree.next[at]!) index++;
        path.push(index);
      }
    }
    return path.reverse();
  }
  let child: ASTNode = node;
  let parent = node.parent;
  while (parent !== undefined) {
    if (parent.type === 'property') {
      path.push(parent.keyNode.value);
    } else if (parent.type === 'array') {
      const item = child;
      path.push(parent.items.findIndex((candidate) => sameNode(candidate, item)));
    }
    child = parent;
    parent = parent.parent;
  }
  return path.reverse();
}

/** The innermost node whose span holds `offset` (end inclusive, so a cursor right after a value finds it). */
export function nodeAtOffset(root: ASTNode | undefined, offset: number): ASTNode | undefined {
  const slot = root === undefined ? undefined : slotOf(root);
  if (slot !== undefined && slot.id === slot.tree.root) return nodeOf(slot.tree, slot.tree.slotAtOffset(offset));
  if (root === undefined || offset < root.offset || offset > root.offset + root.length) return undefined;
  let node: ASTNode = root;
  for (;;) {
    const children = node.children ?? [];
    const next = children.find((child) => offset >= child.offset && offset <= child.offset + child.length);
    if (next === undefined) return node;
    node = next;
  }
}

/** The property that holds `node` as its value, if any. */
export function propertyHolding(node: ASTNode | undefined): PropertyASTNode | undefined {
  const parent = node?.parent;
  return parent?.type === 'property' && sameNode(parent.valueNode, node) ? parent : undefined;
}
