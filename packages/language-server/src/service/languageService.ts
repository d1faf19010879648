/**
 * The transport-free language service, in the shape of vscode-json-languageservice's `getLanguageService()`: one
 * parse per document version (the cache), then one verb per feature, each `(document, position, token?)` where the
 * feature has a position and `(document, …, token?)` otherwise. Positions are LSP positions here and offsets inside
 * (converted once, here); what the features share (the JSON service, the client's capabilities) is the service's
 * own. The LSP server (`src/server/`) is a thin layer over this; tests and the browser playground call it directly.
 */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type {
  CodeAction,
  CompletionItem,
  CompletionList,
  Diagnostic,
  DocumentSymbol,
  FoldingRange,
  FormattingOptions,
  Hover,
  Location,
  LocationLink,
  Position,
  Range,
  SelectionRange,
  TextEdit,
} from 'vscode-languageserver-types';
import { type CancellationToken, NEVER_CANCELLED } from './cancellation.js';
import { type ParsedDocument, parseDocument, type ServedDocument } from './document.js';
import { createFeatureContext, type LanguageServiceOptions } from './featureContext.js';
import { getCodeActions } from './features/codeActions.js';
import { describeCodes } from './features/codeDescription.js';
import { getCompletion, resolveCompletionItem } from './features/completion.js';
import { getDefinition } from './features/definition.js';
import { type DiagnosticsOptions, getDiagnostics, getDuplicateKeyDiagnostics } from './features/diagnostics.js';
import { getDocumentSymbols } from './features/documentSymbols.js';
import { getFoldingRanges } from './features/folding.js';
import { format } from './features/formatting.js';
import { getHover } from './features/hover.js';
import { getReferences } from './features/references.js';
import { type PrepareRenameResult, prepareRename, type RenameResult, rename } from './features/rename.js';
import { getSelectionRanges } from './features/selectionRanges.js';
import type { TextChange } from './incremental.js';
import { createSelector, SELECTOR_PREFIX, type SelectionSettings } from './selection.js';
import { sliceText } from './textModel.js';
import { scheduleWarmUp, type WarmUpSchedule } from './warmUp.js';

export interface ParseOptions {
  /**
   * Whether the parsed document is kept for the next request on the same version (default true). A document the
   * client has not opened is parsed without it, so an open document with the same uri keeps its entry.
   */
  readonly cache?: boolean;
}

/**
 * The language service. Every verb takes a document from `parse` (or `update`) and, last, an optional cancellation
 * token: once it is cancelled the verb stops at its next check and gives its empty answer (`null` where the
 * answer may be null, else none).
 *
 * @example
 * const service = createLanguageService({ markdown: true });
 * const document = service.parse(TextDocument.create(uri, 'json', 1, text));
 * const diagnostics = service.doValidation(document);
 * const list = await service.doComplete(document, { line: 12, character: 18 }, token);
 */
export interface LanguageService {
  /** Whether dbkit serves this document (see `selection.ts`). */
  isAutomationConfig(document: TextDocument, languageId?: string): boolean;
  /** The parsed document for this version: parsed on first use of each part, shared by every verb. */
  parse(document: TextDocument, options?: ParseOptions): ServedDocument;
  /**
   * Records a new version produced by one edit of the cached version (`change` in that version's offsets), so its
   * tree is updated incrementally instead of parsed again.
   */
  update(document: TextDocument, change: TextChange): ServedDocument;
  /** Drops a closed document from the cache. */
  forget(uri: string): void;
  configure(selection: SelectionSettings): void;

  /**
   * JSON syntax and core's rules, in document order. `{ duplicateKeys: false }` leaves the keys given twice in valid
   * JSON (a second pass over a fresh text) to `findDuplicateKeys`.
   */
  doValidation(document: ServedDocument, options?: DiagnosticsOptions, token?: CancellationToken): Diagnostic[];
  /** The keys given twice in valid JSON (what `doValidation` leaves out with `{ duplicateKeys: false }`). */
  findDuplicateKeys(document: ServedDocument, token?: CancellationToken): Diagnostic[];
  doComplete(document: ServedDocument, position: Position, token?: CancellationToken): Promise<CompletionList | null>;
  /** The detail and documentation of a name proposal of `doComplete` (others come complete). */
  doResolve(document: ServedDocument, item: CompletionItem, token?: CancellationToken): CompletionItem;
  doHover(document: ServedDocument, position: Position, token?: CancellationToken): Promise<Hover | null>;
  findDefinition(document: ServedDocument, position: Position, token?: CancellationToken): LocationLink[] | null;
  findReferences(
    document: ServedDocument,
    position: Position,
    context: { readonly includeDeclaration: boolean },
    token?: CancellationToken,
  ): Location[] | null;
  prepareRename(document: ServedDocument, position: Position, token?: CancellationToken): PrepareRenameResult | null;
  doRename(
    document: ServedDocument,
    position: Position,
    newName: string,
    token?: CancellationToken,
  ): RenameResult | null;
  findDocumentSymbols(document: ServedDocument, token?: CancellationToken): DocumentSymbol[];
  getFoldingRanges(document: ServedDocument, token?: CancellationToken): FoldingRange[];
  getSelectionRanges(
    document: ServedDocument,
    positions: readonly Position[],
    token?: CancellationToken,
  ): SelectionRange[];
  /** Formats the document, or only `range`. */
  format(
    document: ServedDocument,
    range: Range | undefined,
    options: FormattingOptions,
    token?: CancellationToken,
  ): TextEdit[];
  /** Quick fixes for the client's `context.diagnostics` that touch `range`. */
  getCodeActions(
    document: ServedDocument,
    range: Range,
    context: { readonly diagnostics: readonly Diagnostic[] },
    token?: CancellationToken,
  ): CodeAction[];
  /** Once a version's diagnostics are out: builds what the next keystroke needs, in later tasks (`warmUp.ts`). */
  scheduleWarmUp(document: ServedDocument, schedule: WarmUpSchedule): void;
}

