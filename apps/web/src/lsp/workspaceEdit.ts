/** LSP workspace edits (rename, quick fixes) as monaco's, with the uri factory passed in (pure, unit-tested). */
import type { languages, Uri } from 'monaco-editor/esm/vs/editor/editor.api';
import type { TextEdit, WorkspaceEdit } from 'vscode-languageserver-types';
import { toMonacoRange } from './convert.js';

export function toWorkspaceEdit(edit: WorkspaceEdit, parseUri: (uri: string) => Uri): languages.WorkspaceEdit {
  const edits: languages.IWorkspaceTextEdit[] = [];
  const add = (uri: string, textEdits: readonly TextEdit[]) => {
    const resource = parseUri(uri);
    for (const e of textEdits)
      edits.push({ resource, versionId: undefined, textEdit: { range: toMonacoRange(e.range), text: e.newText } });
  };
  for (const [uri, textEdits] of Object.entries(edit.changes ?? {})) add(uri, textEdits);
  for (const change of edit.documentChanges ?? [])
    if ('textDocument' in change) add(change.textDocument.uri, change.edits as TextEdit[]);
  return { edits };
}
