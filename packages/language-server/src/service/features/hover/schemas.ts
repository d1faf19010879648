/**
 * The schema of a field at the cursor: vscode-json-languageservice's matching schemas (with `$ref`s resolved) for
 * the object that holds the field and for its value, and the facts a hover shows (type, required, default,
 * limits, deprecation). Completion reads the same lookups for the required sub-fields it inserts.
 */
import type { ASTNode, JSONDocument, JSONSchema, MatchingSchema } from 'vscode-json-languageservice';
import type { ParsedDocument } from '../../document.js';
import type { FeatureContext } from '../../featureContext.js';
import { sameNode } from '../../jsonAst.js';

/**
 * vscode-json-languageservice's `JSONDocument` class has `getMatchingSchemas(schema, focusOffset)`, which only
 * collects the schemas of nodes around one offset (its own completion and hover use it): a few milliseconds where
 * the whole-document walk of the public `getMatchingSchemas` takes hundreds on a large document. The public API
 * resolves the document's schema and calls the method on the document it is given, so a view of the parsed
 * document that passes the focus offset along gives the focused walk through the public API.
 */
interface FocusableJsonDocument extends JSONDocument {
  getMatchingSchemas(schema: JSONSchema, focusOffset?: number, exclude?: ASTNode): MatchingSchema[];
}

function isFocusable(json: JSONDocument): json is FocusableJsonDocument {
  return typeof (json as Partial<FocusableJsonDocument>).getMatchingSchemas === 'function';
}

/** The matching schemas of the nodes that hold `offset` (every node when the focused walk is unavailable). */
export async function matchingSchemasAt(
  doc: ParsedDocument,
  context: FeatureContext,
  offset: number,
): Promise<readonly MatchingSchema[]> {
  const json = doc.json;
  if (!isFocusable(json)) return context.json.getMatchingSchemas(doc.textDocument, json);
  const focused: FocusableJsonDocument = Object.create(json);
  focused.getMatchingSchemas = (schema) => json.getMatchingSchemas(schema, offset);
  return context.json.getMatchingSchemas(doc.textDocument, focused);
}

export function schemasOf(matching: readonly MatchingSchema[], node: ASTNode | undefined): JSONSchema[] {
  return node === undefined ? [] : matching.filter((m) => sameNode(m.node, node)).map((m) => m.schema);
}

export function asSchema(ref: JSONSchema | boolean | undefined): JSONSchema | undefined {
  return typeof ref === 'object' ? ref : undefined;
}

/** The schemas a field `key` of an object gets from the object's schemas: properties, patterns, additional. */
export function propertySchemas(objectSchemas: readonly JSONSchema[], key: string): JSONSchema[] {
  const out: JSONSchema[] = [];
  for (const schema of objectSchemas) {
    const named = asSchema(schema.properties?.[key]);
    if (named !== undefined) {
      out.push(named);
      continue;
    }
    let matched = false;
    for (const [pattern, sub] of Object.entries(schema.patternProperties ?? {})) {
      let regex: RegExp | undefined;
      try {
        regex = new RegExp(pattern, 'u');
      } catch {
        regex = undefined;
      }
      const patternSchema = asSchema(sub);
      if (regex?.test(key) && patternSchema !== undefined) {
        out.push(patternSchema);
        matched = true;
      }
    }
    const additional = asSchema(schema.additionalProperties);
    if (!matched && additional !== undefined) out.push(additional);
  }
  return out;
}

/** The schemas of the items of an array, from the array's schemas. */
export function itemSchemas(arraySchemas: readonly JSONSchema[], index: number): JSONSchema[] {
  const out: JSONSchema[] = [];
  for (const schema of arraySchemas) {
    const items = Array.isArray(schema.items) ? schema.items[index] : schema.items;
    const item = asSchema(items);
    if (item !== undefined) out.push(item);
  }
  return out;
}

/** What a hover says about a field, gathered from its schemas. */
export interface FieldFacts {
  readonly description: string | undefined;
  readonly types: readonly string[];
  readonly enumValues: readonly unknown[] | undefined;
  readonly enumDescriptions: readonly (string | undefined)[] | undefined;
  /** True, false, or undefined for array items and values outside an object. */
  readonly required: boolean | undefined;
  readonly hasDefault: boolean;
  readonly defaultValue: unknown;
  readonly limits: readonly Limit[];
  readonly deprecated: string | undefined;
  /** Required fields of an object-valued field. */
  readonly requiredFields: readonly string[];
}

