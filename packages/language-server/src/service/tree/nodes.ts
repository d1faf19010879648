/**
 * Node objects over a `CompactTree`, made when a feature asks for one: they have the shape of
 * vscode-json-languageservice's nodes (`type`, `offset`, `length`, `parent`, `children`, `properties`, `items`,
 * `keyNode`, `valueNode`, `colonOffset`, `value`, `isInteger`), so its completion, hover and selection ranges and
 * dbkit's own features read them as they read its tree. Every field is read from the slots when asked, so offsets
 * moved by an edit are right at once.
 *
 * (They are cast to vscode-json-languageservice's `ASTNode` types where they are handed out: those declare
 * `parent` and `valueNode` as optional fields, which a getter cannot implement under `exactOptionalPropertyTypes`.)
 *
 * One object per slot within a request (`NodeCache`), so a walk over the whole document leaves nothing behind once
 * the request is answered.
 */
import { createScanner } from 'jsonc-parser';
import type { ASTNode, PropertyASTNode, StringASTNode } from 'vscode-json-languageservice';
import { type CompactTree, detached, isKeyId, KEY, keyId, NONE, NodeKind } from './compactTree.js';

/**
 * The node objects of one tree made during the current task, by slot. The cache is emptied on the next turn of the
 * event loop (a request, its awaits included, runs within one turn): within a request a slot has one object, as
 * vscode-json-languageservice's completion and hover expect (`node.parent.keyNode === node`), and between requests
 * only what a feature keeps (the reference graph's nodes, a document's root) stays in memory. Nodes kept across
 * requests are compared by slot (`sameNode`), not as objects.
 */
interface NodeCache {
  readonly nodes: Map<number, TreeNode>;
  /** Children lists made during the task (features read `node.items[i]` in loops), for the tree's `edits`. */
  readonly children: Map<number, ASTNode[]>;
  edits: number;
  clearing: boolean;
}

const caches = new WeakMap<CompactTree, NodeCache>();

function cacheOf(tree: CompactTree): NodeCache {
  let cache = caches.get(tree);
  if (cache === undefined) {
    const created: NodeCache = { nodes: new Map(), children: new Map(), edits: tree.edits, clearing: false };
    tree.freed.add((id) => {
      created.nodes.delete(id);
      created.nodes.delete(keyId(id));
    });
    caches.set(tree, created);
    cache = created;
  }
  return cache;
}

/** The node object of slot `id` of `tree`; undefined for `NONE`. */
export function nodeOf(tree: CompactTree, id: number): ASTNode | undefined {
  if (id === NONE) return undefined;
  const cache = cacheOf(tree);
  let node = cache.nodes.get(id);
  if (node === undefined) {
    node = makeNode(tree, id);
    cache.nodes.set(id, node);
    if (!cache.clearing) {
      cache.clearing = true;
      const timer = setTimeout(() => {
        cache.nodes.clear();
        cache.children.clear();
        cache.clearing = false;
      }, 0);
      (timer as { unref?: () => void }).unref?.();
    }
  }
  return node as unknown as ASTNode;
}

/** Whether two nodes are the same node of the document (node objects made in different requests included). */
export function sameNode(a: ASTNode | undefined, b: ASTNode | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  const x = slotOf(a);
  const y = slotOf(b);
  return x !== undefined && y !== undefined && x.tree === y.tree && x.id === y.id;
}

/** The tree and slot behind a node made here; undefined for any other node. */
export function slotOf(node: ASTNode): { readonly tree: CompactTree; readonly id: number } | undefined {
  const object: unknown = node;
  return object instanceof TreeNode ? object : undefined;
}

function makeNode(tree: CompactTree, id: number): TreeNode {
  if (isKeyId(id)) return new KeyNode(tree, id);
  switch (tree.kind[id]) {
    case NodeKind.object:
      return new ObjectNode(tree, id);
    case NodeKind.array:
      return new ArrayNode(tree, id);
    case NodeKind.property:
      return new PropertyNode(tree, id);
    case NodeKind.string:
      return new StringNode(tree, id);
    case NodeKind.number:
      return new NumberNode(tree, id);
    case NodeKind.boolean:
      return new BooleanNode(tree, id);
    case NodeKind.null:
      return new NullNode(tree, id);
    default:
      throw new Error(`dbkit: slot ${id} of the document tree is free (a node kept across the edit that replaced it)`);
  }
}

