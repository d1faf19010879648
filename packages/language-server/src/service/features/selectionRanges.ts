/** Selection ranges (expand/shrink selection): value → property → object → … → document, from the tree. */
import type { Position, SelectionRange } from 'vscode-languageserver-types';
import type { CancellationToken } from '../cancellation.js';
import type { ParsedDocument } from '../document.js';
import type { FeatureContext } from '../featureContext.js';

/** One selection range per position; none once `token` is cancelled. */
export function getSelectionRanges(
  doc: ParsedDocument,
  positions: readonly Position[],
  context: FeatureContext,
  token: CancellationToken,
): SelectionRange[] {
  if (token.isCancellationRequested) return [];
  const ranges = context.json.getSelectionRanges(doc.textDocument, [...positions], doc.json);
  return token.isCancellationRequested ? [] : ranges;
}