export {
  AUTOMATION_SCHEMA_URI,
  createFeatureContext,
  type FeatureContext,
  type LanguageServiceOptions,
} from './featureContext.js';

/** `doValidation`'s default: every diagnostic at once. */
const EVERY_DIAGNOSTIC: DiagnosticsOptions = Object.freeze({});

/** The service's side of a document it handed out: the verbs take only documents from `parse` and `update`. */
const parsed = (document: ServedDocument): ParsedDocument => document as ParsedDocument;

export function createLanguageService(options: LanguageServiceOptions = {}): LanguageService {
  const context = createFeatureContext(options);
  const withPages = describeCodes(options.codesBaseUrl);
  const { json } = context;
  let isAutomationConfig = createSelector(options.selection);
  const cache = new Map<string, ParsedDocument>();
  const offsetOf = (document: ServedDocument, position: Position): number => document.textDocument.offsetAt(position);
  return {
    isAutomationConfig: (document, languageId = document.languageId) =>
      isAutomationConfig(document.uri, languageId, sliceText(document, 0, SELECTOR_PREFIX)),
    parse(document, parseOptions) {
      if (parseOptions?.cache === false) return parseDocument(document, json);
      const cached = cache.get(document.uri);
      if (cached !== undefined && cached.version === document.version && cached.textDocument === document)
        return cached;
      const fresh = parseDocument(document, json);
      cache.set(document.uri, fresh);
      return fresh;
    },
    update(document, change) {
      const previous = cache.get(document.uri);
      const next = parseDocument(document, json, previous ? { previous, change } : undefined);
      cache.set(document.uri, next);
      return next;
    },
    forget: (uri) => {
      cache.delete(uri);
    },
    configure(selection) {
      isAutomationConfig = createSelector(selection);
    },

    doValidation: (document, diagnostics = EVERY_DIAGNOSTIC, token = NEVER_CANCELLED) =>
      withPages(getDiagnostics(parsed(document), diagnostics, token)),
    findDuplicateKeys: (document, token = NEVER_CANCELLED) => getDuplicateKeyDiagnostics(parsed(document), token),
    doComplete: (document, position, token = NEVER_CANCELLED) =>
      getCompletion(parsed(document), position, offsetOf(document, position), context, token),
    doResolve: (document, item, token = NEVER_CANCELLED) =>
      token.isCancellationRequested ? item : resolveCompletionItem(parsed(document), item, context),
    doHover: (document, position, token = NEVER_CANCELLED) =>
      getHover(parsed(document), position, offsetOf(document, position), context, token),
    findDefinition: (document, position, token = NEVER_CANCELLED) =>
      getDefinition(parsed(document), offsetOf(document, position), token),
    findReferences: (document, position, { includeDeclaration }, token = NEVER_CANCELLED) =>
      getReferences(parsed(document), offsetOf(document, position), includeDeclaration, token),
    prepareRename: (document, position, token = NEVER_CANCELLED) =>
      prepareRename(parsed(document), offsetOf(document, position), token),
    doRename: (document, position, newName, token = NEVER_CANCELLED) =>
      rename(parsed(document), offsetOf(document, position), newName, token),
    findDocumentSymbols: (document, token = NEVER_CANCELLED) => getDocumentSymbols(parsed(document), token),
    getFoldingRanges: (document, token = NEVER_CANCELLED) =>
      getFoldingRanges(parsed(document), context, context.foldingRangeLimit, token),
    getSelectionRanges: (document, positions, token = NEVER_CANCELLED) =>
      getSelectionRanges(parsed(document), positions, context, token),
    format: (document, range, formatting, token = NEVER_CANCELLED) =>
      format(parsed(document), range, formatting, context, token),
    getCodeActions: (document, range, { diagnostics }, token = NEVER_CANCELLED) =>
      getCodeActions(parsed(document), range, diagnostics, token),
    scheduleWarmUp: (document, schedule) => scheduleWarmUp(parsed(document), context, schedule),
  };
}
