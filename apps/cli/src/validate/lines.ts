/**
 * Offsets as 1-based lines and columns, for output and code frames. The counting is the language server's
 * (`rangesOfSpans` of `@dbkit/language-server/internal/locate`, shared with the editor and the playground): the few offsets
 * a file's findings need are placed in one pass over its line breaks, and no line is indexed.
 */
import { rangesOfSpans } from '@dbkit/language-server/internal/locate';
import type { Range, Span } from './finding.js';

/** The range of every span, in one pass. */
export function rangesOf(text: string, spans: readonly Span[]): Range[] {
  return rangesOfSpans(text, spans).map(({ start, end }) => ({
    start: { line: start.line + 1, column: start.character + 1 },
    end: { line: end.line + 1, column: end.character + 1 },
  }));
}
