/** Diagnostics: plain-JSON syntax, core's rules with ranges, related information, tags and fix data. */
import { describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { type Diagnostic, DiagnosticSeverity, DiagnosticTag } from 'vscode-languageserver-types';
import { createLanguageService } from '../../../src/service/languageService.js';
import { example, internals, parsed, TEST_URI } from '../../utils.js';

const valid = example('replica-set.automation.json');

/** The diagnostics of `text`, freshly opened. */
function diagnosticsOf(text: string): Diagnostic[] {
  const { service, doc } = parsed(text);
  return service.doValidation(doc);
}

/** The keys given twice in `text`, freshly opened. */
function duplicateKeysOf(text: string): Diagnostic[] {
  const { service, doc } = parsed(text);
  return service.findDuplicateKeys(doc);
}

/** The text `valid` with `from` replaced by `to` (first occurrence). */
function edit(from: string, to: string): string {
  if (!valid.includes(from)) throw new Error(`${from} not in the example`);
  return valid.replace(from, to);
}

/** The text a diagnostic's range covers. */
function covered(
  text: string,
  range: { start: { line: number; character: number }; end: { line: number; character: number } },
) {
  const { document } = parsed(text);
  return text.slice(document.offsetAt(range.start), document.offsetAt(range.end));
}

describe('syntax: the service takes plain JSON', () => {
  it.for([
    ['a line comment', edit('"version": ', '// why\n  "version": '), 'json/comment', '// why'],
    ['a block comment', edit('"version": ', '/* why */ "version": '), 'json/comment', '/* why */'],
    [
      'a trailing comma',
      edit('"downloadBase": "/var/lib/db-automation"', '"downloadBase": "/var/lib/db-automation",'),
      'json/trailing-comma',
      ',',
    ],
    ['a missing comma', edit('"version": 12,', '"version": 1'), 'json/syntax', undefined],
  ] as const)('reports %s as an error', ([, text, code, span]) => {
    const { service, doc } = parsed(text);
    const found = service.doValidation(doc).filter((d) => d.code === code);
    expect(found).toHaveLength(1);
    expect(found[0]!.severity).toBe(DiagnosticSeverity.Error);
    expect(found[0]!.message).toMatch(/JSON/);
    if (span !== undefined) expect(covered(text, found[0]!.range)).toBe(span);
  });

  it('warns about a duplicate key in valid JSON, whose earlier value is lost', () => {
    const text = edit('"version": 12,', '"version": 12,\n  "version": 2,');
    const duplicates = diagnosticsOf(text).filter((d) => d.code === 'json/duplicate-key');
    expect(duplicates).toHaveLength(1);
    expect(duplicates[0]).toMatchObject({
      severity: DiagnosticSeverity.Warning,
      range: { start: { line: 2, character: 2 } },
    });
    expect(duplicates[0]!.message).toMatch(/^Duplicate key "version": .*earlier value is silently lost/);
  });

  it.for([
    { name: 'valid JSON', broken: '', first: false, later: 1 },
    { name: 'broken JSON (the tree reports it with the syntax)', broken: ',', first: true, later: 0 },
  ])('leaves the duplicate-key scan for later when asked: $name', ({ broken, first, later }) => {
    const text = edit('"version": 12,', `"version": 12,\n  "version": 2,${broken}`);
    const { service, doc } = parsed(text);
    const duplicateKeys = (list: readonly { code?: unknown }[]) => list.filter((d) => d.code === 'json/duplicate-key');
    expect(duplicateKeys(service.doValidation(doc, { duplicateKeys: false })).length > 0).toBe(first);
    expect(service.findDuplicateKeys(doc)).toHaveLength(later);
    expect(duplicateKeys(service.doValidation(doc)).length).toBeGreaterThan(0);
  });

  // A freshly opened text counts its keys against its value's and hashes them only when the counts differ; a text
  // with a tree takes them from the parser. Both must name the same keys, however the keys are written.
  it.for([
    ['no key twice', valid, 0],
    ['a top-level key twice', edit('"version": 12,', '"version": 12,\n  "version": 2,'), 1],
    ['a key twice deep in a process', edit('"port": 27017', '"port": 27017, "port": 27018'), 1],
    ['a key three times', edit('"version": 12,', '"version": 12, "version": 2, "version": 3,'), 2],
    ['the same key written with an escape', edit('"version": 12,', '"version": 12, "ver\\u0073ion": 2,'), 1],
    ['a key twice with space before its colon', edit('"version": 12,', '"version"  \n :12, "version"\t: 2,'), 1],
    ['__proto__ twice', edit('"version": 12,', '"version": 12, "__proto__": {}, "__proto__": 1,'), 1],
    [
      'values that look like keys, none twice',
      edit('"version": 12,', '"version": 12, "note": "\\"version\\": 1", "list": ["a", {"b": ":"}],'),
      0,
    ],
    ['keys twice in an item of an array', edit('"version": 12,', '"version": 12, "x": [{"a": 1, "a": 2}, {}],'), 1],
    ['a key twice after a byte order mark', `\ufeff${edit('"version": 12,', '"version": 12, "version": 2,')}`, 1],
  ] as const)('finds the keys given twice in a fresh text as the tree does: %s', ([, text, count]) => {
    const duplicates = (list: readonly Diagnostic[]) => list.filter((d) => d.code === 'json/duplicate-key');
    const fresh = duplicates(diagnosticsOf(text));
    const { service, doc: withTree } = parsed(text);
    void withTree.root;
    expect(withTree.hasTree()).toBe(true);
    expect(fresh).toHaveLength(count);
    expect(fresh).toEqual(duplicates(service.doValidation(withTree)));
  });

  it('counts the keys of a document nested 20 000 deep without running out of stack', () => {
    const deep = edit('"version": 12,', `"version": 12, "deep": ${'['.repeat(20_000)}${']'.repeat(20_000)},`);
    const found = diagnosticsOf(deep);
    expect(found.filter((d) => d.code === 'json/duplicate-key')).toEqual([]);
  });

  it('reads a broken text after a byte order mark as without it (the mark is not the error)', () => {
    const broken = edit('"downloadBase": "/var/lib/db-automation"', '"downloadBase": "/var/lib/db-automation",');
    const codes = (text: string) => diagnosticsOf(text).map((d) => [d.code, d.range]);
    expect(codes(`\ufeff${broken}`)).toEqual(codes(` ${broken}`));
    expect(codes(`\ufeff${broken}`).map(([code]) => code)).toContain('json/trailing-comma');
  });

  it('warns about a duplicate key in broken JSON too', () => {
    const text = edit('"version": 12,', '"version": 12,\n  "version": 2,,');
    const duplicates = diagnosticsOf(text).filter((d) => d.code === 'json/duplicate-key');
    expect(duplicates.length).toBeGreaterThan(0);
  });

  it('still reports the rules of core on what the parser recovered', () => {
    const text = edit('"version": 12,', '"version": 12,,').replace('"processType": "dbd"', '"processType": "dbx"');
    const codes = diagnosticsOf(text).map((d) => d.code);
    expect(codes).toContain('json/syntax');
    expect(codes).toContain('DBK103');
  });
});

describe("core's rules", () => {
  it('has no diagnostic on a valid example', () => {
    expect(diagnosticsOf(valid)).toEqual([]);
  });

  it.for([
    ['a dangling member host (the value)', edit('"host": "', '"host": "x'), 'DBK202', /^"x/],
    ['a misspelt field (the key)', edit('"hostname"', '"hostnme"'), 'DBK108', /^"hostnme"$/],
    [
      'a missing field (the object, from its key to the bracket)',
      edit('"downloadBase": "/var/lib/db-automation"', '"x": 1'),
      'DBK101',
      /^"options": \{$/,
    ],
  ] as const)('underlines %s', ([, text, code, span]) => {
    const found = diagnosticsOf(text).find((d) => d.code === code);
    expect(found, JSON.stringify(diagnosticsOf(text).map((d) => d.code))).toBeDefined();
    expect(covered(text, found!.range)).toMatch(span);
    expect(found!.source).toBe('dbkit');
  });

  it('points a duplicate name at the first declaration and carries fix data', () => {
    const name = JSON.parse(valid).processes[0].name as string;
    const second = JSON.parse(valid).processes[1].name as string;
    const text = valid.replace(`"name": "${second}"`, `"name": "${name}"`);
    const duplicate = diagnosticsOf(text).find((d) => d.code === 'DBK106')!;
    expect(duplicate.relatedInformation).toHaveLength(1);
    expect(covered(text, duplicate.relatedInformation![0]!.location.range)).toBe(`"${name}"`);
    expect(duplicate.data).toMatchObject({ path: ['processes', 1, 'name'] });
  });

  it('tags what is deprecated', () => {
    const text = edit('"numUncompressed"', '"maxUncompressed"');
    const deprecated = diagnosticsOf(text).find((d) => d.code === 'DBK507');
    expect(deprecated?.tags).toEqual([DiagnosticTag.Deprecated]);
  });

  it('finds the same ranges with and without the tree', () => {
    const text = edit('"host": "', '"host": "x').replace('"hostname"', '"hostnme"');
    const fast = diagnosticsOf(text);
    const { service, doc } = parsed(text);
    void doc.json;
    expect(service.doValidation(doc)).toEqual(fast);
  });
});

describe('keys given twice: the same warnings on a freshly opened text, with a tree, and after edits', () => {
  /** Each warning as `line:character key`, in document order. */
  const summary = (found: readonly Diagnostic[]) =>
    found.map((d) => `${d.range.start.line}:${d.range.start.character} ${/"(.*?)":/.exec(String(d.message))?.[1]}`);

  it.for([
    ['none', valid, []],
    ['one', edit('"version": 12,', '"version": 12,\n  "version": 2,'), ['2:2 version']],
    [
      'three times',
      edit('"version": 12,', '"version": 12, "version": 2, "version": 3,'),
      ['1:17 version', '1:31 version'],
    ],
    [
      'nested, and the same key in sibling objects',
      edit('"options": {', '"options": { "a": 1, "b": {"a": 2, "a": 3}, "a": 4, "c": {"a": 5}, "d": [{"a": 6}],'),
      ['2:37 a', '2:46 a'],
    ],
    ['escaped', edit('"version": 12,', '"version": 12, "ver\\u0073ion": 2,'), ['1:17 version']],
  ] as const)('%s', ([, text, expected]) => {
    const fresh = duplicateKeysOf(text);
    expect(summary(fresh)).toEqual(expected);
    const { service, doc: withTree } = parsed(text);
    void withTree.json; // the tree answers now, not the flat structure
    expect(summary(service.findDuplicateKeys(withTree))).toEqual(summary(fresh));
    expect(service.findDuplicateKeys(withTree)).toEqual(fresh);
  });

  it('finds a key repeated by typing, and forgets it when the typing removes it, across incremental edits', () => {
    const service = createLanguageService();
    let document = TextDocument.create(TEST_URI, 'json', 1, valid);
    let doc = internals(service.parse(document));
    void doc.json;
    const type = (at: number, remove: number, insert: string) => {
      const range = { start: document.positionAt(at), end: document.positionAt(at + remove) };
      document = TextDocument.update(document, [{ range, text: insert }], document.version + 1);
      doc = internals(service.update(document, { start: at, end: at + remove, newLength: insert.length }));
      expect(doc.hasTree()).toBe(true);
      const expected = duplicateKeysOf(document.getText());
      expect(service.findDuplicateKeys(doc)).toEqual(expected);
      return expected;
    };
    const at = valid.indexOf('"version": 12,') + '"version": 12,'.length;
    expect(type(at, 0, ' "versio": 3,')).toEqual([]);
    expect(summary(type(at + ' "versio'.length, 0, 'n'))).toEqual(['1:17 version']);
    expect(type(at + ' "versio'.length, 1, '')).toEqual([]);
  });
});