function nodesOf(tree: CompactTree, id: number): ASTNode[] {
  const cache = cacheOf(tree);
  if (cache.edits !== tree.edits) {
    cache.children.clear();
    cache.edits = tree.edits;
  }
  let out = cache.children.get(id);
  if (out !== undefined) return out;
  out = [];
  if (tree.kind[id] === NodeKind.property) out.push(nodeOf(tree, keyId(id))!);
  for (let child = tree.first[id]!; child !== NONE; child = tree.next[child]!) out.push(nodeOf(tree, child)!);
  cache.children.set(id, out);
  return out;
}

/*
 * Fields are declared (`declare`), not defined: a class field is defined on every new object before the constructor
 * runs (ES2022's semantics), which makes node objects slower to make, and a keystroke makes thousands.
 */
abstract class TreeNode {
  declare readonly tree: CompactTree;
  declare readonly id: number;
  constructor(tree: CompactTree, id: number) {
    this.tree = tree;
    this.id = id;
  }
  get offset(): number {
    return this.tree.offset[this.id]!;
  }
  get length(): number {
    return this.tree.length[this.id]!;
  }
  get parent(): ASTNode | undefined {
    return nodeOf(this.tree, this.tree.parent[this.id]!);
  }
  get children(): ASTNode[] {
    return [];
  }
  /** The node's text in the current version. */
  protected raw(): string {
    const offset = this.tree.offset[this.id]!;
    return this.tree.slice(offset, offset + this.tree.length[this.id]!);
  }
}

class ObjectNode extends TreeNode {
  get type(): 'object' {
    return 'object';
  }
  get properties(): PropertyASTNode[] {
    return nodesOf(this.tree, this.id) as PropertyASTNode[];
  }
  override get children(): ASTNode[] {
    return nodesOf(this.tree, this.id);
  }
}

class ArrayNode extends TreeNode {
  get type(): 'array' {
    return 'array';
  }
  get items(): ASTNode[] {
    return nodesOf(this.tree, this.id);
  }
  override get children(): ASTNode[] {
    return nodesOf(this.tree, this.id);
  }
}

class PropertyNode extends TreeNode {
  get type(): 'property' {
    return 'property';
  }
  get keyNode(): StringASTNode {
    return nodeOf(this.tree, keyId(this.id)) as StringASTNode;
  }
  get valueNode(): ASTNode | undefined {
    return nodeOf(this.tree, this.tree.first[this.id]!);
  }
  get colonOffset(): number {
    return this.tree.colonOffset(this.id);
  }
  override get children(): ASTNode[] {
    return nodesOf(this.tree, this.id);
  }
}

class StringNode extends TreeNode {
  get type(): 'string' {
    return 'string';
  }
  /** The decoded value, once read. */
  declare private decoded: string | undefined;
  get value(): string {
    this.decoded ??= detached(decodeString(this.raw()));
    return this.decoded;
  }
}

/** A property's key: no slot of its own (`keyId`); it starts where its property does. */
class KeyNode extends TreeNode {
  get type(): 'string' {
    return 'string';
  }
  /** The property's slot. */
  get #property(): number {
    return this.id & ~KEY;
  }
  override get offset(): number {
    return this.tree.offset[this.#property]!;
  }
  override get length(): number {
    return this.tree.keyLength(this.#property);
  }
  override get parent(): ASTNode | undefined {
    return nodeOf(this.tree, this.#property);
  }
  get value(): string {
    return this.tree.atoms[this.tree.keyAtom(this.#property)]!;
  }
}

class NumberNode extends TreeNode {
  get type(): 'number' {
    return 'number';
  }
  get value(): number {
    const raw = this.raw();
    return JSON_NUMBER.test(raw) ? Number(raw) : Number.NaN;
  }
  get isInteger(): boolean {
    const raw = this.raw();
    return !JSON_NUMBER.test(raw) || raw.indexOf('.') === -1;
  }
}

class BooleanNode extends TreeNode {
  get type(): 'boolean' {
    return 'boolean';
  }
  get value(): boolean {
    return this.tree.aux[this.id] === 1;
  }
}

class NullNode extends TreeNode {
  get type(): 'null' {
    return 'null';
  }
  get value(): null {
    return null;
  }
}

/**
 * A number token's text that `JSON.parse` reads as a number. vscode-json-languageservice's parser keeps NaN (and
 * `isInteger` true) for a number token with a scan error; the scanner reports none exactly for these.
 */
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** A string token's value, as the scanner reads it (escapes decoded; a string left open ends where its token does). */
function decodeString(raw: string): string {
  const n = raw.length;
  if (n >= 2 && raw.charCodeAt(0) === 0x22 && raw.charCodeAt(n - 1) === 0x22 && raw.indexOf('\\') === -1) {
    return raw.slice(1, n - 1);
  }
  const scanner = createScanner(raw, true);
  scanner.scan();
  return scanner.getTokenValue();
}
