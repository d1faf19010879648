/**
 * The text model behaves as vscode-languageserver-textdocument's document: same text, positions, offsets, line
 * ranges and line breaks after any edit (line breaks of every kind, edits that split or join a `\r\n`), while it
 * keeps the text in pieces.
 */
import { seededRandom } from '@dbkit/core/internal';
import { describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { TextModel } from '../../src/service/textModel.js';

/** Everything a feature may ask of a document, as plain data. */
function picture(document: TextDocument, offsets: readonly number[]) {
  const lines = Array.from({ length: document.lineCount + 1 }, (_, line) => ({
    range: document.getLineRange(line),
    eol: document.getEOLCharacters(line),
    start: document.offsetAt({ line, character: 0 }),
    far: document.offsetAt({ line, character: 1000 }),
  }));
  const positions = offsets.map((offset) => document.positionAt(offset));
  return { text: document.getText(), lineCount: document.lineCount, lines, positions };
}

function check(model: TextModel, reference: TextDocument, next: () => number): void {
  const length = reference.getText().length;
  const offsets = Array.from({ length: 8 }, () => Math.floor(next() * (length + 2)) - 1);
  expect(picture(model, offsets)).toEqual(picture(reference, offsets));
  const a = Math.floor(next() * (length + 1));
  const b = Math.min(length, a + Math.floor(next() * 20));
  expect(model.slice(a, b)).toBe(reference.getText().slice(a, b));
}

const PIECES = ['a', 'bc', '\n', '\r\n', '\r', ' "host": "x",', '\n  ', '{', '}', ''];

describe('TextModel', () => {
  it.for([
    { name: 'insert in the middle', text: 'ab\ncd', start: 1, end: 1, insert: 'X' },
    { name: 'insert a line break', text: 'ab\ncd', start: 1, end: 1, insert: '\n' },
    { name: 'delete across lines', text: 'ab\ncd\nef', start: 1, end: 7, insert: '' },
    { name: 'replace with lines', text: 'ab\ncd', start: 0, end: 5, insert: 'x\ny\nz' },
    { name: 'type at a \\r\\n', text: 'ab\r\ncd', start: 3, end: 3, insert: 'X' },
    { name: 'replace a \\n after a \\r', text: 'ab\r\ncd', start: 2, end: 4, insert: '\n' },
    { name: 'join a \\r and a \\n', text: 'ab\rX\ncd', start: 3, end: 4, insert: '' },
    { name: 'type a \\r before a \\n', text: 'ab\ncd', start: 2, end: 2, insert: '\r' },
    { name: 'empty the text', text: 'ab\ncd', start: 0, end: 5, insert: '' },
    { name: 'write into an empty text', text: '', start: 0, end: 0, insert: '{\n}' },
  ])('$name', ({ text, start, end, insert }) => {
    const model = new TextModel('file:///a.json', 'json', 1, text);
    const reference = TextDocument.create('file:///a.json', 'json', 1, text);
    void model.lineCount; // the line starts exist, so the edit updates them
    // Offsets as the server gets them: from positions (an offset inside a `\r\n` is the end of its line).
    const range = { start: reference.positionAt(start), end: reference.positionAt(end) };
    model.edit({ start: reference.offsetAt(range.start), end: reference.offsetAt(range.end), text: insert }, 2);
    TextDocument.update(reference, [{ range, text: insert }], 2);
    expect(model.version).toBe(2);
    check(model, reference, seededRandom(1));
  });

  it.for([1, 2, 3, 4, 5])('matches the reference document over 300 random edits (seed %i)', (seed) => {
    const next = seededRandom(seed);
    const initial = Array.from({ length: 200 }, () => PIECES[Math.floor(next() * PIECES.length)]).join('');
    const model = new TextModel('file:///a.json', 'json', 1, initial);
    const reference = TextDocument.create('file:///a.json', 'json', 1, initial);
    for (let version = 2; version < 302; version++) {
      const length = reference.getText().length;
      const start = Math.floor(next() * (length + 1));
      const end = Math.min(length, start + (next() < 0.6 ? 0 : Math.floor(next() * 12)));
      const insert = next() < 0.3 ? '' : PIECES[Math.floor(next() * PIECES.length)]!;
      const range = { start: reference.positionAt(start), end: reference.positionAt(end) };
      const offsets = { start: reference.offsetAt(range.start), end: reference.offsetAt(range.end) };
      if (next() < 0.5) model.edit({ ...offsets, text: insert }, version);
      else model.update([{ range, text: insert }], version);
      TextDocument.update(reference, [{ range, text: insert }], version);
      if (version % 10 === 0 || next() < 0.2) check(model, reference, next);
    }
    check(model, reference, next);
  });

  it('replaces the whole text on a change without a range', () => {
    const model = new TextModel('file:///a.json', 'json', 1, 'ab\ncd');
    void model.lineCount;
    model.update([{ text: 'x\r\ny' }], 2);
    const reference = TextDocument.create('file:///a.json', 'json', 2, 'x\r\ny');
    check(model, reference, seededRandom(7));
  });
});
