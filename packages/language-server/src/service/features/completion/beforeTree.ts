/**
 * Name completion before the tree is built. Right after a large document is opened, and until the warm-up has built
 * its tree, a keystroke would wait for the rest of the build (about 100 ms at 3 MB, 400 ms at 17 MB). At a field that
 * names a declaration (a member's `host`, a shard's `rs`…) the answer needs only the cursor and the names:
 * - the cursor is read, as always, from a window of the text: the top-level item around it (a replica set, a
 *   cluster), found by skipping what comes before it with native searches (`itemAround`);
 * - the names are those of the document's value (`references/valueNames.ts`): read when its diagnostics were (a
 *   completion in that version, or the first keystroke into one of its strings), kept from the last answer (the next
 *   keystrokes in the same string), or else from `JSON.parse` of the text now.
 * The ranking and the items are the tree's own (`references.ts`) over those names: the same answer, which the
 * tests compare. Anything else (keys, the schema's values, a text that is not valid JSON) waits for the tree.
 */
import type { JsonPath } from '@dbkit/core';
import type { CompletionItem } from 'vscode-languageserver-types';
import type { ParsedDocument } from '../../document.js';
import { namesOfValue, type ValueNames } from '../../references/valueNames.js';
import { textLength } from '../../textModel.js';
import { type ItemAround, itemAround } from '../../textScan.js';
import { type CompletionCursor, completionCursor, WINDOW_MARGIN } from './cursor.js';
import { referenceItems } from './references.js';

/** Below this much text still to read, the tree is finished instead: it costs about what this path does. */
const MIN_TREE_WORK = 32 * 1024;

/** A name completion answered before the tree, kept for the keystrokes that follow in the same string. */
interface Answered {
  readonly version: number;
  readonly item: ItemAround;
  readonly cursor: CompletionCursor;
  readonly names: ValueNames;
}

/** The last answer per document (`TextModel`s are edited in place: one object for every version). */
const lastAnswer = new WeakMap<object, Answered>();

type Answer = { readonly cursor: CompletionCursor; readonly items: CompletionItem[]; readonly isIncomplete: boolean };

function answer(doc: ParsedDocument, item: ItemAround, cursor: CompletionCursor, names: ValueNames): Answer {
  lastAnswer.set(doc.textDocument, { version: doc.version, item, cursor, names });
  names.pointAt(cursor.path, cursor.start);
  const source = { uri: doc.uri, textDocument: doc.textDocument, slice: doc.slice, ...names };
  return { cursor, ...referenceItems(source, cursor, cursor.site!) };
}

function samePath(a: JsonPath, b: JsonPath): boolean {
  return a.length === b.length && a.every((segment, i) => segment === b[i]);
}

/** The cursor at `offset`, read from a window of the text at `item`; undefined unless at a value naming something. */
function cursorIn(doc: ParsedDocument, item: ItemAround, offset: number): CompletionCursor | undefined {
  const window = doc.slice(item.offset, item.end + WINDOW_MARGIN);
  const cursor = completionCursor(window, offset, item, item.offset);
  return cursor.atKey || cursor.site === undefined ? undefined : cursor;
}

/** Whether `[start, end)` of the text is one JSON string (its quotes included). */
function isString(doc: ParsedDocument, start: number, end: number): boolean {
  try {
    return typeof JSON.parse(doc.slice(start, end)) === 'string';
  } catch {
    return false;
  }
}

/**
 * The next keystroke in the string the last answer was at: when the edit lies inside that string and the string is
 * still one valid JSON string, nothing else of the text changed, so the names (which leave out the string under the
 * cursor) and the item around it still hold, moved by the edit.
 */
function typedOn(doc: ParsedDocument, offset: number): Answer | undefined {
  const last = lastAnswer.get(doc.textDocument);
  const edit = doc.edit;
  if (last === undefined || edit === undefined || edit.fromVersion !== last.version) return undefined;
  const { change } = edit;
  const { start, end } = last.cursor;
  if (!(change.start > start && change.end < end)) return undefined;
  const delta = change.newLength - (change.end - change.start);
  const item: ItemAround = { ...last.item, end: last.item.end + delta };
  const cursor = cursorIn(doc, item, offset);
  if (cursor === undefined || cursor.start !== start || cursor.end !== end + delta) return undefined;
  if (!samePath(cursor.path, last.cursor.path) || !isString(doc, start, end + delta)) return undefined;
  return answer(doc, item, cursor, last.names);
}

