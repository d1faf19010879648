/**
 * From JSON paths to places in the text, for every caller: the language server's diagnostics and plans, `dbkit
 * validate` and `dbkit plan`, the playground's plans and service answers. A path is found in whatever the caller has
 * of the document (valid text: one scan, `textScan.ts`; jsonc-parser's tree; a broken text: its tree, parsed here),
 * landing on the deepest node that exists when the path does not, on the last occurrence of a key given twice (the
 * one `JSON.parse` keeps); then an anchor says which part of that node to show.
 *
 * Light on purpose: jsonc-parser and core only, so the CLI bundles it without the language service
 * (`@dbkit/language-server/internal/locate`; docs/decisions/language-server.md, "One path locator, in the language server").
 */
import type { JsonPath } from '@dbkit/core';
import { type Node, parseTree } from 'jsonc-parser';
import type { Position, Range } from 'vscode-languageserver-types';
import { type LocatedNode, scanForPaths, scanText } from './textScan.js';

export type { LocatedNode };

/** A span of text: offset and length. */
export interface Span {
  readonly offset: number;
  readonly length: number;
}

/**
 * Which part of a located node to show:
 * - `value` (the default, as `dbkit validate` and the editor underline): a scalar itself; an object or array on one
 *   line all of it, spread over lines from the key of the property holding it to the opening bracket
 *   (`"options": {`), or the bracket alone for array items and the root;
 * - `key`: the key of the property holding the node (unknown and misspelt fields), else as `value`;
 * - `name` (the playground's squiggles): the key of a property whose value is an object or array, the first
 *   character of the root, the node itself otherwise.
 */
export type Anchor = 'value' | 'key' | 'name';

/**
 * What a caller has of a document. `tree` is walked when given; else a `valid` text (one `JSON.parse` accepted) is
 * scanned once for all the paths, without a tree; else the text is parsed into a tree here.
 */
export interface PathSource {
  readonly text: string;
  readonly valid?: boolean;
  readonly tree?: Node | undefined;
}

/** What is found for a document that has no value at all (an empty or blank text). */
const NOTHING: LocatedNode = { type: 'scalar', offset: 0, length: 0 };

/**
 * Where each path is, in one batch: the node at the path or the deepest one on the way to it, with the span of its
 * key when it is a property's value.
 *
 * @example
 * locatePaths({ text: '{"a": {"b": 1}}', valid: true }, [['a', 'b'], ['a', 'c']]);
 * // [{ type: 'scalar', offset: 12, length: 1, key: { offset: 7, length: 3 } },
 * //  { type: 'object', offset: 6, length: 8, key: { offset: 1, length: 3 } }]
 */
export function locatePaths(source: PathSource, paths: readonly JsonPath[]): LocatedNode[] {
  if (paths.length === 0) return [];
  if (source.tree === undefined && source.valid === true) return scanForPaths(source.text, paths);
  const root = 'tree' in source ? source.tree : parseTree(source.text);
  return paths.map((path) => locateInTree(root, path));
}

/** The spans to show for `paths`, each with its anchor (one for all, or one per path). */
export function spansOfPaths(
  source: PathSource,
  paths: readonly JsonPath[],
  anchors: Anchor | readonly Anchor[] = 'value',
): Span[] {
  return locatePaths(source, paths).map((node, i) =>
    spanOfLocated(source.text, node, typeof anchors === 'string' ? anchors : anchors[i]),
  );
}

/**
 * `spansOfPaths` over a valid text (one `JSON.parse` accepted), and in the same pass the spans of the values at
 * secret paths (core's `SECRET_PATHS`): every occurrence, a key given twice included, in text order. What
 * `dbkit validate` frames a document's findings with, masking the secrets; with no paths, the secrets alone.
 *
 * @example
 * validSpansAndSecrets('{"auth": {"key": "k"}, "indexConfigs": [{"key": [["f", 1]]}]}', [['auth']]);
 * // { spans: [{ offset: 9, length: 12 }], secrets: [{ offset: 17, length: 3 }] }
 */
