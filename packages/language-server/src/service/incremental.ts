/**
 * Incremental reparsing: after an edit, only the smallest object or array that encloses it is parsed again, and
 * the new subtree replaces the old one in the previous version's tree; every node after the edit moves by the
 * edit's length. A keystroke in a 17 MB document reparses one process or one member, not the document.
 *
 * Broken text too: editing is full of transient syntax errors (a deleted value, a quote not closed yet), and a
 * keystroke in a broken 17 MB document must not parse it all again. The new document's syntax errors and comments
 * are the previous ones outside the container (those after it moved by the edit's length) with the container's
 * own in their place, exactly what a full parse reports (see `reparseIncrementally` for why, and when it holds).
 * Otherwise the caller parses the whole text.
 */
import type {
  Diagnostic,
  JSONDocument,
  LanguageService as JsonLanguageService,
  Range,
} from 'vscode-json-languageservice';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { rangesOfSpans } from './locate.js';
import { forgetUpwards } from './memo.js';
import { startValidBuild, type ValidBuild } from './tree/buildValid.js';
import { CompactTree, NONE, NodeKind, type TextSlice } from './tree/compactTree.js';
import { nodeOf } from './tree/nodes.js';

/** One edit in the previous version's offsets: `[start, end)` replaced by `newLength` characters. */
export interface TextChange {
  readonly start: number;
  readonly end: number;
  readonly newLength: number;
  /**
   * The text `[start, end)` held before the change, when the caller kept it (the server does for short changes):
   * completion before the tree trusts a replacement or a deletion inside a string only when it knows what went.
   */
  readonly removed?: string;
}

/** vscode-json-languageservice's document keeps its syntax errors and comments on the object. */
interface JsonDocumentInternals extends JSONDocument {
  readonly syntaxErrors?: readonly Diagnostic[];
  readonly comments?: readonly Range[];
}

/**
 * A version's tree with its syntax errors and comments, and where these lie in offsets (`[start, end)` pairs
 * flattened, in the same order): positions cannot be moved across an edit without the previous text (the text model
 * is edited in place), offsets can. The tree is updated in place by the next edit; the lists are the version's own.
 */
export interface DocumentTree {
  readonly tree: CompactTree;
  readonly syntaxErrors: readonly Diagnostic[];
  readonly comments: readonly Range[];
  readonly errorSpans: readonly number[];
  readonly commentSpans: readonly number[];
}

/** vscode-json-languageservice's document over a tree: what its completion, hover and selection ranges take. */
export function jsonDocumentOf(state: DocumentTree, json: JsonLanguageService): JSONDocument {
  const { tree } = state;
  return json.newJSONDocument(nodeOf(tree, tree.root)!, [...state.syntaxErrors], [...state.comments]);
}

/**
 * The whole text parsed, in slices when asked: valid JSON (`validJson`, no byte order mark) is read straight into the
 * compact tree (`buildValid`) a slice at a time until a deadline, so the warm-up does not hold up a keystroke; anything
 * else goes through vscode-json-languageservice's parser in one step, its tree copied into the compact one. It reads only `text`: when the
 * document is edited meanwhile, finishing it gives the tree of the version it started from, which the edit then
 * updates incrementally.
 */
export interface FullParse {
  /** Parses on until `performance.now()` reaches `deadline` (by default, to the end); undefined when not done. */
  run(deadline?: number): DocumentTree | undefined;
  /** About how many characters are still to be read (0 once the tree is built). */
  remaining(): number;
}

export function startFullParse(
  document: TextDocument,
  json: JsonLanguageService,
  text: string,
  validJson: boolean,
  slice: TextSlice,
): FullParse {
  // A byte order mark reads as white space (vscode-json-languageservice's parser rejects it: the whole document would
  // be one syntax error); offsets and positions are kept. Incremental reparses never start at offset 0.
  const marked = text.charCodeAt(0) === 0xfeff;
  if (!validJson) {
    let parsed: DocumentTree | undefined;
    return {
      run: () => (parsed ??= parseBroken(document, json, text, marked, slice)),
      remaining: () => (parsed === undefined ? text.length : 0),
    };
  }
  const read = marked ? ` ${text.slice(1)}` : text;
  const builder = startValidBuild(read, slice);
  let parsed: DocumentTree | undefined;
  return {
    run(deadline) {
      if (parsed !== undefined) return parsed;
      const built = builder.run(deadline);
      if (built === undefined) return undefined;
      parsed = finishValid(document, read, built);
      return parsed;
    },
    remaining: () => (parsed === undefined ? builder.remaining() : 0),
  };
}

