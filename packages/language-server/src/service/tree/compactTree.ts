/**
 * The document's tree in typed arrays: one slot per node (kind, span, parent, first child, next sibling and one
 * word of kind-specific data), the same nodes vscode-json-languageservice's parser makes (objects, arrays,
 * properties with their key and value, scalars), with the same offsets. A property's key has no slot of its own: it
 * starts where the property does, and the property's word holds its interned name and length (`keyId` names it).
 * No node object exists until a feature asks for one (`nodes.ts` makes them on demand and forgets them when the
 * request is answered): 25 bytes a node instead of an object of ~100, and a third fewer nodes
 * (docs/decisions/language-server.md, "The tree is compact with node objects on demand").
 *
 * Values are not stored: a string or a number is read from the text when its node is asked for it (keys are kept,
 * interned: every feature compares them). Slots are ids: an edit frees the slots of the subtree it replaces and
 * reuses them; every other slot keeps its id, so facts read from untouched nodes (`memo.ts`) stay valid.
 */
import type { ASTNode } from 'vscode-json-languageservice';

/** What a slot holds. Closed set; 0 is a free slot. */
export const NodeKind = {
  object: 1,
  array: 2,
  property: 3,
  string: 4,
  number: 5,
  boolean: 6,
  null: 7,
} as const;
export type NodeKind = (typeof NodeKind)[keyof typeof NodeKind];

/** No node: the parent of the root, the first child of an empty container, the next sibling of the last child. */
export const NONE = -1;

/** How many freed slots wait before the oldest is reused (tens to hundreds of keystrokes' worth). */
const QUARANTINE = 8192;
/** Room left after a full build for the slots of later edits: the quarantine twice, and a little more. */
const HEADROOM = 2 * QUARANTINE;

const KIND_OF_TYPE: Readonly<Record<ASTNode['type'], NodeKind>> = NodeKind;

/** Set in an id that names a property's key rather than a slot (`keyId`). Slots stay below it. */
export const KEY = 0x40000000;

/** The id of the key of property `property`. */
export function keyId(property: number): number {
  return property | KEY;
}

/** Whether `id` names a key (`keyId`) rather than a slot. */
export function isKeyId(id: number): boolean {
  return id >= KEY;
}

/**
 * A property's key packed in its `aux` word: the interned name in bits 16-30, the key's length in bits 0-15, the
 * colon right after the key. Anything else (a long key, many names, a colon further on or missing) is `KEY_ELSEWHERE`
 * and kept in `CompactTree.#keys`.
 */
const KEY_ELSEWHERE = -1;
const MAX_PACKED_ATOM = 0x7fff;
const MAX_PACKED_LENGTH = 0xffff;

/** A key that does not fit its property's word. */
interface KeyInfo {
  readonly atom: number;
  readonly length: number;
  /** The colon's offset from the property's start; -1 when missing. */
  readonly colon: number;
}

/**
 * A copy of `text` that does not hold on to the string it was cut from. V8 makes a substring of 13 characters or
 * more a view into its parent: one key kept from a 17 MB text would keep the whole text alive after the next edit
 * replaces it. Concatenating and cutting again makes a flat copy of just these characters (and one more).
 */
export function detached(text: string): string {
  return text.length < 13 ? text : `${text} `.slice(0, -1);
}

/** The text a tree reads its values from: the current version's, `[start, end)`. */
export type TextSlice = (start: number, end: number) => string;

export class CompactTree {
  kind: Uint8Array;
  offset: Int32Array;
  length: Int32Array;
  parent: Int32Array;
  /** A container's first child, a property's value. */
  first: Int32Array;
  next: Int32Array;
  /** A property's key (packed: see `KEY_ELSEWHERE`), a boolean's value (0 or 1); -1 elsewhere. */
  aux: Int32Array;
  /** The keys that do not fit their property's word, by property slot. */
  readonly #keys = new Map<number, KeyInfo>();
  /** Slots in use or freed: the high-water mark. */
  count = 0;
  root = NONE;
  /**
   * Freed slots, oldest first, reused once more than `QUARANTINE` wait: a node object made before an edit may still
   * be read after it (a request that awaited while the next edit came in), and reads the node it was, not another.
   */
  #free: number[] = [];
  #freeHead = 0;
  /** Every key name seen, once; a property's key holds its index here. */
  readonly atoms: string[] = [];
  readonly #atomIds = new Map<string, number>();
  /** The current version's text. */
  slice: TextSlice;
  /** How many edits changed the tree's links (children lists read before one are stale after it). */
  edits = 0;
  /** Called with each slot an edit frees (the node objects and facts kept for it are dropped). */
  readonly freed = new Set<(id: number) => void>();
  /** Called with the slot of each subtree an edit puts in (`replace`). */
  readonly replaced = new Set<(id: number) => void>();

