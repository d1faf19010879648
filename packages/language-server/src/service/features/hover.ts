/** Hover: the schema's text for the field under the cursor (vscode-json-languageservice). */
import type { Hover, Position } from 'vscode-languageserver-types';
import type { ParsedDocument } from '../document.js';
import type { FeatureContext } from '../languageService.js';

export async function getHover(
  doc: ParsedDocument,
  position: Position,
  context: FeatureContext,
): Promise<Hover | null> {
  return context.json.doHover(doc.textDocument, position, doc.json);
}
