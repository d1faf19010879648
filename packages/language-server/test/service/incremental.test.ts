/**
 * Incremental reparsing gives exactly the document a full parse gives: same nodes, offsets, lengths, values,
 * parents, syntax errors and comments, after single edits and after long random typing sessions, from clean and from
 * broken documents.
 */
import { describe, expect, it } from 'vitest';
import { type Diagnostic, getLanguageService, type JSONDocument, type Range } from 'vscode-json-languageservice';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createLanguageService } from '../../src/service/languageService.js';
import { example, internals } from '../utils.js';
import { declarations, references, shape } from './trees.js';

/** A document's syntax errors and comments as plain data, in order (vscode-json-languageservice keeps them). */
function syntax(json: JSONDocument) {
  const internals = json as JSONDocument & { syntaxErrors?: Diagnostic[]; comments?: Range[] };
  return {
    errors: (internals.syntaxErrors ?? []).map(({ range, code, message, severity, source }) => ({
      range,
      code,
      message,
      severity,
      source,
    })),
    comments: internals.comments ?? [],
  };
}

const URI = 'file:///work/edit.automation.json';

/** vscode-json-languageservice itself: its parse is the reference a full parse must equal. */
const reference = getLanguageService({});

interface Edit {
  readonly start: number;
  readonly end: number;
  readonly insert: string;
}

/** How many edits reused the previous tree, and how many of those started from a tree with syntax errors. */
interface Reuse {
  readonly reused: number;
  readonly reusedBroken: number;
}

/**
 * Applies edits to an open document, incrementally and in full, and compares the trees, the syntax errors and
 * comments, and the declarations (taken over from the previous version when the edit declared nothing); the full
 * parse's tree, syntax errors and comments must also be vscode-json-languageservice's own parse of the text. `edits`
 * is a list, or a function giving the next edit for the current text (undefined: done).
 */
function editAndCompare(text: string, edits: readonly Edit[] | ((text: string, i: number) => Edit | undefined)): Reuse {
  const next = typeof edits === 'function' ? edits : (_: string, i: number) => edits[i];
  const service = createLanguageService();
  let document = TextDocument.create(URI, 'json', 1, text);
  let previous = internals(service.parse(document));
  void previous.references.references; // the tree, graph and references exist, so edits can reuse them
  let reused = 0;
  let reusedBroken = 0;
  /** The texts whose full parse was compared with vscode-json-languageservice's. */
  const checked = new Set<string>();
  for (let i = 0, edit = next(text, 0); edit !== undefined; edit = next(document.getText(), ++i)) {
    const range = { start: document.positionAt(edit.start), end: document.positionAt(edit.end) };
    document = TextDocument.update(document, [{ range, text: edit.insert }], document.version + 1);
    const broken = syntax(previous.json).errors.length + syntax(previous.json).comments.length > 0;
    const doc = internals(
      service.update(document, { start: edit.start, end: edit.end, newLength: edit.insert.length }),
    );
    if (doc.hasTree()) {
      reused++;
      if (broken) reusedBroken++;
    }
    const full = internals(createLanguageService().parse(TextDocument.create(URI, 'json', 1, document.getText())));
    const where = `after edit ${i} ${JSON.stringify(edit)}`;
    const fullShape = shape(full.root);
    expect(shape(doc.root), where).toBe(fullShape);
    const [incremental, whole] = [syntax(doc.json), syntax(full.json)];
    if (JSON.stringify(incremental) !== JSON.stringify(whole)) expect(incremental, where).toEqual(whole);
    // And the full parse is vscode-json-languageservice's own: incremental = full = the reference parser (checked
    // once per text: undoing comes back to texts seen before).
    if (!checked.has(document.getText())) {
      checked.add(document.getText());
      const own = reference.parseJSONDocument(TextDocument.create(URI, 'json', 1, document.getText()));
      expect(fullShape, `${where}: full parse against vscode-json-languageservice`).toBe(shape(own.root));
      const ownSyntax = syntax(own);
      if (JSON.stringify(whole) !== JSON.stringify(ownSyntax)) {
        expect(whole, `${where}: full parse against vscode-json-languageservice`).toEqual(ownSyntax);
      }
    }
    expect(declarations(doc), where).toEqual(declarations(full));
    // The references, brought up to date from the previous version's (read every other edit: two edits' worth of
    // freed and added subtrees at once too), are those of a full collection.
    if (i % 2 === 1) expect(references(doc), where).toEqual(references(full));
    previous = doc;
  }
  return { reused, reusedBroken };
}

const text = example('sharded-cluster.automation.json');
const at = (needle: string, delta = 0, within = text) => {
  const offset = within.indexOf(needle);
  if (offset === -1) throw new Error(`${needle} not found`);
  return offset + delta;
};
/** `text` with `[start, end)` replaced by `insert`. */
const edited = (within: string, { start, end, insert }: Edit) => within.slice(0, start) + insert + within.slice(end);

