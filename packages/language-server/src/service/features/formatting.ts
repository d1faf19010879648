/**
 * Document and range formatting with jsonc-parser's formatter (through vscode-json-languageservice), honouring the
 * client's tab size and spaces; the result is still plain JSON.
 */
import type { FormattingOptions, Range, TextEdit } from 'vscode-languageserver-types';
import type { ParsedDocument } from '../document.js';
import type { FeatureContext } from '../languageService.js';

export function format(
  doc: ParsedDocument,
  range: Range | undefined,
  options: FormattingOptions,
  context: FeatureContext,
): TextEdit[] {
  return context.json.format(doc.textDocument, range, options);
}
