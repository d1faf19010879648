/** Completion answers with what every item shares said once (`completion/compact.ts`), as the client reads them. */
import { describe, expect, it } from 'vitest';
import { type CompletionItem, InsertTextFormat } from 'vscode-languageserver-types';
import { compactCompletionList, type ItemDefault } from '../../../../src/service/features/completion/compact.js';

const range = { start: { line: 3, character: 10 }, end: { line: 3, character: 14 } };
const other = { start: { line: 4, character: 0 }, end: { line: 4, character: 2 } };
const ALL: readonly ItemDefault[] = ['editRange', 'insertTextFormat', 'data'];

function name(label: string, newText = label, at = range): CompletionItem {
  return {
    label,
    filterText: label,
    sortText: '000001',
    textEdit: { range: at, newText },
    insertTextFormat: InsertTextFormat.PlainText,
    data: { uri: 'file:///a.json', reference: { kind: 'process', name: label } },
  };
}

describe('compactCompletionList', () => {
  it.for([
    ['a client that reads no defaults', [] as ItemDefault[], undefined],
    ['a client that reads the range only', ['editRange'] as ItemDefault[], { editRange: range }],
    [
      'a client that reads range, format and data',
      ALL,
      { editRange: range, insertTextFormat: InsertTextFormat.PlainText, data: { uri: 'file:///a.json' } },
    ],
  ] as const)('%s gets the defaults it reads', ([, supported, defaults]) => {
    const list = compactCompletionList({ isIncomplete: true, items: [name('"a"'), name('"b"')] }, supported);
    expect(list.itemDefaults).toEqual(defaults);
    expect(list.isIncomplete).toBe(true);
    for (const item of list.items) expect(item).not.toHaveProperty('filterText');
    expect(list.items.every((item) => 'textEdit' in item)).toBe(!supported.includes('editRange'));
  });

  it('keeps an edit text that differs from the label, and leaves out one equal to it', () => {
    const list = compactCompletionList({ isIncomplete: false, items: [name('a', '"a"'), name('"b"')] }, ALL);
    expect(list.items.map((item) => item.textEditText)).toEqual(['"a"', undefined]);
    expect(list.items[0]!.data).toEqual({ reference: { kind: 'process', name: 'a' } });
  });

  it.for([
    ['different ranges', [name('"a"'), name('"b"', '"b"', other)]],
    ['an item without an edit', [name('"a"'), { label: 'b' }]],
    ['a single item', [name('"a"')]],
  ] as const)('says nothing once for %s', ([, items]) => {
    const list = compactCompletionList({ isIncomplete: false, items: [...items] }, ['editRange']);
    expect(list.itemDefaults).toBeUndefined();
    expect(list.items[0]!.textEdit).toEqual(items[0]!.textEdit);
  });

  it('keeps the format on each item when they differ', () => {
    const snippet = { ...name('"b"'), insertTextFormat: InsertTextFormat.Snippet };
    const list = compactCompletionList({ isIncomplete: false, items: [name('"a"'), snippet] }, ALL);
    expect(list.itemDefaults?.insertTextFormat).toBeUndefined();
    expect(list.items.map((item) => item.insertTextFormat)).toEqual([
      InsertTextFormat.PlainText,
      InsertTextFormat.Snippet,
    ]);
  });
});