/** The first member's host value deleted to the end of its line, as when selecting it and pressing Delete. */
const HOST = at('"host": "', 8);
const hostValue: Edit = { start: HOST, end: text.indexOf('\n', HOST), insert: '' };
const hostDeleted = edited(text, hostValue);
/** The same, with CRLF line ends (positions move differently). */
const crlfHostDeleted = hostDeleted.replaceAll('\n', '\r\n');
/** A line comment in the options and a block comment in the first process. */
const commented = edited(
  edited(text, { start: at('"processes": [', 14), end: at('"processes": [', 14), insert: ' /* the processes */' }),
  { start: at('"options": {', 12), end: at('"options": {', 12), insert: '\n    // where agents download from' },
);
/** The second member's host has lost its closing quote: the string runs to the end of the line. */
const unterminated = edited(text, { start: at('"prod-cfg-1"', 11), end: at('"prod-cfg-1"', 12), insert: '' });
/** A trailing comma in the options, and a missing comma in a member. */
const commas = edited(edited(text, { start: at('"votes": 1,', 10), end: at('"votes": 1,', 11), insert: '' }), {
  start: at('/var/lib/db-automation"', 23),
  end: at('/var/lib/db-automation"', 23),
  insert: ',',
});
/** The root's closing brace is missing. */
const unclosedRoot = text.slice(0, text.lastIndexOf('}'));

