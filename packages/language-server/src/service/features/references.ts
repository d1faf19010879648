/** Find references: every place naming the same process, version, replica set or cluster as the cursor. */
import type { Location } from 'vscode-languageserver-types';
import type { ParsedDocument } from '../document.js';
import { rangeOfNode } from '../positions.js';
import { declarationOf, occurrenceAt, occurrencesOf } from '../references/graph.js';

export function getReferences(doc: ParsedDocument, offset: number, includeDeclaration: boolean): Location[] | null {
  const occurrence = occurrenceAt(doc.references, offset);
  if (occurrence === undefined) return null;
  const declaration = declarationOf(occurrence);
  if (declaration === undefined) return null;
  return occurrencesOf(doc.references, declaration)
    .filter((o) => includeDeclaration || o.role === 'reference')
    .map((o) => ({ uri: doc.uri, range: rangeOfNode(doc, o.node) }));
}
