/**
 * Code frames: the lines around a finding, with the offending span underlined and every secret value masked, also
 * on the neighbouring lines. Long lines (minified JSON) are cut to a window around the span.
 */
import type { Span } from '../validate/finding.js';
import { type LineIndex, lineOf } from '../validate/lines.js';
import { maskToken } from '../validate/mask.js';
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

/** The text between two offsets of one line, with secrets masked. */
export function displayLine(text: string, from: number, to: number, secrets: readonly Span[]): DisplayLine {
  const segments: Segment[] = [];
  let out = '';
  let pos = from;
  const copy = (end: number): void => {
    if (end <= pos) return;
    segments.push({ from: pos, to: end, displayFrom: out.length, displayTo: out.length + end - pos, replaced: false });
    out += printable(text.slice(pos, end));
    pos = end;
  };
  for (let i = firstSecretAfter(secrets, from); i < secrets.length; i++) {
    const secret = secrets[i]!;
    if (secret.offset >= to) break;
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
 * The code frame of `span`:
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
  index: LineIndex,
  span: Span,
  secrets: readonly Span[],
  options: FrameOptions,
): string {
  const { lineStarts } = index;
  const lineEnd = (line: number): number => {
    let end = line + 1 < lineStarts.length ? lineStarts[line + 1]! - 1 : text.length;
    if (end > lineStarts[line]! && text[end - 1] === '\r') end--;
    return end;
  };
  const spanLine = lineOf(index, span.offset);
  const first = Math.max(0, spanLine - options.context);
  const last = Math.min(lineStarts.length - 1, spanLine + options.context);
  const spanLineStart = lineStarts[spanLine]!;
  const caretFrom = span.offset - spanLineStart;
  const caretTo = Math.max(caretFrom + 1, Math.min(span.offset + span.length, lineEnd(spanLine)) - spanLineStart);

  let widest = 0;
  for (let line = first; line <= last; line++) widest = Math.max(widest, lineEnd(line) - lineStarts[line]!);
  const windowFrom = widest <= options.maxWidth ? 0 : Math.max(0, caretFrom - Math.floor(options.maxWidth / 3));
  const windowTo = widest <= options.maxWidth ? Number.POSITIVE_INFINITY : windowFrom + options.maxWidth;

  const { dim } = options.palette;
  const gutterWidth = String(last + 1).length;
  const out: string[] = [];
  for (let line = first; line <= last; line++) {
    const start = lineStarts[line]!;
    const end = lineEnd(line);
    const from = Math.min(end, start + windowFrom);
    const to = Math.min(end, start + windowTo);
    const shown = displayLine(text, from, to, secrets);
    const before = from > start ? '…' : '';
    const after = to < end ? '…' : '';
    const body = `${before}${shown.text}${after}`;
    const marker = line === spanLine ? options.accent('>') : ' ';
    out.push(`${marker} ${dim(`${String(line + 1).padStart(gutterWidth)} |`)}${body === '' ? '' : ` ${body}`}`);
    if (line === spanLine) {
      const caretStart = displayColumn(shown, spanLineStart + Math.max(caretFrom, windowFrom), false) + before.length;
      const caretEnd = displayColumn(shown, Math.min(spanLineStart + caretTo, to), true) + before.length;
      const carets = '^'.repeat(Math.max(1, caretEnd - caretStart));
      out.push(`  ${dim(`${' '.repeat(gutterWidth)} |`)} ${' '.repeat(caretStart)}${options.accent(carets)}`);
    }
  }
  return out.join('\n');
}
