/**
 * A `CompactTree` straight from valid JSON text, in one pass and without a node object or a token: the tree
 * vscode-json-languageservice's parser makes of the same text (same nodes, same offsets), and the keys it reports as
 * given twice. Only for text `JSON.parse` accepted (no byte order mark): the pass trusts the syntax. Broken text
 * goes through vscode-json-languageservice's parser and `CompactTree.adopt`.
 */
import {
  BACKSLASH,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  LOWER_F,
  LOWER_N,
  LOWER_T,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
  SPACE,
} from '../charCodes.js';
import { CompactTree, NONE, NodeKind, type TextSlice } from './compactTree.js';

/** Objects with more keys than this look for a repeated key in a map of their keys instead of their siblings. */
const LINEAR_KEYS = 24;

export interface ValidBuild {
  readonly tree: CompactTree;
  /**
   * The keys given twice, as vscode-json-languageservice reports them ("Duplicate object key"): `[start, end)` of
   * each key, flattened, in its order (each repeat, then the first occurrence when it is the first repeat).
   */
  readonly repeatedKeys: readonly number[];
}

/** Offset of the quote that closes the string opened at `open`. */
function closingQuote(text: string, open: number): number {
  let quote = text.indexOf('"', open + 1);
  while (quote !== -1 && text.charCodeAt(quote - 1) === BACKSLASH) {
    let backslashes = 1;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) break;
    quote = text.indexOf('"', quote + 1);
  }
  return quote === -1 ? text.length - 1 : quote;
}

/** Offset just after the number or literal starting at `at`. */
function scalarEnd(text: string, at: number): number {
  const n = text.length;
  let i = at + 1;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || c <= SPACE) break;
    i++;
  }
  return i;
}

/** A build in slices: the tree of a large document is built while the user reads, without holding up a keystroke. */
export interface ValidBuilder {
  /**
   * Builds on until `performance.now()` reaches `deadline` (by default, to the end): the finished build, or
   * undefined when there is more to do. The builder reads only the text it was given.
   */
  run(deadline?: number): ValidBuild | undefined;
  /** How many characters are still to be read. */
  remaining(): number;
}

/** Characters read between two looks at the clock, when `run` has a deadline. */
const CLOCK_EVERY = 8192;

/** The whole build in one call. */
export function buildValid(text: string, slice?: TextSlice): ValidBuild {
  return startValidBuild(text, slice).run()!;
}

