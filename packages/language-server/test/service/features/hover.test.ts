/** Hover: the schema's facts about a field, summaries of what names name, secrets never shown. */
import { SECRET_PATHS } from '@dbkit/core';
import { describe, expect, it } from 'vitest';
import type { MarkupContent } from 'vscode-languageserver-types';
import type { LanguageServiceOptions } from '../../../src/service/languageService.js';
import { atCursor } from '../../utils.js';

const base = `{
  "version": 1,
  "options": { "downloadBase": "/var/lib/db" },
  "dbVersions": [{ "name": "7.0.12", "builds": [{ "platform": "linux", "architecture": "amd64" }, { "platform": "windows", "architecture": "amd64" }] }],
  "processes": [
    { "name": "rs0-a", "alias": "a.example.net", "hostname": "a.db.net", "processType": "dbd", "version": "7.0.12", "args2_6": { "net": { "port": 27017 }, "replication": { "replSetName": "rs0" } }, "logRotate": { "sizeThresholdMB": 100, "timeThresholdHrs": 24, "numUncompressed": 5, "maxUncompressed": 3 } },
    { "name": "rs0-b", "hostname": "b.db.net", "processType": "dbd", "version": "7.0.12", "args2_6": { "net": { "port": 27018 }, "replication": { "replSetName": "rs0" } } },
    { "name": "router", "hostname": "r.db.net", "processType": "dbs", "version": "7.0.12", "cluster": "shop", "args2_6": {} }
  ],
  "replicaSets": [{ "_id": "rs0", "members": [{ "_id": 0, "host": "rs0-a", "priority": 2 }, { "_id": 1, "host": "rs0-b", "arbiterOnly": false }, { "_id": 2, "host": "rs0-zz" }] }],
  "sharding": [{ "name": "shop", "configServerReplica": "rs0", "configServer": ["rs0-a"], "shards": [{ "_id": "s0", "rs": "rs0" }] }],
  "balancer": { "shop": { "stopped": false } },
  "auth": {
    "autoUser": "automation",
    "autoPwd": "Hunter2-autoPwd",
    "key": "KEYFILE-CONTENTS-xyz",
    "usersWanted": [{ "db": "admin", "user": "app", "roles": [], "initPwd": "initial-Secret-9", "userSource": "$external" }]
  },
  "ldap": { "bindQueryPassword": "ldap-Bind-secret" }
}`;

/** The base document with the cursor `delta` characters into the `nth` occurrence of `needle`. */
function at(needle: string, delta: number, nth = 0): string {
  let offset = -1;
  for (let i = 0; i <= nth; i++) offset = base.indexOf(needle, offset + 1);
  if (offset === -1) throw new Error(`${needle} #${nth} not in the base`);
  return `${base.slice(0, offset + delta)}|${base.slice(offset + delta)}`;
}

async function hover(marked: string, options: LanguageServiceOptions = {}) {
  const { service, doc, position } = atCursor(marked, options);
  const result = await service.doHover(doc, position);
  if (result === null) return null;
  const contents = result.contents as MarkupContent;
  return { kind: contents.kind, text: contents.value, range: result.range };
}

async function hoverText(marked: string, options: LanguageServiceOptions = {}): Promise<string> {
  const result = await hover(marked, options);
  if (result === null) throw new Error('no hover');
  return result.text;
}

