/**
 * Folding ranges: every object and array over more than two lines, as vscode-json-languageservice folds them. For a
 * document without comments or syntax errors they are read from the tree the keystroke keeps up to date, with no
 * pass over the text (editors ask after every edit: the JSON service's scanner pass takes tens of milliseconds at
 * 3 MB and hundreds at 17 MB, on the thread that answers the next keystroke). Comments (`#region` markers, block
 * comments) and broken text go to the JSON service, whose scanner reads them.
 */
import type { FoldingRange } from 'vscode-languageserver-types';
import type { CancellationToken } from '../cancellation.js';
import type { ParsedDocument } from '../document.js';
import type { FeatureContext } from '../featureContext.js';
import { type CompactTree, NONE, NodeKind } from '../tree/compactTree.js';

/** vscode-json-languageservice's code for a key given twice: the only syntax error valid JSON has. */
const DUPLICATE_KEY = 520;

/**
 * The folding ranges, at most `rangeLimit` (the outermost first, as the JSON service keeps them); none once `token`
 * is cancelled (checked before and after the one pass, which does not stop midway).
 */
export function getFoldingRanges(
  doc: ParsedDocument,
  context: FeatureContext,
  rangeLimit: number | undefined,
  token: CancellationToken,
): FoldingRange[] {
  if (token.isCancellationRequested) return [];
  const state = doc.treeForEdit();
  if (state.comments.length > 0 || state.syntaxErrors.some((error) => error.code !== DUPLICATE_KEY)) {
    const ranges = context.json.getFoldingRanges(doc.textDocument, rangeLimit === undefined ? {} : { rangeLimit });
    return token.isCancellationRequested ? [] : ranges;
  }
  const { ranges, levels } = foldContainers(state.tree, (offset) => doc.textDocument.positionAt(offset).line);
  if (token.isCancellationRequested) return [];
  return rangeLimit === undefined || ranges.length <= rangeLimit ? ranges : outermost(ranges, levels, rangeLimit);
}

/**
 * The JSON service's ranges from the tree: in the order their closing brackets come, one per container whose closing
 * bracket is more than a line below its opening one (ending the line before it), none for a container that opens on
 * the line the previous range opened on (`[{` folds once); with each range's nesting level.
 */
function foldContainers(
  tree: CompactTree,
  lineAt: (offset: number) => number,
): { ranges: FoldingRange[]; levels: number[] } {
  const ranges: FoldingRange[] = [];
  const levels: number[] = [];
  const root = tree.root;
  if (root === NONE) return { ranges, levels };
  const { kind, offset, length, first, next, parent } = tree;
  const openLines: number[] = [];
  let previousStart = -1;
  const isContainer = (id: number) => kind[id] === NodeKind.object || kind[id] === NodeKind.array;
  const leave = (id: number): void => {
    if (!isContainer(id)) return;
    const startLine = openLines.pop()!;
    const line = lineAt(offset[id]! + length[id]! - 1);
    if (line > startLine + 1 && previousStart !== startLine) {
      ranges.push({ startLine, endLine: line - 1, kind: kind[id] === NodeKind.object ? 'object' : 'array' });
      levels.push(openLines.length);
      previousStart = startLine;
    }
  };
  // Depth first without recursion: enter a node, go down to its first child, else leave it and go on to its next
  // sibling, climbing as long as there is none.
  let id = root;
  for (;;) {
    if (isContainer(id)) openLines.push(lineAt(offset[id]!));
    const child = first[id]!;
    if (child !== NONE) {
      id = child;
      continue;
    }
    for (;;) {
      leave(id);
      if (id === root) return { ranges, levels };
      const sibling = next[id]!;
      if (sibling !== NONE) {
        id = sibling;
        break;
      }
      id = parent[id]!;
    }
  }
}

/**
 * At most `limit` ranges, as the JSON service cuts them: whole nesting levels from the outermost while they fit, then
 * the first ranges of the level that does not fit whole, in document order.
 */
function outermost(ranges: readonly FoldingRange[], levels: readonly number[], limit: number): FoldingRange[] {
  const counts: number[] = [];
  for (const level of levels) if (level < 30) counts[level] = (counts[level] ?? 0) + 1;
  let entries = 0;
  let maxLevel = 0;
  for (let level = 0; level < counts.length; level++) {
    const n = counts[level];
    if (n === undefined) continue;
    if (n + entries > limit) {
      maxLevel = level;
      break;
    }
    entries += n;
  }
  const out: FoldingRange[] = [];
  for (let i = 0; i < ranges.length; i++) {
    const level = levels[i]!;
    if (level < maxLevel || (level === maxLevel && entries++ < limit)) out.push(ranges[i]!);
  }
  return out;
}
