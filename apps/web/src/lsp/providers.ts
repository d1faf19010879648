/**
 * The thin monaco adapter (as monaco-yaml's): one monaco provider per feature, each a request to the language
 * worker and a conversion of its LSP answer. A failed request answers nothing; the editor keeps working.
 */

import type { languages, Uri } from 'monaco-editor/esm/vs/editor/editor.api';
import type {
  CodeAction as LspCodeAction,
  CompletionItem as LspCompletionItem,
  Range as LspRange,
} from 'vscode-languageserver-types';
import type { Monaco } from '../editor/monaco.js';
import type { DiagnosticsReport } from '../worker/protocol.js';
import type { LanguageClient } from './client.js';
import {
  codePageUrl,
  toCompletionItem,
  toDocumentSymbol,
  toHover,
  toLspPosition,
  toLspRange,
  toMarker,
  toMonacoRange,
  toTextEdit,
} from './convert.js';
import { toWorkspaceEdit } from './workspaceEdit.js';

/** The characters after which the language server offers completion (its `triggerCharacters`). */
export const TRIGGER_CHARACTERS = ['"', ':', ' '];

/** The resolved item keeps the range monaco already computed for it. */
const defaultRangeOf = (item: Item) => ('insert' in item.range ? item.range.replace : item.range);

/** An answer that never comes, for a request monaco has cancelled (see the folding provider). */
const NEVER = new Promise<never>(() => undefined);

const quietly = async <T>(answer: Promise<T>): Promise<T | undefined> => answer.catch(() => undefined);

/** monaco's completion item, keeping the LSP item for `resolve`. */
type Item = ReturnType<typeof toCompletionItem> & { lsp?: LspCompletionItem; uri?: string };

type ParseUri = (uri: string) => Uri;

export function registerProviders(monaco: Monaco, languageId: string, client: LanguageClient): void {
  const parseUri: ParseUri = (uri) => monaco.Uri.parse(uri);
  monaco.languages.registerCompletionItemProvider(languageId, completionProvider(monaco, client));
  monaco.languages.registerHoverProvider(languageId, hoverProvider(client));
  monaco.languages.registerDefinitionProvider(languageId, definitionProvider(client, parseUri));
  monaco.languages.registerReferenceProvider(languageId, referenceProvider(client, parseUri));
  monaco.languages.registerRenameProvider(languageId, renameProvider(monaco, client, parseUri));
  monaco.languages.registerCodeActionProvider(languageId, codeActionProvider(client, parseUri), {
    providedCodeActionKinds: ['quickfix'],
  });
  monaco.languages.registerDocumentSymbolProvider(languageId, documentSymbolProvider(client));
  monaco.languages.registerFoldingRangeProvider(languageId, foldingRangeProvider(monaco, client));
  monaco.languages.registerDocumentFormattingEditProvider(languageId, formattingProvider(client));
  monaco.languages.registerDocumentRangeFormattingEditProvider(languageId, rangeFormattingProvider(client));
  client.onDiagnostics(diagnosticsListener(monaco, parseUri));
}

function completionProvider(monaco: Monaco, client: LanguageClient): languages.CompletionItemProvider {
  return {
    triggerCharacters: TRIGGER_CHARACTERS,
    async provideCompletionItems(model, position) {
      const uri = model.uri.toString();
      const list = await quietly(client.request('completion', { uri, position: toLspPosition(position) }));
      const word = model.getWordUntilPosition(position);
      const range = new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn);
      const suggestions = (list?.items ?? []).map((lsp): Item => ({ ...toCompletionItem(lsp, range), lsp, uri }));
      return { suggestions, incomplete: list?.isIncomplete ?? false };
    },
    async resolveCompletionItem(item: Item) {
      if (item.lsp === undefined || item.uri === undefined) return item;
      const resolved = await quietly(client.request('resolveCompletion', { uri: item.uri, item: item.lsp }));
      return resolved
        ? { ...toCompletionItem(resolved, defaultRangeOf(item)), range: item.range, lsp: resolved, uri: item.uri }
        : item;
    },
  };
}

function hoverProvider(client: LanguageClient): languages.HoverProvider {
  return {
    async provideHover(model, position) {
      const hover = await quietly(
        client.request('hover', { uri: model.uri.toString(), position: toLspPosition(position) }),
      );
      return hover ? toHover(hover) : null;
    },
  };
}

function definitionProvider(client: LanguageClient, parseUri: ParseUri): languages.DefinitionProvider {
  return {
    async provideDefinition(model, position) {
      const links = await quietly(
        client.request('definition', { uri: model.uri.toString(), position: toLspPosition(position) }),
      );
      return (links ?? []).map((link) => ({
        uri: parseUri(link.targetUri),
        range: toMonacoRange(link.targetRange),
        targetSelectionRange: toMonacoRange(link.targetSelectionRange),
        ...(link.originSelectionRange ? { originSelectionRange: toMonacoRange(link.originSelectionRange) } : {}),
      }));
    },
  };
}

function referenceProvider(client: LanguageClient, parseUri: ParseUri): languages.ReferenceProvider {
  return {
    async provideReferences(model, position) {
      const locations = await quietly(
        client.request('references', { uri: model.uri.toString(), position: toLspPosition(position) }),
      );
      return (locations ?? []).map((l) => ({ uri: parseUri(l.uri), range: toMonacoRange(l.range) }));
    },
  };
}

