/**
 * The text of an open document as an editor edits it: a few pieces (slices of the opened text and what was typed)
 * and the offsets where lines start, updated from each edit. It implements the LSP `TextDocument` the features take.
 *
 * Why not `vscode-languageserver-textdocument`: its `update` builds the new text by concatenation and then reads a
 * character of it, which makes V8 copy the whole text (0.5-1× `JSON.parse` of it) on every keystroke; it also keeps
 * line offsets in a plain array. Here an edit touches only the pieces it falls in and the line offsets after it (a
 * typed array), and the whole text is built (once) only when a feature asks for all of it. A keystroke and the
 * completion after it read the few hundred characters around the cursor through `slice`
 * (docs/decisions/language-server.md, "The server keeps its own text model").
 */
import type { Position, Range, TextDocument } from 'vscode-languageserver-textdocument';

const CR = 0x0d;
const LF = 0x0a;

/** Beyond this many pieces, the text is joined into one string again (edits far apart are rare). */
const MAX_PIECES = 64;
/** A piece shorter than this takes typed text into itself instead of adding a piece beside it. */
const SMALL_PIECE = 4096;

/** One edit in the offsets of the text before it: `[start, end)` replaced by `text`. */
export interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** The offsets where lines start after the line breaks of `text` (`\r\n`, `\n`, `\r`), each plus `base`. */
function lineBreaks(text: string, base: number, out: number[]): void {
  if (text.indexOf('\r') === -1) {
    // The common case: a native search per line instead of a loop over every character.
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) out.push(base + at + 1);
    return;
  }
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === CR) {
      if (text.charCodeAt(i + 1) === LF) i++;
      out.push(base + i + 1);
    } else if (code === LF) out.push(base + i + 1);
  }
}

export class TextModel implements TextDocument {
  readonly uri: string;
  readonly languageId: string;
  #version: number;
  /** The text in order; never empty strings, except a single one for an empty text. */
  #pieces: string[];
  #length: number;
  /** Where each line starts (`#lineStarts[0]` is 0), the first `#lineCount` entries; built on first use. */
  #lineStarts: Int32Array | undefined;
  #lineCount = 0;
  /** Whether the text holds a carriage return (edits near one rebuild the line starts). */
  #hasCR = false;

  constructor(uri: string, languageId: string, version: number, text: string) {
    this.uri = uri;
    this.languageId = languageId;
    this.#version = version;
    this.#pieces = [text];
    this.#length = text.length;
  }

  get version(): number {
    return this.#version;
  }

  get lineCount(): number {
    return this.#lines().count;
  }

  get length(): number {
    return this.#length;
  }

