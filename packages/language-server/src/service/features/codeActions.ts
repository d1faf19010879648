/** Code actions: quick fixes for dbkit's fixable diagnostics. */
import type { CodeAction, Diagnostic, Range } from 'vscode-languageserver-types';
import type { ParsedDocument } from '../document.js';

export function getCodeActions(doc: ParsedDocument, range: Range, diagnostics: readonly Diagnostic[]): CodeAction[] {
  void doc;
  void range;
  void diagnostics;
  return [];
}
