import type { Uri } from 'monaco-editor/esm/vs/editor/editor.api';
import { describe, expect, it } from 'vitest';
import type { CompletionItem, Diagnostic, DocumentSymbol } from 'vscode-languageserver-types';
import {
  codePageUrl,
  toCompletionItem,
  toDocumentSymbol,
  toHover,
  toLspPosition,
  toLspRange,
  toMarker,
  toMonacoRange,
} from '../src/lsp/convert.ts';
import { toWorkspaceEdit } from '../src/lsp/workspaceEdit.ts';

const range = (sl: number, sc: number, el: number, ec: number) => ({
  start: { line: sl, character: sc },
  end: { line: el, character: ec },
});
const fakeUri = (uri: string) => ({ toString: () => uri }) as unknown as Uri;
const WORD = { startLineNumber: 1, startColumn: 1, endLineNumber: 1, endColumn: 1 };

describe('LSP ↔ monaco conversions', () => {
  it.for([
    [range(0, 0, 0, 0), { startLineNumber: 1, startColumn: 1, endLineNumber: 1, endColumn: 1 }],
    [range(4, 2, 6, 10), { startLineNumber: 5, startColumn: 3, endLineNumber: 7, endColumn: 11 }],
  ] as const)('ranges are 0-based in LSP and 1-based in monaco: %j', ([lsp, monaco]) => {
    expect(toMonacoRange(lsp)).toEqual(monaco);
    expect(toLspRange(monaco)).toEqual(lsp);
  });

  it('positions go from monaco to LSP', () => {
    expect(toLspPosition({ lineNumber: 3, column: 7 })).toEqual({ line: 2, character: 6 });
  });

  it.for([
    { severity: 1, marker: 8 },
    { severity: 2, marker: 4 },
    { severity: 3, marker: 2 },
    { severity: 4, marker: 1 },
    { severity: undefined, marker: 8 },
  ] as const)('diagnostic severity $severity is marker severity $marker', ({ severity, marker }) => {
    const diagnostic: Diagnostic = { range: range(0, 0, 0, 1), message: 'm', ...(severity ? { severity } : {}) };
    expect(toMarker(diagnostic, fakeUri('file:///a.json')).severity).toBe(marker);
  });

  it('markers keep the code, source, tags and related information', () => {
    const diagnostic: Diagnostic = {
      range: range(9, 4, 9, 20),
      severity: 1,
      code: 'DBK202',
      source: 'dbkit',
      message: '"x" does not name a process',
      tags: [2],
      relatedInformation: [{ location: { uri: 'file:///a.json', range: range(2, 4, 2, 12) }, message: 'processes[0]' }],
    };
    const resource = fakeUri('file:///a.json');
    expect(toMarker(diagnostic, resource)).toEqual({
      severity: 8,
      message: '"x" does not name a process',
      startLineNumber: 10,
      startColumn: 5,
      endLineNumber: 10,
      endColumn: 21,
      code: 'DBK202',
      source: 'dbkit',
      tags: [2],
      relatedInformation: [
        { resource, message: 'processes[0]', startLineNumber: 3, startColumn: 5, endLineNumber: 3, endColumn: 13 },
      ],
    });
  });

  it('makes a dbkit code a link to its page on the playground’s own site, and leaves syntax codes as they are', () => {
    const diagnostic: Diagnostic = { range: range(0, 0, 0, 1), severity: 1, code: 'DBK202', message: 'm' };
    const link = (code: string) => {
      const href = codePageUrl(code, 'http://localhost:5178/');
      return href === undefined ? code : { value: code, target: fakeUri(href) };
    };
    const code = toMarker(diagnostic, fakeUri('file:///a.json'), link).code as { value: string; target: Uri };
    expect([code.value, code.target.toString()]).toEqual(['DBK202', 'http://localhost:5178/codes/DBK202']);
    expect(toMarker({ ...diagnostic, code: 'json/comment' }, fakeUri('file:///a.json'), link).code).toBe(
      'json/comment',
    );
    expect(codePageUrl('DBK604', 'https://example.net/dbkit/index.html?doc=1')).toBe(
      'https://example.net/dbkit/codes/DBK604',
    );
  });

  it.for([
    { name: 'a property key', kind: 10, monacoKind: 9 },
    { name: 'an enum value', kind: 12, monacoKind: 13 },
    { name: 'a snippet', kind: 15, monacoKind: 27 },
    { name: 'a reference', kind: 18, monacoKind: 21 },
    { name: 'an enum member', kind: 20, monacoKind: 16 },
  ] as const)('completion of $name has monaco kind $monacoKind', ({ kind, monacoKind }) => {
    expect(toCompletionItem({ label: 'x', kind }, WORD).kind).toBe(monacoKind);
  });

  it('completion items keep their edit, snippet format, documentation and sort text', () => {
    const item: CompletionItem = {
      label: 'shop-1',
      kind: 18,
      textEdit: { range: range(3, 10, 3, 12), newText: '"shop-1"' },
      insertTextFormat: 2,
      detail: 'process',
      documentation: { kind: 'markdown', value: '**dbd** on `host:27017`' },
      sortText: '0',
      filterText: '"shop-1"',
    };
    expect(toCompletionItem(item, WORD)).toEqual({
      label: 'shop-1',
      kind: 21,
      insertText: '"shop-1"',
      range: { startLineNumber: 4, startColumn: 11, endLineNumber: 4, endColumn: 13 },
      insertTextRules: 4,
      detail: 'process',
      documentation: { value: '**dbd** on `host:27017`' },
      sortText: '0',
      filterText: '"shop-1"',
    });
  });

  it('insert/replace edits become monaco insert and replace ranges', () => {
    const item: CompletionItem = {
      label: 'a',
      textEdit: { newText: 'a', insert: range(0, 1, 0, 2), replace: range(0, 1, 0, 4) },
    };
    expect(toCompletionItem(item, WORD).range).toEqual({
      insert: { startLineNumber: 1, startColumn: 2, endLineNumber: 1, endColumn: 3 },
      replace: { startLineNumber: 1, startColumn: 2, endLineNumber: 1, endColumn: 5 },
    });
  });

  it('an item without an edit inserts its label over the word at the cursor', () => {
    expect(toCompletionItem({ label: 'priority' }, WORD)).toMatchObject({ insertText: 'priority', range: WORD });
  });

  it.for([
    { name: 'markdown', contents: { kind: 'markdown', value: '**votes**' }, value: '**votes**' },
    { name: 'plain text, escaped', contents: { kind: 'plaintext', value: 'a_b*' }, value: 'a\\_b\\*' },
    { name: 'a string', contents: 'text', value: 'text' },
  ] as const)('hover contents in $name', ({ contents, value }) => {
    expect(toHover({ contents }).contents).toEqual([{ value }]);
  });

  it('document symbols nest and shift their kind by one', () => {
    const symbol: DocumentSymbol = {
      name: 'processes',
      kind: 18,
      range: range(1, 2, 9, 3),
      selectionRange: range(1, 2, 1, 13),
      children: [
        { name: 'shop-1', detail: 'dbd', kind: 19, range: range(2, 4, 4, 5), selectionRange: range(2, 4, 2, 10) },
      ],
    };
    const converted = toDocumentSymbol(symbol);
    expect(converted.kind).toBe(17);
    expect(converted.children?.[0]).toMatchObject({ name: 'shop-1', detail: 'dbd', kind: 18 });
  });

  it('workspace edits (changes and document changes) carry every text edit', () => {
    const edit = toWorkspaceEdit(
      {
        changes: { 'file:///a.json': [{ range: range(0, 1, 0, 3), newText: 'b' }] },
        documentChanges: [
          { textDocument: { uri: 'file:///a.json', version: 1 }, edits: [{ range: range(2, 0, 2, 1), newText: 'c' }] },
        ],
      },
      fakeUri,
    );
    expect(edit.edits.map((e) => ('textEdit' in e ? e.textEdit.text : ''))).toEqual(['b', 'c']);
    expect(edit.edits.map((e) => ('resource' in e ? e.resource.toString() : ''))).toEqual([
      'file:///a.json',
      'file:///a.json',
    ]);
  });
});
