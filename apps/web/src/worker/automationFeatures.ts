/**
 * Automation configs: every verb of `@dbkit/language-server`'s transport-free service, the same ones the LSP server
 * calls. The last diagnostics of each document are kept, so a quick-fix request needs only a range.
 * After diagnostics, the document is warmed up for the next keystroke (`scheduleWarmUp`), as the LSP server does.
 */
import { createLanguageService } from '@dbkit/language-server';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic, Range } from 'vscode-languageserver-types';
import { type Features, FOLDING_RANGE_LIMIT } from './features.js';

const before = (a: { line: number; character: number }, b: { line: number; character: number }) =>
  a.line < b.line || (a.line === b.line && a.character < b.character);
const overlaps = (a: Range, b: Range) => !before(a.end, b.start) && !before(b.end, a.start);

/**
 * At most this many completion items per answer in the playground. monaco's suggest widget filters, scores and lays
 * out every item it is given on the page's thread, so 1 000 items cost a keystroke five times what 200 do. The
 * language service ranks the names best first, so the first 200 are the ones the user would see
 * (docs/decisions/web.md, "At most 200 completion items per answer").
 */
export const MAX_COMPLETION_ITEMS = 200;

export function automationFeatures(): Features {
  const service = createLanguageService({ markdown: true, snippets: true, foldingRangeLimit: FOLDING_RANGE_LIMIT });
  const lastDiagnostics = new Map<string, Diagnostic[]>();
  /** The newest version of each document: a warm-up for an older one is skipped. */
  const latest = new Map<string, TextDocument>();
  const parse = (document: TextDocument) => service.parse(document);
  return {
    diagnostics(document) {
      const parsed = parse(document);
      const diagnostics = service.doValidation(parsed, { namesForTyping: true });
      lastDiagnostics.set(document.uri, diagnostics);
      // Once the markers are out, what the next keystroke's completion needs (the tree, the reference graph) is
      // built while the user reads them, as the LSP server does; an edit then updates it instead of parsing again.
      // The model is edited in place: the version says whether it is still the one validated.
      const version = document.version;
      latest.set(document.uri, document);
      service.scheduleWarmUp(parsed, {
        schedule: (task) => setTimeout(task),
        isCurrent: () => latest.get(document.uri) === document && document.version === version,
        rehearse: false,
      });
      return diagnostics;
    },
    edited: (document, edit) => {
      latest.set(document.uri, document);
      service.update(document, edit);
    },
    forget(uri) {
      latest.delete(uri);
      service.forget(uri);
      lastDiagnostics.delete(uri);
    },
    async completion(document, { position }) {
      const list = await service.doComplete(parse(document), position);
      // The best matches come first; the rest are asked for again as the user types (isIncomplete).
      return list === null || list.items.length <= MAX_COMPLETION_ITEMS
        ? list
        : { isIncomplete: true, items: list.items.slice(0, MAX_COMPLETION_ITEMS) };
    },
    resolveCompletion: (document, { item }) => service.doResolve(parse(document), item),
    hover: (document, { position }) => service.doHover(parse(document), position),
    definition: (document, { position }) => service.findDefinition(parse(document), position),
    references: (document, { position }) =>
      service.findReferences(parse(document), position, { includeDeclaration: true }),
    prepareRename(document, { position }) {
      // Null answers a cancelled request, and the page never cancels one.
      const result = service.prepareRename(parse(document), position);
      if (result === null || !result.ok) return { reason: result?.reason ?? '' };
      return { range: result.range, placeholder: result.placeholder };
    },
    rename(document, { position, newName }) {
      const result = service.doRename(parse(document), position, newName);
      if (result === null || !result.ok) return { reason: result?.reason ?? '' };
      return result.edit;
    },
    codeActions(document, { range }) {
      const diagnostics = (lastDiagnostics.get(document.uri) ?? []).filter((d) => overlaps(d.range, range));
      return diagnostics.length === 0 ? [] : service.getCodeActions(parse(document), range, { diagnostics });
    },
    documentSymbols: (document) => service.findDocumentSymbols(parse(document)),
    foldingRanges: (document) => service.getFoldingRanges(parse(document)),
    format: (document, { range, options }) => service.format(parse(document), range, options),
  };
}
