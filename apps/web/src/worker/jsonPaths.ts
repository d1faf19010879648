/**
 * JSON paths to ranges: the service sends paths as text (core's `formatJsonPath`: `processes[2].args2_6["net"]`,
 * read back with core's `parseJsonPath`), the plan as segments; both are placed in a jsonc-parser tree of the
 * document they point into. A path that no longer exists in the text lands on its deepest part that does, so
 * nothing is lost.
 */
import { findNodeAtLocation, type Node, type ParseError, parseTree } from 'jsonc-parser';

export type JsonPath = readonly (string | number)[];

export interface Span {
  readonly offset: number;
  readonly length: number;
}

/** Plain JSON: comments and trailing commas are errors, as everywhere in dbkit. */
const STRICT = { disallowComments: true, allowTrailingComma: false } as const;

export function treeOf(text: string): { root: Node | undefined; errors: ParseError[] } {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, STRICT);
  return { root, errors };
}

/**
 * The span a path is shown at: a property's name when its value is an object or array (the whole block would be
 * a wall of squiggles), the value itself otherwise, the first character for the document root; the deepest
 * existing part of a path that is not in the text.
 */
export function spanOfPath(root: Node | undefined, path: JsonPath): Span {
  if (root === undefined) return { offset: 0, length: 0 };
  for (let depth = path.length; depth > 0; depth--) {
    const node = findNodeAtLocation(root, [...path.slice(0, depth)]);
    if (node === undefined) continue;
    const property = node.parent?.type === 'property' ? node.parent : undefined;
    const key = property?.children?.[0];
    if ((node.type === 'object' || node.type === 'array') && key !== undefined)
      return { offset: key.offset, length: key.length };
    return { offset: node.offset, length: node.length };
  }
  return { offset: root.offset, length: 1 };
}
