/**
 * Where a completion is asked, read from the text with jsonc-parser's `getLocation` (robust while the user types:
 * it scans tokens, so an unterminated string or a missing value still gives a path): the JSON path, whether the
 * cursor is on a property key or a value, which reference site that is (a member's `host`, a balancer key…),
 * the span a proposal replaces, and the comma it needs after it.
 */
import type { JsonPath } from '@dbkit/core';
import { createScanner, getLocation, type Location } from 'jsonc-parser';
import type { ReferenceSite } from '../../references/sites.js';

// jsonc-parser's SyntaxKind and ScanError are `const enum`s, which isolated modules cannot read: their values.
const COMMA = 5;
const COLON = 6;
const CLOSE_BRACE = 2;
const CLOSE_BRACKET = 4;
const EOF = 17;
const UNEXPECTED_END_OF_STRING = 2;
const LINE_COMMENT = 12;
const BLOCK_COMMENT = 13;

/** `#` stands for any array index, `*` for any property key. */
type Pattern = readonly (string | '#' | '*')[];

/** The fields whose value names a declaration (the reference graph's value sites), as path patterns. */
export const VALUE_SITES: readonly { readonly site: ReferenceSite; readonly pattern: Pattern }[] = [
  { site: 'memberHost', pattern: ['replicaSets', '#', 'members', '#', 'host'] },
  { site: 'processVersion', pattern: ['processes', '#', 'version'] },
  { site: 'routerCluster', pattern: ['processes', '#', 'cluster'] },
  { site: 'replSetName', pattern: ['processes', '#', 'args2_6', 'replication', 'replSetName'] },
  { site: 'shardReplicaSet', pattern: ['sharding', '#', 'shards', '#', 'rs'] },
  { site: 'configServerReplicaSet', pattern: ['sharding', '#', 'configServerReplica'] },
  { site: 'configServerProcess', pattern: ['sharding', '#', 'configServer', '#'] },
  { site: 'indexReplicaSet', pattern: ['indexConfigs', '#', 'rsName'] },
];

/** The objects whose keys name a declaration. */
export const KEY_SITES: readonly { readonly site: ReferenceSite; readonly pattern: Pattern }[] = [
  { site: 'balancerCluster', pattern: ['balancer', '*'] },
  { site: 'clusterWideKey', pattern: ['clusterWideConfigurations', '*'] },
];

function matches(path: JsonPath, pattern: Pattern): boolean {
  if (path.length !== pattern.length) return false;
  return pattern.every((segment, i) => {
    const actual = path[i];
    if (segment === '#') return typeof actual === 'number';
    if (segment === '*') return typeof actual === 'string';
    return actual === segment;
  });
}

/** The reference site whose value is at `path`, if any. */
export function valueSiteAt(path: JsonPath): ReferenceSite | undefined {
  return VALUE_SITES.find((entry) => matches(path, entry.pattern))?.site;
}

function keySiteAt(path: JsonPath): ReferenceSite | undefined {
  return KEY_SITES.find((entry) => matches(path, entry.pattern))?.site;
}

export interface CompletionCursor {
  readonly offset: number;
  /** The JSON path at the cursor: the value's path, or, on a key, the object's path plus the key typed so far. */
  readonly path: JsonPath;
  /** On a property key (or where one would go in an object), rather than on a value. */
  readonly atKey: boolean;
  /** The reference site at the cursor, if it is one. */
  readonly site: ReferenceSite | undefined;
  /** The span a proposal replaces: the string (or word) under the cursor, or an empty span at the cursor. */
  readonly start: number;
  readonly end: number;
  /** Whether something (a string, a word) is under the cursor already. */
  readonly typed: boolean;
  /**
   * Right after a whole value: its closing quote, or the last character of a number, `true`, `false` or `null`
   * (where clicking a problem leaves the cursor, the value selected). The span is that value.
   */
  readonly atValueEnd: boolean;
  /** On a key: whether the property still needs its `: value` (no colon follows the key). */
  readonly addValue: boolean;
  /** `,` when a value or property follows the insertion without a comma. */
  readonly separatorAfter: string;
}

/** The next token after `offset`, skipping whitespace and comments. */
function nextToken(text: string, offset: number): number {
  const scanner = createScanner(text, true);
  scanner.setPosition(offset);
  return scanner.scan();
}

/** `,` unless what follows `offset` ends the container, is a comma, or is the end of the text. */
export function separatorAfter(text: string, offset: number): string {
  const token = nextToken(text, offset);
  return token === COMMA || token === CLOSE_BRACE || token === CLOSE_BRACKET || token === EOF ? '' : ',';
}

/** Whether the string token at `offset` runs to the end of its line without a closing quote. */
function isUnterminated(text: string, offset: number): boolean {
  const scanner = createScanner(text, false);
  scanner.setPosition(offset);
  scanner.scan();
  return scanner.getTokenError() === UNEXPECTED_END_OF_STRING;
}

const WORD_BREAK = ' \t\n\r\v":{[,]}';

