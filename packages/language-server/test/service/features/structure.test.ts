/** Folding, selection ranges and formatting: the generic JSON features, on automation configs. */
import { describe, expect, it } from 'vitest';
import { applyEdits, atCursor, example, parsed } from '../../utils.js';

const text = example('replica-set.automation.json');

describe('folding', () => {
  it('folds every multi-line object and array, processes included', () => {
    const { service, doc } = parsed(text);
    const ranges = service.getFoldingRanges(doc);
    const lines = text.split('\n');
    const processesLine = lines.findIndex((line) => line.includes('"processes": ['));
    expect(ranges.some((r) => r.startLine === processesLine)).toBe(true);
    // Every range starts on a line that opens a bracket.
    for (const r of ranges) expect(lines[r.startLine]).toMatch(/[[{]\s*$/);
  });
});

describe('selection ranges', () => {
  it('grows from a member host to the member, the members, the replica set, the document', () => {
    const { service, doc, position, text: source } = atCursor(text.replace('"host": "', '"host": "|'));
    const [range] = service.getSelectionRanges(doc, [position]);
    const spans: string[] = [];
    for (let r = range; r !== undefined; r = r.parent) {
      spans.push(source.slice(doc.textDocument.offsetAt(r.range.start), doc.textDocument.offsetAt(r.range.end)));
    }
    expect(spans[0]).toMatch(/^[\w.-]+$/); // the name inside the quotes
    expect(spans).toContainEqual(expect.stringMatching(/^"host": "/));
    expect(spans.at(-1)).toBe(source.trimEnd());
  });
});

describe('formatting', () => {
  it('formats a minified config back to plain, indented JSON with the same value', () => {
    const minified = JSON.stringify(JSON.parse(text));
    const { service, doc } = parsed(minified);
    const formatted = applyEdits(minified, service.format(doc, undefined, { tabSize: 2, insertSpaces: true }));
    expect(JSON.parse(formatted)).toEqual(JSON.parse(text));
    expect(formatted.split('\n').length).toBeGreaterThan(100);
    expect(formatted).toContain('\n  "processes": [\n    {\n');
  });

  it('formats only the selected range', () => {
    const messy = text.replace(
      '"downloadBase": "/var/lib/db-automation"',
      '"downloadBase":"/var/lib/db-automation"   ',
    );
    const { service, doc, document } = parsed(messy);
    const start = messy.indexOf('"options"');
    const end = messy.indexOf('}', start) + 1;
    const edits = service.format(
      doc,
      { start: document.positionAt(start), end: document.positionAt(end) },
      { tabSize: 2, insertSpaces: true },
    );
    expect(applyEdits(messy, edits)).toBe(text);
  });
});