export type Limit =
  | { readonly kind: 'minimum' | 'maximum' | 'exclusiveMinimum' | 'exclusiveMaximum'; readonly value: number }
  | { readonly kind: 'minLength' | 'maxLength' | 'minItems' | 'maxItems'; readonly value: number }
  | { readonly kind: 'pattern'; readonly value: string };

/** The generated notes of a markdownDescription (default, deprecation), which a hover shows as facts instead. */
const GENERATED_NOTE = /^(Default: `.*`\.|\*\*Deprecated:\*\*.*)$/s;

function descriptionOf(schema: JSONSchema): string | undefined {
  const markdown = schema.markdownDescription;
  if (markdown !== undefined) {
    const kept = markdown.split('\n\n').filter((paragraph) => !GENERATED_NOTE.test(paragraph));
    return kept.join('\n\n');
  }
  return schema.description;
}

function typesOf(schema: JSONSchema): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.properties !== undefined || schema.additionalProperties !== undefined) return ['object'];
  if (schema.items !== undefined) return ['array'];
  return [];
}

/** The schema and the branches of it that apply: `allOf` parts (a `then` only when it matched), `anyOf`/`oneOf`. */
function expand(schema: JSONSchema, matchedValueSchemas: ReadonlySet<JSONSchema>): JSONSchema[] {
  const out = [schema];
  for (const part of schema.allOf ?? []) {
    const sub = asSchema(part);
    if (sub === undefined) continue;
    const then = asSchema(sub.then);
    if (sub.if !== undefined) {
      if (then !== undefined && matchedValueSchemas.has(then)) out.push(then);
    } else out.push(...expand(sub, matchedValueSchemas));
  }
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    const sub = asSchema(part);
    if (sub !== undefined) out.push(...expand(sub, matchedValueSchemas));
  }
  return out;
}

/**
 * The facts about a field whose schemas are `schemas` (from its parent), holding `valueSchemas` for its current
 * value (to tell which conditional parts apply), in an object whose schemas are `parentSchemas` (for `required`).
 */
export function fieldFacts(
  schemas: readonly JSONSchema[],
  valueSchemas: readonly JSONSchema[],
  key: string | undefined,
  parentSchemas: readonly JSONSchema[] | undefined,
): FieldFacts {
  const matched = new Set(valueSchemas);
  const all = schemas.flatMap((schema) => expand(schema, matched));
  let description: string | undefined;
  const types = new Set<string>();
  let enumValues: unknown[] | undefined;
  let enumDescriptions: (string | undefined)[] | undefined;
  let hasDefault = false;
  let defaultValue: unknown;
  const limits = new Map<string, Limit>();
  let deprecated: string | undefined;
  const requiredFields = new Set<string>();
  for (const schema of all) {
    description ??= descriptionOf(schema);
    for (const type of typesOf(schema)) types.add(type);
    if (enumValues === undefined && Array.isArray(schema.enum)) {
      enumValues = schema.enum;
      enumDescriptions = schema.enumDescriptions;
    }
    if (!hasDefault && schema.default !== undefined) {
      hasDefault = true;
      defaultValue = schema.default;
    }
    for (const kind of ['minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems'] as const) {
      const value = schema[kind];
      if (typeof value === 'number' && !limits.has(kind)) limits.set(kind, { kind, value });
    }
    for (const kind of ['exclusiveMinimum', 'exclusiveMaximum'] as const) {
      const value = schema[kind];
      if (typeof value === 'number' && !limits.has(kind)) limits.set(kind, { kind, value });
    }
    if (typeof schema.pattern === 'string' && !limits.has('pattern')) {
      limits.set('pattern', { kind: 'pattern', value: schema.pattern });
    }
    if (schema.deprecated === true || typeof schema.deprecationMessage === 'string') {
      deprecated ??= schema.deprecationMessage ?? 'Deprecated.';
    }
    for (const field of schema.required ?? []) requiredFields.add(field);
  }
  // `null` in an optional field counts as absent (the schema allows it everywhere optional): not a type to show.
  if (types.size > 1) types.delete('null');
  const required =
    key === undefined || parentSchemas === undefined
      ? undefined
      : parentSchemas.some((schema) => schema.required?.includes(key) === true);
  return {
    description,
    types: [...types],
    enumValues,
    enumDescriptions,
    required,
    hasDefault,
    defaultValue,
    limits: [...limits.values()],
    deprecated,
    requiredFields: [...requiredFields],
  };
}
