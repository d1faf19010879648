/**
 * The transport-free language service: one parse per document version (the cache), then one function per
 * feature. The LSP server (`src/server/`) is a thin layer over this; tests and the browser playground can call it
 * directly.
 */
import { automationConfigSchema } from '@dbkit/schema';
import {
  getLanguageService as getJsonLanguageService,
  type LanguageService as JsonLanguageService,
} from 'vscode-json-languageservice';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { type ParsedDocument, parseDocument } from './document.js';
import type { ItemDefault } from './features/completion/compact.js';
import type { TextChange } from './incremental.js';
import { createSelector, SELECTOR_PREFIX, type SelectionSettings } from './selection.js';
import { sliceText } from './textModel.js';

/** The `$id` of the automation-config schema, the uri vscode-json-languageservice knows it by. */
export const AUTOMATION_SCHEMA_URI = String(automationConfigSchema.$id);

export interface LanguageServiceOptions {
  /** Whether the client renders Markdown in hovers and documentation (LSP `contentFormat`); default true. */
  readonly markdown?: boolean;
  /** Whether the client supports snippet syntax in completions (LSP `snippetSupport`); default false. */
  readonly snippets?: boolean;
  /** The completion `itemDefaults` the client reads (LSP `completionList.itemDefaults`); default none. */
  readonly itemDefaults?: readonly ItemDefault[];
  readonly selection?: SelectionSettings;
}

/** What every feature may use besides the parsed document. */
export interface FeatureContext {
  /** vscode-json-languageservice, configured with dbkit's automation-config schema, for the generic JSON parts. */
  readonly json: JsonLanguageService;
  /** Markdown in hovers and documentation, when the client renders it. */
  readonly markdown: boolean;
  /** Snippet syntax in completion insert texts, when the client supports it. */
  readonly snippets: boolean;
  /** What completion answers may say once for all items (`completion/compact.ts`). */
  readonly itemDefaults: readonly ItemDefault[];
}

export interface LanguageService {
  readonly context: FeatureContext;
  /** Whether dbkit serves this document (see `selection.ts`). */
  isAutomationConfig(document: TextDocument, languageId?: string): boolean;
  /** The parsed document for this version: parsed on first use, shared by every feature. */
  parse(document: TextDocument): ParsedDocument;
  /**
   * Records a new version produced by one edit of the cached version (`change` in that version's offsets), so its
   * tree is updated incrementally instead of parsed again.
   */
  update(document: TextDocument, change: TextChange): ParsedDocument;
  /** Drops a closed document from the cache. */
  forget(uri: string): void;
  configure(selection: SelectionSettings): void;
}

export function createLanguageService(options: LanguageServiceOptions = {}): LanguageService {
  const markdown = options.markdown ?? true;
  const snippets = options.snippets ?? false;
  const json = getJsonLanguageService({
    clientCapabilities: {
      textDocument: {
        completion: { completionItem: { documentationFormat: markdown ? ['markdown', 'plaintext'] : ['plaintext'] } },
        hover: { contentFormat: markdown ? ['markdown', 'plaintext'] : ['plaintext'] },
      },
    },
  });
  json.configure({
    validate: false,
    allowComments: false,
    schemas: [{ uri: AUTOMATION_SCHEMA_URI, fileMatch: ['*'], schema: automationConfigSchema }],
  });
  const context: FeatureContext = { json, markdown, snippets, itemDefaults: options.itemDefaults ?? [] };
  let isAutomationConfig = createSelector(options.selection);
  const cache = new Map<string, ParsedDocument>();
  return {
    context,
    isAutomationConfig: (document, languageId = document.languageId) =>
      isAutomationConfig(document.uri, languageId, sliceText(document, 0, SELECTOR_PREFIX)),
    parse(document) {
      const cached = cache.get(document.uri);
      if (cached !== undefined && cached.version === document.version && cached.textDocument === document)
        return cached;
      const parsed = parseDocument(document, json);
      cache.set(document.uri, parsed);
      return parsed;
    },
    update(document, change) {
      const previous = cache.get(document.uri);
      const parsed = parseDocument(document, json, previous ? { previous, change } : undefined);
      cache.set(document.uri, parsed);
      return parsed;
    },
    forget: (uri) => {
      cache.delete(uri);
    },
    configure(selection) {
      isAutomationConfig = createSelector(selection);
    },
  };
}
