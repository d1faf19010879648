/** Go to definition: from a reference (a member's `host`, a process's `version`, a balancer key…) to its declaration. */
import type { LocationLink } from 'vscode-languageserver-types';
import type { ParsedDocument } from '../document.js';
import { rangeOfNode } from '../positions.js';
import { declarationOf, occurrenceAt } from '../references/graph.js';

export function getDefinition(doc: ParsedDocument, offset: number): LocationLink[] | null {
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
