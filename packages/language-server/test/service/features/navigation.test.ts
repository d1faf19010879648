/** Go to definition, find references and rename over the reference graph, with `|` cursors. */
import { describe, expect, it } from 'vitest';
import { applyEdits, atCursor } from '../../utils.js';

const config = (marked: string) => marked;

/** A small sharded deployment: two processes (one with an alias), a replica set, a cluster with a shard. */
const base = `{
  "version": 1,
  "options": { "downloadBase": "/var/lib/db" },
  "dbVersions": [{ "name": "7.0.12" }],
  "processes": [
    { "name": "rs0-a", "alias": "a.example.net", "version": "7.0.12", "args2_6": { "replication": { "replSetName": "rs0" } } },
    { "name": "rs0-b", "version": "7.0.12" },
    { "name": "router", "processType": "dbs", "version": "7.0.12", "cluster": "shop" }
  ],
  "replicaSets": [{ "_id": "rs0", "members": [{ "_id": 0, "host": "rs0-a" }, { "_id": 1, "host": "a.example.net" }, { "_id": 2, "host": "rs0-b" }] }],
  "sharding": [{ "name": "shop", "configServerReplica": "rs0", "shards": [{ "_id": "s0", "rs": "rs0" }] }],
  "indexConfigs": [{ "rsName": "rs0" }],
  "balancer": { "shop": {} },
  "clusterWideConfigurations": { "rs0": {} }
}`;

/** Puts the cursor inside the `nth` occurrence of `needle` (0-based), `delta` characters in. */
function withCursor(needle: string, nth = 0, delta = 2): string {
  let at = -1;
  for (let i = 0; i <= nth; i++) at = base.indexOf(needle, at + 1);
  if (at === -1) throw new Error(`${needle} #${nth} not in the base document`);
  return config(`${base.slice(0, at + delta)}|${base.slice(at + delta)}`);
}

describe('go to definition', () => {
  it.for([
    ['a member host', '"host": "rs0-b"', 0, 10, '"rs0-b"'],
    ['a member host naming an alias', '"host": "a.example.net"', 0, 10, '"a.example.net"'],
    ['a process version', '"version": "7.0.12"', 1, 13, '"7.0.12"'],
    ['a shard rs', '"rs": "rs0"', 0, 8, '"rs0"'],
    ['configServerReplica', '"configServerReplica": "rs0"', 0, 25, '"rs0"'],
    ['an index rsName', '"rsName": "rs0"', 0, 12, '"rs0"'],
    ['a router cluster', '"cluster": "shop"', 0, 13, '"shop"'],
    ['a balancer key', '"shop": {}', 0, 2, '"shop"'],
    ['a clusterWideConfigurations key', '"rs0": {}', 0, 2, '"rs0"'],
    ['replSetName', '"replSetName": "rs0"', 0, 17, '"rs0"'],
  ] as const)('from %s', ([, needle, nth, delta, target]) => {
    const { service, doc, position, text } = atCursor(withCursor(needle, nth, delta));
    const links = service.findDefinition(doc, position);
    expect(links).toHaveLength(1);
    const start = doc.textDocument.offsetAt(links![0]!.targetSelectionRange.start);
    expect(text.slice(start, start + target.length)).toBe(target);
    // The target is a declaration: the text before it is a name field.
    expect(text.slice(start - 12, start)).toMatch(/("name"|"_id"|"alias"): ?$/);
  });

  it('gives nothing for a reference to an undeclared name', () => {
    const { service, doc, position } = atCursor(base.replace('"host": "rs0-b"', '"host": "rs0-|zz"'));
    expect(service.findDefinition(doc, position)).toBeNull();
  });

  it('gives nothing outside names', () => {
    const { service, doc, position } = atCursor(withCursor('"downloadBase"'));
    expect(service.findDefinition(doc, position)).toBeNull();
  });
});

describe('find references', () => {
  it('finds every reference to a replica set, with or without its declaration', () => {
    const { service, doc, position } = atCursor(withCursor('"_id": "rs0"', 0, 9));
    expect(service.findReferences(doc, position, { includeDeclaration: false })).toHaveLength(5); // replSetName, configServerReplica, rs, rsName, clusterWide key
    expect(service.findReferences(doc, position, { includeDeclaration: true })).toHaveLength(6);
  });

  it('keeps a process name and its alias apart', () => {
    const { service, doc, position } = atCursor(withCursor('"name": "rs0-a"', 0, 10));
    expect(service.findReferences(doc, position, { includeDeclaration: false })).toHaveLength(1);
  });
});

describe('rename', () => {
  it.for([
    ['a process from its declaration', '"name": "rs0-b"', 0, 10, 'rs0-c', ['"name": "rs0-c"', '"host": "rs0-c"']],
    ['a process from a member host', '"host": "rs0-b"', 0, 10, 'rs0-c', ['"name": "rs0-c"', '"host": "rs0-c"']],
    [
      'a replica set everywhere',
      '"_id": "rs0"',
      0,
      9,
      'shard-0',
      ['"_id": "shard-0"', '"replSetName": "shard-0"', '"rs": "shard-0"', '"rsName": "shard-0"', '"shard-0": {}'],
    ],
    ['a cluster with its balancer key', '"name": "shop"', 0, 10, 'store', ['"cluster": "store"', '"store": {}']],
    ['a version', '"name": "7.0.12"', 0, 10, '8.0.4', ['"version": "8.0.4"']],
  ] as const)('renames %s', ([, needle, nth, delta, newName, expected]) => {
    const { service, doc, position, text } = atCursor(withCursor(needle, nth, delta));
    const prepared = service.prepareRename(doc, position);
    expect(prepared?.ok).toBe(true);
    const result = service.doRename(doc, position, newName);
    if (!result?.ok) throw new Error(result?.reason);
    const after = applyEdits(text, result.edit.changes![doc.uri]!);
    for (const fragment of expected) expect(after).toContain(fragment);
    expect(JSON.parse(after)).toBeTypeOf('object');
  });

  it('escapes a new name that needs it', () => {
    const { service, doc, position, text } = atCursor(withCursor('"name": "rs0-b"', 0, 10));
    const result = service.doRename(doc, position, 'odd"name');
    if (!result?.ok) throw new Error(result?.reason);
    expect(JSON.parse(applyEdits(text, result.edit.changes![doc.uri]!)).processes[1].name).toBe('odd"name');
  });

  it.for([
    ['a name already taken', 'rs0-a', /already names a process/],
    ['an empty name', '', /cannot be empty/],
  ] as const)('refuses %s with a reason', ([, newName, reason]) => {
    const { service, doc, position } = atCursor(withCursor('"name": "rs0-b"', 0, 10));
    const result = service.doRename(doc, position, newName);
    expect(result?.ok).toBe(false);
    if (result?.ok === false) expect(result.reason).toMatch(reason);
  });

  it('refuses to rename a field name', () => {
    const { service, doc, position } = atCursor(withCursor('"downloadBase"'));
    expect(service.prepareRename(doc, position)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/Only names/),
    });
  });
});
