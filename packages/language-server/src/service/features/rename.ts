/**
 * Rename a process, database version, replica set or sharded cluster everywhere: the declaration and every
 * reference (member hosts, versions, shards, index configs, `replSetName`, balancer and clusterWideConfigurations
 * keys). Works from the declaration or from any reference.
 */
import type { Range, TextEdit, WorkspaceEdit } from 'vscode-languageserver-types';
import type { CancellationToken } from '../cancellation.js';
import type { ParsedDocument } from '../document.js';
import { rangeInsideQuotes } from '../positions.js';
import { declarationOf, occurrenceAt, occurrencesOf } from '../references/graph.js';
import { type Declaration, SymbolKind } from '../references/sites.js';

export type PrepareRenameResult =
  | { readonly ok: true; readonly range: Range; readonly placeholder: string }
  | { readonly ok: false; readonly reason: string };

function declarationAt(
  doc: ParsedDocument,
  offset: number,
): { declaration?: Declaration; reason?: string; range?: Range } {
  const occurrence = occurrenceAt(doc.references, offset);
  if (occurrence === undefined) {
    return {
      reason:
        'Only names can be renamed here: a process name or alias, a dbVersions name, a replica set _id, a sharded cluster name, or a reference to one.',
    };
  }
  const declaration = declarationOf(occurrence);
  if (declaration === undefined) {
    return {
      reason: `"${occurrence.name}" names nothing declared in this document, so there is nothing to rename. Declare it first, or fix the reference.`,
    };
  }
  return { declaration, range: rangeInsideQuotes(doc, occurrence.node) };
}

/** The name at `offset` and its range, or why nothing can be renamed there; null once `token` is cancelled. */
export function prepareRename(
  doc: ParsedDocument,
  offset: number,
  token: CancellationToken,
): PrepareRenameResult | null {
  if (token.isCancellationRequested) return null;
  const { declaration, reason, range } = declarationAt(doc, offset);
  if (declaration === undefined || range === undefined)
    return { ok: false, reason: reason ?? 'Nothing to rename here.' };
  return { ok: true, range, placeholder: declaration.name };
}

export type RenameResult =
  | { readonly ok: true; readonly edit: WorkspaceEdit }
  | { readonly ok: false; readonly reason: string };

/** JSON string contents for `name`: quotes, backslashes and control characters escaped. */
function escapeJsonString(name: string): string {
  return JSON.stringify(name).slice(1, -1);
}

/** Every occurrence of the name at `offset` renamed, or why not; null once `token` is cancelled. */
export function rename(
  doc: ParsedDocument,
  offset: number,
  newName: string,
  token: CancellationToken,
): RenameResult | null {
  if (token.isCancellationRequested) return null;
  const { declaration, reason } = declarationAt(doc, offset);
  if (declaration === undefined) return { ok: false, reason: reason ?? 'Nothing to rename here.' };
  if (newName.length === 0) return { ok: false, reason: 'A name cannot be empty. Type the new name.' };
  if (newName !== declaration.name) {
    const clash = doc.references.declarations[declaration.kind].get(newName);
    if (clash !== undefined) {
      return {
        ok: false,
        reason: `"${newName}" already names ${SymbolKind[declaration.kind].description.replace(/ \(.*$/, '')} in this document: names must be unique. Choose another name.`,
      };
    }
  }
  const newText = escapeJsonString(newName);
  const edits: TextEdit[] = [];
  for (const o of occurrencesOf(doc.references, declaration)) {
    if (token.isCancellationRequested) return null;
    edits.push({ range: rangeInsideQuotes(doc, o.node), newText });
  }
  return { ok: true, edit: { changes: { [doc.uri]: edits } } };
}
