/**
 * Name completion before the tree is built (`beforeTree.ts`) must answer exactly what the tree's completion
 * answers: at every reference value of the examples and of a generated config, at both edges of the value and inside
 * it, while typing on in the same string, and by leaving to the tree every cursor it does not serve.
 */
import { describe, expect, it, vi } from 'vitest';
import type { CompletionList } from 'vscode-languageserver-types';
// @ts-expect-error: the benchmark generator is plain JavaScript without types.
import { generateConfig, serialize } from '../../../../../core/bench/generate.mjs';
import type { ParsedDocument } from '../../../../src/service/document.js';
import { valueSiteAt } from '../../../../src/service/features/completion/cursor.js';
import { pathOf } from '../../../../src/service/jsonAst.js';
import { createLanguageService, type LanguageServiceOptions } from '../../../../src/service/languageService.js';
import { TextModel } from '../../../../src/service/textModel.js';
import { cursor, example, internals } from '../../../utils.js';

const URI = 'file:///names.automation.json';
/** Enough white space after a small document for its tree to cost more than this path (it serves large ones). */
const PADDING = ' '.repeat(40_000);

/** The tree's answer at `offset`: the tree is built first. */
async function withTree(
  text: string,
  offset: number,
  options: LanguageServiceOptions = { snippets: true },
): Promise<CompletionList | null> {
  const service = createLanguageService(options);
  const document = new TextModel(URI, 'json', 1, text);
  const doc = internals(service.parse(document));
  void doc.root;
  return service.doComplete(doc, document.positionAt(offset));
}

/** The answer of a freshly opened document, and whether it needed the tree. */
async function beforeTree(text: string, offset: number): Promise<{ list: CompletionList | null; tree: boolean }> {
  const service = createLanguageService({ snippets: true });
  const document = new TextModel(URI, 'json', 1, text);
  const doc = internals(service.parse(document));
  const list = await service.doComplete(doc, document.positionAt(offset));
  return { list, tree: doc.hasTree() };
}

/** Every string at a reference value site of `text`: where a user completes names. */
function referenceValues(text: string): { offset: number; length: number; site: string }[] {
  const doc = internals(createLanguageService().parse(new TextModel(URI, 'json', 1, text)));
  return doc.references.references
    .filter((reference) => valueSiteAt(pathOf(reference.node)) !== undefined)
    .map((reference) => ({ offset: reference.node.offset, length: reference.node.length, site: reference.site }));
}

/** A generated config over 1 MB: its diagnostics read the names of its value when asked. */
const LARGE: string = serialize(generateConfig({ shards: 160, membersPerShard: 3, routers: 3 }));

const documents: readonly [string, string][] = [
  ...['replica-set', 'sharded-cluster', 'secure', 'index-configs'].map((name): [string, string] => [
    name,
    example(`${name}.automation.json`) + PADDING,
  ]),
  ['a generated config of 12 shards', serialize(generateConfig({ shards: 12, membersPerShard: 3, routers: 3 }))],
];