  constructor(slice: TextSlice, capacity = 64) {
    this.slice = slice;
    this.kind = new Uint8Array(capacity);
    this.offset = new Int32Array(capacity);
    this.length = new Int32Array(capacity);
    this.parent = new Int32Array(capacity);
    this.first = new Int32Array(capacity);
    this.next = new Int32Array(capacity);
    this.aux = new Int32Array(capacity);
  }

  /** The id of the interned key name `name`. */
  atom(name: string): number {
    let id = this.#atomIds.get(name);
    if (id === undefined) {
      id = this.atoms.length;
      const kept = detached(name);
      this.atoms.push(kept);
      this.#atomIds.set(kept, id);
    }
    return id;
  }

  /** A new slot (a freed one when there is one), its links and data empty. */
  alloc(kind: NodeKind, offset: number, length: number, parent: number): number {
    let id: number;
    if (this.#free.length - this.#freeHead > QUARANTINE) {
      id = this.#free[this.#freeHead++]!;
      if (this.#freeHead > 4096 && this.#freeHead * 2 > this.#free.length) {
        this.#free = this.#free.slice(this.#freeHead);
        this.#freeHead = 0;
      }
    } else {
      if (this.count === this.kind.length) this.#grow(this.count + (this.count >> 1) + 16);
      id = this.count++;
    }
    this.kind[id] = kind;
    this.offset[id] = offset;
    this.length[id] = length;
    this.parent[id] = parent;
    this.first[id] = NONE;
    this.next[id] = NONE;
    this.aux[id] = -1;
    return id;
  }

  /**
   * After a full build: the arrays cut down to the slots in use and some room for edits, when they have more (a
   * build sizes them ahead from the text's length, with room to spare).
   */
  fit(): void {
    const capacity = this.count + HEADROOM;
    if (this.kind.length > capacity + (capacity >> 4)) this.#grow(capacity);
  }

