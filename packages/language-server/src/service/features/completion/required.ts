/**
 * Required sub-fields in completions. vscode-json-languageservice inserts an object-valued property as
 * `"logRotate": {}`; here the object comes with the fields its schema requires (`sizeThresholdMB`,
 * `timeThresholdHrs`), each a placeholder. And in an object that lacks required fields, one proposal inserts them
 * all (in a new process: `processType`, `hostname`, `version`…). A field that names a declaration offers the
 * declared names as a choice (a process's `version`: the `dbVersions` names).
 */
import type { JsonPath } from '@dbkit/core';
import type { JSONSchema, ObjectASTNode } from 'vscode-json-languageservice';
import { type CompletionItem, CompletionItemKind, InsertTextFormat } from 'vscode-languageserver-types';
import type { ParsedDocument } from '../../document.js';
import { pathOf } from '../../jsonAst.js';
import { ReferenceSite } from '../../references/sites.js';
import type { Markup } from '../hover/markup.js';
import { asSchema, propertySchemas } from '../hover/schemas.js';
import { valueSiteAt } from './cursor.js';
import { escapeSnippet } from './snippets.js';

/** How deep required objects are filled in (`"logRotate": { … }` is depth 1). */
const MAX_DEPTH = 2;

interface Filler {
  readonly doc: ParsedDocument;
  /** The next tab stop. */
  stop: number;
}

function firstType(schema: JSONSchema): string | undefined {
  const types = typeof schema.type === 'string' ? [schema.type] : (schema.type ?? []);
  const type = types.find((t) => t !== 'null');
  if (type !== undefined) return type;
  if (schema.properties !== undefined) return 'object';
  if (schema.items !== undefined) return 'array';
  return undefined;
}

/** The names a field at `path` may take, when it is a reference site. */
function namesFor(filler: Filler, path: JsonPath): string[] {
  const site = valueSiteAt(path);
  if (site === undefined) return [];
  return ReferenceSite[site].kinds.flatMap((kind) => [...filler.doc.references.declarations[kind].keys()]);
}

function choice(filler: Filler, options: readonly string[]): string {
  const stop = filler.stop++;
  if (options.length === 1) return `\${${stop}:${escapeSnippet(options[0]!)}}`;
  return `\${${stop}|${options.map((option) => option.replace(/[\\$}|,]/g, '\\$&')).join(',')}|}`;
}

/** A placeholder value for a field of `schema` at `path`. */
function valueSnippet(filler: Filler, schema: JSONSchema, path: JsonPath, depth: number): string {
  const names = namesFor(filler, path);
  if (names.length > 0)
    return `"${choice(
      filler,
      names.map((name) => JSON.stringify(name).slice(1, -1)),
    )}"`;
  if (schema.const !== undefined) return escapeSnippet(JSON.stringify(schema.const));
  const values = (schema.enum ?? []).filter((value) => value !== null);
  if (values.length === 1) return escapeSnippet(JSON.stringify(values[0]));
  if (values.length > 1 && values.every((value) => typeof value === 'string')) {
    return `"${choice(
      filler,
      values.map((value) => JSON.stringify(value).slice(1, -1)),
    )}"`;
  }
  if (values.length > 1)
    return choice(
      filler,
      values.map((value) => JSON.stringify(value)),
    );
  if (schema.default !== undefined && typeof schema.default !== 'object') {
    const text = JSON.stringify(schema.default);
    return typeof schema.default === 'string' ? `"${choice(filler, [text.slice(1, -1)])}"` : choice(filler, [text]);
  }
  switch (firstType(schema)) {
    case 'string':
      return `"$${filler.stop++}"`;
    case 'integer':
    case 'number': {
      const low = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : schema.minimum;
      return choice(filler, [String(low ?? 0)]);
    }
    case 'boolean':
      return choice(filler, ['false']);
    case 'array':
      return `[$${filler.stop++}]`;
    case 'object':
      return (
        (depth < MAX_DEPTH ? objectSnippet(filler, schema, path, depth + 1, new Set()) : undefined) ??
        `{$${filler.stop++}}`
      );
    case 'null':
      return 'null';
    default:
      return `$${filler.stop++}`;
  }
}

