/** The outline: domain names and details for what a config declares, broken documents, and the cap. */
import { describe, expect, it } from 'vitest';
import type { DocumentSymbol, Range } from 'vscode-languageserver-types';
import { MAX_DOCUMENT_SYMBOLS } from '../../../src/service/features/documentSymbols.js';
import { example, parsed } from '../../utils.js';

/** The outline as a user reads it: one line per symbol, `name — detail`, children indented. */
function render(symbols: readonly DocumentSymbol[], depth = 0): string {
  return symbols
    .map((s) => {
      const line = `${'  '.repeat(depth)}${s.name}${s.detail ? ` — ${s.detail}` : ''}`;
      return s.children && s.children.length > 0 ? `${line}\n${render(s.children, depth + 1)}` : line;
    })
    .join('\n');
}

function count(symbols: readonly DocumentSymbol[]): number {
  return symbols.reduce((sum, s) => sum + 1 + count(s.children ?? []), 0);
}

function contains(outer: Range, inner: Range): boolean {
  const before = (a: Range['start'], b: Range['start']) =>
    a.line < b.line || (a.line === b.line && a.character <= b.character);
  return before(outer.start, inner.start) && before(inner.end, outer.end);
}

/** What every client needs: a non-blank name, and a selection range inside the range, all the way down. */
function expectWellFormed(symbols: readonly DocumentSymbol[]): void {
  for (const s of symbols) {
    expect(s.name.trim(), JSON.stringify(s.name)).not.toBe('');
    expect(contains(s.range, s.selectionRange), s.name).toBe(true);
    for (const child of s.children ?? [])
      expect(contains(s.range, child.range), `${s.name} > ${child.name}`).toBe(true);
    expectWellFormed(s.children ?? []);
  }
}

/** The text a range covers. */
function textOf(text: string, range: Range, doc: ReturnType<typeof parsed>['doc']): string {
  return text.slice(doc.textDocument.offsetAt(range.start), doc.textDocument.offsetAt(range.end));
}