  /** The whole text; joins the pieces once, so the next calls are free until the next edit. */
  getText(range?: Range): string {
    if (range !== undefined) return this.slice(this.offsetAt(range.start), this.offsetAt(range.end));
    if (this.#pieces.length > 1) this.#pieces = [this.#pieces.join('')];
    return this.#pieces[0]!;
  }

  /** The text of `[start, end)`, read from the pieces without building the whole text. */
  slice(start: number, end: number): string {
    start = Math.max(0, Math.min(start, this.#length));
    end = Math.max(start, Math.min(end, this.#length));
    const pieces = this.#pieces;
    if (pieces.length === 1) return pieces[0]!.slice(start, end);
    let out = '';
    let pieceStart = 0;
    for (const piece of pieces) {
      const pieceEnd = pieceStart + piece.length;
      if (pieceEnd > start && pieceStart < end) {
        out += piece.slice(Math.max(start - pieceStart, 0), Math.min(end, pieceEnd) - pieceStart);
      }
      if (pieceEnd >= end) break;
      pieceStart = pieceEnd;
    }
    return out;
  }

  /** The UTF-16 code unit at `offset`, NaN outside the text. */
  charCodeAt(offset: number): number {
    let pieceStart = 0;
    for (const piece of this.#pieces) {
      if (offset < pieceStart + piece.length) return piece.charCodeAt(offset - pieceStart);
      pieceStart += piece.length;
    }
    return Number.NaN;
  }

  /** Applies one edit (offsets in the current text) and takes the new version number. */
  edit(edit: TextEdit, version: number): void {
    const start = Math.max(0, Math.min(edit.start, edit.end, this.#length));
    const end = Math.max(start, Math.min(edit.end, this.#length));
    this.#updateLines(start, end, edit.text);
    this.#replace(start, end, edit.text);
    this.#version = version;
  }

  /** Applies LSP content changes (ranged, or the whole text) in order, as `TextDocument.update` does. */
  update(changes: readonly ({ range: Range; text: string } | { text: string })[], version: number): void {
    for (const change of changes) {
      if ('range' in change) {
        this.edit(
          { start: this.offsetAt(change.range.start), end: this.offsetAt(change.range.end), text: change.text },
          version,
        );
      } else {
        this.#pieces = [change.text];
        this.#length = change.text.length;
        this.#lineStarts = undefined;
      }
    }
    this.#version = version;
  }

  positionAt(offset: number): Position {
    offset = Math.max(Math.min(offset, this.#length), 0);
    const { starts, count } = this.#lines();
    const line = upperBound(starts, count, offset) - 1;
    const lineStart = starts[line]!;
    return { line, character: this.#beforeLineBreak(offset, lineStart) - lineStart };
  }

  offsetAt(position: Position): number {
    const { starts, count } = this.#lines();
    if (position.line >= count) return this.#length;
    if (position.line < 0) return 0;
    const lineStart = starts[position.line]!;
    if (position.character <= 0) return lineStart;
    const nextLineStart = position.line + 1 < count ? starts[position.line + 1]! : this.#length;
    return this.#beforeLineBreak(Math.min(lineStart + position.character, nextLineStart), lineStart);
  }

  /** The range of a line's text, without its line break. */
  getLineRange(line: number): Range {
    const { starts, count } = this.#lines();
    if (line >= count) {
      const last = count - 1;
      return { start: { line: last, character: 0 }, end: { line: last, character: this.#length - starts[last]! } };
    }
    if (line < 0) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    const start = starts[line]!;
    const next = line + 1 < count ? starts[line + 1]! : this.#length;
    return { start: { line, character: 0 }, end: { line, character: this.#beforeLineBreak(next, start) - start } };
  }

  /** The line break that ends a line (`\r\n`, `\n`, `\r`, or '' for the last line). */
  getEOLCharacters(line: number): string {
    const { starts, count } = this.#lines();
    if (line < 0 || line >= count) return '';
    const next = line + 1 < count ? starts[line + 1]! : this.#length;
    return this.slice(this.#beforeLineBreak(next, starts[line]!), next);
  }

  /** A position on a line break means the end of its line (as vscode-languageserver-textdocument has it). */
  #beforeLineBreak(offset: number, lineStart: number): number {
    while (offset > lineStart) {
      const code = this.charCodeAt(offset - 1);
      if (code !== CR && code !== LF) break;
      offset--;
    }
    return offset;
  }

  #lines(): { readonly starts: Int32Array; readonly count: number } {
    if (this.#lineStarts === undefined) {
      const text = this.getText();
      this.#hasCR = text.indexOf('\r') !== -1;
      let starts: Int32Array;
      if (this.#hasCR) {
        const list: number[] = [0];
        lineBreaks(text, 0, list);
        starts = Int32Array.from(list);
      } else {
        // Two native searches per line (count, then fill) instead of a growing array of 700 000 numbers.
        let count = 1;
        for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
        starts = new Int32Array(count);
        let line = 1;
        for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts[line++] = at + 1;
      }
      this.#lineStarts = starts;
      this.#lineCount = starts.length;
    }
    return { starts: this.#lineStarts, count: this.#lineCount };
  }

  /** Keeps the line starts in step with the edit: the ones inside it go, the inserted text's come, the rest move. */
  #updateLines(start: number, end: number, text: string): void {
    const old = this.#lineStarts;
    if (old === undefined) return;
    // A carriage return typed, or an edit right after one (it may split or join a `\r\n`): rebuilt on next use.
    if (text.indexOf('\r') !== -1 || (this.#hasCR && this.charCodeAt(start - 1) === CR)) {
      this.#lineStarts = undefined;
      return;
    }
    const count = this.#lineCount;
    // The first line start after `start`, and the first one after `end`: those in between are removed.
    const first = upperBound(old, count, start);
    const rest = upperBound(old, count, end);
    const added: number[] = [];
    lineBreaks(text, start, added);
    const delta = text.length - (end - start);
    const newCount = count - (rest - first) + added.length;
    let starts = old;
    if (newCount > old.length) {
      starts = new Int32Array(Math.max(newCount, Math.ceil(old.length * 1.25)));
      starts.set(old.subarray(0, first));
      starts.set(old.subarray(rest, count), first + added.length);
    } else starts.copyWithin(first + added.length, rest, count);
    for (let i = 0; i < added.length; i++) starts[first + i] = added[i]!;
    if (delta !== 0) for (let i = first + added.length; i < newCount; i++) starts[i]! += delta;
    this.#lineStarts = starts;
    this.#lineCount = newCount;
  }

  #replace(start: number, end: number, text: string): void {
    const before: string[] = [];
    const after: string[] = [];
    let pieceStart = 0;
    for (const piece of this.#pieces) {
      const pieceEnd = pieceStart + piece.length;
      if (pieceEnd <= start) before.push(piece);
      else if (pieceStart >= end) after.push(piece);
      else {
        if (pieceStart < start) before.push(piece.slice(0, start - pieceStart));
        if (pieceEnd > end) after.push(piece.slice(end - pieceStart));
      }
      pieceStart = pieceEnd;
    }
    // Small neighbours join the inserted text, so a word typed (or retyped) is one piece, not one per character.
    let middle = text;
    const last = before[before.length - 1];
    if (last !== undefined && last.length + middle.length < SMALL_PIECE) {
      before.pop();
      middle = last + middle;
    }
    const first = after[0];
    if (first !== undefined && first.length + middle.length < SMALL_PIECE) {
      after.shift();
      middle += first;
    }
    const next = before;
    if (middle !== '') next.push(middle);
    for (const piece of after) if (piece !== '') next.push(piece);
    this.#length += text.length - (end - start);
    this.#pieces = next.length === 0 ? [''] : next.length > MAX_PIECES ? [next.join('')] : next;
  }
}

/** The index of the first of `starts[0..count)` greater than `offset` (they are sorted). */
function upperBound(starts: Int32Array, count: number, offset: number): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (starts[mid]! > offset) high = mid;
    else low = mid + 1;
  }
  return low;
}

/** Part of a document's text: through `TextModel.slice` without building the whole text, else from `getText()`. */
/** The length of a document's text, without building the whole text of an edited `TextModel`. */
export function textLength(document: TextDocument): number {
  return document instanceof TextModel ? document.length : document.getText().length;
}

export function sliceText(document: TextDocument, start: number, end: number): string {
  return document instanceof TextModel ? document.slice(start, end) : document.getText().slice(start, end);
}
