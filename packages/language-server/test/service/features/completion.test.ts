/** Completion: names at reference sites, schema keys/enums/snippets, plain text for clients without snippets. */
import { describe, expect, it } from 'vitest';
import {
  type CompletionItem,
  CompletionItemKind,
  InsertTextFormat,
  type MarkupContent,
  type TextEdit,
} from 'vscode-languageserver-types';
import type { LanguageServiceOptions } from '../../../src/service/languageService.js';
import { applyEdits, atCursor } from '../../utils.js';

/**
 * A deployment with names to propose: rs0 (rs0-a, and a member being edited), rs1 (rs1-a), an empty config
 * replica set, a spare process in no set, a router of the cluster "shop".
 */
const base = `{
  "version": 1,
  "options": { "downloadBase": "/var/lib/db" },
  "dbVersions": [
    { "name": "7.0.12", "builds": [{ "platform": "linux", "architecture": "amd64" }] },
    { "name": "8.0.4", "builds": [] }
  ],
  "processes": [
    { "name": "rs0-a", "alias": "a.example.net", "hostname": "a.db.net", "processType": "dbd", "version": "7.0.12", "args2_6": { "net": { "port": 27017 }, "replication": { "replSetName": "rs0" } } },
    { "name": "rs0-b", "hostname": "b.db.net", "processType": "dbd", "version": "7.0.12", "args2_6": { "net": { "port": 27018 }, "replication": { "replSetName": "rs0" } } },
    { "name": "rs1-a", "hostname": "c.db.net", "processType": "dbd", "version": "8.0.4", "args2_6": { "replication": { "replSetName": "rs1" } } },
    { "name": "spare", "hostname": "d.db.net", "processType": "dbd", "version": "8.0.4", "args2_6": {} },
    { "name": "router", "hostname": "r.db.net", "processType": "dbs", "version": "7.0.12", "cluster": "shop", "args2_6": {} }
  ],
  "replicaSets": [
    { "_id": "rs0", "members": [{ "_id": 0, "host": "rs0-a" }, { "_id": 1, "host": "rs0-b" }] },
    { "_id": "rs1", "members": [{ "_id": 0, "host": "rs1-a" }] },
    { "_id": "cfg", "members": [] }
  ],
  "sharding": [{ "name": "shop", "configServerReplica": "cfg", "configServer": [], "shards": [{ "_id": "s0", "rs": "rs0" }, { "_id": "s1", "rs": "rs1" }] }],
  "indexConfigs": [{ "rsName": "rs0", "dbName": "d", "collectionName": "c", "key": [["a", 1]], "options": {} }],
  "balancer": { "shop": {} },
  "clusterWideConfigurations": {}
}`;

/** The base document with `needle` (which must occur once) replaced by `marked` (which holds the `|` cursor). */
function edit(needle: string, marked: string): string {
  const at = base.indexOf(needle);
  if (at === -1 || base.indexOf(needle, at + 1) !== -1) throw new Error(`${needle} must occur once in the base`);
  return base.slice(0, at) + marked + base.slice(at + needle.length);
}

/** Completion at the `|` cursor, each item resolved as a client resolves the one it shows. */
async function complete(marked: string, options: LanguageServiceOptions = {}) {
  const { service, doc, position, text } = atCursor(marked, options);
  const list = await service.doComplete(doc, position);
  if (list === null) throw new Error('no completion list');
  return { items: list.items.map((item) => service.doResolve(doc, item)), text };
}

function textEditOf(item: CompletionItem): TextEdit {
  const edit = item.textEdit;
  if (edit === undefined || !('range' in edit)) throw new Error(`${item.label} has no text edit`);
  return edit;
}

/** The text after accepting `item`. */
function accept(text: string, item: CompletionItem): string {
  return applyEdits(text, [textEditOf(item)]);
}

function byLabel(items: readonly CompletionItem[], label: string): CompletionItem {
  const item = items.find((i) => i.label === label);
  if (item === undefined) throw new Error(`no ${label} among ${items.map((i) => i.label).join(', ')}`);
  return item;
}

/** Items in the order a client shows them: by sortText, then label. */
function sorted(items: readonly CompletionItem[]): string[] {
  return [...items]
    .sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label))
    .map((item) => item.label);
}