/** A valid text's build, with the keys given twice as vscode-json-languageservice reports them (not fitted: `warmUp.ts`). */
function finishValid(document: TextDocument, text: string, { tree, repeatedKeys }: ValidBuild): DocumentTree {
  const syntaxErrors: Diagnostic[] = [];
  if (repeatedKeys.length > 0) {
    // Placed in the text that was read: the document may have been edited since the parse started.
    const spans = [];
    for (let i = 0; i < repeatedKeys.length; i += 2) {
      spans.push({ offset: repeatedKeys[i]!, length: repeatedKeys[i + 1]! - repeatedKeys[i]! });
    }
    for (const range of rangesOfSpans(text, spans)) {
      syntaxErrors.push({
        range,
        message: 'Duplicate object key',
        severity: 2, // DiagnosticSeverity.Warning (the package's CommonJS re-exports are not named exports in Node)
        code: 520, // vscode-json-languageservice's ErrorCode.DuplicateKey
        source: document.languageId,
      });
    }
  }
  return { tree, syntaxErrors, comments: [], errorSpans: repeatedKeys, commentSpans: [] };
}

function parseBroken(
  document: TextDocument,
  json: JsonLanguageService,
  text: string,
  marked: boolean,
  slice: TextSlice,
): DocumentTree {
  const parsed = json.parseJSONDocument(
    marked ? TextDocument.create(document.uri, document.languageId, document.version, ` ${text.slice(1)}`) : document,
  ) as JsonDocumentInternals;
  const { syntaxErrors = [], comments = [] } = parsed;
  const tree = new CompactTree(slice);
  if (parsed.root !== undefined) tree.root = tree.adopt(parsed.root, NONE);
  tree.fit();
  const offsets = (ranges: readonly Range[]) =>
    ranges.flatMap((range) => [document.offsetAt(range.start), document.offsetAt(range.end)]);
  return {
    tree,
    syntaxErrors,
    comments,
    errorSpans: offsets(syntaxErrors.map((error) => error.range)),
    commentSpans: offsets(comments),
  };
}

function isContainer(tree: CompactTree, id: number): boolean {
  const kind = tree.kind[id];
  return kind === NodeKind.object || kind === NodeKind.array;
}

/** The innermost object or array whose brackets enclose `[start, end)` strictly. */
function enclosingContainer(tree: CompactTree, start: number, end: number): number {
  const inside = (id: number) =>
    id !== NONE && isContainer(tree, id) && tree.offset[id]! < start && end < tree.offset[id]! + tree.length[id]!;
  if (!inside(tree.root)) return NONE;
  let node = tree.root;
  for (;;) {
    let next = NONE;
    for (let child = tree.first[node]!; child !== NONE; child = tree.next[child]!) {
      if (tree.offset[child]! >= end) break;
      const candidate = tree.kind[child] === NodeKind.property ? tree.first[child]! : child;
      if (inside(candidate)) {
        next = candidate;
        break;
      }
    }
    if (next === NONE) return node;
    node = next;
  }
}

/** Whether `[start, end)` holds a character that is not white space (read in growing windows: usually the first). */
function holdsNonBlank(slice: (start: number, end: number) => string, start: number, end: number): boolean {
  for (let from = start, width = 64; from < end; from += width, width *= 4) {
    if (/\S/.test(slice(from, Math.min(end, from + width)))) return true;
  }
  return false;
}

/**
 * Appended to the container's text when it is parsed alone: a closed container ends where the text does (the
 * sentinel is then one more value, "End of file expected", dropped), while one that is not closed by the last
 * bracket (a string or comment left open takes the bracket in, a nested container takes it as its own) runs on
 * through the sentinel to the end. Without it, an open container would also end exactly at the text's end.
 */
const SENTINEL = ' 0';

/** One version's syntax errors or comments (each with its `[start, end)` at `spans[2i]`, `spans[2i + 1]`). */
interface Located<T> {
  readonly items: readonly T[];
  readonly spans: readonly number[];
}

/**
 * The previous version's items that start inside the old container, after its opening bracket (`(start, oldEnd)`),
 * replaced by `fresh` (already in the new version's offsets and positions), and those after it moved by `delta`
 * (their positions read again). The parser reports in order: what it reports while parsing the container lies
 * after the opening bracket, except what it finds just after the closing bracket (kept: the same); what it reports
 * before lies before or at the opening bracket ("Colon expected", "Expected comma" are reported there). So the
 * fresh items go where the first item after the opening bracket was.
 */
