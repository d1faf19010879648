/**
 * Node objects over the compact tree (`nodes.ts`): within one task a slot has one object, as
 * vscode-json-languageservice's completion and hover expect (`node.parent.keyNode === node`); on a later turn a
 * lookup makes a new object, which `sameNode` still knows as the same node; values read from the text are the
 * parser's (escapes decoded, long values whole).
 */
import { describe, expect, it } from 'vitest';
import {
  type ArrayASTNode,
  type ASTNode,
  getLanguageService,
  type ObjectASTNode,
  type PropertyASTNode,
} from 'vscode-json-languageservice';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { buildValid } from '../../../src/service/tree/buildValid.js';
import { detached, NONE } from '../../../src/service/tree/compactTree.js';
import { nodeOf, sameNode, slotOf } from '../../../src/service/tree/nodes.js';

const json = getLanguageService({});
const TEXT = '{"name": "rs0", "members": [{"host": "h0", "votes": 1}, {"host": "h1"}], "options": {"on": true}}';

function asObject(node: ASTNode | undefined): ObjectASTNode {
  if (node?.type !== 'object') throw new Error(`expected an object, got ${node?.type}`);
  return node;
}

/** The root of `text`'s compact tree, an object. */
function rootOf(text: string): ObjectASTNode {
  const { tree } = buildValid(text);
  return asObject(nodeOf(tree, tree.root));
}

/** The root of vscode-json-languageservice's own tree of `text`. */
function parsedRoot(text: string): ASTNode | undefined {
  return json.parseJSONDocument(TextDocument.create('file:///work/nodes.json', 'json', 1, text)).root;
}

const property = (object: ASTNode | undefined, index: number): PropertyASTNode => {
  if (object?.type !== 'object') throw new Error(`expected an object, got ${object?.type}`);
  return object.properties[index]!;
};

/** A new turn of the event loop, after the node cache's clearing timer: timers of one delay run in the order set. */
const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('nodeOf: one object per slot within a task', () => {
  it.for([
    [
      'a key’s property holds it as its key',
      (root: ObjectASTNode) => [property(root, 0).keyNode.parent!, property(root, 0)],
    ],
    [
      'a key’s parent’s keyNode is the key',
      (root: ObjectASTNode) => {
        const key = property(root, 1).keyNode;
        return [(key.parent as PropertyASTNode).keyNode, key];
      },
    ],
    ['a property’s parent is the document', (root: ObjectASTNode) => [root.properties[0]!.parent!, root]],
    [
      'a value’s parent’s valueNode is the value',
      (root: ObjectASTNode) => {
        const value = property(root, 1).valueNode!;
        return [(value.parent as PropertyASTNode).valueNode!, value];
      },
    ],
    [
      'an item’s parent holds it at its index',
      (root: ObjectASTNode) => {
        const items = (property(root, 1).valueNode as ArrayASTNode).items;
        return [(items[1]!.parent as ArrayASTNode).items[1]!, items[1]!];
      },
    ],
    ['children and properties are the same objects', (root: ObjectASTNode) => [root.children[2]!, root.properties[2]!]],
    [
      'a nested property reached twice',
      (root: ObjectASTNode) => {
        const first = property(property(root, 2).valueNode, 0);
        const again = (root.properties[2]!.valueNode as ObjectASTNode).properties[0]!;
        return [first, again];
      },
    ],
  ] as const)('%s', ([, pick]) => {
    const root = rootOf(TEXT);
    const [a, b] = pick(root);
    expect(a).toBe(b);
  });

  it('gives the root once, and undefined for NONE', () => {
    const { tree } = buildValid(TEXT);
    expect(nodeOf(tree, tree.root)).toBe(nodeOf(tree, tree.root));
    expect(nodeOf(tree, NONE)).toBeUndefined();
    expect(nodeOf(tree, tree.root)!.parent).toBeUndefined();
  });
});

