/**
 * Offsets as 1-based lines and columns, for output and code frames (paths become offsets in
 * `@dbkit/language-server/locate`, shared with the editor and the playground).
 */
import type { Position, Range, Span } from './finding.js';

/** Offsets of the first character of every line. */
export interface LineIndex {
  readonly lineStarts: readonly number[];
  readonly textLength: number;
}

export function createLineIndex(text: string): LineIndex {
  const lineStarts = [0];
  let at = text.indexOf('\n');
  while (at !== -1) {
    lineStarts.push(at + 1);
    at = text.indexOf('\n', at + 1);
  }
  return { lineStarts, textLength: text.length };
}

/** 0-based line of an offset. */
export function lineOf(index: LineIndex, offset: number): number {
  const starts = index.lineStarts;
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((starts[mid] ?? 0) <= offset) low = mid;
    else high = mid - 1;
  }
  return low;
}

export function positionAt(index: LineIndex, offset: number): Position {
  const clamped = Math.max(0, Math.min(offset, index.textLength));
  const line = lineOf(index, clamped);
  return { line: line + 1, column: clamped - (index.lineStarts[line] ?? 0) + 1 };
}

export function rangeOf(index: LineIndex, span: Span): Range {
  return { start: positionAt(index, span.offset), end: positionAt(index, span.offset + span.length) };
}
