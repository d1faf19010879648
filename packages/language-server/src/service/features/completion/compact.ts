/**
 * A completion answer written with what every item shares said once. A name completion in a large document holds
 * up to a thousand items that replace the same range with the same insert format in the same document; LSP 3.17
 * lets a server say those once in `itemDefaults` when the client declares it reads them (VS Code's client does,
 * for `editRange`, `insertTextFormat` and `data`). Each item then carries its label, kind, sort text and what it
 * names: about a third of the bytes, which the server encodes and the editor decodes on every keystroke.
 *
 * Whatever the client: a `filterText` equal to the label is dropped (the label is the default).
 */
import type { CompletionItem, CompletionList, Range, TextEdit } from 'vscode-languageserver-types';

/** The `itemDefaults` a client may read (`textDocument.completion.completionList.itemDefaults`). */
export type ItemDefault = 'editRange' | 'insertTextFormat' | 'data' | 'commitCharacters' | 'insertTextMode';

function sameRange(a: Range, b: Range): boolean {
  return (
    a.start.line === b.start.line &&
    a.start.character === b.start.character &&
    a.end.line === b.end.line &&
    a.end.character === b.end.character
  );
}

/** The uri an item's data names, when its data is `{ uri, … }`. */
function uriOf(item: CompletionItem): string | undefined {
  const uri = (item.data as { uri?: unknown } | undefined)?.uri;
  return typeof uri === 'string' ? uri : undefined;
}

/** The range every item replaces (a plain `TextEdit` each), or undefined when they differ or one has none. */
function sharedRange(items: readonly CompletionItem[]): Range | undefined {
  const first = items[0]?.textEdit;
  if (first === undefined || !('range' in first)) return undefined;
  for (const item of items) {
    const edit = item.textEdit;
    if (edit === undefined || !('range' in edit) || !sameRange(edit.range, first.range)) return undefined;
  }
  return first.range;
}

/**
 * `list` with shared parts moved to `itemDefaults` where the client reads them (`supported`), and every
 * `filterText` equal to its label dropped. Items keep their meaning for the client: an edit text equal to the
 * label is left out, as LSP says the label is used then.
 */
export function compactCompletionList(list: CompletionList, supported: readonly ItemDefault[]): CompletionList {
  let items = list.items.map((item) => {
    if (item.filterText === undefined || item.filterText !== item.label) return item;
    const { filterText: _, ...rest } = item;
    return rest;
  });
  if (items.length < 2 || list.itemDefaults !== undefined) return { ...list, items };
  const defaults: NonNullable<CompletionList['itemDefaults']> = {};
  const range = supported.includes('editRange') ? sharedRange(items) : undefined;
  if (range !== undefined) {
    defaults.editRange = range;
    items = items.map((item) => {
      const { textEdit, ...rest } = item;
      const newText = (textEdit as TextEdit).newText;
      return newText === item.label ? rest : { ...rest, textEditText: newText };
    });
  }
  const format = items[0]!.insertTextFormat;
  if (
    supported.includes('insertTextFormat') &&
    format !== undefined &&
    items.every((item) => item.insertTextFormat === format)
  ) {
    defaults.insertTextFormat = format;
    items = items.map(({ insertTextFormat: _, ...rest }) => rest);
  }
  const uri = uriOf(items[0]!);
  if (supported.includes('data') && uri !== undefined && items.every((item) => uriOf(item) === uri)) {
    // The default data names the document; an item's own data keeps what it names. The server answers
    // `completionItem/resolve` for an item without a uri from the document it last completed in.
    defaults.data = { uri };
    items = items.map((item) => {
      const { uri: _, ...data } = item.data as { uri: string };
      return { ...item, data };
    });
  }
  return Object.keys(defaults).length === 0 ? { ...list, items } : { ...list, itemDefaults: defaults, items };
}