describe('name completion before the tree', () => {
  it.for(documents)('answers as the tree does at every reference value of %s', async ([, text]) => {
    const values = referenceValues(text);
    // Every value site the documents hold is exercised.
    expect(values.length).toBeGreaterThan(3);
    for (const { offset, length, site } of values) {
      for (const [edge, at] of [
        ['after the opening quote', offset + 1],
        ['inside', offset + (length >> 1)],
        ['after the closing quote', offset + length],
      ] as const) {
        const early = await beforeTree(text, at);
        const where = `${site} at ${at} (${edge})`;
        expect(early.tree, where).toBe(false);
        expect(early.list, where).toEqual(await withTree(text, at));
      }
    }
  });

  it('answers the next keystrokes in the same string from what it read, as the tree does', async () => {
    const text = serialize(generateConfig({ shards: 12, membersPerShard: 3, routers: 3 }));
    const service = createLanguageService();
    const document = new TextModel(URI, 'json', 1, text);
    let doc: ParsedDocument = internals(service.parse(document));
    let at = text.indexOf('"host": "', text.indexOf('"replicaSets"')) + '"host": "'.length;
    for (const typed of ['b', 'e', 'n', '-', 's', 'h']) {
      document.edit({ start: at, end: at, text: typed }, document.version + 1);
      doc = internals(service.update(document, { start: at, end: at, newLength: 1 }));
      at++;
      const list = await service.doComplete(doc, document.positionAt(at));
      expect(doc.hasTree(), `after ${typed}`).toBe(false);
      expect(list, `after ${typed}`).toEqual(await withTree(document.getText(), at, {}));
    }
    // A quote typed in the string breaks it: the tree answers.
    document.edit({ start: at, end: at, text: '"' }, document.version + 1);
    doc = internals(service.update(document, { start: at, end: at, newLength: 1 }));
    const broken = await service.doComplete(doc, document.positionAt(at + 1));
    expect(doc.hasTree()).toBe(true);
    expect(broken).toEqual(await withTree(document.getText(), at + 1, {}));
  });

  it.for([
    ['a character into a member host', (t: string) => t.indexOf('"host": "', t.indexOf('"replicaSets"')) + 10, 'b'],
    ["characters into a shard's rs", (t: string) => t.indexOf('"rs": "') + 8, 'ab'],
    ['a character at the start of a host', (t: string) => t.indexOf('"host": "', t.indexOf('"replicaSets"')) + 9, 'x'],
    [
      'a quote into a host (the tree answers)',
      (t: string) => t.indexOf('"host": "', t.indexOf('"replicaSets"')) + 10,
      '"',
    ],
    ['an escape into a host', (t: string) => t.indexOf('"host": "', t.indexOf('"replicaSets"')) + 10, '\\n'],
    ['a space between a host and its comma', (t: string) => t.indexOf('",', t.indexOf('"host": "')) + 1, ' '],
  ] as const)('answers the first keystroke after the diagnostics, %s, as the tree does', async ([, where, typed]) => {
    const text = LARGE;
    const service = createLanguageService();
    const document = new TextModel(URI, 'json', 1, text);
    service.doValidation(service.parse(document), { namesForTyping: true });
    const at = where(text);
    document.edit({ start: at, end: at, text: typed }, 2);
    const doc = internals(service.update(document, { start: at, end: at, newLength: typed.length }));
    const cursorAt = at + typed.length;
    const list = await service.doComplete(doc, document.positionAt(cursorAt));
    expect(list).toEqual(await withTree(document.getText(), cursorAt, {}));
  });

  it('reads the names a top-level item at a time, and at once for a keystroke that comes midway, as the tree does', async () => {
    const service = createLanguageService();
    const counted = internals(service.parse(new TextModel('file:///work/counted.automation.json', 'json', 1, LARGE)));
    service.doValidation(counted, { namesForTyping: true });
    let steps = 0;
    for (const work = counted.namesWork(); work.next().done !== true; ) steps++;
    // One step per process, replica set, cluster…: the warm-up's slice can stop between any two.
    expect(steps).toBeGreaterThan(100);
    const document = new TextModel(URI, 'json', 1, LARGE);
    const opened = internals(service.parse(document));
    service.doValidation(opened, { namesForTyping: true });
    const work = opened.namesWork();
    for (let i = 0; i < steps / 2; i++) work.next();
    const at = LARGE.indexOf('"host": "', LARGE.indexOf('"replicaSets"')) + 10;
    document.edit({ start: at, end: at, text: 'b' }, 2);
    const doc = internals(service.update(document, { start: at, end: at, newLength: 1 }));
    const list = await service.doComplete(doc, document.positionAt(at + 1));
    expect(list).toEqual(await withTree(document.getText(), at + 1, {}));
    expect(work.next().done).toBe(true);
  });

  it('lets go of the version before once a next version comes, so no version holds an older value', () => {
    const service = createLanguageService();
    const document = new TextModel(URI, 'json', 1, LARGE);
    service.doValidation(service.parse(document), { namesForTyping: true });
    const at = LARGE.indexOf('"host": "', LARGE.indexOf('"replicaSets"')) + 10;
    document.edit({ start: at, end: at, text: 'b' }, 2);
    const second = internals(service.update(document, { start: at, end: at, newLength: 1 }));
    document.edit({ start: at + 1, end: at + 1, text: 'c' }, 3);
    const third = internals(service.update(document, { start: at + 1, end: at + 1, newLength: 1 }));
    // The second version's names of the first are no longer reachable: the third reads the second's (it has none).
    expect(second.edit?.previousNames).toBeUndefined();
    expect(third.edit?.previousNames).toBeUndefined();
  });

  const span = (start: number, end: number): readonly [number, number] => [start, end];
  /** The first member host's content: `[start, end)` between its quotes. */
  const firstHost = (t: string) => {
    const start = t.indexOf('"host": "', t.indexOf('"replicaSets"')) + '"host": "'.length;
    return { start, end: t.indexOf('"', start) };
  };
  // [edit, the range it replaces, the text typed, whether the server kept the removed text, the path that answers]
  it.for([
    ['a character replaced', (t: string) => span(firstHost(t).end - 1, firstHost(t).end), '1', true, 'names'],
    ['a deletion (Backspace)', (t: string) => span(firstHost(t).end - 1, firstHost(t).end), '', true, 'names'],
    ['the value typed over', (t: string) => span(firstHost(t).start, firstHost(t).end), 'b', true, 'names'],
    ['the value deleted', (t: string) => span(firstHost(t).start, firstHost(t).end), '', true, 'names'],
    [
      'a replacement whose removed text is unknown',
      (t: string) => span(firstHost(t).end - 1, firstHost(t).end),
      '1',
      false,
      'parse',
    ],
    [
      'a deletion of the closing quote (the tree answers)',
      (t: string) => span(firstHost(t).end, firstHost(t).end + 1),
      '',
      true,
      'tree',
    ],
    [
      'the value and its quotes typed over (the tree answers)',
      (t: string) => span(firstHost(t).start - 1, firstHost(t).end + 1),
      'b',
      true,
      'tree',
    ],
  ] as const)(
    'answers the first keystroke after the diagnostics, %s, as the tree does',
    async ([, range, typed, kept, path]) => {
      const text = LARGE;
      const service = createLanguageService();
      const document = new TextModel(URI, 'json', 1, text);
      service.doValidation(service.parse(document), { namesForTyping: true });
      const [start, end] = range(text);
      const removed = kept ? text.slice(start, end) : undefined;
      document.edit({ start, end, text: typed }, 2);
      const doc = internals(
        service.update(document, {
          start,
          end,
          newLength: typed.length,
          ...(removed === undefined ? {} : { removed }),
        }),
      );
      const cursorAt = start + typed.length;
      const parse = vi.spyOn(JSON, 'parse');
      let list: CompletionList | null;
      let parsedWhole: boolean;
      try {
        list = await service.doComplete(doc, document.positionAt(cursorAt));
        parsedWhole = parse.mock.calls.some(([read]) => String(read).length > 10_000);
      } finally {
        parse.mockRestore();
      }
      expect(doc.hasTree()).toBe(path === 'tree');
      // Only the path that knows the text is the diagnosed one with a string changed answers without JSON.parse.
      if (path !== 'tree') expect(parsedWhole).toBe(path === 'parse');
      expect(list).toEqual(await withTree(document.getText(), cursorAt, {}));
    },
  );

  it.for([
    ['a completion in the version they read', false],
    ['the first keystroke after them', true],
  ] as const)('reads the names of %s from the diagnostics, without parsing the text again', async ([, typing]) => {
    const text = LARGE;
    const service = createLanguageService();
    const document = new TextModel(URI, 'json', 1, text);
    let doc = internals(service.parse(document));
    service.doValidation(doc, { namesForTyping: true });
    const at = text.indexOf('"host": "', text.indexOf('"replicaSets"')) + '"host": "'.length;
    if (typing) {
      document.edit({ start: at, end: at, text: 'b' }, 2);
      doc = internals(service.update(document, { start: at, end: at, newLength: 1 }));
    }
    const parse = vi.spyOn(JSON, 'parse');
    let list: CompletionList | null;
    try {
      list = await service.doComplete(doc, document.positionAt(at + 1));
      expect(parse.mock.calls.some(([read]) => String(read).length > 10_000)).toBe(false);
    } finally {
      parse.mockRestore();
    }
    expect(doc.hasTree()).toBe(false);
    expect(list).toEqual(await withTree(document.getText(), at + 1, {}));
  });

  it.for([
    ['on a key', '{"replicaSets": [{"_id": "rs", "members": [{"h|": "a"}]}]}'],
    ['at a value that names nothing', '{"processes": [{"name": "a", "processType": "d|bd"}]}'],
    [
      'in a text that is not valid JSON',
      '{"processes": [{"name": "a"}], "replicaSets": [{"members": [{"host": "|}]}]}',
    ],
    [
      'under a top-level key given twice',
      '{"processes": [{"name": "a"}], "replicaSets": [{"members": [{"host": "|"}]}], "replicaSets": []}',
    ],
    ['in an item that gives a key twice', '{"replicaSets": [{"members": [{"host": "|"}], "members": []}]}'],
  ] as const)('leaves the cursor %s to the tree, which answers', async ([, marked]) => {
    const { text, offset } = cursor(marked);
    const padded = text + PADDING;
    const early = await beforeTree(padded, offset);
    expect(early.tree).toBe(true);
    expect(early.list).toEqual(await withTree(padded, offset));
  });

  it('leaves a small document to the tree: building it costs about what this path does', async () => {
    const text = example('replica-set.automation.json');
    const at = text.indexOf('"host": "') + '"host": "'.length;
    const early = await beforeTree(text, at);
    expect(early.tree).toBe(true);
    expect(early.list?.items.length).toBeGreaterThan(0);
  });
});
