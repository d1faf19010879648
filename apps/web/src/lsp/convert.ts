/**
 * LSP data (what the worker answers) to monaco's shapes and back. Pure: no monaco at run time, only its types, so
 * the unit tests run in Node. monaco's enums are numbers; the values below are monaco's (`editor.api.d.ts`).
 */
import type { editor, IMarkdownString, IRange, languages } from 'monaco-editor/esm/vs/editor/editor.api';
import type {
  CompletionItem,
  Diagnostic,
  DocumentSymbol,
  Hover,
  InsertReplaceEdit,
  MarkupContent,
  Position,
  Range,
  SymbolInformation,
  TextEdit,
} from 'vscode-languageserver-types';

/** monaco `MarkerSeverity` by LSP `DiagnosticSeverity` (1 error … 4 hint). */
const MARKER_SEVERITY: { readonly [lsp: number]: number } = { 1: 8, 2: 4, 3: 2, 4: 1 };

/** monaco `CompletionItemKind` by LSP `CompletionItemKind` (1 Text … 25 TypeParameter). */
const COMPLETION_KIND: { readonly [lsp: number]: number } = {
  1: 18, // Text
  2: 0, // Method
  3: 1, // Function
  4: 2, // Constructor
  5: 3, // Field
  6: 4, // Variable
  7: 5, // Class
  8: 7, // Interface
  9: 8, // Module
  10: 9, // Property
  11: 12, // Unit
  12: 13, // Value
  13: 15, // Enum
  14: 17, // Keyword
  15: 27, // Snippet
  16: 19, // Color
  17: 20, // File
  18: 21, // Reference
  19: 23, // Folder
  20: 16, // EnumMember
  21: 14, // Constant
  22: 6, // Struct
  23: 10, // Event
  24: 11, // Operator
  25: 24, // TypeParameter
};

/** monaco `CompletionItemInsertTextRule.InsertAsSnippet`. */
const INSERT_AS_SNIPPET = 4;
/** LSP `InsertTextFormat.Snippet`. */
const LSP_SNIPPET = 2;

export function toMonacoRange(range: Range): IRange {
  return {
    startLineNumber: range.start.line + 1,
    startColumn: range.start.character + 1,
    endLineNumber: range.end.line + 1,
    endColumn: range.end.character + 1,
  };
}

export function toLspRange(range: IRange): Range {
  return {
    start: { line: range.startLineNumber - 1, character: range.startColumn - 1 },
    end: { line: range.endLineNumber - 1, character: range.endColumn - 1 },
  };
}

export function toLspPosition(position: { lineNumber: number; column: number }): Position {
  return { line: position.lineNumber - 1, character: position.column - 1 };
}

/**
 * The page of a dbkit code on the site the playground is served from (`/codes/DBK202`, the schema site's), relative
 * to the page's address; undefined for other codes (JSON syntax).
 */
export function codePageUrl(code: string, pageUrl: string): string | undefined {
  return /^DBK\d{3}$/.test(code) ? new URL(`codes/${code}`, pageUrl).href : undefined;
}

/**
 * A marker with the diagnostic's code, tags and related information (pointing into `resource`). `link` makes the
 * code a link in monaco's hover (`{ value, target }`: monaco's Uri, which only the page has).
 */
export function toMarker(
  diagnostic: Diagnostic,
  resource: editor.IRelatedInformation['resource'],
  link?: (code: string) => editor.IMarkerData['code'],
): editor.IMarkerData {
  const related = diagnostic.relatedInformation?.map((info) => ({
    resource,
    message: info.message,
    ...toMonacoRange(info.location.range),
  }));
  return {
    severity: MARKER_SEVERITY[diagnostic.severity ?? 1] ?? 8,
    message: typeof diagnostic.message === 'string' ? diagnostic.message : diagnostic.message.value,
    ...toMonacoRange(diagnostic.range),
    ...(diagnostic.code !== undefined ? { code: link?.(String(diagnostic.code)) ?? String(diagnostic.code) } : {}),
    ...(diagnostic.source !== undefined ? { source: diagnostic.source } : {}),
    ...(diagnostic.tags ? { tags: diagnostic.tags as NonNullable<editor.IMarkerData['tags']> } : {}),
    ...(related && related.length > 0 ? { relatedInformation: related } : {}),
  };
}

