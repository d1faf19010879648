/**
 * Text edits for quick fixes, always leaving valid JSON and the document's own layout:
 *
 * - replacing a value or a key: the token's span, with the new JSON literal;
 * - removing properties or items: the entry with its comma and the whitespace between, nothing else;
 * - inserting a property or an array item: after the last one, in the container's own style: a multi-line
 *   container gets the new entry on its own line at its siblings' indentation, nested values indented with the
 *   document's indentation unit; a one-line container gets `, "key": { "a": 1 }` (`,"key":{"a":1}` when minified).
 *
 * Edits are computed from the parsed tree rather than with jsonc-parser's `modify`: `modify` parses the whole text
 * again (on every code-action request, slow for configs of a few MB), its unformatted removal of a first property
 * pulls the next one onto the brace's line (`{"b": 2`), its unformatted insertion writes `,"key":value`, and with
 * formatting options it re-formats the whole lines around the edit (a one-line `{ "name": "b" }` sibling comes back
 * spread over three lines).
 */
import type { ArrayASTNode, ASTNode, ObjectASTNode } from 'vscode-json-languageservice';
import type { TextEdit } from 'vscode-languageserver-types';
import type { ParsedDocument } from '../../document.js';
import { rangeOfSpan } from '../../positions.js';

/** A JSON value a fix inserts. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

function edit(doc: ParsedDocument, offset: number, length: number, newText: string): TextEdit {
  return { range: rangeOfSpan(doc, offset, length), newText };
}

/** Replaces a value node (string, number…) with `value`. */
export function replaceValue(doc: ParsedDocument, node: ASTNode, value: JsonValue): TextEdit {
  return edit(doc, node.offset, node.length, JSON.stringify(value));
}

/** Replaces a property key (its string node, quotes included) with `key`. */
export function renameKey(doc: ParsedDocument, keyNode: ASTNode, key: string): TextEdit {
  return edit(doc, keyNode.offset, keyNode.length, JSON.stringify(key));
}

/** The entries of a container: an object's properties or an array's items. */
function entriesOf(container: ASTNode): readonly ASTNode[] {
  if (container.type === 'object') return container.properties;
  if (container.type === 'array') return container.items;
  return [];
}

/**
 * Removes `entries` (properties of one object, or items of one array) with their commas. Each run of removed
 * entries goes from the end of the entry kept before it to its own end (`,\n    "b": 2`), or, at the start,
 * from its first entry to the next kept one (`"a": 1,\n    `), so the lines around stay as they were; removing
 * every entry leaves `{}` or `[]`.
 */
export function removeEntries(doc: ParsedDocument, entries: readonly ASTNode[]): TextEdit[] {
  const container = entries[0]?.parent;
  if (container === undefined) return [];
  const all = entriesOf(container);
  const removed = new Set(entries);
  if (all.every((entry) => removed.has(entry))) {
    const close = container.offset + container.length - 1;
    const closed = doc.text[close] === (container.type === 'object' ? '}' : ']');
    return closed ? [edit(doc, container.offset + 1, close - container.offset - 1, '')] : [];
  }
  const edits: TextEdit[] = [];
  for (let a = 0; a < all.length; a++) {
    if (!removed.has(all[a]!)) continue;
    let b = a;
    while (b + 1 < all.length && removed.has(all[b + 1]!)) b++;
    const last = all[b]!;
    if (a > 0) {
      const kept = all[a - 1]!;
      edits.push(edit(doc, kept.offset + kept.length, last.offset + last.length - kept.offset - kept.length, ''));
    } else {
      edits.push(edit(doc, all[0]!.offset, all[b + 1]!.offset - all[0]!.offset, ''));
    }
    a = b;
  }
  return edits;
}

/** Removes the property whose value is `node` (the node at a diagnostic's path), with its comma. */
export function removeProperty(doc: ParsedDocument, node: ASTNode): TextEdit[] {
  const property = node.parent;
  return property?.type === 'property' ? removeEntries(doc, [property]) : [];
}

// ---------------------------------------------------------------------------------------------------------------
// Layout

/** How a new entry is written: on one line (with or without spaces), or on its own lines at an indentation. */
type Layout = { readonly spaced: boolean } | { readonly indent: string; readonly unit: string; readonly eol: string };

/** The line break the document uses. */
function eolOf(text: string): string {
  return text.includes('\r\n') ? '\r\n' : '\n';
}

/** The whitespace at the start of the line holding `offset`. */
function lineIndent(text: string, offset: number): string {
  let start = offset;
  while (start > 0 && text[start - 1] !== '\n' && text[start - 1] !== '\r') start--;
  let end = start;
  while (end < text.length && (text[end] === ' ' || text[end] === '\t')) end++;
  return text.slice(start, end);
}

