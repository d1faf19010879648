/** Folding ranges: objects, arrays and multi-line strings, from vscode-json-languageservice. */
import type { FoldingRange } from 'vscode-languageserver-types';
import type { CancellationToken } from '../cancellation.js';
import type { ParsedDocument } from '../document.js';
import type { FeatureContext } from '../languageService.js';

/**
 * The folding ranges, at most `rangeLimit`; none once `token` is cancelled (checked around the JSON service's one
 * pass over the text, which cannot stop midway).
 */
export function getFoldingRanges(
  doc: ParsedDocument,
  context: FeatureContext,
  rangeLimit: number | undefined,
  token: CancellationToken,
): FoldingRange[] {
  if (token.isCancellationRequested) return [];
  const ranges = context.json.getFoldingRanges(doc.textDocument, rangeLimit === undefined ? {} : { rangeLimit });
  return token.isCancellationRequested ? [] : ranges;
}
