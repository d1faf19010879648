/**
 * Fuzz: thousands of random edits and truncations of the examples. Every feature must answer (a value or null),
 * never throw, and every range it returns must lie inside the document.
 */
import { describe, expect, it } from 'vitest';
import type { Position, Range } from 'vscode-languageserver-types';
import { example, parsed, seededRandom } from '../utils.js';

const FRAGMENTS = [
  '{',
  '}',
  '[',
  ']',
  ',',
  ':',
  '"',
  '""',
  'null',
  '-1',
  '1e999',
  '"host": ',
  '\\',
  '\n',
  '// x',
  '/*',
  'true',
  '"processes"',
  '"\\u00"',
  '\u{1F600}',
];

/** One random damage: insert a fragment, delete a span, duplicate a span, or truncate. */
function mutate(text: string, next: () => number): string {
  const at = Math.floor(next() * (text.length + 1));
  switch (Math.floor(next() * 4)) {
    case 0:
      return text.slice(0, at) + FRAGMENTS[Math.floor(next() * FRAGMENTS.length)] + text.slice(at);
    case 1:
      return text.slice(0, at) + text.slice(at + 1 + Math.floor(next() * 40));
    case 2: {
      const end = Math.min(text.length, at + Math.floor(next() * 200));
      return text.slice(0, end) + text.slice(at, end) + text.slice(end);
    }
    default:
      return text.slice(0, at);
  }
}

function inside(range: Range, end: Position): boolean {
  const before = (a: Position, b: Position) => a.line < b.line || (a.line === b.line && a.character <= b.character);
  return before(range.start, range.end) && before(range.end, end);
}

const SOURCES = [
  'replica-set.automation.json',
  'sharded-cluster.automation.json',
  'secure.automation.json',
  'mistakes/broken.automation.json',
];
const ITERATIONS = 600; // per source: 2 400 damaged documents in all

describe.for(SOURCES)('fuzz %s', (name) => {
  it(`answers every request on ${ITERATIONS} damaged copies without throwing`, async () => {
    const next = seededRandom(name.length * 7919);
    const original = example(name);
    let text = original;
    for (let i = 0; i < ITERATIONS; i++) {
      // Damage accumulates for a while (typing), then starts again from the original.
      text = i % 20 === 0 ? mutate(original, next) : mutate(text, next);
      const { service, doc, document } = parsed(text);
      const end = document.positionAt(text.length);
      const offset = Math.floor(next() * (text.length + 1));
      const position = document.positionAt(offset);
      const where = `seed document ${name}, iteration ${i}, offset ${offset}`;
      try {
        const diagnostics = service.doValidation(doc);
        for (const d of diagnostics) expect(inside(d.range, end), where).toBe(true);
        await service.doComplete(doc, position);
        await service.doHover(doc, position);
        service.findDefinition(doc, position);
        service.findReferences(doc, position, { includeDeclaration: true });
        if (service.prepareRename(doc, position)?.ok) service.doRename(doc, position, 'renamed');
        service.findDocumentSymbols(doc);
        service.getFoldingRanges(doc);
        service.getSelectionRanges(doc, [position]);
        if (i % 10 === 0) service.format(doc, undefined, { tabSize: 2, insertSpaces: true });
        service.getCodeActions(doc, { start: position, end: position }, { diagnostics: diagnostics.slice(0, 5) });
      } catch (error) {
        throw new Error(`${where}: ${error instanceof Error ? error.stack : String(error)}`);
      }
    }
  });
});
