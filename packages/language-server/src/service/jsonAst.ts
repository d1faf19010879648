/** Small helpers over vscode-json-languageservice's tree: values, paths, nodes at paths and offsets. */
import type { JsonPath } from '@dbkit/core';
import type { ASTNode, ObjectASTNode, PropertyASTNode, StringASTNode } from 'vscode-json-languageservice';

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

/** The property of `object` named `key` (the last one when the key is repeated, as `JSON.parse` keeps). */
export function propertyOf(object: ASTNode | undefined, key: string): PropertyASTNode | undefined {
  if (object?.type !== 'object') return undefined;
  let found: PropertyASTNode | undefined;
  for (const property of object.properties) if (property.keyNode.value === key) found = property;
  return found;
}

/** The value node of `object[key]`. */
export function fieldValue(object: ASTNode | undefined, key: string): ASTNode | undefined {
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
  let child: ASTNode = node;
  let parent = node.parent;
  while (parent !== undefined) {
    if (parent.type === 'property') {
      path.push(parent.keyNode.value);
    } else if (parent.type === 'array') {
      path.push(parent.items.indexOf(child));
    }
    child = parent;
    parent = parent.parent;
  }
  return path.reverse();
}

/** The innermost node whose span holds `offset` (end inclusive, so a cursor right after a value finds it). */
export function nodeAtOffset(root: ASTNode | undefined, offset: number): ASTNode | undefined {
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
  return parent?.type === 'property' && parent.valueNode === node ? parent : undefined;
}
