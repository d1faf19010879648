/**
 * Incremental reparsing: after an edit, only the smallest object or array that encloses it is parsed again, and
 * the new subtree replaces the old one in the previous version's tree; every node after the edit moves by the
 * edit's length. A keystroke in a 17 MB document reparses one process or one member, not the document.
 *
 * Broken text too: editing is full of transient syntax errors (a deleted value, a quote not closed yet), and a
 * keystroke in a broken 17 MB document must not parse it all again. The new document's syntax errors and comments
 * are the previous ones outside the container (those after it moved by the edit's length) with the container's
 * own in their place, exactly what a full parse reports (see `reparseIncrementally` for why, and when it holds).
 * Otherwise the caller parses the whole text, as before.
 */
import type {
  ASTNode,
  Diagnostic,
  JSONDocument,
  LanguageService as JsonLanguageService,
  Range,
} from 'vscode-json-languageservice';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { forgetUpwards } from './memo.js';
import { deferMoves, settledAround, settleMoves, shiftSubtree, takeMoves } from './moves.js';

/** One edit in the previous version's offsets: `[start, end)` replaced by `newLength` characters. */
export interface TextChange {
  readonly start: number;
  readonly end: number;
  readonly newLength: number;
}

/** vscode-json-languageservice's document keeps its syntax errors and comments on the object. */
interface JsonDocumentInternals extends JSONDocument {
  readonly syntaxErrors?: readonly Diagnostic[];
  readonly comments?: readonly Range[];
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type MutableNode = Mutable<ASTNode> & { colonOffset?: number; parent?: ASTNode };

/**
 * Where a document's syntax errors and comments lie in offsets, `[start, end)` pairs flattened, in the order of
 * `syntaxErrors` and `comments`. Positions cannot be moved across an edit without the previous text (the text model
 * is edited in place), offsets can. Kept beside each document that has any; a clean document has none.
 */
interface SyntaxSpans {
  readonly errors: readonly number[];
  readonly comments: readonly number[];
}
const syntaxSpans = new WeakMap<JSONDocument, SyntaxSpans>();

/** The whole text parsed, with the offsets of its syntax errors and comments kept for the next edit. */
export function parseInFull(document: TextDocument, json: JsonLanguageService): JSONDocument {
  const parsed = json.parseJSONDocument(document);
  const { syntaxErrors = [], comments = [] } = parsed as JsonDocumentInternals;
  if (syntaxErrors.length + comments.length > 0) {
    const offsets = (ranges: readonly Range[]) =>
      ranges.flatMap((range) => [document.offsetAt(range.start), document.offsetAt(range.end)]);
    syntaxSpans.set(parsed, { errors: offsets(syntaxErrors.map((error) => error.range)), comments: offsets(comments) });
  }
  return parsed;
}

/** The innermost object or array whose brackets enclose `[start, end)` strictly. */
function enclosingContainer(root: ASTNode, start: number, end: number): ASTNode | undefined {
  const inside = (node: ASTNode) =>
    (node.type === 'object' || node.type === 'array') && node.offset < start && end < node.offset + node.length;
  if (!inside(root)) return undefined;
  let node = root;
  for (;;) {
    let next: ASTNode | undefined;
    for (const child of node.children ?? []) {
      const candidate = child.type === 'property' ? child.valueNode : child;
      if (candidate !== undefined && inside(candidate)) {
        next = candidate;
        break;
      }
    }
    if (next === undefined) return node;
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

/** The nearest object or array above `node`. */
function outerContainer(node: ASTNode): ASTNode | undefined {
  let outer = node.parent;
  while (outer !== undefined && outer.type !== 'object' && outer.type !== 'array') outer = outer.parent;
  return outer;
}

/** A container's new text parsed alone (with the sentinel), when it closes with its last character. */
interface ContainerParse {
  readonly part: string;
  readonly partDocument: TextDocument;
  readonly reparsed: JsonDocumentInternals;
  readonly fresh: ASTNode;
}

/**
 * The container's new text parsed alone, or undefined when the result may differ from a full parse's: the text
 * does not end with the container's closing bracket, the previous container may have been left open (nothing but
 * white space follows it in `outer`), or the new text does not close with that bracket.
 */
function parseContainer(
  container: ASTNode,
  outer: ASTNode | undefined,
  delta: number,
  languageId: string,
  slice: (start: number, end: number) => string,
  json: JsonLanguageService,
): ContainerParse | undefined {
  const oldEnd = container.offset + container.length;
  const part = slice(container.offset, oldEnd + delta);
  if (part.charCodeAt(part.length - 1) !== (container.type === 'object' ? 0x7d : 0x5d)) return undefined;
  if (outer !== undefined && !holdsNonBlank(slice, oldEnd + delta, outer.offset + outer.length + delta)) {
    return undefined;
  }
  const partDocument = TextDocument.create('dbkit://incremental', languageId, 0, part + SENTINEL);
  const reparsed = json.parseJSONDocument(partDocument) as JsonDocumentInternals;
  const fresh = reparsed.root;
  if (fresh === undefined || fresh.type !== container.type || fresh.length !== part.length) return undefined;
  return { part, partDocument, reparsed, fresh };
}

/** The new version's tree, and the new subtree that replaced the enclosing container. */
export interface Reparsed {
  readonly json: JSONDocument;
  readonly fresh: ASTNode;
}

/**
 * The new version's document built from the previous one, or undefined when the edit cannot be applied
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
  previous: JSONDocument,
  change: TextChange,
  document: TextDocument,
  slice: (start: number, end: number) => string,
  json: JsonLanguageService,
): Reparsed | undefined {
  const root = previous.root;
  if (root === undefined) return undefined;
  const { syntaxErrors: oldErrors = [], comments: oldComments = [] } = previous as JsonDocumentInternals;
  const oldSpans: SyntaxSpans | undefined =
    oldErrors.length + oldComments.length === 0 ? { errors: [], comments: [] } : syntaxSpans.get(previous);
  if (oldSpans === undefined) return undefined; // a broken tree parsed elsewhere: its errors cannot be moved
  // Moves pending from the last edit hold off only while the edits stay inside its container.
  if (!settledAround(previous, change.start, change.end)) settleMoves(previous);
  const delta = change.newLength - (change.end - change.start);
  // The innermost container first; when its text alone does not close with its bracket (a quote typed into a
  // one-line array takes the bracket into a string that runs to the end of the line), the next ones out, a few.
  let container = enclosingContainer(root, change.start, change.end);
  let attempt: ContainerParse | undefined;
  const retryLimit = Math.max(RETRY_MIN, root.length / RETRY_FRACTION);
  for (let tries = 0; container !== undefined && attempt === undefined && tries < MAX_TRIES; tries++) {
    const outer = outerContainer(container);
    attempt = parseContainer(container, outer, delta, document.languageId, slice, json);
    if (attempt === undefined) container = outer === root || (outer?.length ?? 0) > retryLimit ? undefined : outer;
  }
  if (container === undefined || attempt === undefined) {
    settleMoves(previous); // the caller parses the text in full and drops this tree
    return undefined;
  }
  // The pending moves carry over when this container replaces the one they are after; otherwise they are applied.
  const carried = takeMoves(previous, container);
  const { part, partDocument, reparsed, fresh } = attempt;
  const start = container.offset;
  const oldEnd = start + container.length;

  // The container's own errors and comments, in the new version's offsets and positions (the sentinel's dropped).
  const at = document.positionAt(start);
  const toDocument = (range: Range): Range => {
    const move = (p: { line: number; character: number }) =>
      p.line === 0
        ? { line: at.line, character: at.character + p.character }
        : { line: at.line + p.line, character: p.character };
    return { start: move(range.start), end: move(range.end) };
  };
  const freshErrors: Diagnostic[] = [];
  const freshErrorSpans: number[] = [];
  for (const error of reparsed.syntaxErrors ?? []) {
    const from = partDocument.offsetAt(error.range.start);
    if (from >= part.length) continue;
    freshErrors.push({ ...error, range: toDocument(error.range) });
    freshErrorSpans.push(start + from, start + partDocument.offsetAt(error.range.end));
  }
  const freshComments = (reparsed.comments ?? []).map(toDocument);
  const freshCommentSpans = (reparsed.comments ?? []).flatMap((range) => [
    start + partDocument.offsetAt(range.start),
    start + partDocument.offsetAt(range.end),
  ]);
  const positionAt = (offset: number) => document.positionAt(offset);
  const errors = replaceWithin<Diagnostic>(
    { items: oldErrors, spans: oldSpans.errors },
    { items: freshErrors, spans: freshErrorSpans },
    start,
    oldEnd,
    delta,
    (error, range) => ({ ...error, range }),
    positionAt,
  );
  const comments = replaceWithin<Range>(
    { items: oldComments, spans: oldSpans.comments },
    { items: freshComments, spans: freshCommentSpans },
    start,
    oldEnd,
    delta,
    (_, range) => range,
    positionAt,
  );
  shiftSubtree(fresh, start);

  // Put the new subtree where the old one was; what was read from its ancestors no longer holds.
  const parent = container.parent as MutableNode | undefined;
  forgetUpwards(parent);
  (fresh as { parent?: ASTNode | undefined }).parent = parent;
  if (parent?.type === 'property') (parent as Mutable<typeof parent>).valueNode = fresh;
  else if (parent?.type === 'array') parent.items[parent.items.indexOf(container)] = fresh;

  // Ancestors grow or shrink by delta; everything after the container moves by delta, later (`PendingMoves`).
  for (let ancestor = parent; ancestor !== undefined; ancestor = ancestor.parent as MutableNode | undefined) {
    ancestor.length += delta;
    if (ancestor.type === 'property' && ancestor.colonOffset !== undefined && ancestor.colonOffset >= oldEnd) {
      (ancestor as MutableNode).colonOffset! += delta;
    }
  }
  const updated = json.newJSONDocument(parent === undefined ? fresh : root, errors.items, comments.items);
  if (errors.items.length + comments.items.length > 0) {
    syntaxSpans.set(updated, { errors: errors.spans, comments: comments.spans });
  }
  deferMoves(updated, fresh, carried + delta);
  return { json: updated, fresh };
}