describe('document symbols', () => {
  it('outlines a sharded cluster by its names', () => {
    const { service, doc } = parsed(example('sharded-cluster.automation.json'));
    const symbols = service.findDocumentSymbols(doc);
    expectWellFormed(symbols);
    expect(render(symbols)).toMatchInlineSnapshot(`
      "version — 47
      options — 1 field
        downloadBase — "/var/lib/db-automation"
      agentVersion — 2 fields
        name — "108.0.4.8770-1"
        directoryUrl — "https://agents.example.net/automation/"
      dbVersions — 1 version
        8.0.4-ent — 2 builds
      processes — 11 processes
        prod-cfg-0 — dbd · cfg-0.prod.example.net:27019 · 8.0.4-ent
        prod-cfg-1 — dbd · cfg-1.prod.example.net:27019 · 8.0.4-ent
        prod-cfg-2 — dbd · cfg-2.prod.example.net:27019 · 8.0.4-ent
        prod-shard0-0 — dbd · shard0-0.prod.example.net:27018 · 8.0.4-ent
        prod-shard0-1 — dbd · shard0-1.prod.example.net:27018 · 8.0.4-ent
        prod-shard0-2 — dbd · shard0-2.prod.example.net:27018 · 8.0.4-ent
        prod-shard1-0 — dbd · shard1-0.prod.example.net:27018 · 8.0.4-ent
        prod-shard1-1 — dbd · shard1-1.prod.example.net:27018 · 8.0.4-ent
        prod-shard1-2 — dbd · shard1-2.prod.example.net:27018 · 8.0.4-ent
        prod-router-0 — dbs · router-0.prod.example.net:27017 · 8.0.4-ent
        prod-router-1 — dbs · router-1.prod.example.net:27017 · 8.0.4-ent
      replicaSets — 3 replica sets
        prod-cfg — 3 members
          prod-cfg-0 — _id 0 · priority 1
          prod-cfg-1 — _id 1 · priority 1
          prod-cfg-2 — _id 2 · priority 1
        prod-shard0 — 3 members
          prod-shard0-0 — _id 0 · priority 1
          prod-shard0-1 — _id 1 · priority 1
          prod-shard0-2 — _id 2 · priority 1
        prod-shard1 — 3 members
          prod-shard1-0 — _id 0 · priority 1
          prod-shard1-1 — _id 1 · priority 1
          prod-shard1-2 — _id 2 · priority 1
      sharding — 1 sharded cluster
        prod — 2 shards
          config → prod-cfg — config server replica set
          shard0 → prod-shard0 — zones EU
          shard1 → prod-shard1 — zones US
      balancer — 1 field
        prod — 2 fields
      clusterWideConfigurations — 1 field
        prod-shard0 — 1 field"
    `);
  });

  it('names users, roles and indexes, and never shows a secret', () => {
    const secure = parsed(example('secure.automation.json'));
    const indexes = parsed(example('index-configs.automation.json'));
    const outline = render([
      ...secure.service.findDocumentSymbols(secure.doc),
      ...indexes.service.findDocumentSymbols(indexes.doc),
    ]);
    expect(outline).toContain(
      '  usersWanted — 3 users\n    ops-admin@admin — clusterAdmin@admin, userAdminAnyDatabase@admin',
    );
    expect(outline).toContain('roles — 1 role\n  ledgerAuditor@ledger — 2 privileges · inherits read@ledger');
    expect(outline).toContain('indexConfigs — 4 indexes\n  shop.products on catalog — name_case_insensitive');
    expect(outline).toMatch(/^ {2}autoPwd$/m);
    expect(outline).toMatch(/^ {2}key$/m);
    expect(outline).not.toContain('FAKE');
  });

  it.for([
    [
      'a secret of a section, by its path',
      '{ "ldap": { "bindQueryPassword": "S-1", "servers": "l:389" } }',
      'bindQueryPassword',
      undefined,
    ],
    ['the PEM password of tls', '{ "tls": { "autoPEMKeyFilePwd": "S-2" } }', 'autoPEMKeyFilePwd', undefined],
    ['auth.key, a common word', '{ "auth": { "key": "field", "keyfile": "/k" } }', 'key', undefined],
    ['a field called key outside auth', '{ "ldap": { "key": "shown-1" } }', 'key', '"shown-1"'],
    ['a field called pwd outside a user', '{ "options": { "pwd": "shown-2" } }', 'pwd', '"shown-2"'],
    ['a number called key outside auth', '{ "balancer": { "key": 7 } }', 'key', '7'],
  ] as const)('details %s only when it is not a secret', ([, text, name, detail]) => {
    const { service, doc } = parsed(text);
    const [section] = service.findDocumentSymbols(doc);
    const field = section?.children?.find((s) => s.name === name);
    expect(field?.detail).toBe(detail);
    expect(render(service.findDocumentSymbols(doc))).not.toMatch(/S-\d|"field"/);
  });

  it('selects the name of an item and spans the whole item', () => {
    const text = example('replica-set.automation.json');
    const { service, doc } = parsed(text);
    const replicaSets = service.findDocumentSymbols(doc).find((s) => s.name === 'replicaSets')!;
    const set = replicaSets.children![0]!;
    expect(textOf(text, set.selectionRange, doc)).toBe(`"${set.name}"`);
    expect(textOf(text, set.range, doc)).toMatch(/^\{[\s\S]*"members"[\s\S]*\}$/);
    const member = set.children![0]!;
    expect(textOf(text, member.selectionRange, doc)).toBe(`"${member.name}"`);
    expect(member.detail).toBe('_id 0 · priority 1');
  });

  it('copes with a broken document: wrong types, missing names, a truncated text', () => {
    const text = `{
  "processes": [
    { "name": 7, "hostname": "h1", "processType": "dbd", "args2_6": { "net": { "port": "x" } } },
    "stray",
    { "name": "", "args2_6": 3 },
    { "name": "ok", "hostname": ["h"], "disabled": true }
  ],
  "replicaSets": { "_id": "rs0" },
  "sharding": [{ "shards": [null, { "rs": "rs1" }], "configServer": 3 }],
  "auth": "nope",
  "": 2,
  "indexConfigs": [{ "rsName": "rs0" }, {}],
  "dbVersions": [{ "name": null, "builds": {} }],
  "roles": [{ "db": "admin" }],
  "balancer": { "shop": `;
    const { service, doc } = parsed(text);
    const symbols = service.findDocumentSymbols(doc);
    expectWellFormed(symbols);
    expect(render(symbols)).toMatchInlineSnapshot(`
      "processes — 4 processes
        processes[0] — dbd · h1:x
        processes[1] — "stray"
        processes[2]
        ok — disabled
      replicaSets — 1 field
        _id — "rs0"
      sharding — 1 sharded cluster
        sharding[0] — 2 shards
          shards[0] — null
          ? → rs1
      auth — "nope"
      "" — 2
      indexConfigs — 2 indexes
        on rs0
        indexConfigs[1]
      dbVersions — 1 version
        dbVersions[0]
      roles — 1 role
        roles[0]
      balancer — 1 field
        shop"
    `);
  });

  it.for(['', '[]', '"text"', '{'])('gives an empty outline for %j', (text) => {
    const { service, doc } = parsed(text);
    expect(service.findDocumentSymbols(doc)).toEqual([]);
  });
});

describe('the cap on large documents', () => {
  /** A document with `processes` processes and one replica set of three members. */
  function large(processes: number): string {
    const list = Array.from({ length: processes }, (_, i) => ({
      name: `p${i}`,
      processType: 'dbd',
      hostname: `h${i}.example.net`,
      version: '7.0.12',
      args2_6: { net: { port: 27017 } },
    }));
    const members = [0, 1, 2].map((i) => ({ _id: i, host: `p${i}` }));
    return JSON.stringify(
      { version: 1, processes: list, replicaSets: [{ _id: 'rs0', members }], options: {} },
      null,
      1,
    );
  }

  it('keeps a document under the cap whole', () => {
    const { service, doc } = parsed(large(100));
    const symbols = service.findDocumentSymbols(doc);
    expect(count(symbols)).toBe(1 + 1 + 100 + 1 + 1 + 3 + 1);
    expect(symbols.at(-1)!.name).toBe('options');
  });

  it('cuts the largest section, keeps the small ones whole, and says how many were left out', () => {
    const { service, doc } = parsed(large(12_000));
    const symbols = service.findDocumentSymbols(doc);
    expectWellFormed(symbols);
    expect(count(symbols)).toBe(MAX_DOCUMENT_SYMBOLS);
    const byName = new Map(symbols.map((s) => [s.name, s]));
    expect(byName.get('replicaSets')!.children![0]!.children).toHaveLength(3);
    expect(byName.has('options')).toBe(true);
    const shown = byName.get('processes')!.children!.length;
    expect(byName.get('processes')!.children![shown - 1]!.name).toBe(`p${shown - 1}`);
    const note = symbols.at(-1)!;
    expect(note.name).toBe(`${12_000 - shown} more symbols not shown`);
    expect(note.detail).toBe(
      `the outline shows at most ${MAX_DOCUMENT_SYMBOLS} symbols; left out: processes ${12_000 - shown}`,
    );
  });
});