/** The required fields of `schema` not in `present`, as snippet lines `"key": value` (indented by `depth` tabs). */
function requiredLines(
  filler: Filler,
  schema: JSONSchema,
  path: JsonPath,
  depth: number,
  present: ReadonlySet<string>,
): string[] {
  const missing = (schema.required ?? []).filter((key) => !present.has(key));
  const indent = '\t'.repeat(depth);
  return missing.map((key) => {
    const sub = asSchema(schema.properties?.[key]) ?? {};
    return `${indent}${escapeSnippet(JSON.stringify(key))}: ${valueSnippet(filler, sub, [...path, key], depth)}`;
  });
}

/** `{ required fields }` for an object schema, or undefined when it requires nothing. */
function objectSnippet(
  filler: Filler,
  schema: JSONSchema,
  path: JsonPath,
  depth: number,
  present: ReadonlySet<string>,
): string | undefined {
  const lines = requiredLines(filler, schema, path, depth, present);
  if (lines.length === 0) return undefined;
  return `{\n${lines.join(',\n')}\n${'\t'.repeat(depth - 1)}}`;
}

/** Matches vscode-json-languageservice's insert text for an object-valued key: `"key": {$1}` and a comma. */
const EMPTY_OBJECT_PROPERTY = /^("(?:[^"\\]|\\.)*"): \{\$1\}(,?)$/;

/**
 * Key proposals in `object` whose value is an object with required fields: the insert text gets those fields.
 * `objectSchemas` are the object's matching schemas.
 */
export function withRequiredSubfields(
  doc: ParsedDocument,
  items: readonly CompletionItem[],
  object: ObjectASTNode,
  objectSchemas: readonly JSONSchema[],
): CompletionItem[] {
  const objectPath = pathOf(object);
  return items.map((item) => {
    if (item.kind !== CompletionItemKind.Property || item.textEdit === undefined) return item;
    const match = EMPTY_OBJECT_PROPERTY.exec(item.textEdit.newText);
    if (match === null) return item;
    const schema = propertySchemas(objectSchemas, item.label).find((s) => (s.required?.length ?? 0) > 0);
    if (schema === undefined) return item;
    const filler: Filler = { doc, stop: 1 };
    const body = objectSnippet(filler, schema, [...objectPath, item.label], 1, new Set());
    if (body === undefined) return item;
    const newText = `${match[1]}: ${body}${match[2]}`;
    return { ...item, insertText: newText, textEdit: { ...item.textEdit, newText } };
  });
}

/** The item that inserts every required field `object` lacks, at `offset` (between its properties). */
export function fillRequiredItem(
  doc: ParsedDocument,
  object: ObjectASTNode,
  objectSchemas: readonly JSONSchema[],
  offset: number,
  m: Markup,
): CompletionItem | undefined {
  const present = new Set(object.properties.map((p) => p.keyNode.value));
  const schema = objectSchemas.find((s) => (s.required ?? []).some((key) => !present.has(key)));
  if (schema === undefined) return undefined;
  const filler: Filler = { doc, stop: 1 };
  const lines = requiredLines(filler, schema, pathOf(object), 0, present);
  const missing = (schema.required ?? []).filter((key) => !present.has(key));
  const text = doc.text;
  let before = offset - 1;
  while (before >= 0 && /\s/.test(text.charAt(before))) before--;
  const leading = before >= 0 && text.charAt(before) !== '{' && text.charAt(before) !== ',' ? ',' : '';
  let after = offset;
  while (after < text.length && /\s/.test(text.charAt(after))) after++;
  const trailing = after < text.length && text.charAt(after) === '"' ? ',' : '';
  const newText = `${leading}${lines.join(',\n')}${trailing}`;
  const position = doc.textDocument.positionAt(offset);
  return {
    label: 'Fill required fields',
    kind: CompletionItemKind.Snippet,
    detail: missing.join(', '),
    documentation: m.content(
      `Inserts the required fields this object lacks: ${missing.map((key) => m.code(key)).join(', ')}.`,
    ),
    sortText: '0',
    textEdit: { range: { start: position, end: position }, newText },
    insertTextFormat: InsertTextFormat.Snippet,
  };
}
