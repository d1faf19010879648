/** Document symbols (the outline), from vscode-json-languageservice's generic JSON outline. */
import type { DocumentSymbol } from 'vscode-languageserver-types';
import type { ParsedDocument } from '../document.js';
import type { FeatureContext } from '../languageService.js';

export function getDocumentSymbols(doc: ParsedDocument, context: FeatureContext): DocumentSymbol[] {
  return context.json.findDocumentSymbols2(doc.textDocument, doc.json);
}