function renameProvider(monaco: Monaco, client: LanguageClient, parseUri: ParseUri): languages.RenameProvider {
  return {
    async resolveRenameLocation(model, position) {
      const params = { uri: model.uri.toString(), position: toLspPosition(position) };
      const result = await quietly(client.request('prepareRename', params));
      if (result === undefined) return { range: new monaco.Range(1, 1, 1, 1), text: '', rejectReason: 'No answer.' };
      if ('reason' in result) return { range: new monaco.Range(1, 1, 1, 1), text: '', rejectReason: result.reason };
      return { range: toMonacoRange(result.range), text: result.placeholder };
    },
    async provideRenameEdits(model, position, newName) {
      const params = { uri: model.uri.toString(), position: toLspPosition(position), newName };
      const result = await quietly(client.request('rename', params));
      if (result === undefined) return { edits: [], rejectReason: 'The rename failed.' };
      if ('reason' in result) return { edits: [], rejectReason: result.reason };
      return toWorkspaceEdit(result, parseUri);
    },
  };
}

function codeActionProvider(client: LanguageClient, parseUri: ParseUri): languages.CodeActionProvider {
  return {
    async provideCodeActions(model, range, context) {
      if (context.markers.length === 0) return { actions: [], dispose: () => undefined };
      const actions =
        (await quietly(client.request('codeActions', { uri: model.uri.toString(), range: toLspRange(range) }))) ?? [];
      const markerOf = (lsp: LspCodeAction) =>
        context.markers.filter((m) => lsp.diagnostics?.some((d) => String(d.code) === String(m.code)));
      return {
        actions: actions.map((action) => ({
          title: action.title,
          ...(action.kind ? { kind: action.kind } : {}),
          diagnostics: markerOf(action),
          ...(action.isPreferred ? { isPreferred: true } : {}),
          ...(action.edit ? { edit: toWorkspaceEdit(action.edit, parseUri) } : {}),
        })),
        dispose: () => undefined,
      };
    },
  };
}

function documentSymbolProvider(client: LanguageClient): languages.DocumentSymbolProvider {
  return {
    displayName: 'dbkit',
    async provideDocumentSymbols(model) {
      const symbols = await quietly(client.request('documentSymbols', { uri: model.uri.toString() }));
      return (symbols ?? []).map(toDocumentSymbol);
    },
  };
}

function foldingRangeProvider(monaco: Monaco, client: LanguageClient): languages.FoldingRangeProvider {
  return {
    async provideFoldingRanges(model, _context, token) {
      // monaco cancels the request on the next edit and then, for a cancelled answer, computes its own indentation
      // ranges on the page's thread only to drop them (syntaxRangeProvider.js `compute`): tens of milliseconds on a
      // 3 MB document, paid by the keystroke that cancelled it. An answer that never comes costs nothing.
      if (token.isCancellationRequested) return NEVER;
      const ranges = await quietly(client.request('foldingRanges', { uri: model.uri.toString() }));
      if (token.isCancellationRequested) return NEVER;
      return (ranges ?? []).map((r) => ({
        start: r.startLine + 1,
        end: r.endLine + 1,
        ...(r.kind ? { kind: new monaco.languages.FoldingRangeKind(r.kind) } : {}),
      }));
    },
  };
}

/** Formats the document, or `range` of it, in the worker. */
async function format(
  client: LanguageClient,
  uri: string,
  options: { tabSize: number; insertSpaces: boolean },
  range?: LspRange,
) {
  const edits = await quietly(client.request('format', { uri, options, ...(range ? { range } : {}) }));
  return (edits ?? []).map(toTextEdit);
}

function formattingProvider(client: LanguageClient): languages.DocumentFormattingEditProvider {
  return {
    provideDocumentFormattingEdits: (model, options) => format(client, model.uri.toString(), options),
  };
}

function rangeFormattingProvider(client: LanguageClient): languages.DocumentRangeFormattingEditProvider {
  return {
    provideDocumentRangeFormattingEdits: (model, range, options) =>
      format(client, model.uri.toString(), options, toLspRange(range)),
  };
}

/**
 * Markers: the worker pushes each version's diagnostics; a report for an older version is dropped (a newer one is on
 * its way).
 */
function diagnosticsListener(monaco: Monaco, parseUri: ParseUri): (report: DiagnosticsReport) => void {
  /** A dbkit code as a link to its page on this site, for monaco's hover. */
  const codeLink = (code: string) => {
    const href = codePageUrl(code, document.baseURI);
    return href === undefined ? code : { value: code, target: monaco.Uri.parse(href) };
  };
  return (report) => {
    const model = monaco.editor.getModel(parseUri(report.uri));
    if (model === null || model.getVersionId() !== report.version) return;
    monaco.editor.setModelMarkers(
      model,
      MARKER_OWNER,
      report.diagnostics.map((d) => toMarker(d, model.uri, codeLink)),
    );
  };
}

/** The owner of dbkit's markers in monaco. */
export const MARKER_OWNER = 'dbkit';
