/**
 * Helpers to walk a JSON Schema (draft-07) as plain data. The generator works on its own deep copy of
 * typescript-json-schema's output and changes it in place, so these helpers mutate.
 */

/** A schema node: a JSON object whose keys are keywords. */
export type SchemaNode = { [keyword: string]: unknown };

/** Tells whether a value is a schema node (a JSON object, not an array). */
export function isNode(value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Keywords whose value is one subschema. */
const SINGLE = ['additionalProperties', 'additionalItems', 'contains', 'propertyNames', 'not', 'if', 'then', 'else'];
/** Keywords whose value is a list of subschemas. */
const LIST = ['allOf', 'anyOf', 'oneOf'];
/** Keywords whose value maps names to subschemas. */
const MAP = ['properties', 'patternProperties', 'definitions', 'dependencies'];

/** Where a node sits: the keywords and names from the root, e.g. `properties/processes/items`. */
export type NodePath = readonly string[];

/**
 * Calls `visit` on `node` and every subschema below it, parents before children. Values of `enum`, `const`,
 * `default`, `examples` and `defaultSnippets` are data, not schemas, and are not entered.
 */
export function walk(node: SchemaNode, visit: (node: SchemaNode, path: NodePath) => void, path: NodePath = []): void {
  visit(node, path);
  for (const keyword of SINGLE) {
    const child = node[keyword];
    if (isNode(child)) walk(child, visit, [...path, keyword]);
  }
  for (const keyword of LIST) {
    const children = node[keyword];
    if (Array.isArray(children)) {
      children.forEach((child, i) => {
        if (isNode(child)) walk(child, visit, [...path, keyword, String(i)]);
      });
    }
  }
  for (const keyword of MAP) {
    const children = node[keyword];
    if (!isNode(children)) continue;
    for (const [name, child] of Object.entries(children)) {
      if (isNode(child)) walk(child, visit, [...path, keyword, name]);
    }
  }
  const items = node.items;
  if (isNode(items)) walk(items, visit, [...path, 'items']);
  if (Array.isArray(items)) {
    items.forEach((child, i) => {
      if (isNode(child)) walk(child, visit, [...path, 'items', String(i)]);
    });
  }
}

/** The definitions of a schema (created when missing). */
export function definitionsOf(schema: SchemaNode): { [name: string]: SchemaNode } {
  if (!isNode(schema.definitions)) schema.definitions = {};
  return schema.definitions as { [name: string]: SchemaNode };
}

/** The name a local `$ref` points at (`#/definitions/Process` → `Process`), or undefined. */
export function refName(node: SchemaNode): string | undefined {
  const ref = node.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/definitions/')) return undefined;
  return decodeURIComponent(ref.slice('#/definitions/'.length));
}

/** A local `$ref` to a definition. */
export function refTo(name: string): string {
  return `#/definitions/${encodeURIComponent(name)}`;
}

/** Replaces the contents of `node` with `replacement`, keeping the object's identity. */
export function replaceNode(node: SchemaNode, replacement: SchemaNode): void {
  for (const key of Object.keys(node)) delete node[key];
  Object.assign(node, replacement);
}

/** Deep equality of JSON values. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  if (isNode(a) && isNode(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k], b[k]));
  }
  return false;
}

/** Keywords that only annotate (they never make a document invalid). */
export const ANNOTATION_KEYWORDS: readonly string[] = [
  'title',
  'description',
  'markdownDescription',
  'default',
  'examples',
  'deprecated',
  'deprecationMessage',
  'doNotSuggest',
  'defaultSnippets',
  '$comment',
];

/** Splits a node into its annotations and the rest (the keywords that validate). */
export function splitAnnotations(node: SchemaNode): { annotations: SchemaNode; validation: SchemaNode } {
  const annotations: SchemaNode = {};
  const validation: SchemaNode = {};
  for (const [key, value] of Object.entries(node)) {
    if (ANNOTATION_KEYWORDS.includes(key)) annotations[key] = value;
    else validation[key] = value;
  }
  return { annotations, validation };
}