export function validSpansAndSecrets(
  text: string,
  paths: readonly JsonPath[],
  anchors: Anchor | readonly Anchor[] = 'value',
): { spans: Span[]; secrets: Span[] } {
  const { located, secrets } = scanText(text, paths, { repeated: false, secrets: true });
  const spans = located.map((node, i) => spanOfLocated(text, node, typeof anchors === 'string' ? anchors : anchors[i]));
  return { spans, secrets };
}

/** jsonc-parser's tree walked along `path`, as `scanForPaths` reads the text: see `locatePaths`. */
function locateInTree(root: Node | undefined, path: JsonPath): LocatedNode {
  if (root === undefined) return NOTHING;
  let node = root;
  for (const segment of path) {
    let next: Node | undefined;
    if (node.type === 'object' && typeof segment === 'string') {
      // The last occurrence of a key given twice, the one JSON.parse keeps.
      for (const property of node.children ?? []) {
        if (property.children?.[0]?.value === segment) next = property.children[1];
      }
    } else if (node.type === 'array' && typeof segment === 'number') {
      next = node.children?.[segment];
    }
    if (next === undefined) break;
    node = next;
  }
  const property = node.parent?.type === 'property' && node.parent.children?.[1] === node ? node.parent : undefined;
  return locatedNode(node, property?.children?.[0]);
}

/** A node of any JSON tree (jsonc-parser's, the language server's own) as a {@link LocatedNode}, with its key. */
export function locatedNode(
  node: { readonly type: string; readonly offset: number; readonly length: number },
  key: { readonly offset: number; readonly length: number } | undefined,
): LocatedNode {
  const type = node.type === 'object' || node.type === 'array' ? node.type : 'scalar';
  return {
    type,
    offset: node.offset,
    length: node.length,
    ...(key ? { key: { offset: key.offset, length: key.length } } : {}),
  };
}

/** Whether `[from, to)` holds no line break. */
function oneLine(text: string, from: number, to: number): boolean {
  const newline = text.indexOf('\n', from);
  return newline === -1 || newline >= to;
}

/** Whether a node without a key is the document's value: nothing but white space (or a BOM) before it. */
function isRoot(text: string, node: LocatedNode): boolean {
  for (let at = node.offset - 1; at >= 0; at--) {
    const code = text.charCodeAt(at);
    if (code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09 && code !== 0xfeff) return false;
  }
  return true;
}

/** The span to show for a located node, by `anchor` (see `Anchor`). */
export function spanOfLocated(text: string, node: LocatedNode, anchor: Anchor = 'value'): Span {
  const key = node.key;
  if (anchor === 'name') {
    if (key !== undefined) return node.type === 'scalar' ? node : key;
    return isRoot(text, node) ? { offset: node.offset, length: Math.min(node.length, 1) } : node;
  }
  if (anchor === 'key' && key !== undefined) return key;
  if (node.type === 'scalar' || oneLine(text, node.offset, node.offset + node.length)) return node;
  if (key !== undefined && oneLine(text, key.offset, node.offset)) {
    return { offset: key.offset, length: node.offset + 1 - key.offset };
  }
  return { offset: node.offset, length: 1 };
}

/**
 * The ranges (0-based lines, UTF-16 characters; a line ends at `\n`) of many spans in one pass over the text's line
 * breaks (a native search per line), without building a line index: placing a few diagnostics in a freshly opened
 * 17 MB document costs a fraction of indexing every line.
 */
export function rangesOfSpans(text: string, spans: readonly Span[]): Range[] {
  const offsets = new Set<number>();
  for (const span of spans) {
    offsets.add(span.offset);
    offsets.add(span.offset + span.length);
  }
  const sorted = [...offsets].sort((a, b) => a - b);
  const positions = new Map<number, Position>();
  let line = 0;
  let lineStart = 0;
  let nextBreak = text.indexOf('\n');
  for (const offset of sorted) {
    const clamped = Math.min(Math.max(offset, 0), text.length);
    while (nextBreak !== -1 && nextBreak < clamped) {
      line++;
      lineStart = nextBreak + 1;
      nextBreak = text.indexOf('\n', lineStart);
    }
    positions.set(offset, { line, character: clamped - lineStart });
  }
  return spans.map((span) => ({ start: positions.get(span.offset)!, end: positions.get(span.offset + span.length)! }));
}
