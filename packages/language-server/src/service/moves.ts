/**
 * Moving the nodes of vscode-json-languageservice's tree after an edit: by a delta at once (`shiftSubtree`), or
 * later (`PendingMoves`), when typing goes on in the container an edit reparsed.
 */
import type {
  ArrayASTNode,
  ASTNode,
  JSONDocument,
  NumberASTNode,
  ObjectASTNode,
  PropertyASTNode,
  StringASTNode,
} from 'vscode-json-languageservice';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type MutableNode = Mutable<ASTNode> & { colonOffset?: number; parent?: ASTNode };

/**
 * Moves an edit left for later: every node after `container` (the later siblings of it and of its ancestors) is
 * still `delta` characters off. Moving them is most of what a keystroke costs in a large document (a million
 * nodes after an edit near the start of 17 MB), and typing goes on in the same container: the moves of several
 * keystrokes add up and are applied once, when something reads past the container (`settleMoves`). Nodes up to the
 * end of the container, the container's ancestors included, are always where they are.
 */
interface PendingMoves {
  readonly container: ASTNode;
  readonly delta: number;
}
const pendingMoves = new WeakMap<JSONDocument, PendingMoves>();

/** Applies the moves pending on `json`'s tree, if any: afterwards every offset in it holds. */
export function settleMoves(json: JSONDocument): void {
  const pending = pendingMoves.get(json);
  if (pending === undefined) return;
  pendingMoves.delete(json);
  moveAfter(pending.container, pending.delta);
}

/**
 * Whether every node of `json`'s tree that starts before `end` is where it is, moves pending or not: `[start, end]`
 * lies inside the container of the pending moves.
 */
export function settledAround(json: JSONDocument, start: number, end: number): boolean {
  const pending = pendingMoves.get(json);
  return pending === undefined || strictlyInside(pending.container, start, end);
}

function strictlyInside(node: ASTNode, start: number, end: number): boolean {
  return node.offset < start && end < node.offset + node.length;
}

/** Moves by `delta` everything after `node`: the later siblings of it and of each of its ancestors. */
function moveAfter(node: ASTNode, delta: number): void {
  let child = node;
  for (let ancestor = node.parent; ancestor !== undefined; ancestor = ancestor.parent) {
    const siblings: readonly ASTNode[] =
      ancestor.type === 'object' ? ancestor.properties : ancestor.type === 'array' ? ancestor.items : [];
    for (let i = siblings.indexOf(child) + 1; i < siblings.length; i++) shiftSubtree(siblings[i]!, delta);
    child = ancestor;
  }
}

/**
 * Takes the moves pending on `previous`'s tree off it, for the next version's tree: their delta when they are after
 * `container` (the container the next edit reparses again: the moves carry over), else 0 after applying them.
 */
export function takeMoves(previous: JSONDocument, container: ASTNode): number {
  const pending = pendingMoves.get(previous);
  if (pending === undefined) return 0;
  pendingMoves.delete(previous);
  if (pending.container === container) return pending.delta;
  moveAfter(pending.container, pending.delta);
  return 0;
}

/** Leaves the moves of everything after `container` by `delta` pending on `json`'s tree. */
export function deferMoves(json: JSONDocument, container: ASTNode, delta: number): void {
  if (delta !== 0 && container.parent !== undefined) pendingMoves.set(json, { container, delta });
}

/**
 * Adds `delta` to the offsets of `node` and everything below it. This runs over most of a document after an edit
 * near its start (a million nodes at 17 MB), so each kind of node has its own function: every property access in
 * one of them sees a single kind of object and stays fast, where one function over every kind made V8 look each
 * access up generically (measured on the whole 17 MB tree: 62-96 ms with one function, 33-41 ms with these).
 */
export function shiftSubtree(node: ASTNode, delta: number): void {
  switch (node.type) {
    case 'object':
      shiftObject(node, delta);
      return;
    case 'array':
      shiftArray(node, delta);
      return;
    case 'property':
      shiftProperty(node, delta);
      return;
    case 'string':
      shiftString(node, delta);
      return;
    case 'number':
      shiftNumber(node, delta);
      return;
    default:
      shiftLiteral(node, delta);
  }
}

function shiftObject(node: ObjectASTNode, delta: number): void {
  (node as Mutable<ObjectASTNode>).offset += delta;
  const properties = node.properties;
  for (let i = 0; i < properties.length; i++) shiftProperty(properties[i]!, delta);
}

function shiftArray(node: ArrayASTNode, delta: number): void {
  (node as Mutable<ArrayASTNode>).offset += delta;
  const items = node.items;
  for (let i = 0; i < items.length; i++) shiftSubtree(items[i]!, delta);
}

function shiftProperty(node: PropertyASTNode, delta: number): void {
  const property = node as Mutable<PropertyASTNode>;
  property.offset += delta;
  if (property.colonOffset !== undefined && property.colonOffset >= 0) property.colonOffset += delta;
  shiftString(node.keyNode, delta);
  if (node.valueNode !== undefined) shiftSubtree(node.valueNode, delta);
}

function shiftString(node: StringASTNode, delta: number): void {
  (node as Mutable<StringASTNode>).offset += delta;
}

function shiftNumber(node: NumberASTNode, delta: number): void {
  (node as Mutable<NumberASTNode>).offset += delta;
}

/** `true`, `false` and `null`. */
function shiftLiteral(node: ASTNode, delta: number): void {
  (node as MutableNode).offset += delta;
}
