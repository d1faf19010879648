/**
 * Incremental reparsing gives exactly the tree a full parse gives: same nodes, offsets, lengths, values, parents,
 * after single edits and after long random typing sessions.
 */
import { describe, expect, it } from 'vitest';
import type { ASTNode } from 'vscode-json-languageservice';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createLanguageService } from '../../src/service/languageService.js';
import { example } from '../utils.js';

/** A plain picture of a tree, parents checked on the way. */
function shape(node: ASTNode | undefined, parent?: ASTNode): unknown {
  if (node === undefined) return undefined;
  if (node.parent !== parent) throw new Error(`wrong parent at ${node.type} ${node.offset}`);
  const base = { type: node.type, offset: node.offset, length: node.length };
  switch (node.type) {
    case 'object':
      return { ...base, properties: node.properties.map((p) => shape(p, node)) };
    case 'array':
      return { ...base, items: node.items.map((i) => shape(i, node)) };
    case 'property':
      return { ...base, colon: node.colonOffset, key: shape(node.keyNode, node), value: shape(node.valueNode, node) };
    default:
      return { ...base, value: node.value };
  }
}

const URI = 'file:///work/edit.automation.json';

/** The declarations of a graph as plain data: kind, name, where the name is. */
function declarations(doc: {
  references: { allDeclarations: readonly { kind: string; name: string; node: ASTNode }[] };
}) {
  return doc.references.allDeclarations.map((d) => `${d.kind} ${d.name} @${d.node.offset}`);
}

/**
 * Applies `[start, end) → insert` to an open document, incrementally and in full, and compares the trees and the
 * declarations (taken over from the previous version when the edit declared nothing).
 */
function editAndCompare(text: string, edits: readonly { start: number; end: number; insert: string }[]) {
  const service = createLanguageService();
  let document = TextDocument.create(URI, 'json', 1, text);
  void service.parse(document).references; // the tree and graph exist, so edits can reuse them
  let incrementalCount = 0;
  for (const edit of edits) {
    const range = { start: document.positionAt(edit.start), end: document.positionAt(edit.end) };
    document = TextDocument.update(document, [{ range, text: edit.insert }], document.version + 1);
    const doc = service.update(document, { start: edit.start, end: edit.end, newLength: edit.insert.length });
    if (doc.hasTree()) incrementalCount++;
    const full = createLanguageService().parse(TextDocument.create(URI, 'json', 1, document.getText()));
    expect(shape(doc.root)).toEqual(shape(full.root));
    expect(declarations(doc)).toEqual(declarations(full));
  }
  return incrementalCount;
}

const text = example('sharded-cluster.automation.json');
const at = (needle: string, delta = 0) => {
  const offset = text.indexOf(needle);
  if (offset === -1) throw new Error(`${needle} not found`);
  return offset + delta;
};

describe('incremental reparsing', () => {
  it.for([
    ['typing into a member host', at('"host": "', 9), at('"host": "', 9), 'x'],
    ['deleting a character of a process name', at('"name": "', 9), at('"name": "', 10), ''],
    ['replacing a number', at('"priority": ', 12), at('"priority": ', 15), '7.5'],
    ['adding a property to a process', at('"manualMode"'), at('"manualMode"'), '"numCores": 2,\n      '],
    ['adding a member to a replica set', at('"members": [', 12), at('"members": [', 12), '{ "_id": 9, "host": "h" },'],
  ] as const)('reuses the tree when %s', ([, start, end, insert]) => {
    expect(editAndCompare(text, [{ start, end, insert }])).toBe(1);
  });

  it.for([
    ['an unbalanced brace', at('"options": {', 12), at('"options": {', 12), '{'],
    ['a comment', at('"options": {', 12), at('"options": {', 12), '// note\n'],
    ['an edit that removes a closing bracket', at('"members": ['), at('"members": [') + 40, ''],
  ] as const)('parses in full (and still correctly) after %s', ([, start, end, insert]) => {
    expect(editAndCompare(text, [{ start, end, insert }])).toBe(0);
  });

  it('keeps the declarations when typing into a member host, and finds a name added to a process', () => {
    const service = createLanguageService();
    let document = TextDocument.create(URI, 'json', 1, text);
    const first = service.parse(document).references;
    const host = at('"host": "', 9);
    document = TextDocument.update(
      document,
      [{ range: { start: document.positionAt(host), end: document.positionAt(host) }, text: 'x' }],
      2,
    );
    const typed = service.update(document, { start: host, end: host, newLength: 1 });
    expect(typed.references.declarations).toBe(first.declarations);
    const name = document.getText().indexOf('"name": "', document.getText().indexOf('"processes"')) + 9;
    document = TextDocument.update(
      document,
      [{ range: { start: document.positionAt(name), end: document.positionAt(name) }, text: 'new-' }],
      3,
    );
    const renamed = service.update(document, { start: name, end: name, newLength: 4 });
    expect(renamed.references.declarations).not.toBe(first.declarations);
    expect([...renamed.references.declarations.process.keys()].some((n) => n.startsWith('new-'))).toBe(true);
  });

  it('stays equal to a full parse over 400 random keystrokes, broken states included', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    let length = text.length;
    const edits: { start: number; end: number; insert: string }[] = [];
    for (let i = 0; i < 400; i++) {
      const start = Math.floor(next() * length);
      const end = next() < 0.7 ? start : Math.min(length, start + 1 + Math.floor(next() * 5));
      const insert = next() < 0.5 ? ['a', '1', ' ', '"', ',', '{', '}', '\n'][Math.floor(next() * 8)]! : '';
      edits.push({ start, end, insert });
      length += insert.length - (end - start);
    }
    const reused = editAndCompare(text, edits);
    expect(reused).toBeGreaterThan(0);
  });
});
