/** Folding, selection ranges and formatting: the generic JSON features, on automation configs. */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getLanguageService } from 'vscode-json-languageservice';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createLanguageService } from '../../../src/service/languageService.js';
import { TextModel } from '../../../src/service/textModel.js';
import { sampleConfig } from '../../../src/service/warmUp.js';
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

describe('folding: the JSON service’s ranges', () => {
  const json = getLanguageService({});
  const examples = (
    readdirSync(new URL('../../../../../examples/automation/', import.meta.url), { recursive: true }) as string[]
  )
    .map((name) => name.replaceAll('\\', '/'))
    .filter((name) => name.endsWith('.json'));
  const sample = sampleConfig(40);
  const documents: [string, string][] = [
    ...examples.map((name): [string, string] => [name, example(name)]),
    ['a generated config', sample],
    ['minified', JSON.stringify(JSON.parse(sample))],
    [
      '`[{` on one line, empty and two-line containers',
      '[{\n"a": [],\n"b": {\n}, "c": [1,\n2]\n}, {"d": {"e": [\n{}\n]}}\n]',
    ],
    ['CRLF line ends', sample.replaceAll('\n', '\r\n')],
    ['a key given twice', sample.replace('"processType": "dbd"', '"processType": "dbd",\n "processType": "dbd"')],
    ['a comment', sample.replace('"processes": [', '"processes": [ /* the\n processes */')],
    [
      'a region',
      sample
        .replace('"processes": [', '// #region processes\n"processes": [')
        .replace('"replicaSets"', '// #endregion\n"replicaSets"'),
    ],
    ['broken: an unclosed string', sample.replace('"sample-3"', '"sample-3')],
    ['broken: no closing brace', sample.slice(0, sample.lastIndexOf('}'))],
  ];
  it.for(documents.flatMap(([name, text]) => [undefined, 5, 60].map((limit) => [name, text, limit] as const)))(
    '%s, at most %s ranges: the same ranges as vscode-json-languageservice',
    ([, text, limit]) => {
      const service = createLanguageService({ ...(limit === undefined ? {} : { foldingRangeLimit: limit }) });
      const doc = service.parse(new TextModel('file:///folding.automation.json', 'json', 1, text));
      const expected = json.getFoldingRanges(
        TextDocument.create('file:///folding.automation.json', 'json', 1, text),
        limit === undefined ? {} : { rangeLimit: limit },
      );
      expect(service.getFoldingRanges(doc)).toEqual(expected);
    },
  );

  it('folds from the tree an edit keeps, as a full parse of the new text', () => {
    const service = createLanguageService();
    const document = new TextModel('file:///folding.automation.json', 'json', 1, sample);
    service.getFoldingRanges(service.parse(document));
    const at = sample.indexOf('"members": [') + '"members": ['.length;
    const insert = '\n{"_id": 9, "host": "sample-0"},\n';
    document.edit({ start: at, end: at, text: insert }, 2);
    const edited = service.update(document, { start: at, end: at, newLength: insert.length });
    const expected = json.getFoldingRanges(TextDocument.create('file:///x.json', 'json', 1, document.getText()));
    expect(service.getFoldingRanges(edited)).toEqual(expected);
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
