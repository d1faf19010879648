/** Folding ranges: objects, arrays and multi-line strings, from vscode-json-languageservice. */
import type { FoldingRange } from 'vscode-languageserver-types';
import type { ParsedDocument } from '../document.js';
import type { FeatureContext } from '../languageService.js';

export function getFoldingRanges(doc: ParsedDocument, context: FeatureContext, rangeLimit?: number): FoldingRange[] {
  return context.json.getFoldingRanges(doc.textDocument, rangeLimit === undefined ? {} : { rangeLimit });
}