/**
 * The span a proposal replaces, and whether something is typed there: the literal under the cursor (up to the
 * cursor when it is a string without its closing quote), else the unquoted word around the cursor (what a user
 * types before adding quotes). `whole` when the span is a complete literal, closing quote included.
 */
function replacedSpan(
  text: string,
  offset: number,
  literal: { readonly offset: number; readonly length: number } | undefined,
): { start: number; end: number; typed: boolean; whole: boolean } {
  if (literal !== undefined) {
    // Only a string token can end unterminated, so other literals keep their own length.
    const unterminated = isUnterminated(text, literal.offset);
    const end = unterminated ? offset : literal.offset + literal.length;
    return { start: literal.offset, end, typed: true, whole: !unterminated };
  }
  let start = offset;
  while (start > 0 && !WORD_BREAK.includes(text.charAt(start - 1))) start--;
  let end = offset;
  while (end < text.length && !WORD_BREAK.includes(text.charAt(end))) end++;
  return { start, end, typed: end > start, whole: false };
}

/** Whether `offset` is inside a comment, scanning from `start` (a node before it), as vscode-json-languageservice does. */
export function isInComment(text: string, start: number, offset: number): boolean {
  const scanner = createScanner(text, false);
  scanner.setPosition(start);
  let token = scanner.scan();
  while (token !== EOF && scanner.getTokenOffset() + scanner.getTokenLength() < offset) token = scanner.scan();
  return (token === LINE_COMMENT || token === BLOCK_COMMENT) && scanner.getTokenOffset() <= offset;
}

/** How far past the anchor's container the cursor's window reaches (what follows a value decides its comma). */
export const WINDOW_MARGIN = 4096;

/** A container whose start and path are known (from the tree): the cursor is read from there, not from offset 0. */
export interface CursorAnchor {
  readonly offset: number;
  readonly path: JsonPath;
}

/**
 * jsonc-parser's location at `offset`, scanning from `anchor` (an object or array enclosing the cursor) instead of
 * from the start of the text: in a 17 MB document a cursor near the end costs a scan of its process, not of
 * everything before it.
 */
function locationFrom(text: string, offset: number, anchor: CursorAnchor | undefined): Location {
  if (anchor === undefined) return getLocation(text, offset);
  const local = getLocation(anchor.offset === 0 ? text : text.slice(anchor.offset), offset - anchor.offset);
  const previous = local.previousNode;
  const path = [...anchor.path, ...local.path];
  const shift = (node: NonNullable<Location['previousNode']>): NonNullable<Location['previousNode']> => ({
    ...node,
    offset: node.offset + anchor.offset,
    ...(node.colonOffset !== undefined ? { colonOffset: node.colonOffset + anchor.offset } : {}),
  });
  return {
    isAtPropertyKey: local.isAtPropertyKey,
    path,
    ...(previous === undefined ? {} : { previousNode: shift(previous) }),
    matches: (pattern) => pattern.length === path.length && pattern.every((p, i) => p === '*' || p === path[i]),
  };
}

/**
 * The cursor at `offset`. `text` may be a window of the document that starts at `base` (the anchor's container,
 * read without building a large document's whole text); offsets in and out are the document's.
 */
export function completionCursor(text: string, offset: number, anchor?: CursorAnchor, base = 0): CompletionCursor {
  if (base === 0) return readCursor(text, offset, anchor);
  const local = readCursor(text, offset - base, anchor && { offset: anchor.offset - base, path: anchor.path });
  return { ...local, offset, start: local.start + base, end: local.end + base };
}

function readCursor(text: string, offset: number, anchor: CursorAnchor | undefined): CompletionCursor {
  const location: Location = locationFrom(text, offset, anchor);
  const path: JsonPath = location.path;
  const previous = location.previousNode;
  if (location.isAtPropertyKey) {
    const onKey = previous?.type === 'property' || previous?.type === 'string';
    const { start, end, typed } = replacedSpan(text, offset, onKey ? previous : undefined);
    const addValue = nextToken(text, end) !== COLON;
    return {
      offset,
      path,
      atKey: true,
      site: keySiteAt(path),
      start,
      end,
      typed,
      atValueEnd: false,
      addValue,
      separatorAfter: addValue ? separatorAfter(text, end) : '',
    };
  }
  const literal =
    previous !== undefined && previous.type !== 'object' && previous.type !== 'array' && previous.type !== 'property';
  if (literal && offset > previous.offset + previous.length) {
    // After a complete value (`"host": "a" |`): a name here would be a second value.
    return {
      offset,
      path,
      atKey: false,
      site: undefined,
      start: offset,
      end: offset,
      typed: false,
      atValueEnd: false,
      addValue: false,
      separatorAfter: '',
    };
  }
  const { start, end, typed, whole } = replacedSpan(text, offset, literal ? previous : undefined);
  return {
    offset,
    path,
    atKey: false,
    site: valueSiteAt(path),
    start,
    end,
    typed,
    atValueEnd: whole && offset === end,
    addValue: false,
    separatorAfter: separatorAfter(text, end),
  };
}