const SNIPPET_SYNTAX = /\$\d|\$\{\d/;

describe('completion of names at reference sites', () => {
  it.for([
    ['a member host inside a string', edit('"host": "rs0-b"', '"host": "rs0-|"'), '"host": "rs0-b"'],
    ['a member host after the colon', edit('"host": "rs0-b"', '"host": |'), '"host": "rs0-b" }'],
    ['a member host in an empty string', edit('"host": "rs0-b"', '"host": "|"'), '"host": "rs0-b" }'],
    ['a member host with the cursor mid-name', edit('"host": "rs0-b"', '"host": "rs|0-x"'), '"host": "rs0-b" }'],
  ] as const)('proposes processes for %s, likely ones first', async ([, marked, after]) => {
    const { items, text } = await complete(marked);
    const labels = sorted(items);
    // rs0-b names rs0 in replSetName and is not a member yet; spare is in no set; rs1-a belongs to rs1 and the
    // router is a dbs; rs0-a (and its alias) is already a member of this set: last, but still proposed.
    expect(labels.slice(0, 6)).toEqual(['"rs0-b"', '"spare"', '"rs1-a"', '"router"', '"rs0-a"', '"a.example.net"']);
    const first = byLabel(items, '"rs0-b"');
    expect(first.kind).toBe(CompletionItemKind.Reference);
    expect(first.detail).toContain('b.db.net:27018');
    expect(first.detail).toContain('7.0.12');
    expect(byLabel(items, '"rs0-a"').detail).toContain('already in rs0');
    expect((first.documentation as MarkupContent).value).toMatch(/\*\*Process\*\* `rs0-b`[\s\S]*Replica set: `rs0`/);
    const accepted = accept(text, first);
    expect(accepted).toContain(after);
    expect(() => JSON.parse(accepted)).not.toThrow();
  });

  it('answers in a broken document: unterminated string, missing comma, no value yet', async () => {
    const broken = `{
  "processes": [{ "name": "p1", "hostname": "h1" } { "name": "p2", "hostname": "h2" }],
  "replicaSets": [{ "_id": "rs0", "members": [
    { "_id": 0, "host": "p|
    { "_id": 1, "host": }
  ]}
}`;
    const { items, text } = await complete(broken);
    expect(sorted(items).slice(0, 2)).toEqual(['"p1"', '"p2"']);
    const accepted = accept(text, byLabel(items, '"p1"'));
    // The next member follows without a comma: the name gets one.
    expect(accepted.split('\n')[3]).toBe('    { "_id": 0, "host": "p1",');

    const noValue = broken.replace('"p|', '"p"').replace('"host": }', '"host": |\n      "priority": 1 }');
    const second = await complete(noValue);
    const item = byLabel(second.items, '"p2"');
    expect(textEditOf(item).newText).toBe('"p2",');
  });

  it.for([
    [
      'a process version',
      edit('"version": "8.0.4", "args2_6": {} }', '"version": "|", "args2_6": {} }'),
      ['"7.0.12"', '"8.0.4"'],
    ],
    ['a shard rs (unused sets first)', edit('"rs": "rs1"', '"rs": "|"'), ['"rs1"', '"rs0"', '"cfg"']],
    [
      'configServerReplica',
      edit('"configServerReplica": "cfg"', '"configServerReplica": "c|"'),
      ['"cfg"', '"rs0"', '"rs1"'],
    ],
    ['an index rsName', edit('"rsName": "rs0"', '"rsName": |'), ['"rs0"', '"rs1"', '"cfg"']],
    [
      'replSetName (sets listing the process first)',
      edit('"replSetName": "rs1"', '"replSetName": "|"'),
      ['"rs1"', '"rs0"', '"cfg"'],
    ],
    ['a router cluster', edit('"cluster": "shop"', '"cluster": "|"'), ['"shop"']],
    ['a configServer entry', edit('"configServer": []', '"configServer": [|]'), ['"rs0-a"', '"rs0-b"', '"rs1-a"']],
  ] as const)('proposes names for %s', async ([, marked, expected]) => {
    const { items, text } = await complete(marked);
    const labels = sorted(items);
    expect(labels.slice(0, expected.length)).toEqual(expected);
    const accepted = accept(text, byLabel(items, expected[0]));
    expect(() => JSON.parse(accepted)).not.toThrow();
  });

  it.for([
    ['a balancer key', edit('"balancer": { "shop": {} }', '"balancer": { | }'), 'shop', '"balancer": { "shop": {} }'],
    [
      'a balancer key being typed',
      edit('"balancer": { "shop": {} }', '"balancer": { "sh|" }'),
      'shop',
      '"balancer": { "shop": {} }',
    ],
    [
      'a balancer key that has its value',
      edit('"balancer": { "shop": {} }', '"balancer": { "x|": { "stopped": true } }'),
      'shop',
      '"balancer": { "shop": { "stopped": true } }',
    ],
    [
      'a clusterWideConfigurations key',
      edit('"clusterWideConfigurations": {}', '"clusterWideConfigurations": { | }'),
      'rs1',
      '"clusterWideConfigurations": { "rs1": {} }',
    ],
  ] as const)('proposes %s as a property', async ([, marked, label, after]) => {
    const { items, text } = await complete(marked);
    const item = byLabel(items, label);
    expect(item.kind).toBe(CompletionItemKind.Property);
    const accepted = accept(text, item);
    expect(accepted).toContain(after);
    expect(() => JSON.parse(accepted)).not.toThrow();
  });

  it('proposes replica sets and clusters as clusterWideConfigurations keys, leaving out keys already there', async () => {
    const { items } = await complete(
      edit('"clusterWideConfigurations": {}', '"clusterWideConfigurations": { "rs0": {}, | }'),
    );
    const labels = items.filter((i) => i.kind === CompletionItemKind.Property).map((i) => i.label);
    expect(labels).toEqual(['rs1', 'cfg', 'shop']);
    expect(byLabel(items, 'shop').detail).toMatch(/sharded cluster/);
  });

  it('inserts a key with a snippet for its value when the client supports snippets', async () => {
    const { items } = await complete(edit('"balancer": { "shop": {} }', '"balancer": { | }'), { snippets: true });
    const item = byLabel(items, 'shop');
    expect(item.insertTextFormat).toBe(InsertTextFormat.Snippet);
    expect(textEditOf(item).newText).toBe('"shop": {$1}');
  });
});

/**
 * Whether an editor shows `item` with the cursor at `offset`: it filters by the text from the start of the item's
 * edit to the cursor, which must begin the item's filter text (the label when it has none).
 */
function shownAt(text: string, offset: number, item: CompletionItem): boolean {
  const { start } = textEditOf(item).range;
  const lines = text.split('\n').slice(0, start.line);
  const startOffset = lines.reduce((sum, line) => sum + line.length + 1, 0) + start.character;
  return (item.filterText ?? item.label).startsWith(text.slice(startOffset, offset));
}

describe("completion at a value's edges", () => {
  const hidden = edit('"host": "rs1-a" }', '"host": "rs1-a",\n        "arbiterOnly": VALUE\n      }');
  const logged = edit(
    '"version": "8.0.4", "args2_6": {} }',
    '"version": "8.0.4", "args2_6": { "systemLog": { "destination": VALUE, "path": "/l.log" } } }',
  );
  /** Name, the document with VALUE for the value, the value, the proposal accepted, the text after it. */
  const cases = [
    ['a member host', edit('"host": "rs0-b"', '"host": VALUE'), '"rs0-x"', '"rs0-b"', base],
    ["a shard's replica set", edit('"rs": "rs1"', '"rs": VALUE'), '"rs9"', '"rs1"', base],
    ['a process type, a comma after it', edit('"processType": "dbs"', '"processType": VALUE'), '"dbd"', '"dbs"', base],
    ['a log destination', logged, '"syslog"', '"file"', logged.replace('VALUE', '"file"')],
    ['a boolean at the end of its line', hidden, 'true', 'false', hidden.replace('VALUE', 'false')],
  ] as const;
  const rows = cases.flatMap(([name, template, value, label, after]) =>
    (['right', 'left'] as const).map((edge) => ({
      name: `${name} (${edge} edge)`,
      template,
      value,
      edge,
      label,
      after,
    })),
  );

  it.for(rows)(
    'offers what it offers inside the value for $name, each replacing the whole value',
    async ({ template, value, edge, label, after }) => {
      const { items, text } = await complete(template.replace('VALUE', edge === 'right' ? `${value}|` : `|${value}`));
      const start = template.indexOf('VALUE');
      const offset = edge === 'right' ? start + value.length : start;
      // Inside the value, after its first character: the answer the edges must give.
      const inside = await complete(template.replace('VALUE', `${value.slice(0, 1)}|${value.slice(1)}`));
      expect(sorted(items)).toEqual(sorted(inside.items));
      expect(items.map((item) => item.label)).toContain(label);
      for (const item of items) {
        const { range } = textEditOf(item);
        expect(range.end.character - range.start.character, item.label).toBe(value.length);
        expect(shownAt(text, offset, item), item.label).toBe(true);
      }
      expect(accept(text, byLabel(items, label))).toBe(after);
    },
  );

  it.for([
    ['after a value and its comma', edit('"host": "rs0-b"', '"host": "rs0-b",|')],
    ['on a new line after a value', edit('"host": "rs0-b"', '"host": "rs0-b"\n          |')],
  ] as const)('offers property keys %s', async ([, marked]) => {
    const { items } = await complete(marked);
    expect(items.map((item) => item.label)).toEqual(expect.arrayContaining(['priority', 'votes', 'hidden']));
    expect(items.filter((item) => item.kind !== CompletionItemKind.Property)).toEqual([]);
  });

  it.for([
    ['inside a string', edit('"host": "rs0-b"', '"host": "rs0-|"')],
    ['in a string without its closing quote', edit('"host": "rs0-b" }', '"host": "rs0-|\n }')],
  ] as const)('still lets the editor filter by what is typed %s', async ([, marked]) => {
    const { items, text } = await complete(marked);
    const offset = marked.indexOf('|');
    expect(items.filter((item) => shownAt(text, offset, item)).map((item) => item.label)).toEqual([
      '"rs0-b"',
      '"rs0-a"',
    ]);
  });
});

describe('schema completion', () => {
  it('proposes enum values with their descriptions', async () => {
    const { items } = await complete(edit('"processType": "dbs"', '"processType": "|"'));
    expect(items.map((i) => i.label)).toEqual(expect.arrayContaining(['"dbd"', '"dbs"']));
    expect(JSON.stringify(byLabel(items, '"dbd"').documentation)).toMatch(/data-bearing/);
    expect(JSON.stringify(byLabel(items, '"dbs"').documentation)).toMatch(/shard router/);
  });

  it('proposes keys with their documentation', async () => {
    const { items } = await complete(edit('"hostname": "d.db.net", ', '|'));
    const hostname = byLabel(items, 'hostname');
    expect(hostname.kind).toBe(CompletionItemKind.Property);
    expect(JSON.stringify(hostname.documentation)).toMatch(/Host serving the process/);
    // A key that names a declaration asks for suggestions again once inserted: the names come next.
    expect(byLabel(items, 'cluster').command?.command).toBe('editor.action.triggerSuggest');
  });

  it('fills in the required fields of a new process', async () => {
    const marked = edit(
      '{ "name": "spare", "hostname": "d.db.net", "processType": "dbd", "version": "8.0.4", "args2_6": {} }',
      '{ "name": "new", | }',
    );
    const snippet = await complete(marked, { snippets: true });
    const fill = byLabel(snippet.items, 'Fill required fields');
    expect(fill.detail).toBe('args2_6, authSchemaVersion, hostname, processType, version');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: snippet syntax, not a template.
    expect(textEditOf(fill).newText).toContain('"processType": "${4|dbd,dbs|}"');
    // A required name field offers the declared names.
    // biome-ignore lint/suspicious/noTemplateCurlyInString: snippet syntax, not a template.
    expect(textEditOf(fill).newText).toContain('"version": "${5|7.0.12,8.0.4|}"');

    const plain = await complete(marked);
    const accepted = JSON.parse(accept(plain.text, byLabel(plain.items, 'Fill required fields')));
    expect(accepted.processes[3]).toEqual({
      name: 'new',
      args2_6: {},
      authSchemaVersion: 0,
      hostname: '',
      processType: 'dbd',
      version: '7.0.12',
    });
  });

  it('inserts an object-valued key with its required sub-fields', async () => {
    const marked = edit('"hostname": "d.db.net", ', '"hostname": "d.db.net", "logRo|", ');
    const snippet = await complete(marked, { snippets: true });
    expect(textEditOf(byLabel(snippet.items, 'logRotate')).newText).toBe(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: snippet syntax, not a template.
      '"logRotate": {\n\t"sizeThresholdMB": ${1:1000},\n\t"timeThresholdHrs": ${2:24}\n}',
    );
    const plain = await complete(marked);
    const accepted = JSON.parse(accept(plain.text, byLabel(plain.items, 'logRotate')));
    expect(accepted.processes[3].logRotate).toEqual({ sizeThresholdMB: 1000, timeThresholdHrs: 24 });
  });

  it("offers the schema's snippets for a new array item", async () => {
    const { items } = await complete(edit('"members": [] }', '"members": [|] }'), { snippets: true });
    // biome-ignore lint/suspicious/noTemplateCurlyInString: snippet syntax, not a template.
    expect(textEditOf(byLabel(items, 'New replica-set member')).newText).toContain('${2:rs0-node-1}');
  });
});

describe('clients without snippet support', () => {
  it.for([
    ['keys of a process', edit('"hostname": "d.db.net", ', '|')],
    ['a new process', edit('"processes": [', '"processes": [|')],
    ['a new member', edit('"members": [] }', '"members": [|] }')],
    ['a member host', edit('"host": "rs0-b"', '"host": "|"')],
    ['a balancer key', edit('"balancer": { "shop": {} }', '"balancer": { | }')],
    ['the root', edit('"version": 1,', '"version": 1, |')],
  ] as const)('get no snippet syntax for %s', async ([, marked]) => {
    const { items } = await complete(marked, { snippets: false });
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item.insertTextFormat, item.label).not.toBe(InsertTextFormat.Snippet);
      expect(item.insertText ?? '', item.label).not.toMatch(SNIPPET_SYNTAX);
      expect(textEditOf(item).newText, item.label).not.toMatch(SNIPPET_SYNTAX);
    }
  });

  it('get the default text of placeholders and the first option of choices', async () => {
    const { items } = await complete(edit('"processes": [', '"processes": [|'), { snippets: false });
    const text = textEditOf(byLabel(items, 'New data-bearing process (dbd)')).newText;
    expect(text).toContain('"name": "rs0-node-1"');
    expect(text).toContain('"port": 27017');
    // Inserted before the first process: a comma after it.
    expect(() => JSON.parse(text.replace(/,$/, ''))).not.toThrow();
  });
});