/**
 * The item around `offset` and the cursor there, in text the scan may trust (valid JSON, or the diagnosed text with
 * plain characters edited inside a string); undefined unless the cursor is at a value that names something.
 */
function siteAt(doc: ParsedDocument, offset: number): { item: ItemAround; cursor: CompletionCursor } | undefined {
  const item = itemAround(doc.text, offset);
  const cursor = item && cursorIn(doc, item, offset);
  return item === undefined || cursor === undefined ? undefined : { item, cursor };
}

/**
 * What an edit must neither remove nor insert to leave the text's strings and brackets where they were (a control
 * character is refused afterwards: the string holding it is not valid JSON).
 */
const STRUCTURE = /["\\{}[\]]/;

/**
 * The first keystroke after the diagnostics: an edit inside a string of the version whose names its diagnostics
 * read, whether characters are inserted, replaced, deleted (Backspace) or typed over a selection. When neither the
 * removed nor the inserted characters are quotes, backslashes or brackets, and the edit starts after an even number
 * of backslashes, every string and bracket of the valid text stays where it was (moved): the scan, which trusts that,
 * may run before `JSON.parse` would say so, and when the cursor's string holds the edit whole and is one valid string,
 * the text is the diagnosed one with that string changed. An edit whose removed text is not known (a client's
 * change the server did not keep) waits for `JSON.parse` of the text instead.
 */
function editedInString(doc: ParsedDocument, offset: number): Answer | undefined {
  const edit = doc.edit;
  const names = edit?.previousNames;
  if (edit === undefined || names === undefined) return undefined;
  const { start, end, newLength, removed } = edit.change;
  if (end !== start && (removed === undefined || STRUCTURE.test(removed))) return undefined;
  if (STRUCTURE.test(doc.slice(start, start + newLength))) return undefined;
  let backslashes = 0;
  while (start - backslashes > 0 && doc.slice(start - backslashes - 1, start - backslashes) === '\\') backslashes++;
  if (backslashes % 2 === 1) return undefined;
  const at = siteAt(doc, offset);
  if (at === undefined) return undefined;
  const { item, cursor } = at;
  if (!(cursor.start < start && start + newLength < cursor.end) || !isString(doc, cursor.start, cursor.end)) {
    return undefined;
  }
  return answer(doc, item, cursor, names);
}

/** Lets go of what completion before the tree read of a document, once its tree is built (the warm-up's step). */
export function forgetNamesBeforeTree(doc: ParsedDocument): void {
  lastAnswer.delete(doc.textDocument);
  doc.valueNames();
}

/**
 * The name completion at `offset` of a document whose tree is not built, when the cursor is at a value site of
 * valid JSON and the tree would cost more than this path; undefined otherwise (the caller builds or has the tree).
 */
export function namesBeforeTree(doc: ParsedDocument, offset: number): Answer | undefined {
  const work = doc.treeWork();
  if (work < MIN_TREE_WORK || work * 4 < textLength(doc.textDocument)) {
    // The tree serves from now on: what the last answer read is let go.
    lastAnswer.delete(doc.textDocument);
    return undefined;
  }
  const typed = typedOn(doc, offset);
  if (typed !== undefined) return typed;
  // A completion in the version whose names its diagnostics read (nothing typed since: a click, Ctrl+Space): they
  // parsed this very text, so it is valid JSON; where no name is asked for, parsing it again would not change that.
  const own = doc.valueNames();
  if (own !== undefined) {
    const at = siteAt(doc, offset);
    return at && answer(doc, at.item, at.cursor, own);
  }
  return (
    editedInString(doc, offset) ??
    doc.readParsed((value) => {
      const at = siteAt(doc, offset);
      return at && answer(doc, at.item, at.cursor, namesOfValue(value));
    })
  );
}