describe('hover on a field', () => {
  it.for([
    [
      'description, Optional and the default',
      at('"numUncompressed"', 3),
      [
        '**numUncompressed** · `integer` · Optional',
        'Maximum number of log files left uncompressed',
        'Default: `5`',
        'dbkit advises at least 1',
      ],
    ],
    [
      'Required, and dbkit’s advice (not a limit of the schema)',
      at('"sizeThresholdMB"', 3),
      ['**sizeThresholdMB** · `number` · Required', 'dbkit advises more than 0'],
    ],
    ['Required from the value', at('"downloadBase": "/var', 20), ['**downloadBase** · `string` · Required']],
    ['the limits of priority', at('"priority": 2', 3), ['Election eligibility', 'Range: `0` to `1000`']],
    ['the minimum of a member _id', at('"_id": 0', 2), ['**\\_id** · `integer` · Required', 'Minimum: `0`']],
    ['the values of an enum', at('"processType": "dbd"', 3), ['Type of process', 'Values: `dbd`, `dbs`']],
    [
      'the description of the enum value under the cursor',
      at('"processType": "dbs"', 18),
      ['`dbs`: The shard router of a sharded cluster'],
    ],
    [
      'a deprecated field and what to use instead',
      at('"maxUncompressed"', 3),
      ['**Deprecated:** Use `numUncompressed`.'],
    ],
    [
      'a field no longer supported',
      at('"userSource"', 3),
      ['**Deprecated:** No longer supported: give `pwd` or `initPwd`.'],
    ],
    [
      'a deprecated non-empty array',
      at('"configServer"', 3),
      ['**Deprecated:** Mirrored config servers are not supported'],
    ],
    [
      'an object with required fields',
      at('"logRotate"', 3),
      ['Required fields: `sizeThresholdMB`, `timeThresholdHrs`'],
    ],
    ['an array item', at('{ "_id": 1', 0), ['**members\\[1\\]** · `object`', 'One member of a replica set.']],
  ] as const)('shows %s', async ([, marked, expected]) => {
    const text = await hoverText(marked);
    for (const fragment of expected) expect(text).toContain(fragment);
  });

  it('does not repeat the default and deprecation notes of the description', async () => {
    const text = await hoverText(at('"maxUncompressed"', 3));
    expect(text.match(/Deprecated/g)).toHaveLength(1);
    const withDefault = await hoverText(at('"numUncompressed"', 3));
    expect(withDefault.match(/Default/g)).toHaveLength(1);
  });

  it('covers the hovered key or value', async () => {
    const result = await hover(at('"priority": 2', 12));
    expect(result?.range?.start.character).toBe(result!.range!.end.character - 1);
  });

  it('shows nothing between the values of an object', async () => {
    expect(await hover(at('"stopped": false } }', 16))).toBeNull();
  });
});

describe('hover on names and references', () => {
  it.for([
    [
      'a member host: the process',
      at('"host": "rs0-b"', 10),
      [
        '**Process** `rs0-b`',
        'Type: `dbd`',
        'Host: `b.db.net:27018`',
        'Version: `7.0.12`',
        'Replica set: `rs0`',
        '**host**',
      ],
    ],
    [
      'a member host naming an alias',
      at('"host": "rs0-a"', 10),
      ['**Process** `rs0-a` (alias `a.example.net`)', 'Host: `a.db.net:27017`'],
    ],
    ['a configServer entry', at('["rs0-a"]', 3), ['**Process** `rs0-a`']],
    [
      'a process version: the version',
      at('"version": "7.0.12"', 13),
      ['**Database version** `7.0.12`', 'Builds: 2 (`linux amd64`, `windows amd64`)', 'Used by: 3 processes'],
    ],
    [
      'a shard rs: the replica set',
      at('"rs": "rs0"', 8),
      [
        '**Replica set** `rs0`',
        'Members (3): `rs0-a` (a.db.net:27017), `rs0-b` (b.db.net:27018), `rs0-zz`',
        'Shard of cluster `shop`',
      ],
    ],
    ['replSetName: the replica set', at('"replSetName": "rs0"', 17), ['**Replica set** `rs0`']],
    [
      'a balancer key: the cluster',
      at('"shop": { "stopped"', 2),
      [
        '**Sharded cluster** `shop`',
        'Config server replica set: `rs0`',
        'Shards (1): `s0` → `rs0`',
        'Routers: `router`',
      ],
    ],
    ['a router cluster: the cluster', at('"cluster": "shop"', 13), ['**Sharded cluster** `shop`']],
    [
      'a process name: the process and its references',
      at('"name": "rs0-a"', 10),
      ['**Process** `rs0-a`', 'Referenced 2 times.', '**name** · `string` · Required'],
    ],
    ['a replica set _id', at('"_id": "rs0"', 9), ['**Replica set** `rs0`', 'Referenced 4 times.']],
    ['a version name', at('"name": "7.0.12"', 10), ['**Database version** `7.0.12`', 'Referenced 3 times.']],
  ] as const)('summarises %s', async ([, marked, expected]) => {
    const text = await hoverText(marked);
    for (const fragment of expected) expect(text).toContain(fragment);
  });

  it('says what an unresolved reference could name', async () => {
    const text = await hoverText(at('"host": "rs0-zz"', 10));
    expect(text).toContain('`rs0-zz` names no process declared in this document.');
    expect(text).toMatch(/Declared \(`processes\[\]\.name`\): `rs0-a`, `rs0-b`/);
  });

  it('lists both kinds for a clusterWideConfigurations key that names nothing', async () => {
    const marked = base.replace('"balancer": {', '"clusterWideConfigurations": { "now|here": {} },\n  "balancer": {');
    const text = await hoverText(marked);
    expect(text).toContain('`nowhere` names no replica set or sharded cluster');
    expect(text).toContain('`rs0`');
    expect(text).toContain('`shop`');
  });
});