describe('nodeOf: a new object on a later turn, the same node', () => {
  it('makes a new object for the slot after the task, which sameNode and slotOf know as the same node', async () => {
    const { tree } = buildValid(TEXT);
    const root = nodeOf(tree, tree.root)!;
    const host = property((property(root, 1).valueNode as ArrayASTNode).items[0], 0);
    expect(nodeOf(tree, tree.root)).toBe(root);
    await nextTurn();
    const rootAgain = asObject(nodeOf(tree, tree.root));
    expect(rootAgain).not.toBe(root);
    expect(sameNode(rootAgain, root)).toBe(true);
    expect(slotOf(rootAgain)?.tree).toBe(tree);
    expect(slotOf(rootAgain)?.id).toBe(tree.root);
    expect(slotOf(root)?.id).toBe(tree.root);
    // Reached again by walking down: new objects, the same nodes.
    const hostAgain = property((property(rootAgain, 1).valueNode as ArrayASTNode).items[0], 0);
    expect(hostAgain).not.toBe(host);
    expect(sameNode(hostAgain, host)).toBe(true);
    expect(sameNode(hostAgain.keyNode, host.keyNode)).toBe(true);
    expect(hostAgain.keyNode.value).toBe('host');
    // A node kept from the earlier turn still reads its own slot.
    expect(host.keyNode.value).toBe('host');
    expect(host.parent!.parent!.parent).toBe(rootAgain.properties[1]);
    expect(sameNode(host, rootAgain.properties[1])).toBe(false);
  });

  it('keeps one object per slot within the new turn too', async () => {
    const { tree } = buildValid(TEXT);
    nodeOf(tree, tree.root);
    await nextTurn();
    const root = asObject(nodeOf(tree, tree.root));
    expect(property(root, 0).parent).toBe(root);
    expect(property(root, 0).keyNode.parent).toBe(property(root, 0));
  });

  it.for([
    ['a property and its key', (root: ObjectASTNode) => [property(root, 0), property(root, 0).keyNode]],
    ['a key and its value', (root: ObjectASTNode) => [property(root, 0).keyNode, property(root, 0).valueNode]],
    ['two siblings', (root: ObjectASTNode) => [root.properties[0], root.properties[1]]],
    ['the root and a child', (root: ObjectASTNode) => [root, root.properties[2]]],
    ['a node and nothing', (root: ObjectASTNode) => [root, undefined]],
  ] as const)('tells different slots apart: %s', ([, pick]) => {
    const [a, b] = pick(rootOf(TEXT));
    expect(sameNode(a, b)).toBe(false);
    expect(sameNode(b, a)).toBe(false);
    expect(sameNode(a, a)).toBe(true);
  });

  it('tells the same slot of two trees apart', () => {
    const a = buildValid(TEXT).tree;
    const b = buildValid(TEXT).tree;
    expect(a.root).toBe(b.root);
    expect(sameNode(nodeOf(a, a.root), nodeOf(b, b.root))).toBe(false);
  });

  it('knows no slot behind the parser’s own nodes', () => {
    const parsed = parsedRoot(TEXT)!;
    expect(slotOf(parsed)).toBeUndefined();
    expect(sameNode(parsed, parsed)).toBe(true);
    expect(sameNode(parsed, parsedRoot(TEXT))).toBe(false);
    const { tree } = buildValid(TEXT);
    expect(sameNode(parsed, nodeOf(tree, tree.root))).toBe(false);
  });
});

describe('values read from the text', () => {
  const LONG = 'a value of many more than thirteen characters';
  it.for([
    ['a plain string', '"plain"', 'plain'],
    ['an escaped line break', '"a\\nb"', 'a\nb'],
    ['a unicode escape', '"\\u00e9"', 'é'],
    ['a surrogate pair as escapes', '"\\ud83d\\ude00"', '😀'],
    ['every short escape', '"\\"\\\\\\/\\b\\f\\n\\r\\t"', '"\\/\b\f\n\r\t'],
    ['an empty string', '""', ''],
    ['unicode characters', '"é😀\u2028"', 'é😀\u2028'],
    ['12 characters', '"twelve chars"', 'twelve chars'],
    ['13 characters', '"thirteen char"', 'thirteen char'],
    ['a long value', JSON.stringify(LONG), LONG],
    ['a long value with escapes', '"0123456789abc\\n\\u0041 and more"', '0123456789abc\nA and more'],
  ] as const)('reads %s as the parser does', ([, literal, expected]) => {
    // As a value, an item and a key (keys are interned, values read from the text).
    const text = `{"v": ${literal}, "list": [${literal}], ${literal}: 0}`;
    expect(JSON.parse(literal)).toBe(expected);
    for (const root of [rootOf(text), parsedRoot(text)]) {
      const value = property(root, 0).valueNode;
      const item = (property(root, 1).valueNode as ArrayASTNode).items[0];
      const key = property(root, 2).keyNode;
      for (const node of [value, item, key]) {
        if (node?.type !== 'string') throw new Error(`expected a string, got ${node?.type}`);
        expect(node.value).toBe(expected);
      }
    }
  });

  it('reads long values whole from a large text, as often as asked', async () => {
    const values = Array.from({ length: 50 }, (_, i) => `${LONG} #${i} ${'x'.repeat(i)}`);
    const text = JSON.stringify({ values, [LONG]: LONG });
    const root = rootOf(text);
    const list = (property(root, 0).valueNode as ArrayASTNode).items;
    expect(list.map((item) => (item.type === 'string' ? item.value : undefined))).toEqual(values);
    expect(property(root, 1).keyNode.value).toBe(LONG);
    await nextTurn();
    // New objects, the same values.
    const again = rootOf(text);
    expect(property(again, 1).keyNode.value).toBe(LONG);
    const last = (property(again, 0).valueNode as ArrayASTNode).items[49];
    expect(last?.type === 'string' ? last.value : undefined).toBe(values[49]);
  });

  it.for([0, 1, 12, 13, 14, 100])('keeps %i characters equal when copying them off their text', (length) => {
    const text = `${'é'.repeat(length)}|${'😀'.repeat(3)}`;
    const part = text.slice(0, length);
    expect(detached(part)).toBe(part);
    expect(detached(part).length).toBe(length);
  });
});
