/**
 * Code frames: the lines around a finding, with the offending span underlined and every secret masked, also on the
 * neighbouring lines: the values at secret paths, and, as in a message's quotation, any other value that equals a
 * secret. Long lines (minified JSON) are cut to a window around the span.
 */

import type { SecretText } from '@dbkit/core';
import { type Quoter, quoterOf } from '@dbkit/core/internal';
import type { Position, Span } from '../validate/finding.js';
import { maskToken, type SecretValue } from '../validate/mask.js';
import type { Palette } from './color.js';

export interface FrameOptions {
  /** Lines shown before and after the span's line. */
  readonly context: number;
  /** Columns shown of a long line, around the span. */
  readonly maxWidth: number;
  readonly palette: Palette;
  /** Colour of the marker and the underline. */
  readonly accent: (text: string) => string;
}

export const DEFAULT_FRAME = { context: 2, maxWidth: 120 } as const;

/** What frames of one document mask. */
export interface FrameMasks {
  /** The values at secret paths, in text order. */
  readonly secrets: readonly Span[];
  /** Where a shown line holds a secret elsewhere (core's `Quoter` of the document's secrets). */
  readonly quoter?: Quoter;
}

/** The masks of a document's frames: its secrets, and any value elsewhere equal to one of `values` (its own by default). */
export function frameMasks(secrets: readonly SecretValue[], values: readonly SecretText[] = secrets): FrameMasks {
  return { secrets, quoter: quoterOf(values) };
}

/** One stretch of a displayed line: copied (`replaced: false`) or written over (a mask). */
interface Segment {
  readonly from: number;
  readonly to: number;
  readonly displayFrom: number;
  readonly displayTo: number;
  readonly replaced: boolean;
}

interface DisplayLine {
  readonly text: string;
  readonly segments: readonly Segment[];
}