export function toMarkdown(content: MarkupContent | string | { language: string; value: string }): IMarkdownString {
  if (typeof content === 'string') return { value: content };
  if ('kind' in content) return { value: content.kind === 'markdown' ? content.value : escapeMarkdown(content.value) };
  return { value: `\`\`\`${content.language}\n${content.value}\n\`\`\`` };
}

function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!<>]/g, '\\$&');
}

export function toHover(hover: Hover): languages.Hover {
  const contents = Array.isArray(hover.contents) ? hover.contents : [hover.contents];
  return {
    contents: contents.map(toMarkdown),
    ...(hover.range ? { range: toMonacoRange(hover.range) } : {}),
  };
}

function isInsertReplace(edit: TextEdit | InsertReplaceEdit): edit is InsertReplaceEdit {
  return 'insert' in edit;
}

/** A completion item; `defaultRange` is the word at the cursor, for items without an edit. */
export function toCompletionItem(item: CompletionItem, defaultRange: IRange): languages.CompletionItem {
  const edit = item.textEdit;
  const range = edit
    ? isInsertReplace(edit)
      ? { insert: toMonacoRange(edit.insert), replace: toMonacoRange(edit.replace) }
      : toMonacoRange(edit.range)
    : defaultRange;
  const documentation = item.documentation;
  const insertText = edit ? edit.newText : (item.insertText ?? item.label);
  return {
    label: item.label,
    kind: (COMPLETION_KIND[item.kind ?? 1] ?? 18) as languages.CompletionItemKind,
    insertText,
    range,
    ...(item.insertTextFormat === LSP_SNIPPET
      ? { insertTextRules: INSERT_AS_SNIPPET as languages.CompletionItemInsertTextRule }
      : {}),
    ...(item.detail !== undefined ? { detail: item.detail } : {}),
    ...(documentation !== undefined ? { documentation: toMarkdown(documentation) } : {}),
    ...(item.sortText !== undefined ? { sortText: item.sortText } : {}),
    ...(item.filterText !== undefined ? { filterText: item.filterText } : {}),
    ...(item.preselect ? { preselect: true } : {}),
    ...(item.tags ? { tags: item.tags as languages.CompletionItemTag[] } : {}),
    ...(item.additionalTextEdits
      ? {
          additionalTextEdits: item.additionalTextEdits.map((e) => ({
            range: toMonacoRange(e.range),
            text: e.newText,
          })),
        }
      : {}),
  };
}

export function toTextEdit(edit: TextEdit): languages.TextEdit {
  return { range: toMonacoRange(edit.range), text: edit.newText };
}

function isDocumentSymbol(symbol: DocumentSymbol | SymbolInformation): symbol is DocumentSymbol {
  return 'selectionRange' in symbol;
}

/** Document symbols for the outline; monaco's `SymbolKind` is LSP's minus one. */
export function toDocumentSymbol(symbol: DocumentSymbol | SymbolInformation): languages.DocumentSymbol {
  const kind = (symbol.kind - 1) as languages.SymbolKind;
  if (!isDocumentSymbol(symbol)) {
    const range = toMonacoRange(symbol.location.range);
    return { name: symbol.name, detail: '', kind, tags: [], range, selectionRange: range };
  }
  return {
    name: symbol.name,
    detail: symbol.detail ?? '',
    kind,
    tags: [],
    range: toMonacoRange(symbol.range),
    selectionRange: toMonacoRange(symbol.selectionRange),
    ...(symbol.children ? { children: symbol.children.map(toDocumentSymbol) } : {}),
  };
}