/** The document's indentation unit: a tab, or the smallest indentation of its first lines; two spaces by default. */
function indentUnit(text: string): string {
  let smallest = Number.POSITIVE_INFINITY;
  let start = 0;
  for (let line = 0; line < 500 && start < text.length; line++) {
    const next = text.indexOf('\n', start);
    const end = next === -1 ? text.length : next;
    let i = start;
    while (i < end && text[i] === ' ') i++;
    if (i === start && text[i] === '\t') return '\t';
    if (i > start && i < end && text[i] !== '\r' && i - start < smallest) smallest = i - start;
    start = end + 1;
  }
  return Number.isFinite(smallest) ? ' '.repeat(smallest) : '  ';
}

function spansLines(doc: ParsedDocument, node: ASTNode): boolean {
  const { textDocument } = doc;
  return textDocument.positionAt(node.offset).line !== textDocument.positionAt(node.offset + node.length).line;
}

/** Whether a one-line container writes spaces after its colons and commas (judged from its start). */
function isSpaced(doc: ParsedDocument, node: ASTNode): boolean {
  const head = doc.text.slice(node.offset, Math.min(node.offset + node.length, node.offset + 200));
  return /[,:] |\{ |\[ /.test(head) || !/[,:]/.test(head);
}

/** `{ "a": 1, "b": [2] }` (spaced) or `{"a":1,"b":[2]}` (minified). */
function compact(value: JsonValue, spaced: boolean): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const comma = spaced ? ', ' : ',';
  if (Array.isArray(value)) return `[${value.map((item: JsonValue) => compact(item, spaced)).join(comma)}]`;
  const entries = Object.entries(value as { readonly [key: string]: JsonValue });
  if (entries.length === 0) return '{}';
  const body = entries.map(([key, item]) => `${JSON.stringify(key)}:${spaced ? ' ' : ''}${compact(item, spaced)}`);
  return spaced ? `{ ${body.join(comma)} }` : `{${body.join(comma)}}`;
}

/** A value written in `layout`: compact, or pretty JSON whose continuation lines start with the indentation. */
function written(value: JsonValue, layout: Layout): string {
  if ('spaced' in layout) return compact(value, layout.spaced);
  return JSON.stringify(value, null, layout.unit).replace(/\n/g, layout.eol + layout.indent);
}

/**
 * Inserts an entry (`render` writes it for a layout) as the last entry of `container`. An empty container follows
 * its parent's style: inside a one-line parent it stays on one line, otherwise it opens onto its own lines.
 * Undefined when the container is not closed (a broken document), where no insertion point is certain.
 */
function insertLast(
  doc: ParsedDocument,
  container: ObjectASTNode | ArrayASTNode,
  children: readonly ASTNode[],
  render: (layout: Layout) => string,
): TextEdit | undefined {
  const text = doc.text;
  const close = container.offset + container.length - 1;
  if (text[close] !== (container.type === 'object' ? '}' : ']')) return undefined;
  const eol = eolOf(text);
  const last = children[children.length - 1];
  if (last === undefined) {
    const inside = { offset: container.offset + 1, length: close - container.offset - 1 };
    const parent = container.parent?.type === 'property' ? container.parent.parent : container.parent;
    if (parent !== undefined && !spansLines(doc, parent)) {
      const spaced = isSpaced(doc, parent);
      const body = render({ spaced });
      return edit(doc, inside.offset, inside.length, spaced ? ` ${body} ` : body);
    }
    if (!text.includes('\n')) return edit(doc, inside.offset, inside.length, render({ spaced: false }));
    const own = lineIndent(text, container.offset);
    const unit = indentUnit(text);
    const body = render({ indent: own + unit, unit, eol });
    return edit(doc, inside.offset, inside.length, `${eol}${own}${unit}${body}${eol}${own}`);
  }
  let at = last.offset + last.length;
  // A trailing comma already there (a broken document): insert after it rather than add a second one.
  const trailingComma = text.slice(at, close).indexOf(',');
  const comma = trailingComma === -1 ? ',' : '';
  if (trailingComma !== -1) at += trailingComma + 1;
  if (!spansLines(doc, container)) {
    const spaced = isSpaced(doc, container);
    return edit(doc, at, 0, `${comma}${spaced ? ' ' : ''}${render({ spaced })}`);
  }
  const indent = lineIndent(text, last.offset);
  const own = lineIndent(text, container.offset);
  const unit = indent.startsWith(own) && indent.length > own.length ? indent.slice(own.length) : indentUnit(text);
  return edit(doc, at, 0, `${comma}${eol}${indent}${render({ indent, unit, eol })}`);
}

/** Adds `"key": value` as the last property of `object`; undefined when the object is not closed. */
export function insertProperty(
  doc: ParsedDocument,
  object: ObjectASTNode,
  key: string,
  value: JsonValue,
): TextEdit | undefined {
  return insertLast(doc, object, object.properties, (layout) => {
    const colon = 'spaced' in layout && !layout.spaced ? ':' : ': ';
    return `${JSON.stringify(key)}${colon}${written(value, layout)}`;
  });
}

/** Adds `value` as the last item of `array`; undefined when the array is not closed. */
export function appendItem(doc: ParsedDocument, array: ArrayASTNode, value: JsonValue): TextEdit | undefined {
  return insertLast(doc, array, array.items, (layout) => written(value, layout));
}
