/** Selection ranges (expand/shrink selection): value → property → object → … → document, from the tree. */
import type { Position, SelectionRange } from 'vscode-languageserver-types';
import type { ParsedDocument } from '../document.js';
import type { FeatureContext } from '../languageService.js';

export function getSelectionRanges(
  doc: ParsedDocument,
  positions: readonly Position[],
  context: FeatureContext,
): SelectionRange[] {
  return context.json.getSelectionRanges(doc.textDocument, [...positions], doc.json);
}
