/** Find references: every place naming the same process, version, replica set or cluster as the cursor. */
import type { Location } from 'vscode-languageserver-types';
import type { CancellationToken } from '../cancellation.js';
import type { ParsedDocument } from '../document.js';
import { rangeOfNode } from '../positions.js';
import { declarationOf, occurrenceAt, occurrencesOf } from '../references/graph.js';

/** Every place naming what `offset` names; null when it names nothing declared, or once `token` is cancelled. */
export function getReferences(
  doc: ParsedDocument,
  offset: number,
  includeDeclaration: boolean,
  token: CancellationToken,
): Location[] | null {
  if (token.isCancellationRequested) return null;
  const occurrence = occurrenceAt(doc.references, offset);
  if (occurrence === undefined) return null;
  const declaration = declarationOf(occurrence);
  if (declaration === undefined) return null;
  const locations: Location[] = [];
  for (const o of occurrencesOf(doc.references, declaration)) {
    if (token.isCancellationRequested) return null;
    if (includeDeclaration || o.role === 'reference') locations.push({ uri: doc.uri, range: rangeOfNode(doc, o.node) });
  }
  return locations;
}
