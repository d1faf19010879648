/**
 * What the first keystroke after opening (or after a pause) would otherwise pay for, built while the user reads the
 * diagnostics: the line index, the tree, the reference graph and the facts completion ranks names by. The server
 * runs it once diagnostics are published; a 17 MB document's first completion then costs what the tenth does.
 *
 * With a feature context it also answers one completion at the first member's host and drops the answer: ranking
 * thousands of names runs compiled code from the first keystroke on, not the interpreter (measured at 17 MB: the
 * first two keystrokes cost 72-151 ms of CPU without it, 32-60 ms with it).
 */
import type { ParsedDocument } from './document.js';
import { warmReferenceFacts } from './features/completion/references.js';
import { getCompletion } from './features/completion.js';
import { nodeAtPath } from './jsonAst.js';
import type { FeatureContext } from './languageService.js';

const FIRST_MEMBER_HOST = ['replicaSets', 0, 'members', 0, 'host'];

export function warmUp(doc: ParsedDocument, context?: FeatureContext): void {
  void doc.textDocument.lineCount;
  void doc.references;
  warmReferenceFacts(doc);
  if (context === undefined) return;
  const host = nodeAtPath(doc.root, FIRST_MEMBER_HOST);
  if (host?.type !== 'string' || host.parent?.type !== 'property') return;
  void getCompletion(doc, doc.textDocument.positionAt(host.offset + 1), context);
}
