/**
 * API documents (snapshots, alerts, list pages, error bodies): vscode-json-languageservice with `@dbkit/schema`'s
 * API schemas, the way an editor's JSON support would serve them. Each kind's schema is bound to a shadow uri
 * (`inmemory://dbkit/<kind>.api-document.json`), so the page's own uri does not decide the schema.
 */
import { apiSchemas } from '@dbkit/schema';
import { getLanguageService, type JSONDocument } from 'vscode-json-languageservice';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { type Features, FOLDING_RANGE_LIMIT } from './features.js';
import { API_KINDS } from './kind.js';
import type { DocumentKind } from './protocol.js';

const shadowUri = (kind: DocumentKind) => `inmemory://dbkit/${kind}.api-document.json`;

export function apiFeatures(kind: Exclude<DocumentKind, 'automation-config'>): Features {
  const json = getLanguageService({
    clientCapabilities: {
      textDocument: {
        completion: { completionItem: { documentationFormat: ['markdown', 'plaintext'] } },
        hover: { contentFormat: ['markdown', 'plaintext'] },
      },
    },
  });
  json.configure({
    validate: true,
    allowComments: false,
    schemas: API_KINDS.map((name) => ({
      uri: String(apiSchemas[name].$id),
      fileMatch: [`${name}.api-document.json`],
      schema: apiSchemas[name],
    })),
  });
  // One parse per version, shared by the features (the same rule as the language server's ParsedDocument).
  let cached: { source: TextDocument; shadow: TextDocument; json: JSONDocument } | undefined;
  const parse = (document: TextDocument) => {
    if (cached?.source !== document) {
      const shadow = TextDocument.create(shadowUri(kind), 'json', document.version, document.getText());
      cached = { source: document, shadow, json: json.parseJSONDocument(shadow) };
    }
    return cached;
  };
  const none = { reason: 'Rename applies to automation configs only.' };
  return {
    async diagnostics(document) {
      const { shadow, json: parsed } = parse(document);
      const diagnostics = await json.doValidation(shadow, parsed, { comments: 'error', trailingCommas: 'error' });
      return diagnostics.map((d) => ({ ...d, source: 'json' }));
    },
    edited: () => undefined,
    forget: () => {
      cached = undefined;
    },
    completion(document, { position }) {
      const { shadow, json: parsed } = parse(document);
      return json.doComplete(shadow, position, parsed);
    },
    resolveCompletion: (_document, { item }) => json.doResolve(item),
    hover(document, { position }) {
      const { shadow, json: parsed } = parse(document);
      return json.doHover(shadow, position, parsed);
    },
    definition: () => null,
    references: () => null,
    prepareRename: () => none,
    rename: () => none,
    codeActions: () => [],
    documentSymbols(document) {
      const { shadow, json: parsed } = parse(document);
      return json.findDocumentSymbols2(shadow, parsed);
    },
    foldingRanges: (document) => json.getFoldingRanges(parse(document).shadow, { rangeLimit: FOLDING_RANGE_LIMIT }),
    format: (document, { range, options }) => json.format(parse(document).shadow, range, options),
  };
}