/** Index of the first secret that ends after `offset`. */
function firstSecretAfter(secrets: readonly Span[], offset: number): number {
  let low = 0;
  let high = secrets.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    const s = secrets[mid]!;
    if (s.offset + s.length <= offset) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Control characters (tabs included) print as one space each, so columns stay one to one. */
function printable(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: replacing control characters is the point.
  return text.replace(/[\u0000-\u001f\u007f]/g, ' ');
}

/** What to mask between two offsets of one line, in order: the secrets there, and other values equal to one. */
function masksOf(text: string, from: number, to: number, masks: FrameMasks): Span[] {
  const { secrets, quoter } = masks;
  const out: Span[] = [];
  for (let i = firstSecretAfter(secrets, from); i < secrets.length && secrets[i]!.offset < to; i++)
    out.push(secrets[i]!);
  const elsewhere = quoter?.occurrences(text.slice(from, to)) ?? [];
  if (elsewhere.length === 0) return out;
  for (const { offset, length } of elsewhere) out.push({ offset: from + offset, length });
  out.sort((a, b) => a.offset - b.offset);
  // An occurrence inside a secret already masked is that secret's.
  const kept: Span[] = [];
  for (const span of out) {
    const last = kept[kept.length - 1];
    if (last === undefined || span.offset >= last.offset + last.length) kept.push(span);
    else if (span.offset + span.length > last.offset + last.length) {
      kept[kept.length - 1] = { offset: last.offset, length: span.offset + span.length - last.offset };
    }
  }
  return kept;
}

/** The text between two offsets of one line, with secrets masked. */
export function displayLine(text: string, from: number, to: number, masks: FrameMasks): DisplayLine {
  const segments: Segment[] = [];
  let out = '';
  let pos = from;
  const copy = (end: number): void => {
    if (end <= pos) return;
    segments.push({ from: pos, to: end, displayFrom: out.length, displayTo: out.length + end - pos, replaced: false });
    out += printable(text.slice(pos, end));
    pos = end;
  };
  for (const secret of masksOf(text, from, to, masks)) {
    const start = Math.max(secret.offset, from);
    const end = Math.min(secret.offset + secret.length, to);
    copy(start);
    const whole = start === secret.offset && end === secret.offset + secret.length;
    const replacement = whole ? maskToken(text.slice(start, end)) : '*'.repeat(end - start);
    segments.push({
      from: start,
      to: end,
      displayFrom: out.length,
      displayTo: out.length + replacement.length,
      replaced: true,
    });
    out += replacement;
    pos = end;
  }
  copy(to);
  return { text: out, segments };
}

/** Display column of an offset of the line; `end` maps an exclusive end (a mask's end maps to the mask's end). */
function displayColumn(line: DisplayLine, offset: number, end: boolean): number {
  for (const s of line.segments) {
    const inside = end ? offset > s.from && offset <= s.to : offset >= s.from && offset < s.to;
    if (inside) return s.replaced ? (end ? s.displayTo : s.displayFrom) : s.displayFrom + offset - s.from;
  }
  const last = line.segments[line.segments.length - 1];
  return last === undefined ? 0 : last.displayTo + Math.max(0, offset - last.to);
}

/**
 * The starts of the lines shown around the line starting at `lineStart`: up to `context` lines before it and after
 * it, found from there (a frame never counts the lines of the whole text).
 */
function linesAround(text: string, lineStart: number, context: number): { starts: number[]; spanIndex: number } {
  const starts = [lineStart];
  while (starts.length <= context && starts[0]! > 0) {
    const previous = starts[0]! - 1; // the line break that ends the line before
    starts.unshift(previous === 0 ? 0 : text.lastIndexOf('\n', previous - 1) + 1);
  }
  const spanIndex = starts.length - 1;
  for (let k = 0; k < context; k++) {
    const lineBreak = text.indexOf('\n', starts[starts.length - 1]!);
    if (lineBreak === -1) break;
    starts.push(lineBreak + 1);
  }
  return { starts, spanIndex };
}

/** Where the line starting at `start` ends: before its line break (and a `\r` before it), or at the end of the text. */
function lineEndOf(text: string, start: number): number {
  const lineBreak = text.indexOf('\n', start);
  let end = lineBreak === -1 ? text.length : lineBreak;
  if (end > start && text[end - 1] === '\r') end--;
  return end;
}

/**
 * The code frame of `span`, whose start is at `start` (its line and column, as the finding prints them):
 *
 * ```
 *   310 |         {
 * > 311 |           "host": "shop-shard1-2",
 *       |                   ^^^^^^^^^^^^^^^
 *   312 |         }
 * ```
 */
export function renderFrame(
  text: string,
  span: Span,
  start: Position,
  masks: FrameMasks,
  options: FrameOptions,
): string {
  const spanLineStart = Math.min(Math.max(span.offset, 0), text.length) - (start.column - 1);
  const { starts, spanIndex } = linesAround(text, spanLineStart, options.context);
  const ends = starts.map((lineStart) => lineEndOf(text, lineStart));
  const firstLine = start.line - spanIndex; // 1-based
  const caretFrom = span.offset - spanLineStart;
  const caretTo = Math.max(caretFrom + 1, Math.min(span.offset + span.length, ends[spanIndex]!) - spanLineStart);

  let widest = 0;
  for (let i = 0; i < starts.length; i++) widest = Math.max(widest, ends[i]! - starts[i]!);
  const windowFrom = widest <= options.maxWidth ? 0 : Math.max(0, caretFrom - Math.floor(options.maxWidth / 3));
  const windowTo = widest <= options.maxWidth ? Number.POSITIVE_INFINITY : windowFrom + options.maxWidth;

  const { dim } = options.palette;
  const gutterWidth = String(firstLine + starts.length - 1).length;
  const out: string[] = [];
  for (let i = 0; i < starts.length; i++) {
    const lineStart = starts[i]!;
    const end = ends[i]!;
    const from = Math.min(end, lineStart + windowFrom);
    const to = Math.min(end, lineStart + windowTo);
    const shown = displayLine(text, from, to, masks);
    const before = from > lineStart ? '…' : '';
    const after = to < end ? '…' : '';
    const body = `${before}${shown.text}${after}`;
    const marker = i === spanIndex ? options.accent('>') : ' ';
    out.push(`${marker} ${dim(`${String(firstLine + i).padStart(gutterWidth)} |`)}${body === '' ? '' : ` ${body}`}`);
    if (i === spanIndex) {
      const caretStart = displayColumn(shown, spanLineStart + Math.max(caretFrom, windowFrom), false) + before.length;
      const caretEnd = displayColumn(shown, Math.min(spanLineStart + caretTo, to), true) + before.length;
      const carets = '^'.repeat(Math.max(1, caretEnd - caretStart));
      out.push(`  ${dim(`${' '.repeat(gutterWidth)} |`)} ${' '.repeat(caretStart)}${options.accent(carets)}`);
    }
  }
  return out.join('\n');
}
