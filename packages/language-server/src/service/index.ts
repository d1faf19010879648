/**
 * @dbkit/language-server's service: the features of the language server as plain functions over a parsed
 * document, with no connection. The LSP server, tests and the browser playground use it.
 */
export type { ParsedDocument } from './document.js';
export { getCodeActions } from './features/codeActions.js';
export { getCompletion, resolveCompletionItem } from './features/completion.js';
export { getDefinition } from './features/definition.js';
export {
  byPosition,
  DIAGNOSTIC_SOURCE,
  type DiagnosticData,
  type DiagnosticsOptions,
  getDiagnostics,
  getDuplicateKeyDiagnostics,
  SyntaxCode,
} from './features/diagnostics.js';
export { getDocumentSymbols } from './features/documentSymbols.js';
export { getFoldingRanges } from './features/folding.js';
export { format } from './features/formatting.js';
export { getHover } from './features/hover.js';
export { getReferences } from './features/references.js';
export { type PrepareRenameResult, prepareRename, type RenameResult, rename } from './features/rename.js';
export { getSelectionRanges } from './features/selectionRanges.js';
export {
  AUTOMATION_SCHEMA_URI,
  createLanguageService,
  type FeatureContext,
  type LanguageService,
  type LanguageServiceOptions,
} from './languageService.js';
export {
  buildReferenceGraph,
  type Declaration,
  type Occurrence,
  type Reference,
  type ReferenceGraph,
  ReferenceSite,
  SymbolKind,
} from './references/graph.js';
export { AUTOMATION_LANGUAGE_ID, createSelector, type SelectionSettings } from './selection.js';
export { type TextEdit, TextModel } from './textModel.js';
export { scheduleWarmUp, type WarmUpSchedule } from './warmUp.js';