function replaceWithin<T>(
  previous: Located<T>,
  fresh: Located<T>,
  start: number,
  oldEnd: number,
  delta: number,
  relocate: (item: T, range: Range) => T,
  positionAt: (offset: number) => { line: number; character: number },
): { items: T[]; spans: number[] } {
  const items: T[] = [];
  const spans: number[] = [];
  let inserted = false;
  const insert = () => {
    inserted = true;
    items.push(...fresh.items);
    spans.push(...fresh.spans);
  };
  for (let i = 0; i < previous.items.length; i++) {
    const from = previous.spans[2 * i]!;
    const to = previous.spans[2 * i + 1]!;
    if (!inserted && from > start) insert();
    if (from <= start) {
      items.push(previous.items[i]!);
      spans.push(from, to);
    } else if (from >= oldEnd) {
      items.push(relocate(previous.items[i]!, { start: positionAt(from + delta), end: positionAt(to + delta) }));
      spans.push(from + delta, to + delta);
    }
  }
  if (!inserted) insert();
  return { items, spans };
}

/**
 * How many containers, from the innermost out, are tried before the whole text is parsed (the root is tried only
 * as the innermost), and how large an outer one may be (a retry that fails too must cost little beside the full
 * parse that follows it: an eighth of the document, or 64 K characters).
 */
const MAX_TRIES = 3;
const RETRY_FRACTION = 8;
const RETRY_MIN = 65_536;

/** The nearest object or array above `id`; NONE for the root. */
function outerContainer(tree: CompactTree, id: number): number {
  let outer = tree.parent[id]!;
  while (outer !== NONE && !isContainer(tree, outer)) outer = tree.parent[outer]!;
  return outer;
}

/** A container's new text parsed alone (with the sentinel), when it closes with its last character. */
interface ContainerParse {
  /** The container's slot in the previous version's tree, and where it was: `[start, oldEnd)`. */
  readonly container: number;
  readonly start: number;
  readonly oldEnd: number;
  readonly part: string;
  readonly partDocument: TextDocument;
  readonly reparsed: JsonDocumentInternals;
}

/**
 * The container's new text parsed alone, or undefined when the result may differ from a full parse's: the text
 * does not end with the container's closing bracket, the previous container may have been left open (nothing but
 * white space follows it in `outer`), or the new text does not close with that bracket.
 */
function parseContainer(
  tree: CompactTree,
  container: number,
  outer: number,
  delta: number,
  languageId: string,
  slice: TextSlice,
  json: JsonLanguageService,
): ContainerParse | undefined {
  const start = tree.offset[container]!;
  const oldEnd = start + tree.length[container]!;
  const part = slice(start, oldEnd + delta);
  const isObject = tree.kind[container] === NodeKind.object;
  if (part.charCodeAt(part.length - 1) !== (isObject ? 0x7d : 0x5d)) return undefined;
  if (outer !== NONE && !holdsNonBlank(slice, oldEnd + delta, tree.offset[outer]! + tree.length[outer]! + delta)) {
    return undefined;
  }
  const partDocument = TextDocument.create('dbkit://incremental', languageId, 0, part + SENTINEL);
  const reparsed = json.parseJSONDocument(partDocument) as JsonDocumentInternals;
  const fresh = reparsed.root;
  if (fresh === undefined || fresh.type !== (isObject ? 'object' : 'array') || fresh.length !== part.length) {
    return undefined;
  }
  return { container, start, oldEnd, part, partDocument, reparsed };
}

/**
 * The innermost container that encloses the change, parsed alone; when its text alone does not close with its
 * bracket (a quote typed into a one-line array takes the bracket into a string that runs to the end of the line),
 * the next ones out, a few. Undefined when none of them will do.
 */
function parseEnclosing(
  tree: CompactTree,
  change: TextChange,
  delta: number,
  languageId: string,
  slice: TextSlice,
  json: JsonLanguageService,
): ContainerParse | undefined {
  let container = enclosingContainer(tree, change.start, change.end);
  let attempt: ContainerParse | undefined;
  const retryLimit = Math.max(RETRY_MIN, tree.length[tree.root]! / RETRY_FRACTION);
  for (let tries = 0; container !== NONE && attempt === undefined && tries < MAX_TRIES; tries++) {
    const outer = outerContainer(tree, container);
    attempt = parseContainer(tree, container, outer, delta, languageId, slice, json);
    if (attempt === undefined) {
      container = outer === tree.root || (outer !== NONE && tree.length[outer]! > retryLimit) ? NONE : outer;
    }
  }
  return attempt;
}