describe('no duplicates', () => {
  it('proposes each declared name once at a name field, and nothing else', async () => {
    const { service, doc, position } = atCursor(edit('"host": "rs0-b"', '"host": "|"'));
    const list = await service.doComplete(doc, position);
    const labels = list!.items.map((i) => i.label);
    expect(new Set(labels).size).toBe(labels.length);
    expect(list!.items.every((i) => i.kind === CompletionItemKind.Reference)).toBe(true);
    const declared = [...doc.references.declarations.process.keys()].map((name) => JSON.stringify(name));
    expect([...labels].sort()).toEqual([...declared].sort());
  });

  it('proposes a name that is both a replica set and a cluster once', async () => {
    const marked = edit('"name": "shop"', '"name": "rs1"').replace('"balancer": { "shop": {} }', '"balancer": { | }');
    const { items } = await complete(marked);
    expect(items.filter((i) => i.label === 'rs1')).toHaveLength(1);
    const cw = await complete(
      edit('"name": "shop"', '"name": "rs1"').replace(
        '"clusterWideConfigurations": {}',
        '"clusterWideConfigurations": { | }',
      ),
    );
    const labels = cw.items.map((i) => i.label);
    expect(labels.filter((l) => l === 'rs1')).toHaveLength(1);
    expect(new Set(labels).size).toBe(labels.length);
  });
});

describe('documentation format', () => {
  it.for([
    [true, 'markdown', /\*\*Process\*\* `spare`/],
    [false, 'plaintext', /^Process spare\nType: dbd\nHost: d\.db\.net/],
  ] as const)('markdown %s gives %s documentation', async ([markdown, kind, pattern]) => {
    const { items } = await complete(edit('"host": "rs0-b"', '"host": "|"'), { markdown });
    const documentation = byLabel(items, '"spare"').documentation as MarkupContent;
    expect(documentation.kind).toBe(kind);
    expect(documentation.value).toMatch(pattern);
  });
});

describe('where nothing is proposed by dbkit', () => {
  it('leaves comments alone', async () => {
    const { items } = await complete(edit('"balancer": { "shop": {} }', '"balancer": { /* sh| */ }'));
    expect(items).toEqual([]);
  });

  it('does not propose a second value after a complete one', async () => {
    const { items } = await complete(edit('"host": "rs0-b"', '"host": "rs0-b" |'));
    expect(items.filter((i) => i.kind === CompletionItemKind.Reference)).toEqual([]);
  });
});
