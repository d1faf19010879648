/**
 * What every feature uses besides the parsed document: the JSON language service configured with dbkit's schema,
 * and what the client can render. Apart from the facade (`languageService.ts`), which the features do not import.
 */
import { automationConfigSchema } from '@dbkit/schema';
import {
  getLanguageService as getJsonLanguageService,
  type LanguageService as JsonLanguageService,
} from 'vscode-json-languageservice';
import type { ItemDefault } from './features/completion/compact.js';
import type { SelectionSettings } from './selection.js';

/** The `$id` of the automation-config schema, the uri vscode-json-languageservice knows it by. */
export const AUTOMATION_SCHEMA_URI = String(automationConfigSchema.$id);

export interface LanguageServiceOptions {
  /** Whether the client renders Markdown in hovers and documentation (LSP `contentFormat`); default true. */
  readonly markdown?: boolean;
  /** Whether the client supports snippet syntax in completions (LSP `snippetSupport`); default false. */
  readonly snippets?: boolean;
  /** The completion `itemDefaults` the client reads (LSP `completionList.itemDefaults`); default none. */
  readonly itemDefaults?: readonly ItemDefault[];
  /** The most folding ranges an answer holds; default no limit. */
  readonly foldingRangeLimit?: number;
  readonly selection?: SelectionSettings;
  /** Where each code's reference page is, `<base>DBK202` (`codeDescription.ts`; default the schema site's). */
  readonly codesBaseUrl?: string;
}

/** What every feature may use besides the parsed document: the service's own, never passed by its callers. */
export interface FeatureContext {
  /** vscode-json-languageservice, configured with dbkit's automation-config schema, for the generic JSON parts. */
  readonly json: JsonLanguageService;
  /** Markdown in hovers and documentation, when the client renders it. */
  readonly markdown: boolean;
  /** Snippet syntax in completion insert texts, when the client supports it. */
  readonly snippets: boolean;
  /** What completion answers may say once for all items (`completion/compact.ts`). */
  readonly itemDefaults: readonly ItemDefault[];
  /** The most folding ranges an answer holds. */
  readonly foldingRangeLimit: number | undefined;
}

/** The features' context for `options`: vscode-json-languageservice configured with dbkit's schema. */
export function createFeatureContext(options: LanguageServiceOptions = {}): FeatureContext {
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
  return {
    json,
    markdown,
    snippets,
    itemDefaults: options.itemDefaults ?? [],
    foldingRangeLimit: options.foldingRangeLimit,
  };
}
