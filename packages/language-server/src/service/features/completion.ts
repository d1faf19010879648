/**
 * Completion. vscode-json-languageservice proposes what the schema knows: property keys with their documentation,
 * enum values with their descriptions (process types, mechanisms, units…), defaults and the schema's snippets.
 * dbkit adds, through `completion/`:
 * - names where a field refers to one (a member's `host`, a process's `version`, a shard's `rs`, balancer keys…),
 *   from the reference graph, the likely ones first, each replacing the whole string under the cursor; the
 *   schema's own proposals for that value are kept after them, without duplicates;
 * - the required sub-fields of an object-valued key, and one proposal that fills in every missing required field;
 * - plain insert texts for clients without snippet support (the JSON service writes snippets regardless);
 * - right after a whole value (after its closing quote, or with it selected), the same proposals as inside it,
 *   each replacing it and matching it, so the editor filters none of them out.
 * The cursor is read from the text with jsonc-parser, so a document broken while typing still gets answers.
 */
import type { ASTNode, ObjectASTNode } from 'vscode-json-languageservice';
import type { CompletionItem, CompletionList, Position } from 'vscode-languageserver-types';
import type { CancellationToken } from '../cancellation.js';
import type { ParsedDocument } from '../document.js';
import type { FeatureContext } from '../featureContext.js';
import { pathOf, sameNode } from '../jsonAst.js';
import { namesBeforeTree } from './completion/beforeTree.js';
import { compactCompletionList } from './completion/compact.js';
import {
  type CompletionCursor,
  type CursorAnchor,
  completionCursor,
  isInComment,
  valueSiteAt,
  WINDOW_MARGIN,
} from './completion/cursor.js';
import { referenceItems, resolveReferenceItem } from './completion/references.js';
import { fillRequiredItem, withRequiredSubfields } from './completion/required.js';
import { withoutSnippet } from './completion/snippets.js';
import { type Markup, markup } from './hover/markup.js';
import { matchingSchemasAt, schemasOf } from './hover/schemas.js';

const TRIGGER_SUGGEST = { title: 'Suggest', command: 'editor.action.triggerSuggest' };

/** Our name proposals first; the JSON service's proposals for the same value after them, minus any same label. */
function mergeNames(names: readonly CompletionItem[], schemaItems: readonly CompletionItem[]): CompletionItem[] {
  const labels = new Set(names.map((item) => item.label));
  const rest = schemaItems
    .filter((item) => !labels.has(item.label))
    .map((item, index) => ({ ...item, sortText: `9${String(index).padStart(5, '0')}` }));
  return [...names, ...rest];
}

/** The object whose keys are proposed at `offset`, found as vscode-json-languageservice finds it. */
function objectForKeys(doc: ParsedDocument, offset: number): ObjectASTNode | undefined {
  let node: ASTNode | undefined = doc.json.getNodeFromOffset(offset, true);
  if (node !== undefined && offset === node.offset + node.length && offset > 0) {
    const before = doc.slice(offset - 1, offset);
    if ((node.type === 'object' && before === '}') || (node.type === 'array' && before === ']')) node = node.parent;
  }
  if (node?.type === 'string' && node.parent?.type === 'property' && sameNode(node.parent.keyNode, node)) {
    node = node.parent.parent;
  }
  return node?.type === 'object' ? node : undefined;
}

/** Key proposals with required sub-fields, a "fill required fields" proposal, and name suggestions after a key. */
async function withSchemaHelp(
  doc: ParsedDocument,
  context: FeatureContext,
  cursor: CompletionCursor,
  items: CompletionItem[],
  m: Markup,
): Promise<CompletionItem[]> {
  if (!cursor.atKey) return items;
  const object = objectForKeys(doc, cursor.offset);
  if (object === undefined) return items;
  const objectSchemas = schemasOf(await matchingSchemasAt(doc, context, object.offset), object);
  const objectPath = pathOf(object);
  const out = withRequiredSubfields(doc, items, object, objectSchemas).map((item) =>
    // A key that names a declaration (`host`, `version`…): proposing the names right after inserting it.
    item.command === undefined && valueSiteAt([...objectPath, item.label]) !== undefined
      ? { ...item, command: TRIGGER_SUGGEST }
      : item,
  );
  if (!cursor.typed) {
    const fill = fillRequiredItem(doc, object, objectSchemas, cursor.offset, m);
    if (fill !== undefined) out.unshift(fill);
  }
  return out;
}