describe('secrets', () => {
  const secrets = ['Hunter2-autoPwd', 'KEYFILE-CONTENTS-xyz', 'initial-Secret-9', 'ldap-Bind-secret'];

  it.for([
    ['autoPwd, on the key', '"autoPwd"', 3],
    ['autoPwd, on the value', '"Hunter2-autoPwd"', 4],
    ['key, on the value', '"KEYFILE-CONTENTS-xyz"', 5],
    ['initPwd, on the value', '"initial-Secret-9"', 2],
    ['bindQueryPassword, on the value', '"ldap-Bind-secret"', 2],
  ] as const)('describe %s without its value', async ([, needle, delta]) => {
    for (const markdown of [true, false]) {
      const text = await hoverText(at(needle, delta), { markdown });
      for (const secret of secrets) expect(text).not.toContain(secret);
      expect(text).toMatch(/secret/i);
    }
  });

  it('every secret path is described without its value', async () => {
    for (const path of SECRET_PATHS) {
      // `auth.usersWanted[].pwd` → {"auth": {"usersWanted": [{"pwd": …}]}}, the value the cursor's.
      const json = path
        .split('.')
        .reverse()
        .reduce(
          (inner, part) => (part.endsWith('[]') ? `{ "${part.slice(0, -2)}": [${inner}] }` : `{ "${part}": ${inner} }`),
          '"TOP-|SECRET-value"',
        );
      const result = await hover(json);
      expect(result?.text ?? '', path).not.toContain('TOP-SECRET');
      expect(result?.text ?? '', path).toMatch(/secret/i);
    }
  });

  it.for([
    ['an index’s key, by the key', '{ "indexConfigs": [{ "k|ey": [["field", 1]], "rsName": "rs0" }] }'],
    ['an index’s key, by a field of it', '{ "indexConfigs": [{ "key": [["fi|eld", 1]], "rsName": "rs0" }] }'],
    ['a process named like a password', '{ "processes": [{ "name": "autoP|wd", "processType": "dbd" }] }'],
    ['a field called key outside auth', '{ "options": { "k|ey": "field" } }'],
  ] as const)('does not take %s for a secret', async ([, marked]) => {
    const result = await hover(marked);
    expect(result?.text ?? '').not.toMatch(/secret/i);
  });

  it('names the process named like a password in its summary', async () => {
    const text = await hoverText(
      '{ "processes": [{ "name": "pwd", "hostname": "h", "processType": "dbd" }], "replicaSets": [{ "_id": "rs0", "members": [{ "_id": 0, "host": "p|wd" }] }] }',
    );
    expect(text).toContain('pwd');
    expect(text).not.toMatch(/secret/i);
  });
});

describe('plain text', () => {
  it('has no Markdown markers when the client does not render Markdown', async () => {
    const result = await hover(at('"host": "rs0-b"', 10), { markdown: false });
    expect(result?.kind).toBe('plaintext');
    expect(result?.text).toContain('Process rs0-b\nType: dbd\nHost: b.db.net:27018');
    expect(result?.text).not.toMatch(/[`*]|---/);
  });

  it('plain field facts too', async () => {
    const text = await hoverText(at('"priority": 2', 3), { markdown: false });
    expect(text).toBe(
      'priority · number · Optional\n\nElection eligibility; 0 to 1000 inclusive for data-bearing nodes; 0 or 1 for arbiters.\n\nRange: 0 to 1000',
    );
  });
});
