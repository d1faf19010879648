/**
 * The references kept across edits (`references/graph.ts`): however the edits nest and whenever the references are
 * read, they are those a full collection of the same text finds, and a rename edits each name once.
 */
import { describe, expect, it } from 'vitest';
import type { ASTNode } from 'vscode-json-languageservice';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { pathOf } from '../../../src/service/jsonAst.js';
import { createLanguageService } from '../../../src/service/languageService.js';
import { example, internals } from '../../utils.js';
import { references } from '../trees.js';

const URI = 'file:///work/references.automation.json';
const text = example('sharded-cluster.automation.json');
/** The end of a replica set's first member and the start of its second: `},` then `{`. */
const BETWEEN_MEMBERS = '},\n        {\n          "_id": 1';

/** An edit: `insert` at the `nth` occurrence (0-based) of `at` plus `delta`, replacing `remove` characters. */
interface Edit {
  readonly at: string;
  readonly nth?: number;
  readonly delta: number;
  readonly remove?: number;
  readonly insert: string;
}

function offsetOf(within: string, { at, nth = 0, delta }: Pick<Edit, 'at' | 'nth' | 'delta'>): number {
  let found = -1;
  for (let i = 0; i <= nth; i++) {
    found = within.indexOf(at, found + 1);
    if (found === -1) throw new Error(`${at} (${nth}) not found`);
  }
  return found + delta;
}

/** Applies the edits one by one (reading the references only after those in `readAfter`), then compares. */
function editThenCompare(start: string, edits: readonly Edit[], readAfter: readonly number[] = []) {
  const service = createLanguageService();
  let document = TextDocument.create(URI, 'json', 1, start);
  void internals(service.parse(document)).references.references; // kept from here on
  edits.forEach((edit, i) => {
    const offset = offsetOf(document.getText(), edit);
    const end = offset + (edit.remove ?? 0);
    const range = { start: document.positionAt(offset), end: document.positionAt(end) };
    document = TextDocument.update(document, [{ range, text: edit.insert }], document.version + 1);
    const doc = internals(service.update(document, { start: offset, end, newLength: edit.insert.length }));
    if (readAfter.includes(i)) void doc.references.references;
  });
  const doc = internals(service.parse(document));
  const full = internals(createLanguageService().parse(TextDocument.create(URI, 'json', 1, document.getText())));
  expect(doc.hasTree()).toBe(true);
  expect(references(doc)).toEqual(references(full));
  return { service, doc, full, document };
}

describe('references kept across edits', () => {
  it.for<[string, Edit[]]>([
    ['one keystroke in a member host', [{ at: '"host": "', delta: 9, insert: 'x' }]],
    [
      'a space between two members (the members array is parsed again), then a keystroke in a member host',
      [
        { at: BETWEEN_MEMBERS, delta: 2, insert: ' ' },
        { at: '"host": "', delta: 9, insert: 'x' },
      ],
    ],
    [
      'a keystroke in a member host, then a space between two members around it',
      [
        { at: '"host": "', delta: 9, insert: 'x' },
        { at: BETWEEN_MEMBERS, delta: 2, insert: ' ' },
      ],
    ],
    [
      'in args2_6, then in its replication',
      [
        { at: '"args2_6": {', delta: 12, insert: ' ' },
        { at: '"replSetName": "', delta: 16, insert: 'z' },
      ],
    ],
    [
      'in a shards array, then in one of its shards',
      [
        { at: '"shards": [', delta: 11, insert: ' ' },
        { at: '"rs": "', delta: 7, insert: 'q' },
      ],
    ],
    ['a new balancer key', [{ at: '"balancer": {', delta: 13, insert: '"nope": {}, ' }]],
  ])('%s', ([, edits]) => {
    editThenCompare(text, edits);
    editThenCompare(
      text,
      edits,
      edits.map((_, i) => i),
    );
  });

  it('does not take a key named "[]" for the items of an array', () => {
    const start = text.replace('"members": [', '"members": {"[]": {"host": "x"}}, "others": [');
    editThenCompare(start, [{ at: '{"host": "x"', delta: 10, insert: 'y' }]);
  });

  it('renames each occurrence once after nested edits', () => {
    const { service, doc, full, document } = editThenCompare(text, [
      { at: BETWEEN_MEMBERS, delta: 2, insert: ' ' },
      { at: '"host": "', delta: 9, insert: 'x' },
      { at: '"host": "', delta: 9, remove: 1, insert: '' },
    ]);
    const at = document.positionAt(offsetOf(document.getText(), { at: '"host": "', delta: 10 }));
    const renamed = service.doRename(doc, at, 'renamed-process');
    expect(renamed).toEqual(createLanguageService().doRename(full, at, 'renamed-process'));
    if (!renamed?.ok) throw new Error(renamed?.reason);
    const ranges = Object.values(renamed.edit.changes ?? {})
      .flat()
      .map((e) => JSON.stringify(e.range));
    expect(new Set(ranges).size).toBe(ranges.length);
    expect(ranges.length).toBeGreaterThan(1);
  });
});

/** A graph's lookups as text, to compare with those of a graph whose references were all collected. */
function occurrenceText(
  occurrence: { site?: string; name: string; node: ASTNode; target?: { node: ASTNode } | undefined } | undefined,
) {
  if (occurrence === undefined) return '-';
  return `${occurrence.site ?? 'declaration'} ${occurrence.name} @${occurrence.node.offset} → ${occurrence.target?.node.offset ?? '-'}`;
}

describe('lookups before the references are collected', () => {
  const duplicateSection = text.replace(
    '"replicaSets": [',
    '"replicaSets": [{ "_id": "early", "members": [{ "host": "x" }] }],\n  "replicaSets": [',
  );
  it.for<[string, string]>([
    ['the sharded example', text],
    ['index configs', example('index-configs.automation.json')],
    ['a replica set', example('replica-set.automation.json')],
    ['a broken text (the tree reads past its errors)', example('mistakes/broken.automation.json')],
    ['a section given twice (only the last counts)', duplicateSection],
  ])('%s: every offset finds what the whole collection finds, and each section its own references', ([, start]) => {
    const served = (): ReturnType<typeof internals> =>
      internals(createLanguageService().parse(TextDocument.create(URI, 'json', 1, start)));
    const local = served();
    const full = served();
    const all = full.references.references;
    for (let offset = 0; offset <= start.length; offset++) {
      expect(occurrenceText(local.references.referenceAt(offset)), `at ${offset}`).toBe(
        occurrenceText(full.references.referenceAt(offset)),
      );
    }
    for (const section of [
      'processes',
      'replicaSets',
      'sharding',
      'indexConfigs',
      'balancer',
      'clusterWideConfigurations',
    ]) {
      const expected = all.filter((r) => pathOf(r.node)[0] === section);
      expect(local.references.referencesIn(section).map(occurrenceText), section).toEqual(expected.map(occurrenceText));
      expect(full.references.referencesIn(section).map(occurrenceText), section).toEqual(expected.map(occurrenceText));
    }
  });
});
