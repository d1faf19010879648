/**
 * Document symbols: a domain outline of the automation config instead of the generic JSON one. Top-level sections
 * are containers; processes, replica sets (with their members), sharded clusters (with shards and config server),
 * versions, users, roles and index configs are named the way people name them (`shop-0`, `app@shop`,
 * `shop.orders on rs0`); other top-level keys are plain properties. See `documentSymbols/outline.ts`.
 *
 * Large configs hold thousands of processes: past {@link MAX_DOCUMENT_SYMBOLS} symbols the outline is cut, fairly
 * across sections (small sections stay whole, large ones share the rest), and a last symbol says how many were
 * left out and where.
 */
import { type DocumentSymbol, SymbolKind } from 'vscode-languageserver-types';
import type { CancellationToken } from '../cancellation.js';
import type { ParsedDocument } from '../document.js';
import { rangeOfNode } from '../positions.js';
import type { OutlineItem } from './documentSymbols/build.js';
import { buildOutline } from './documentSymbols/outline.js';

/** The most symbols an outline holds, the final "left out" symbol included. */
export const MAX_DOCUMENT_SYMBOLS = 5000;

/** The number of symbols of an item: itself and all its descendants. */
function sizeOf(item: OutlineItem): number {
  let size = 1;
  for (const child of item.children) size += sizeOf(child);
  return size;
}

/**
 * Keeps at most `budget` symbols of `items` (each item with its descendants). All items are kept when they fit
 * as a level; the budget left for descendants is shared by water-filling: items needing less than an equal share
 * keep everything, the others split what remains. Returns the kept items.
 */
function fairTrim(items: readonly OutlineItem[], budget: number, sizes: Map<OutlineItem, number>): OutlineItem[] {
  if (budget <= 0) return [];
  if (items.length > budget) return items.slice(0, budget).map((item) => ({ ...item, children: [] }));
  const need = items.map((item) => (sizes.get(item) ?? 1) - 1);
  const share = new Array<number>(items.length).fill(0);
  let left = budget - items.length;
  const order = items.map((_, i) => i).sort((a, b) => need[a]! - need[b]!);
  order.forEach((index, position) => {
    const equal = Math.floor(left / (order.length - position));
    share[index] = Math.min(need[index]!, equal);
    left -= share[index]!;
  });
  return items.map((item, i) =>
    need[i] === share[i] ? item : { ...item, children: fairTrim(item.children, share[i]!, sizes) },
  );
}

function recordSizes(item: OutlineItem, sizes: Map<OutlineItem, number>): number {
  let size = 1;
  for (const child of item.children) size += recordSizes(child, sizes);
  sizes.set(item, size);
  return size;
}

function toSymbol(doc: ParsedDocument, item: OutlineItem): DocumentSymbol {
  return {
    name: item.name,
    kind: item.kind,
    range: rangeOfNode(doc, item.node),
    selectionRange: rangeOfNode(doc, item.selection),
    children: item.children.map((child) => toSymbol(doc, child)),
    ...(item.detail === undefined ? {} : { detail: item.detail }),
  };
}

/**
 * The outline of the document (dbkit's own, not the generic JSON one); none once `token` is cancelled, which is
 * checked between the outline's sections.
 */
export function getDocumentSymbols(
  doc: ParsedDocument,
  token: CancellationToken,
  max = MAX_DOCUMENT_SYMBOLS,
): DocumentSymbol[] {
  if (token.isCancellationRequested) return [];
  const root = doc.root;
  const sections = buildOutline(root);
  if (token.isCancellationRequested) return [];
  const sizes = new Map<OutlineItem, number>();
  const total = sections.reduce((sum, section) => sum + recordSizes(section.item, sizes), 0);
  if (total <= max || root === undefined)
    return symbolsOf(
      doc,
      sections.map((section) => section.item),
      token,
    );

  const kept = fairTrim(
    sections.map((section) => section.item),
    max - 1,
    sizes,
  );
  const leftOut: string[] = [];
  let omitted = 0;
  let firstCut: OutlineItem | undefined;
  sections.forEach((section, i) => {
    const keptItem = kept[i];
    const missing = (sizes.get(section.item) ?? 1) - (keptItem === undefined ? 0 : sizeOf(keptItem));
    if (missing <= 0) return;
    omitted += missing;
    leftOut.push(`${section.key} ${missing}`);
    firstCut ??= section.item;
  });
  const note: DocumentSymbol = {
    name: `${omitted} more ${omitted === 1 ? 'symbol' : 'symbols'} not shown`,
    detail: `the outline shows at most ${max} symbols; left out: ${leftOut.join(', ')}`,
    kind: SymbolKind.Null,
    range: rangeOfNode(doc, root),
    selectionRange: rangeOfNode(doc, firstCut?.selection ?? root),
  };
  const symbols = symbolsOf(doc, kept, token);
  return token.isCancellationRequested ? [] : [...symbols, note];
}

/** The symbols of `items`, section by section; none once `token` is cancelled. */
function symbolsOf(doc: ParsedDocument, items: readonly OutlineItem[], token: CancellationToken): DocumentSymbol[] {
  const symbols: DocumentSymbol[] = [];
  for (const item of items) {
    if (token.isCancellationRequested) return [];
    symbols.push(toSymbol(doc, item));
  }
  return symbols;
}
