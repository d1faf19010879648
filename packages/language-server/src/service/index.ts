/**
 * @dbkit/language-server's service: the language server's features without a connection, behind one facade
 * (`createLanguageService`), as vscode-json-languageservice's `getLanguageService()`. The LSP server, tests and the
 * browser playground use it; the parsed document's parts and the feature functions stay inside.
 */
export type { CancellationToken } from './cancellation.js';
export type { ServedDocument } from './document.js';
export type { ItemDefault } from './features/completion/compact.js';
export {
  DIAGNOSTIC_SOURCE,
  type DiagnosticData,
  type DiagnosticsOptions,
  SyntaxCode,
} from './features/diagnostics.js';
export type { PrepareRenameResult, RenameResult } from './features/rename.js';
export type { TextChange } from './incremental.js';
export {
  AUTOMATION_SCHEMA_URI,
  createLanguageService,
  type LanguageService,
  type LanguageServiceOptions,
  type ParseOptions,
} from './languageService.js';
export { AUTOMATION_LANGUAGE_ID, createSelector, type SelectionSettings } from './selection.js';
export { type TextEdit, TextModel } from './textModel.js';
export type { WarmUpSchedule } from './warmUp.js';
