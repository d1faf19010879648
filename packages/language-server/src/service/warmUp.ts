/**
 * What the first keystroke after opening (or after a pause) would otherwise pay for, built while the user reads the
 * diagnostics: the line index, the tree, the reference graph and the facts completion ranks names by. The server
 * runs it once diagnostics are published; a 17 MB document's first completion then costs what the tenth does.
 */
import type { ParsedDocument } from './document.js';
import { warmReferenceFacts } from './features/completion/references.js';

export function warmUp(doc: ParsedDocument): void {
  void doc.textDocument.lineCount;
  void doc.references;
  warmReferenceFacts(doc);
}