/** The container's own syntax errors and comments, in the new version's offsets and positions (the sentinel's dropped). */
function containerItems(
  { start, part, partDocument, reparsed }: ContainerParse,
  document: TextDocument,
): { readonly errors: Located<Diagnostic>; readonly comments: Located<Range> } {
  const at = document.positionAt(start);
  const toDocument = (range: Range): Range => {
    const move = (p: { line: number; character: number }) =>
      p.line === 0
        ? { line: at.line, character: at.character + p.character }
        : { line: at.line + p.line, character: p.character };
    return { start: move(range.start), end: move(range.end) };
  };
  const errors: Diagnostic[] = [];
  const errorSpans: number[] = [];
  for (const error of reparsed.syntaxErrors ?? []) {
    const from = partDocument.offsetAt(error.range.start);
    if (from >= part.length) continue;
    errors.push({ ...error, range: toDocument(error.range) });
    errorSpans.push(start + from, start + partDocument.offsetAt(error.range.end));
  }
  const comments = (reparsed.comments ?? []).map(toDocument);
  const commentSpans = (reparsed.comments ?? []).flatMap((range) => [
    start + partDocument.offsetAt(range.start),
    start + partDocument.offsetAt(range.end),
  ]);
  return { errors: { items: errors, spans: errorSpans }, comments: { items: comments, spans: commentSpans } };
}

/**
 * The container's new subtree takes the old one's place: what was read from the container's ancestors no longer
 * holds, everything after the container moves by `delta`, its ancestors grow by it, and the old subtree's slots are
 * freed for reuse. Returns the new subtree's slot.
 */
function spliceSubtree(tree: CompactTree, parsed: ContainerParse, slice: TextSlice, delta: number): number {
  const { container, start, oldEnd, reparsed } = parsed;
  const parent = tree.parent[container]!;
  forgetUpwards(nodeOf(tree, parent));
  tree.slice = slice;
  tree.shiftFrom(oldEnd, delta);
  tree.growAncestors(parent, delta);
  const fresh = tree.adopt(reparsed.root!, parent, start);
  tree.replace(container, fresh);
  tree.freeSubtree(container);
  return fresh;
}

/** The new version's tree, and the slot of the new subtree that replaced the enclosing container. */
export interface Reparsed {
  readonly state: DocumentTree;
  readonly fresh: number;
}

/**
 * The new version's tree, updated in place from the previous one, or undefined when the edit cannot be applied
 * incrementally (the caller then parses the whole text).
 *
 * Why the result is a full parse's: the parser reads left to right with one token of look-ahead, so up to the
 * container's opening bracket (unchanged text) it does what it did before. From there it parses the container as it
 * parses the container's text alone, provided that the container ends at its last character, the closing bracket,
 * in both versions: then no token inside reaches past the bracket, and after it the parser goes on in the same state
 * over the same text as before (only lengths and positions move). The new version's container is checked with the
 * sentinel; the previous one's holds when something that is not white space follows it in its parent (a container
 * left open runs to the end of the text, and so do its ancestors; and the parser reports an open container at the
 * last character that is not white space, which must not fall inside the container).
 */
export function reparseIncrementally(
  previous: DocumentTree,
  change: TextChange,
  document: TextDocument,
  slice: TextSlice,
  json: JsonLanguageService,
): Reparsed | undefined {
  const { tree } = previous;
  if (tree.root === NONE) return undefined;
  const delta = change.newLength - (change.end - change.start);
  const attempt = parseEnclosing(tree, change, delta, document.languageId, slice, json);
  if (attempt === undefined) return undefined;
  const { start, oldEnd } = attempt;
  const own = containerItems(attempt, document);
  const positionAt = (offset: number) => document.positionAt(offset);
  const errors = replaceWithin<Diagnostic>(
    { items: previous.syntaxErrors, spans: previous.errorSpans },
    own.errors,
    start,
    oldEnd,
    delta,
    (error, range) => ({ ...error, range }),
    positionAt,
  );
  const comments = replaceWithin<Range>(
    { items: previous.comments, spans: previous.commentSpans },
    own.comments,
    start,
    oldEnd,
    delta,
    (_, range) => range,
    positionAt,
  );
  const fresh = spliceSubtree(tree, attempt, slice, delta);
  return {
    state: {
      tree,
      syntaxErrors: errors.items,
      comments: comments.items,
      errorSpans: errors.spans,
      commentSpans: comments.spans,
    },
    fresh,
  };
}
