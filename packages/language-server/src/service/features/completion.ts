/** Completion: property keys, enum values and snippets from the schema (vscode-json-languageservice). */
import type { CompletionList, Position } from 'vscode-languageserver-types';
import type { ParsedDocument } from '../document.js';
import type { FeatureContext } from '../languageService.js';

export async function getCompletion(
  doc: ParsedDocument,
  position: Position,
  context: FeatureContext,
): Promise<CompletionList | null> {
  return context.json.doComplete(doc.textDocument, position, doc.json);
}
