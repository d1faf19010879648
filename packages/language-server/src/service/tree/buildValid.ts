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

/** A build between two slices: the tree so far, and where the pass is in the text. */
interface BuildState {
  readonly text: string;
  readonly tree: CompactTree;
  readonly repeatedKeys: number[];
  // The open containers, innermost last: the slot, its last child so far, its number of children, and for large
  // objects a map from key atom to its first property (or NONE once reported).
  open: Int32Array;
  lastChild: Int32Array;
  childCount: Int32Array;
  readonly keyMaps: (Map<number, number> | undefined)[];
  depth: number;
  /** The property whose value comes next; NONE in an array or before the root. */
  pendingProperty: number;
  /** The next backslash at or after the last key read (-1 when none is left; -2 before the first look). */
  nextBackslash: number;
  /** The atom of `//`, a key never reported as given twice. */
  readonly slash: number;
  /** Where the next slice starts. */
  position: number;
  built: ValidBuild | undefined;
}

export function startValidBuild(text: string, slice: TextSlice = (start, end) => text.slice(start, end)): ValidBuilder {
  // Fewer than one slot per 10 characters in pretty-printed configs: room for one per 10, so
  // the arrays are not grown (a grown array's old copy stays in the process's memory).
  const tree = new CompactTree(slice, Math.max(64, Math.ceil(text.length / 10)));
  const state: BuildState = {
    text,
    tree,
    repeatedKeys: [],
    open: new Int32Array(64),
    lastChild: new Int32Array(64),
    childCount: new Int32Array(64),
    keyMaps: [],
    depth: 0,
    pendingProperty: NONE,
    nextBackslash: -2,
    slash: tree.atom('//'),
    position: 0,
    built: undefined,
  };
  return { run: (deadline) => runSlice(state, deadline), remaining: () => text.length - state.position };
}

/** Reads tokens into nodes until the end of the text, or until `performance.now()` reaches `deadline`. */
function runSlice(state: BuildState, deadline = Number.POSITIVE_INFINITY): ValidBuild | undefined {
  if (state.built !== undefined) return state.built;
  const { text, tree } = state;
  const n = text.length;
  const timed = deadline !== Number.POSITIVE_INFINITY;
  let i = state.position;
  let checkAt = i + CLOCK_EVERY;
  while (i < n) {
    if (timed && i >= checkAt) {
      if (performance.now() >= deadline) {
        state.position = i;
        return undefined;
      }
      checkAt = i + CLOCK_EVERY;
    }
    const c = text.charCodeAt(i);
    if (c === COMMA && tree.kind[state.open[state.depth - 1]!] === NodeKind.object) {
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
      closeContainer(state, i);
      i++;
      continue;
    }
    if (c === QUOTE) {
      const close = closingQuote(text, i);
      let after = close + 1;
      while (after < n && text.charCodeAt(after) <= SPACE) after++;
      if (text.charCodeAt(after) === COLON) {
        addProperty(state, i, close, after);
        i = after + 1;
        continue;
      }
      const node = addValue(state, NodeKind.string, i, close + 1 - i);
      settle(tree, node, close + 1);
      i = close + 1;
      continue;
    }
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      openContainer(state, c === OPEN_BRACE ? NodeKind.object : NodeKind.array, i);
      i++;
      continue;
    }
    const end = scalarEnd(text, i);
    const kind = c === LOWER_T || c === LOWER_F ? NodeKind.boolean : c === LOWER_N ? NodeKind.null : NodeKind.number;
    const node = addValue(state, kind, i, end - i);
    if (kind === NodeKind.boolean) tree.aux[node] = c === LOWER_T ? 1 : 0;
    settle(tree, node, end);
    i = end;
  }
  state.position = n;
  state.built = { tree, repeatedKeys: state.repeatedKeys };
  return state.built;
}

/** An object or array opens at `offset`: a new value, and the innermost open container. */
function openContainer(state: BuildState, kind: NodeKind, offset: number): void {
  const node = addValue(state, kind, offset, 1);
  const { depth } = state;
  if (depth === state.open.length) {
    state.open = grow(state.open, depth * 2);
    state.lastChild = grow(state.lastChild, depth * 2);
    state.childCount = grow(state.childCount, depth * 2);
  }
  state.open[depth] = node;
  state.lastChild[depth] = NONE;
  state.childCount[depth] = 0;
  state.depth = depth + 1;
  state.pendingProperty = NONE;
}

/** The innermost open container closes at `at`: so does the property it is the value of. */
function closeContainer(state: BuildState, at: number): void {
  const { tree } = state;
  const depth = --state.depth;
  const container = state.open[depth]!;
  tree.length[container] = at + 1 - tree.offset[container]!;
  state.keyMaps[depth] = undefined;
  const holder = tree.parent[container]!;
  if (holder !== NONE && tree.kind[holder] === NodeKind.property) {
    tree.length[holder] = at + 1 - tree.offset[holder]!;
  }
}

/**
 * A key, its quotes at `start` and `close`, its colon at `colon`: its property is a child of the innermost object;
 * the value follows.
 */
function addProperty(state: BuildState, start: number, close: number, colon: number): void {
  const { text, tree, depth } = state;
  if (state.nextBackslash !== -1 && state.nextBackslash < start) state.nextBackslash = text.indexOf('\\', start);
  const name =
    state.nextBackslash !== -1 && state.nextBackslash < close
      ? (JSON.parse(text.slice(start, close + 1)) as string)
      : text.slice(start + 1, close);
  const object = state.open[depth - 1]!;
  const atom = tree.atom(name);
  const property = tree.alloc(NodeKind.property, start, colon + 1 - start, object);
  tree.setKey(property, atom, close + 1 - start, colon - start);
  if (atom !== state.slash) {
    findRepeat(
      tree,
      state.keyMaps,
      state.open,
      state.childCount[depth - 1]!,
      depth - 1,
      property,
      atom,
      state.repeatedKeys,
    );
  }
  link(state, property, depth - 1);
  state.pendingProperty = property;
}

/** A new value node: the pending property's value, an array's item, or the root. */
function addValue(state: BuildState, kind: NodeKind, offset: number, length: number): number {
  const { tree } = state;
  if (state.pendingProperty !== NONE) {
    const property = state.pendingProperty;
    state.pendingProperty = NONE;
    const node = tree.alloc(kind, offset, length, property);
    tree.first[property] = node;
    return node;
  }
  if (state.depth === 0) {
    const node = tree.alloc(kind, offset, length, NONE);
    tree.root = node;
    return node;
  }
  const node = tree.alloc(kind, offset, length, state.open[state.depth - 1]!);
  link(state, node, state.depth - 1);
  return node;
}

/** A scalar ends at `end`: so does the property it is the value of. */
function settle(tree: CompactTree, node: number, end: number): void {
  const holder = tree.parent[node]!;
  if (holder !== NONE && tree.kind[holder] === NodeKind.property) tree.length[holder] = end - tree.offset[holder]!;
}

/** Appends `node` to the children of the container open at `level`. */
function link(state: BuildState, node: number, level: number): void {
  const last = state.lastChild[level]!;
  if (last === NONE) state.tree.first[state.open[level]!] = node;
  else state.tree.next[last] = node;
  state.lastChild[level] = node;
  state.childCount[level]!++;
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
