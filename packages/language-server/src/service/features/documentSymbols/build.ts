/**
 * The pieces the outline is built from: its item type, readers that never throw on a broken tree (a missing or
 * mistyped field reads as undefined), plain properties, and array sections whose items fall back to `section[i]`.
 */
import type { ASTNode, PropertyASTNode } from 'vscode-json-languageservice';
import { SymbolKind } from 'vscode-languageserver-types';
import { fieldValue, isObjectNode, isSecretNode, isStringNode } from '../../jsonAst.js';

export interface OutlineItem {
  readonly name: string;
  readonly detail?: string;
  readonly kind: SymbolKind;
  readonly node: ASTNode;
  /** The name's node (inside `node`), or `node` itself when the item has no usable name. */
  readonly selection: ASTNode;
  readonly children: OutlineItem[];
}

/** A top-level section: its outline item and the key it was built from (for the cap's report). */
export interface OutlineSection {
  readonly key: string;
  readonly item: OutlineItem;
}

/** Longest scalar shown in a detail; longer ones are shortened. */
const MAX_DETAIL = 60;

// ---------------------------------------------------------------------------------------------------------------
// Small readers

/** The string at `object[key]`, when it is a non-blank string. */
export function text(object: ASTNode | undefined, key: string): string | undefined {
  const node = fieldValue(object, key);
  return isStringNode(node) && node.value.trim() !== '' ? node.value : undefined;
}

/** A scalar at `object[key]` as text (string or number), for details. */
export function scalar(object: ASTNode | undefined, key: string): string | undefined {
  const node = fieldValue(object, key);
  if (isStringNode(node)) return node.value.trim() === '' ? undefined : node.value;
  if (node?.type === 'number') return String(node.value);
  return undefined;
}

export function isTrue(object: ASTNode | undefined, key: string): boolean {
  const node = fieldValue(object, key);
  return node?.type === 'boolean' && node.value === true;
}

export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

export function shorten(value: string): string {
  return value.length > MAX_DETAIL ? `${value.slice(0, MAX_DETAIL - 1)}…` : value;
}

/** Parts joined with ` · `, or undefined when none is given. */
export function joined(parts: readonly (string | undefined | false)[]): string | undefined {
  const present = parts.filter((part): part is string => typeof part === 'string' && part !== '');
  return present.length > 0 ? present.join(' · ') : undefined;
}

/** An item; `detail` is left out when undefined (the LSP type takes no explicit undefined). */
export function item(
  name: string,
  kind: SymbolKind,
  node: ASTNode,
  selection: ASTNode,
  detail: string | undefined,
  children: OutlineItem[] = [],
): OutlineItem {
  return { name, kind, node, selection, children, ...(detail === undefined ? {} : { detail }) };
}

/** The symbol kind of a JSON value, for plain properties. */
export function kindOfValue(node: ASTNode | undefined): SymbolKind {
  switch (node?.type) {
    case 'object':
      return SymbolKind.Object;
    case 'array':
      return SymbolKind.Array;
    case 'string':
      return SymbolKind.String;
    case 'number':
      return SymbolKind.Number;
    case 'boolean':
      return SymbolKind.Boolean;
    case 'null':
      return SymbolKind.Null;
    default:
      return SymbolKind.Property;
  }
}

/** What a plain value shows as detail: the scalar (never a secret's, by its path), or the size of an object or array. */
function valueDetail(node: ASTNode | undefined): string | undefined {
  switch (node?.type) {
    case 'object':
      return plural(node.properties.length, 'field', 'fields');
    case 'array':
      return plural(node.items.length, 'item', 'items');
    case 'string':
      return isSecretNode(node) ? undefined : shorten(JSON.stringify(node.value));
    case 'number':
    case 'boolean':
      return isSecretNode(node) ? undefined : String(node.value);
    case 'null':
      return 'null';
    default:
      return undefined;
  }
}

/** A key as a symbol name: editors refuse blank names, so an empty key shows as `""`. */
function keyName(key: string): string {
  return key.trim() === '' ? JSON.stringify(key) : key;
}

/** The name of an item: `preferred` when given, else `section[index]`. */
export function nameOr(preferred: string | undefined, section: string, index: number): string {
  return preferred ?? `${section}[${index}]`;
}

/** The node to select for an item: the named field's value when it is a string, else the item. */
export function selectionOf(itemNode: ASTNode, key: string): ASTNode {
  const node = fieldValue(itemNode, key);
  return isStringNode(node) ? node : itemNode;
}

// ---------------------------------------------------------------------------------------------------------------
// Plain properties

/** A property shown as is: key, kind by value type, scalar detail, and (when `depth` > 0) its own properties. */
export function plainProperty(property: PropertyASTNode, depth: number): OutlineItem {
  const key = property.keyNode.value;
  const value = property.valueNode;
  const children =
    depth > 0 && isObjectNode(value) ? value.properties.map((child) => plainProperty(child, depth - 1)) : [];
  return item(keyName(key), kindOfValue(value), property, property.keyNode, valueDetail(value), children);
}

/** An array item that is not the object a section expects: shown by position and type. */
export function strayItem(section: string, index: number, node: ASTNode): OutlineItem {
  const detail = isStringNode(node) ? shorten(JSON.stringify(node.value)) : node.type;
  return item(`${section}[${index}]`, kindOfValue(node), node, node, detail);
}

/** A section holding an array of items, each built by `build` (objects only; others become stray items). */
export function arraySection(
  property: PropertyASTNode,
  one: string,
  many: string,
  build: (node: ASTNode, index: number) => OutlineItem,
): OutlineItem {
  const key = property.keyNode.value;
  const value = property.valueNode;
  if (value?.type !== 'array') return plainProperty(property, 1);
  const children = value.items.map((node, index) =>
    isObjectNode(node) ? build(node, index) : strayItem(key, index, node),
  );
  return item(key, SymbolKind.Array, property, property.keyNode, plural(value.items.length, one, many), children);
}