describe('incremental reparsing', () => {
  it.for([
    ['typing into a member host', at('"host": "', 9), at('"host": "', 9), 'x'],
    ['deleting a character of a process name', at('"name": "', 9), at('"name": "', 10), ''],
    ['replacing a number', at('"priority": ', 12), at('"priority": ', 15), '7.5'],
    ['adding a property to a process', at('"manualMode"'), at('"manualMode"'), '"numCores": 2,\n      '],
    ['adding a member to a replica set', at('"members": [', 12), at('"members": [', 12), '{ "_id": 9, "host": "h" },'],
    ['deleting a member host value to the end of the line', hostValue.start, hostValue.end, ''],
    ['adding a comment', at('"options": {', 12), at('"options": {', 12), '// note\n'],
    ['removing a comma', at('"votes": 1,', 10), at('"votes": 1,', 11), ''],
    ['opening a brace that the next closing brace closes', at('"options": {', 12), at('"options": {', 12), '{'],
    // The array closes at once, so its text alone does not end at its bracket: the build object around it does.
    ['typing a closing bracket into a one-line array', at('["enterprise"]', 1), at('["enterprise"]', 1), ']'],
  ] as const)('reuses the tree when %s', ([, start, end, insert]) => {
    expect(editAndCompare(text, [{ start, end, insert }]).reused).toBe(1);
  });

  // From a document that is broken already: the errors and comments outside the reparsed container are kept.
  it.for([
    ['typing a quote where a host value was deleted', hostDeleted, at('"host": ', 8, hostDeleted), 0, '"'],
    ['typing the host value back (the document is valid again)', hostDeleted, HOST, 0, '"prod-cfg-0",'],
    ['typing a quote where a host was deleted, with CRLF line ends', crlfHostDeleted, HOST, 0, '"'],
    ['typing into another host, with CRLF line ends', crlfHostDeleted, at('"prod-cfg-2', 5, crlfHostDeleted), 0, 'x'],
    ['typing into a member after the comments', commented, at('"prod-cfg-0', 5, commented), 0, 'x'],
    ['typing into the commented options', commented, at('"downloadBase"', 1, commented), 1, 'D'],
    ['typing into the member whose host string is open', unterminated, at('"arbiterOnly"', 1, unterminated), 0, 'x'],
    ['typing into a later member than the open string', unterminated, at('"prod-cfg-2', 5, unterminated), 0, 'x'],
    ['closing the open string', unterminated, at('"prod-cfg-1', 11, unterminated), 0, '"'],
    ['typing into the member with a missing comma', commas, at('"prod-cfg-0', 5, commas), 0, 'x'],
    ['adding the missing comma', commas, at('"votes": 1', 10, commas), 0, ','],
    [
      'typing into a deep object of a document whose root is not closed',
      unclosedRoot,
      at('86400', 1, unclosedRoot),
      1,
      '7',
    ],
    ['typing into a host of a document whose root is not closed', unclosedRoot, HOST + 1, 0, 'x'],
  ] as const)('reuses a broken tree when %s', ([, start, offset, deleted, insert]) => {
    expect(editAndCompare(start, [{ start: offset, end: offset + deleted, insert }])).toEqual({
      reused: 1,
      reusedBroken: 1,
    });
  });

  it.for([
    ['an edit that removes a closing bracket', text, at('"members": ['), 40, ''],
    ['a deleted quote whose string takes the closing bracket', text, at('"enterprise"]', 11), 1, ''],
    ['an open block comment', text, at('"prod-cfg-0"'), 0, '/* '],
    ['a quote typed into a one-line array', text, at('["enterprise"]', 1), 0, '"'],
    [
      'an edit in the last section of a document whose root is not closed',
      unclosedRoot,
      at('"clusterWideConfigurations": {', 30, unclosedRoot),
      0,
      '"x": 1,',
    ],
  ] as const)('parses in full (and still correctly) after %s', ([, start, offset, deleted, insert]) => {
    expect(editAndCompare(start, [{ start: offset, end: offset + deleted, insert }]).reused).toBe(0);
  });

  it('reparses incrementally while a host is deleted and typed again, as in the playground', () => {
    const typed = ['"', '"', 'h', '-', '0'].map((insert, i): Edit => ({ start: HOST + i, end: HOST + i, insert }));
    expect(editAndCompare(text, [hostValue, ...typed])).toEqual({ reused: 6, reusedBroken: 5 });
  });

  it('keeps the declarations when typing into a member host, and finds a name added to a process', () => {
    const service = createLanguageService();
    let document = TextDocument.create(URI, 'json', 1, text);
    const first = internals(service.parse(document)).references;
    const host = at('"host": "', 9);
    document = TextDocument.update(
      document,
      [{ range: { start: document.positionAt(host), end: document.positionAt(host) }, text: 'x' }],
      2,
    );
    const typed = internals(service.update(document, { start: host, end: host, newLength: 1 }));
    expect(typed.references.declarations).toBe(first.declarations);
    const name = document.getText().indexOf('"name": "', document.getText().indexOf('"processes"')) + 9;
    document = TextDocument.update(
      document,
      [{ range: { start: document.positionAt(name), end: document.positionAt(name) }, text: 'new-' }],
      3,
    );
    const renamed = internals(service.update(document, { start: name, end: name, newLength: 4 }));
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
    expect(editAndCompare(text, edits).reused).toBeGreaterThan(0);
  });

  /** What random typing inserts: brackets, quotes, comments, escapes, whole properties. */
  const TYPED = ['a', '1', ' ', '"', ',', ':', '{', '}', '[', ']', '\n', '/', '*', '\\', '//', '/* c */', '"k": 1,'];

  /**
   * Random typing from `start` (seeded): inserts, deletions and undos, then everything undone and `repair`
   * applied (the document becomes valid, or stays as it was), then random typing again.
   */
  function randomSession(seed: number, repair: Edit | undefined, steps = 160) {
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const undo: Edit[] = [];
    let phase: 'typing' | 'undoing' | 'again' = 'typing';
    let typed = 0;
    return (current: string): Edit | undefined => {
      if (phase === 'undoing') {
        const back = undo.pop();
        if (back !== undefined) return back;
        phase = 'again';
        if (repair !== undefined) return repair;
      }
      if (typed++ === steps) return undefined;
      if (phase === 'typing' && typed === steps / 2) {
        phase = 'undoing';
        const back = undo.pop();
        if (back !== undefined) return back;
      }
      if (undo.length > 0 && next() < 0.25) return undo.pop();
      const from = Math.floor(next() * current.length);
      const to = next() < 0.7 ? from : Math.min(current.length, from + 1 + Math.floor(next() * 5));
      const insert = next() < 0.5 ? TYPED[Math.floor(next() * TYPED.length)]! : '';
      undo.push({ start: from, end: from + insert.length, insert: current.slice(from, to) });
      return { start: from, end: to, insert };
    };
  }

  it.for([
    ['a valid document', text, 11, undefined],
    ['a deleted host value', hostDeleted, 12, { start: HOST, end: HOST, insert: '"prod-cfg-0",' }],
    ['a deleted host value, CRLF', crlfHostDeleted, 13, { start: HOST, end: HOST, insert: '"prod-cfg-0",' }],
    ['comments', commented, 14, undefined],
    [
      'an open string',
      unterminated,
      15,
      { start: at('"prod-cfg-1', 11, unterminated), end: at('"prod-cfg-1', 11, unterminated), insert: '"' },
    ],
    ['commas missing and trailing', commas, 16, undefined],
    ['a root left open', unclosedRoot, 17, { start: unclosedRoot.length, end: unclosedRoot.length, insert: '}' }],
  ] as const)('stays equal to a full parse over random typing from %s', ([, start, seed, repair]) => {
    const { reused, reusedBroken } = editAndCompare(start, randomSession(seed, repair));
    expect(reused).toBeGreaterThan(50);
    expect(reusedBroken).toBeGreaterThan(20);
  });
});
