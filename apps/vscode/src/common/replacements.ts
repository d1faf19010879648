/** Offset replacements (what `nextRevision` returns) applied to an open document, as one workspace edit. */
import type { TextReplacement } from '@dbkit/language-server/internal/publish';
import * as vscode from 'vscode';

/** Applies offset edits to a document; true when there were none or they applied. */
export async function applyReplacements(
  document: vscode.TextDocument,
  edits: readonly TextReplacement[],
): Promise<boolean> {
  if (edits.length === 0 || document.isClosed) return true;
  const edit = new vscode.WorkspaceEdit();
  for (const e of edits) {
    edit.replace(
      document.uri,
      new vscode.Range(document.positionAt(e.offset), document.positionAt(e.offset + e.length)),
      e.content,
    );
  }
  return vscode.workspace.applyEdit(edit);
}