  #grow(capacity: number): void {
    const grow = <A extends Uint8Array | Int32Array>(from: A, to: A): A => {
      to.set(from.subarray(0, Math.min(this.count, capacity)));
      return to;
    };
    this.kind = grow(this.kind, new Uint8Array(capacity));
    this.offset = grow(this.offset, new Int32Array(capacity));
    this.length = grow(this.length, new Int32Array(capacity));
    this.parent = grow(this.parent, new Int32Array(capacity));
    this.first = grow(this.first, new Int32Array(capacity));
    this.next = grow(this.next, new Int32Array(capacity));
    this.aux = grow(this.aux, new Int32Array(capacity));
  }

  /** Frees `id` and every slot below it (their contents stay until they are reused: see `#free`). */
  freeSubtree(id: number): void {
    const stack = [id];
    while (stack.length > 0) {
      const at = stack.pop()!;
      for (let child = this.first[at]!; child !== NONE; child = this.next[child]!) stack.push(child);
      this.#free.push(at);
      this.#keys.delete(at);
      for (const listener of this.freed) listener(at);
    }
  }

  /**
   * Puts the nodes of vscode-json-languageservice's subtree `node` in slots under `parent`, offsets moved by
   * `base` (a subtree parsed from a part of the text), and returns the slot of its root.
   */
  adopt(node: ASTNode, parent: number, base = 0): number {
    const id = this.alloc(KIND_OF_TYPE[node.type], node.offset + base, node.length, parent);
    switch (node.type) {
      case 'object':
      case 'array': {
        const children: readonly ASTNode[] = node.type === 'object' ? node.properties : node.items;
        let last = NONE;
        for (const child of children) {
          const slot = this.adopt(child, id, base);
          if (last === NONE) this.first[id] = slot;
          else this.next[last] = slot;
          last = slot;
        }
        break;
      }
      case 'property': {
        // The key starts where the property does (the parser makes both at the key's token).
        const colon = node.colonOffset ?? -1;
        this.setKey(id, this.atom(node.keyNode.value), node.keyNode.length, colon < 0 ? -1 : colon - node.offset);
        if (node.valueNode !== undefined) {
          // Adopting may grow the arrays: the slot is taken before `this.first` is read.
          const value = this.adopt(node.valueNode, id, base);
          this.first[id] = value;
        }
        break;
      }
      case 'boolean':
        this.aux[id] = node.value ? 1 : 0;
        break;
      default:
        break;
    }
    return id;
  }

  /** Puts `replacement` where `old` is among its parent's children (or at the root), parent links included. */
  replace(old: number, replacement: number): void {
    this.edits++;
    const parent = this.parent[old]!;
    for (const listener of this.replaced) listener(replacement);
    this.parent[replacement] = parent;
    this.next[replacement] = this.next[old]!;
    if (parent === NONE) {
      this.root = replacement;
      return;
    }
    if (this.first[parent] === old) {
      this.first[parent] = replacement;
      return;
    }
    let before = this.first[parent]!;
    while (this.next[before] !== old) before = this.next[before]!;
    this.next[before] = replacement;
  }

  /** Sets the key of property `id`: its interned name, its length, its colon's offset from it (-1: none). */
  setKey(id: number, atom: number, length: number, colon: number): void {
    if (atom < MAX_PACKED_ATOM && length < MAX_PACKED_LENGTH && colon === length) {
      this.aux[id] = (atom << 16) | length;
      this.#keys.delete(id);
    } else {
      this.aux[id] = KEY_ELSEWHERE;
      this.#keys.set(id, { atom, length, colon });
    }
  }

  /** The interned name of property `id`'s key. */
  keyAtom(id: number): number {
    const packed = this.aux[id]!;
    return packed === KEY_ELSEWHERE ? this.#keys.get(id)!.atom : packed >>> 16;
  }

  /** The length of property `id`'s key. */
  keyLength(id: number): number {
    const packed = this.aux[id]!;
    return packed === KEY_ELSEWHERE ? this.#keys.get(id)!.length : packed & MAX_PACKED_LENGTH;
  }

  /** The offset of property `id`'s colon; -1 when it has none. */
  colonOffset(id: number): number {
    const packed = this.aux[id]!;
    const colon = packed === KEY_ELSEWHERE ? this.#keys.get(id)!.colon : packed & MAX_PACKED_LENGTH;
    return colon < 0 ? -1 : this.offset[id]! + colon;
  }

  /** The property of object `id` named `key` (the last one when the key is repeated, as `JSON.parse` keeps). */
  propertyNamed(id: number, key: string): number {
    if (this.kind[id] !== NodeKind.object) return NONE;
    const atom = this.#atomIds.get(key);
    if (atom === undefined) return NONE;
    let found = NONE;
    for (let property = this.first[id]!; property !== NONE; property = this.next[property]!) {
      if (this.keyAtom(property) === atom) found = property;
    }
    return found;
  }

  /** The value of property `id`; NONE when it has none. */
  valueOf(id: number): number {
    return this.first[id]!;
  }

  /** The `index`-th child of `id`. */
  childAt(id: number, index: number): number {
    let child = this.first[id]!;
    for (let i = 0; i < index && child !== NONE; i++) child = this.next[child]!;
    return child;
  }

  /** The innermost node whose span holds `offset` (end inclusive; a key's id for a key); NONE when the root does not. */
  slotAtOffset(offset: number): number {
    const inside = (id: number) => offset >= this.offset[id]! && offset <= this.offset[id]! + this.length[id]!;
    if (this.root === NONE || !inside(this.root)) return NONE;
    let node = this.root;
    for (;;) {
      if (this.kind[node] === NodeKind.property && offset <= this.offset[node]! + this.keyLength(node)) {
        return keyId(node);
      }
      let next = NONE;
      for (let child = this.first[node]!; child !== NONE; child = this.next[child]!) {
        if (this.offset[child]! > offset) break;
        if (inside(child)) {
          next = child;
          break;
        }
      }
      if (next === NONE) return node;
      node = next;
    }
  }

  /**
   * Moves by `delta` every node that starts at or after `from` (an edit that ended at `from`). The edit's ancestors,
   * which hold it, grow by `delta` separately (`growAncestors`). One pass over the slots (~0.03× `JSON.parse`).
   */
  shiftFrom(from: number, delta: number): void {
    if (delta === 0) return;
    const { offset } = this;
    const count = this.count;
    for (let id = 0; id < count; id++) {
      const at = offset[id]!;
      if (at >= from) offset[id] = at + delta;
    }
  }

  /** Adds `delta` to the length of `id` and of every node above it (they hold an edit). */
  growAncestors(id: number, delta: number): void {
    for (let at = id; at !== NONE; at = this.parent[at]!) this.length[at]! += delta;
  }
}
