/** Go to definition: from a reference (a member's `host`, a process's `version`, a balancer key…) to its declaration. */
import type { LocationLink } from 'vscode-languageserver-types';
import type { CancellationToken } from '../cancellation.js';
import type { ParsedDocument } from '../document.js';
import { rangeOfNode } from '../positions.js';
import { declarationOf, occurrenceAt } from '../references/graph.js';

/** The declaration named at `offset`; null when nothing declared is named there, or once `token` is cancelled. */
export function getDefinition(doc: ParsedDocument, offset: number, token: CancellationToken): LocationLink[] | null {
  if (token.isCancellationRequested) return null;
  const occurrence = occurrenceAt(doc.references, offset);
  if (occurrence === undefined) return null;
  const target = declarationOf(occurrence);
  if (target === undefined) return null;
  return [
    {
      originSelectionRange: rangeOfNode(doc, occurrence.node),
      targetUri: doc.uri,
      // The whole declaring object (the process, the replica set): editors show it in a peek.
      targetRange: rangeOfNode(doc, target.item),
      targetSelectionRange: rangeOfNode(doc, target.node),
    },
  ];
}