export function startValidBuild(text: string, slice: TextSlice = (start, end) => text.slice(start, end)): ValidBuilder {
  const n = text.length;
  // Fewer than one slot per 10 characters in pretty-printed configs: room for one per 10, so
  // the arrays are not grown (a grown array's old copy stays in the process's memory).
  const tree = new CompactTree(slice, Math.max(64, Math.ceil(n / 10)));
  const repeatedKeys: number[] = [];
  // The open containers, innermost last: the slot, its last child so far, its number of children, and for large
  // objects a map from key atom to its first property (or NONE once reported).
  let open = new Int32Array(64);
  let lastChild = new Int32Array(64);
  let childCount = new Int32Array(64);
  const keyMaps: (Map<number, number> | undefined)[] = [];
  let depth = 0;
  // The property whose value comes next; NONE in an array or before the root.
  let pendingProperty = NONE;
  let nextBackslash = -2;
  const slash = tree.atom('//');
  let position = 0;
  let built: ValidBuild | undefined;
  return { run, remaining: () => n - position };

  function run(deadline = Number.POSITIVE_INFINITY): ValidBuild | undefined {
    if (built !== undefined) return built;
    const timed = deadline !== Number.POSITIVE_INFINITY;
    let i = position;
    let checkAt = i + CLOCK_EVERY;
    while (i < n) {
      if (timed && i >= checkAt) {
        if (performance.now() >= deadline) {
          position = i;
          return undefined;
        }
        checkAt = i + CLOCK_EVERY;
      }
      const c = text.charCodeAt(i);
      if (c === COMMA && tree.kind[open[depth - 1]!] === NodeKind.object) {
        // In an object, a comma is followed by the next key: in valid JSON only whitespace comes before its quote,
        // so a native search skips the indentation (most of a pretty-printed text's characters).
        i = text.indexOf('"', i + 1);
        continue;
      }
      if (c <= SPACE || c === COMMA) {
        i++;
        while (text.charCodeAt(i) === SPACE) i++;
        continue;
      }
      if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        depth--;
        const container = open[depth]!;
        tree.length[container] = i + 1 - tree.offset[container]!;
        keyMaps[depth] = undefined;
        const holder = tree.parent[container]!;
        if (holder !== NONE && tree.kind[holder] === NodeKind.property) {
          tree.length[holder] = i + 1 - tree.offset[holder]!;
        }
        i++;
        continue;
      }
      if (c === QUOTE) {
        const close = closingQuote(text, i);
        let after = close + 1;
        while (after < n && text.charCodeAt(after) <= SPACE) after++;
        if (text.charCodeAt(after) === COLON) {
          // A key: its property is a child of the innermost object; the value follows.
          if (nextBackslash !== -1 && nextBackslash < i) nextBackslash = text.indexOf('\\', i);
          const name =
            nextBackslash !== -1 && nextBackslash < close
              ? (JSON.parse(text.slice(i, close + 1)) as string)
              : text.slice(i + 1, close);
          const object = open[depth - 1]!;
          const atom = tree.atom(name);
          const property = tree.alloc(NodeKind.property, i, after + 1 - i, object);
          tree.setKey(property, atom, close + 1 - i, after - i);
          if (atom !== slash) {
            findRepeat(tree, keyMaps, open, childCount[depth - 1]!, depth - 1, property, atom, repeatedKeys);
          }
          link(property, depth - 1);
          pendingProperty = property;
          i = after + 1;
          continue;
        }
        const node = value(NodeKind.string, i, close + 1 - i);
        settle(node, close + 1);
        i = close + 1;
        continue;
      }
      if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        const node = value(c === OPEN_BRACE ? NodeKind.object : NodeKind.array, i, 1);
        if (depth === open.length) {
          open = grow(open, depth * 2);
          lastChild = grow(lastChild, depth * 2);
          childCount = grow(childCount, depth * 2);
        }
        open[depth] = node;
        lastChild[depth] = NONE;
        childCount[depth] = 0;
        depth++;
        pendingProperty = NONE;
        i++;
        continue;
      }
      const end = scalarEnd(text, i);
      const kind = c === LOWER_T || c === LOWER_F ? NodeKind.boolean : c === LOWER_N ? NodeKind.null : NodeKind.number;
      const node = value(kind, i, end - i);
      if (kind === NodeKind.boolean) tree.aux[node] = c === LOWER_T ? 1 : 0;
      settle(node, end);
      i = end;
    }
    position = n;
    built = { tree, repeatedKeys };
    return built;
  }

  /** A new value node: the pending property's value, an array's item, or the root. */
  function value(kind: NodeKind, offset: number, length: number): number {
    if (pendingProperty !== NONE) {
      const property = pendingProperty;
      pendingProperty = NONE;
      const node = tree.alloc(kind, offset, length, property);
      tree.first[property] = node;
      return node;
    }
    if (depth === 0) {
      const node = tree.alloc(kind, offset, length, NONE);
      tree.root = node;
      return node;
    }
    const node = tree.alloc(kind, offset, length, open[depth - 1]!);
    link(node, depth - 1);
    return node;
  }

  /** A scalar ends at `end`: so does the property it is the value of. */
  function settle(node: number, end: number): void {
    const holder = tree.parent[node]!;
    if (holder !== NONE && tree.kind[holder] === NodeKind.property) tree.length[holder] = end - tree.offset[holder]!;
  }

  /** Appends `node` to the children of the container open at `level`. */
  function link(node: number, level: number): void {
    const last = lastChild[level]!;
    if (last === NONE) tree.first[open[level]!] = node;
    else tree.next[last] = node;
    lastChild[level] = node;
    childCount[level]!++;
  }
}

function grow(from: Int32Array, capacity: number): Int32Array<ArrayBuffer> {
  const to = new Int32Array(capacity);
  to.set(from);
  return to;
}

/**
 * Records the key of `property` (named `atom`, the next property of the object open at `level`, which has `siblings`
 * properties so far) when an earlier property has the same name: the repeat, then the first occurrence if this is
 * its first repeat, as vscode-json-languageservice's parser reports them.
 */
function findRepeat(
  tree: CompactTree,
  keyMaps: (Map<number, number> | undefined)[],
  open: Int32Array,
  siblings: number,
  level: number,
  property: number,
  atom: number,
  out: number[],
): void {
  if (siblings === 0) return;
  const object = open[level]!;
  const report = (at: number) => out.push(tree.offset[at]!, tree.offset[at]! + tree.keyLength(at));
  if (siblings < LINEAR_KEYS) {
    let firstSeen = NONE;
    let seen = 0;
    for (let earlier = tree.first[object]!; earlier !== NONE; earlier = tree.next[earlier]!) {
      if (tree.keyAtom(earlier) !== atom) continue;
      if (seen === 0) firstSeen = earlier;
      seen++;
    }
    if (seen === 0) return;
    report(property);
    if (seen === 1) report(firstSeen);
    return;
  }
  let map = keyMaps[level];
  if (map === undefined) {
    map = new Map();
    for (let earlier = tree.first[object]!; earlier !== NONE; earlier = tree.next[earlier]!) {
      const name = tree.keyAtom(earlier);
      map.set(name, map.has(name) ? NONE : earlier);
    }
    keyMaps[level] = map;
  }
  const earlier = map.get(atom);
  if (earlier !== undefined) {
    report(property);
    if (earlier !== NONE) report(earlier);
    map.set(atom, NONE);
  } else {
    map.set(atom, property);
  }
}
