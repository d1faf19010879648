/**
 * Document and range formatting with jsonc-parser's formatter (through vscode-json-languageservice), honouring the
 * client's tab size and spaces; the result is still plain JSON.
 */
import type { FormattingOptions, Range, TextEdit } from 'vscode-languageserver-types';
import type { CancellationToken } from '../cancellation.js';
import type { ParsedDocument } from '../document.js';
import type { FeatureContext } from '../featureContext.js';

/** The edits that format the document, or only `range`; none once `token` is cancelled. */
export function format(
  doc: ParsedDocument,
  range: Range | undefined,
  options: FormattingOptions,
  context: FeatureContext,
  token: CancellationToken,
): TextEdit[] {
  if (token.isCancellationRequested) return [];
  const edits = context.json.format(doc.textDocument, range, options);
  return token.isCancellationRequested ? [] : edits;
}