/**
 * Proposals right after a whole value, each made to match it. An editor filters proposals by the text from the
 * start of their edit to the cursor, here the whole value: a name other than the one written would be hidden
 * ("No suggestions" where clicking a problem leaves the cursor). Every proposal there replaces that value, so each
 * says it matches it, and the editor keeps the server's order.
 */
function matchingValue(items: readonly CompletionItem[], value: string): CompletionItem[] {
  return items.map((item) => ({ ...item, filterText: value }));
}

/** The first item of each label. */
function dedupe(items: readonly CompletionItem[]): CompletionItem[] {
  const byLabel = new Map<string, CompletionItem>();
  for (const item of items) if (!byLabel.has(item.label)) byLabel.set(item.label, item);
  return [...byLabel.values()];
}

/**
 * Where to read the cursor from: the container two levels around the cursor (its object or array, and the one
 * holding that), whose start and path the tree knows. Two levels, so a container the user is breaking right now
 * is read from its parent.
 */
function anchorFor(nodeAt: ASTNode | undefined, offset: number): (CursorAnchor & { readonly end: number }) | undefined {
  let node = nodeAt;
  let containers = 0;
  let anchor: ASTNode | undefined;
  while (node !== undefined && containers < 2) {
    if ((node.type === 'object' || node.type === 'array') && node.offset < offset) {
      anchor = node;
      containers++;
    }
    node = node.parent;
  }
  return anchor === undefined
    ? undefined
    : { offset: anchor.offset, end: anchor.offset + anchor.length, path: pathOf(anchor) };
}

/**
 * The completion list at `position` (at `offset` in the text); null once `token` is cancelled. The JSON service
 * takes the position, dbkit's parts the offset: the caller converts once.
 */
export async function getCompletion(
  doc: ParsedDocument,
  position: Position,
  offset: number,
  context: FeatureContext,
  token: CancellationToken,
): Promise<CompletionList | null> {
  if (token.isCancellationRequested) return null;
  const early = namesBeforeTree(doc, offset);
  if (early !== undefined) return finish(doc, context, early.cursor, early.items, early.isIncomplete);
  const nodeAt = doc.json.getNodeFromOffset(offset, true);
  const anchor = anchorFor(nodeAt, offset);
  // The cursor is read from a window around the anchor's container, not from the whole text.
  const base = anchor?.offset ?? 0;
  const window = anchor === undefined ? doc.text : doc.slice(base, Math.max(anchor.end, offset) + WINDOW_MARGIN);
  if (isInComment(window, (nodeAt?.offset ?? base) - base, offset - base)) return { isIncomplete: false, items: [] };
  const cursor = completionCursor(window, offset, anchor, base);
  const m = markup(context.markdown);
  let items: CompletionItem[];
  let isIncomplete = false;
  if (cursor.site !== undefined && !cursor.atKey) {
    // A field that names a declaration is a plain string in the schema (no enum, default or example), so the names
    // are the whole answer; the JSON service, which would validate the whole document to find that out, is skipped.
    ({ items, isIncomplete } = referenceItems(doc, cursor, cursor.site));
  } else {
    const base = await context.json.doComplete(doc.textDocument, position, doc.json);
    if (token.isCancellationRequested) return null;
    isIncomplete = base?.isIncomplete ?? false;
    items =
      cursor.site === undefined
        ? await withSchemaHelp(doc, context, cursor, base?.items ?? [], m)
        : mergeNames(referenceItems(doc, cursor, cursor.site).items, base?.items ?? []);
  }
  if (token.isCancellationRequested) return null;
  return finish(doc, context, cursor, items, isIncomplete);
}

/** The list as the client gets it: each label once, matching a whole value under the cursor, shared parts once. */
function finish(
  doc: ParsedDocument,
  context: FeatureContext,
  cursor: CompletionCursor,
  proposed: readonly CompletionItem[],
  isIncomplete: boolean,
): CompletionList {
  let items = dedupe(proposed);
  if (cursor.atValueEnd) items = matchingValue(items, doc.slice(cursor.start, cursor.end));
  if (!context.snippets) items = items.map(withoutSnippet);
  return compactCompletionList({ isIncomplete, items }, context.itemDefaults);
}

/** `completionItem/resolve`: the detail and documentation of a name proposal (others come complete). */
export function resolveCompletionItem(
  doc: ParsedDocument,
  item: CompletionItem,
  context: FeatureContext,
): CompletionItem {
  return resolveReferenceItem(doc, item, markup(context.markdown));
}
