/**
 * Snippets as plain text, for clients without snippet support: vscode-json-languageservice always writes its
 * insert texts as snippets (`"port": ${1:0}`, `"alias": "$1"`), whatever the client says. Tab stops go, a
 * placeholder leaves its default text, a choice its first option, and escaped characters lose their backslash.
 */
import { type CompletionItem, InsertTextFormat } from 'vscode-languageserver-types';

/** Reads snippet text from `start` until an unescaped `}` when `nested`, or the end. */
function readText(snippet: string, start: number, nested: boolean): { text: string; end: number } {
  let text = '';
  let i = start;
  while (i < snippet.length) {
    const ch = snippet.charAt(i);
    if (ch === '\\' && i + 1 < snippet.length && '$}\\'.includes(snippet.charAt(i + 1))) {
      text += snippet.charAt(i + 1);
      i += 2;
    } else if (ch === '}' && nested) {
      return { text, end: i + 1 };
    } else if (ch === '$') {
      const part = readDollar(snippet, i);
      text += part.text;
      i = part.end;
    } else {
      text += ch;
      i++;
    }
  }
  return { text, end: i };
}

/** A `$…` construct at `start`: tab stop, placeholder, choice or variable, as the text it leaves. */
function readDollar(snippet: string, start: number): { text: string; end: number } {
  const rest = snippet.slice(start + 1);
  const bare = /^(\d+|[A-Za-z_][A-Za-z0-9_]*)/.exec(rest);
  if (bare !== null) return { text: '', end: start + 1 + bare[0].length };
  const braced = /^\{(\d+|[A-Za-z_][A-Za-z0-9_]*)/.exec(rest);
  if (braced === null) return { text: '$', end: start + 1 };
  let i = start + 1 + braced[0].length;
  const next = snippet.charAt(i);
  if (next === '}') return { text: '', end: i + 1 };
  if (next === ':') return readText(snippet, i + 1, true);
  if (next === '|') {
    // A choice: `${1|one,two|}` leaves its first option.
    const close = snippet.indexOf('|}', i + 1);
    if (close === -1) return { text: '$', end: start + 1 };
    const options = snippet.slice(i + 1, close);
    let first = '';
    for (let j = 0; j < options.length; j++) {
      const ch = options.charAt(j);
      if (ch === '\\' && j + 1 < options.length) {
        first += options.charAt(++j);
      } else if (ch === ',') {
        break;
      } else first += ch;
    }
    return { text: first, end: close + 2 };
  }
  // Not a snippet construct after all: keep the text as it is.
  i = start + 1;
  return { text: '$', end: i };
}

/** Text for a snippet: `$`, `}` and `\` escaped. */
export function escapeSnippet(text: string): string {
  return text.replace(/[\\$}]/g, '\\$&');
}

export function snippetToPlainText(snippet: string): string {
  return readText(snippet, 0, false).text;
}

/** The item with plain-text insert texts, when it holds a snippet. */
export function withoutSnippet(item: CompletionItem): CompletionItem {
  if (item.insertTextFormat !== InsertTextFormat.Snippet) return item;
  const plain: CompletionItem = { ...item, insertTextFormat: InsertTextFormat.PlainText };
  if (item.insertText !== undefined) plain.insertText = snippetToPlainText(item.insertText);
  if (item.textEdit !== undefined)
    plain.textEdit = { ...item.textEdit, newText: snippetToPlainText(item.textEdit.newText) };
  return plain;
}
