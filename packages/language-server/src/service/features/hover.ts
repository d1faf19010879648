/**
 * Hover: what the field under the cursor is (the schema's description, type, required or optional, default,
 * limits, deprecation) and, on a name or a reference to one, what it names: the process, database version,
 * replica set or sharded cluster in a few lines, or, for a reference to nothing, the names it could be.
 *
 * The schema facts come from vscode-json-languageservice's matching schemas (its own hover shows the
 * description only); the rest is the reference graph. A secret (by its path: `auth.key`, not an index's `key`) is
 * described, and its value is never shown. Markdown when the client renders it, plain text otherwise.
 */
import type { ASTNode, MarkedString } from 'vscode-json-languageservice';
import type { Hover, MarkupContent, Position } from 'vscode-languageserver-types';
import type { CancellationToken } from '../cancellation.js';
import type { ParsedDocument } from '../document.js';
import type { FeatureContext } from '../featureContext.js';
import { isSecretNode, nodeValue, sameNode } from '../jsonAst.js';
import { rangeOfNode } from '../positions.js';
import { occurrenceAt } from '../references/graph.js';
import type { Occurrence } from '../references/sites.js';
import { factsSections } from './hover/facts.js';
import { type Markup, markup } from './hover/markup.js';
import {
  type FieldFacts,
  fieldFacts,
  itemSchemas,
  matchingSchemasAt,
  propertySchemas,
  schemasOf,
} from './hover/schemas.js';
import { declarationNotes, summaryLines, unresolvedLines } from './hover/summary.js';

/** The field a hovered node belongs to. */
interface HoveredField {
  /** The key, or `key[]` for an array item. */
  readonly title: string | undefined;
  readonly facts: FieldFacts;
  /** The hovered scalar value, for the description of an enum value. */
  readonly value: unknown;
}

function isScalar(node: ASTNode | undefined): boolean {
  return node !== undefined && node.type !== 'object' && node.type !== 'array' && node.type !== 'property';
}

async function fieldAt(doc: ParsedDocument, node: ASTNode, context: FeatureContext): Promise<HoveredField | undefined> {
  const parent = node.parent;
  if (parent?.type === 'property') {
    const key = parent.keyNode.value;
    const valueNode = parent.valueNode;
    const object = parent.parent;
    const matching = await matchingSchemasAt(doc, context, valueNode?.offset ?? parent.keyNode.offset);
    const parentSchemas = schemasOf(matching, object);
    const valueSchemas = schemasOf(matching, valueNode);
    const own = propertySchemas(parentSchemas, key);
    const facts = fieldFacts(own.length > 0 ? own : valueSchemas, valueSchemas, key, parentSchemas);
    const value = sameNode(node, valueNode) && isScalar(node) ? nodeValue(node) : undefined;
    return { title: key, facts, value };
  }
  if (parent?.type === 'array') {
    const index = parent.items.findIndex((item) => sameNode(item, node));
    const holder = parent.parent?.type === 'property' ? parent.parent.keyNode.value : undefined;
    const matching = await matchingSchemasAt(doc, context, node.offset);
    const valueSchemas = schemasOf(matching, node);
    const own = itemSchemas(schemasOf(matching, parent), index);
    const facts = fieldFacts(own.length > 0 ? own : valueSchemas, valueSchemas, undefined, undefined);
    return {
      title: holder === undefined ? undefined : `${holder}[${index}]`,
      facts,
      value: isScalar(node) ? nodeValue(node) : undefined,
    };
  }
  return undefined;
}

/** The summary of what an occurrence names, or of the nothing it names. */
function occurrenceSections(doc: ParsedDocument, occurrence: Occurrence, m: Markup): string[] {
  if (occurrence.role === 'declaration') {
    return [m.lines(summaryLines(doc, occurrence, m)), m.lines(declarationNotes(doc, occurrence, m))];
  }
  if (occurrence.target === undefined) return [m.lines(unresolvedLines(doc, occurrence, m))];
  return [m.lines(summaryLines(doc, occurrence.target, m))];
}

/** vscode-json-languageservice's hover contents (Markdown strings) as one MarkupContent of the client's kind. */
function toMarkup(contents: Hover['contents'], m: Markup): MarkupContent {
  const parts = (Array.isArray(contents) ? contents : [contents]) as (MarkedString | MarkupContent)[];
  const texts = parts.map((part) => (typeof part === 'string' ? part : part.value));
  return m.content(m.fromMarkdown(texts.filter((text) => text.length > 0).join('\n\n')));
}

/** What is under `position` (at `offset` in the text); null when nothing is, or once `token` is cancelled. */
export async function getHover(
  doc: ParsedDocument,
  position: Position,
  offset: number,
  context: FeatureContext,
  token: CancellationToken,
): Promise<Hover | null> {
  if (token.isCancellationRequested) return null;
  const node = doc.json.getNodeFromOffset(offset);
  if (node === undefined) return null;
  // Inside an object or an array, between its values: nothing in particular is under the cursor.
  if (
    (node.type === 'object' || node.type === 'array') &&
    offset > node.offset &&
    offset < node.offset + node.length - 1
  ) {
    return null;
  }
  const m = markup(context.markdown);
  const hovered = node.type === 'property' ? node.keyNode : node;
  const field = await fieldAt(doc, hovered, context);
  if (token.isCancellationRequested) return null;
  if (field === undefined) {
    const fallback = await context.json.doHover(doc.textDocument, position, doc.json);
    return fallback === null || token.isCancellationRequested
      ? null
      : { ...fallback, contents: toMarkup(fallback.contents, m) };
  }
  const secret = isSecretNode(hovered);
  const sections: string[] = [];
  const occurrence = secret ? undefined : occurrenceAt(doc.references, offset);
  if (occurrence !== undefined && sameNode(occurrence.node, hovered)) {
    sections.push(...occurrenceSections(doc, occurrence, m));
    if (m.rule.length > 0) sections.push(m.rule);
  }
  sections.push(
    ...factsSections(field.facts, m, { title: field.title, value: secret ? undefined : field.value, secret }),
  );
  if (sections.length === 0) return null;
  return { contents: m.content(m.paragraphs(sections)), range: rangeOfNode(doc, hovered) };
}
