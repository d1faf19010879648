/**
 * Quick fixes: for each fixable diagnostic, ask for the code actions at its range as a client would, apply the
 * chosen one, and check what the user gets: valid JSON, the fix in place, and core no longer reporting that
 * diagnostic at that path.
 */
import { validateAutomationConfig } from '@dbkit/core';
import { describe, expect, it } from 'vitest';
import { CodeActionKind, type Diagnostic } from 'vscode-languageserver-types';
import type { DiagnosticData } from '../../../src/service/features/diagnostics.js';
import { applyEdits, example, parsed } from '../../utils.js';

/** A small, valid sharded deployment written with one-line objects (as people write by hand). */
const compact = `{
  "version": 1,
  "options": { "downloadBase": "/var/lib/db" },
  "dbVersions": [{ "name": "7.0.12" }],
  "processes": [
    { "name": "rs0-a", "processType": "dbd", "hostname": "a.example.net", "version": "7.0.12", "authSchemaVersion": 5, "featureCompatibilityVersion": "7.0", "args2_6": { "net": { "port": 27017 }, "replication": { "replSetName": "rs0" } } },
    { "name": "cfg-a", "processType": "dbd", "hostname": "c.example.net", "version": "7.0.12", "authSchemaVersion": 5, "featureCompatibilityVersion": "7.0", "args2_6": { "net": { "port": 27019 }, "replication": { "replSetName": "cfg" } } },
    { "name": "router", "processType": "dbs", "hostname": "r.example.net", "version": "7.0.12", "authSchemaVersion": 5, "featureCompatibilityVersion": "7.0", "cluster": "shop", "args2_6": { "net": { "port": 27016 } } }
  ],
  "replicaSets": [
    { "_id": "rs0", "members": [{ "_id": 0, "host": "rs0-a" }] },
    { "_id": "cfg", "members": [{ "_id": 0, "host": "cfg-a" }] }
  ],
  "sharding": [{ "name": "shop", "configServerReplica": "cfg", "shards": [{ "_id": "s0", "rs": "rs0" }] }],
  "indexConfigs": [{ "rsName": "rs0", "dbName": "shop", "collectionName": "orders", "key": [["sku", 1]], "options": {}, "collation": { "locale": "en" } }],
  "balancer": { "shop": {} },
  "clusterWideConfigurations": { "rs0": {} }
}`;

const broken = example('mistakes/broken.automation.json');
const replicaSet = example('replica-set.automation.json');

/** `text` with the first occurrence of `from` replaced by `to`; throws when `from` is not there. */
function edit(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`${from} is not in the text`);
  return text.replace(from, to);
}

function samePath(a: readonly (string | number)[] | undefined, b: readonly (string | number)[]): boolean {
  return a !== undefined && a.length === b.length && a.every((segment, i) => segment === b[i]);
}

/** The diagnostic with `code` (and, when given, whose message contains `about`). */
function diagnosticOf(text: string, code: string, about?: string) {
  const { service, doc } = parsed(text);
  const diagnostic = service
    .doValidation(doc)
    .find(
      (d) => d.code === code && (about === undefined || (typeof d.message === 'string' && d.message.includes(about))),
    );
  if (diagnostic === undefined) throw new Error(`no ${code} diagnostic${about ? ` about ${about}` : ''}`);
  return { service, doc, diagnostic };
}

/** Applies the action titled `title` for the diagnostic and checks that core no longer reports it. */
function applyFix(text: string, code: string, title: string, about?: string) {
  const { service, doc, diagnostic } = diagnosticOf(text, code, about);
  const actions = service.getCodeActions(doc, diagnostic.range, { diagnostics: [diagnostic] });
  const action = actions.find((a) => a.title === title);
  expect(action, `offered: ${actions.map((a) => a.title).join(' | ')}`).toBeDefined();
  expect(action!.kind).toBe(CodeActionKind.QuickFix);
  expect(action!.diagnostics).toEqual([diagnostic]);
  const after = applyEdits(text, action!.edit!.changes![doc.uri]!);
  const value = JSON.parse(after);
  const path = (diagnostic.data as DiagnosticData).path!;
  const still = validateAutomationConfig(value).filter(
    (d) => d.code === code && samePath(d.path, path) && (code !== 'DBK101' || d.message === diagnostic.message),
  );
  expect(still).toEqual([]);
  return { after, value, action: action!, actions };
}

// biome-ignore lint/suspicious/noExplicitAny: a check reads the fixed document as parsed JSON.
type Check = (value: any) => boolean;

/** [what, document, code of the diagnostic, title of the fix, what the fixed document must satisfy] */
type Case = readonly [label: string, text: string, code: string, title: string, check: Check];

const cases: Case[] = [
  // The mistakes example.
  ['DBK201 change a version', broken, 'DBK201', 'Change to "7.0.12"', (v) => v.processes[4].version === '7.0.12'],
  [
    'DBK201 add the dbVersions entry',
    broken,
    'DBK201',
    'Add dbVersions entry "7.0.13"',
    (v) => JSON.stringify(v.dbVersions[1]) === '{"name":"7.0.13","builds":[]}',
  ],
  [
    'DBK202 change a member host',
    broken,
    'DBK202',
    'Change to "shop-shard1-0"',
    (v) => v.replicaSets[2].members[2].host === 'shop-shard1-0',
  ],
  [
    'DBK204 change a shard rs',
    broken,
    'DBK204',
    'Change to "shop-shard1"',
    (v) => v.sharding[0].shards[1].rs === 'shop-shard1',
  ],
  ['DBK301 clamp a priority', broken, 'DBK301', 'Change to 1000', (v) => v.replicaSets[1].members[1].priority === 1000],
  ['DBK302 fix arbiter votes', broken, 'DBK302', 'Change to 1', (v) => v.replicaSets[1].members[2].votes === 1],
  [
    'DBK303 add a write timeout',
    broken,
    'DBK303',
    'Add "wtimeout": 5000',
    (v) => v.processes[3].defaultRWConcern.defaultWriteConcern.wtimeout === 5000,
  ],
  [
    'DBK304 remove caseLevel',
    broken,
    'DBK304',
    'Remove "caseLevel"',
    (v) => !('caseLevel' in v.indexConfigs[0].collation),
  ],
  [
    'DBK404 keep one credential',
    broken,
    'DBK404',
    'Keep only "initPwd"',
    (v) => !('pwd' in v.auth.usersWanted[0]) && typeof v.auth.usersWanted[0].initPwd === 'string',
  ],
  // Enum values, field names, missing fields (replica-set example, edited).
  [
    'DBK103 the vendor process type',
    edit(replicaSet, '"processType": "dbd"', '"processType": "mongod"'),
    'DBK103',
    'Change to "dbd"',
    (v) => v.processes[0].processType === 'dbd',
  ],
  [
    'DBK108 a misspelt field',
    edit(replicaSet, '"hostname"', '"hostnme"'),
    'DBK108',
    'Rename to "hostname"',
    (v) => typeof v.processes[0].hostname === 'string' && !('hostnme' in v.processes[0]),
  ],
  [
    'DBK107 an unknown field',
    edit(replicaSet, '"downloadBase"', '"note": "keep me?",\n    "downloadBase"'),
    'DBK107',
    'Remove field "note"',
    (v) => !('note' in v.options),
  ],
  [
    'DBK101 a missing hostname',
    edit(replicaSet, '"hostname": "orders-0.db.example.net",', ''),
    'DBK101',
    'Add missing field "hostname"',
    (v) => v.processes[0].hostname === 'localhost',
  ],
  [
    'DBK101 a missing options object, with its own required field',
    edit(compact, '"options": { "downloadBase": "/var/lib/db" },', ''),
    'DBK101',
    'Add missing field "options"',
    (v) => JSON.stringify(v.options) === '{"downloadBase":""}',
  ],
  [
    'DBK101 a missing processType follows the router',
    edit(compact, '"processType": "dbs", ', ''),
    'DBK101',
    'Add missing field "processType"',
    (v) => v.processes[2].processType === 'dbs',
  ],
  [
    'DBK101 a router without its cluster gets the only one',
    edit(compact, '"cluster": "shop", ', ''),
    'DBK101',
    'Add missing field "cluster"',
    (v) => v.processes[2].cluster === 'shop',
  ],
  [
    'DBK101 a missing member _id takes a free one',
    edit(
      compact,
      '"members": [{ "_id": 0, "host": "rs0-a" }]',
      '"members": [{ "_id": 0, "host": "rs0-a" }, { "host": "x" }]',
    ),
    'DBK101',
    'Add missing field "_id"',
    (v) => v.replicaSets[0].members[1]._id === 1,
  ],
  [
    'DBK307 a missing featureCompatibilityVersion',
    edit(
      compact,
      '"featureCompatibilityVersion": "7.0", "args2_6": { "net": { "port": 27017 }',
      '"args2_6": { "net": { "port": 27017 }',
    ),
    'DBK307',
    'Add "featureCompatibilityVersion": "7.0"',
    (v) => v.processes[0].featureCompatibilityVersion === '7.0',
  ],
  // References in the compact document.
  [
    'DBK203 a router cluster',
    edit(compact, '"cluster": "shop"', '"cluster": "shpo"'),
    'DBK203',
    'Change to "shop"',
    (v) => v.processes[2].cluster === 'shop',
  ],
  [
    'DBK205 a config server replica set',
    edit(compact, '"configServerReplica": "cfg"', '"configServerReplica": "cgf"'),
    'DBK205',
    'Change to "cfg"',
    (v) => v.sharding[0].configServerReplica === 'cfg',
  ],
  [
    'DBK206 an index replica set',
    edit(compact, '"rsName": "rs0"', '"rsName": "rs1"'),
    'DBK206',
    'Change to "rs0"',
    (v) => v.indexConfigs[0].rsName === 'rs0',
  ],
  [
    'DBK207 a mirrored config server',
    edit(compact, '"configServerReplica": "cfg"', '"configServer": ["cfg-b"]'),
    'DBK207',
    'Change to "cfg-a"',
    (v) => v.sharding[0].configServer[0] === 'cfg-a',
  ],
  [
    'DBK208 a balancer key',
    edit(compact, '"balancer": { "shop": {} }', '"balancer": { "shpo": {} }'),
    'DBK208',
    'Change to "shop"',
    (v) => 'shop' in v.balancer && !('shpo' in v.balancer),
  ],
  [
    'DBK209 a cluster-wide key',
    edit(compact, '"clusterWideConfigurations": { "rs0": {} }', '"clusterWideConfigurations": { "rs9": {} }'),
    'DBK209',
    'Change to "rs0"',
    (v) => 'rs0' in v.clusterWideConfigurations,
  ],
  [
    'DBK210 an authSchemaVersion unlike its cluster',
    edit(
      compact,
      '"authSchemaVersion": 5, "featureCompatibilityVersion": "7.0", "cluster"',
      '"authSchemaVersion": 3, "featureCompatibilityVersion": "7.0", "cluster"',
    ),
    'DBK210',
    'Change to 5',
    (v) => v.processes[2].authSchemaVersion === 5,
  ],
  [
    'DBK216 a replSetName',
    edit(compact, '"replSetName": "rs0"', '"replSetName": "rs00"'),
    'DBK216',
    'Change to "rs0"',
    (v) => v.processes[0].args2_6.replication.replSetName === 'rs0',
  ],
  [
    'DBK308 a featureCompatibilityVersion',
    edit(compact, '"featureCompatibilityVersion": "7.0"', '"featureCompatibilityVersion": "5.0"'),
    'DBK308',
    'Change to "7.0"',
    (v) => v.processes[0].featureCompatibilityVersion === '7.0',
  ],
  // Settings that do nothing where they are.
  [
    'DBK305 maxVariable without alternate shifted',
    edit(compact, '"locale": "en"', '"locale": "en", "maxVariable": "punct"'),
    'DBK305',
    'Remove "maxVariable"',
    (v) => JSON.stringify(v.indexConfigs[0].collation) === '{"locale":"en"}',
  ],
  [
    'DBK313 options beside locale simple',
    edit(compact, '"locale": "en"', '"strength": 2, "locale": "simple", "caseLevel": true'),
    'DBK313',
    'Remove the other collation fields',
    (v) => JSON.stringify(v.indexConfigs[0].collation) === '{"locale":"simple"}',
  ],
  [
    'DBK506 domain-socket options',
    edit(compact, '"net": { "port": 27017 }', '"net": { "port": 27017, "unixDomainSocket": { "enabled": false } }'),
    'DBK506',
    'Remove "unixDomainSocket"',
    (v) => JSON.stringify(v.processes[0].args2_6.net) === '{"port":27017}',
  ],
  [
    'DBK507 the earlier name of numUncompressed',
    edit(
      compact,
      '"authSchemaVersion": 5,',
      '"authSchemaVersion": 5, "logRotate": { "sizeThresholdMB": 100, "timeThresholdHrs": 24, "maxUncompressed": 3 },',
    ),
    'DBK507',
    'Rename to "numUncompressed"',
    (v) => v.processes[0].logRotate.numUncompressed === 3,
  ],
];

describe('quick fixes leave valid JSON without the diagnostic', () => {
  it.for(cases)('%s', ([, text, code, title, check]) => {
    const { value } = applyFix(text, code, title);
    expect(check(value)).toBe(true);
  });

  it('holds for every fix offered for every diagnostic of these documents', () => {
    let checked = 0;
    for (const text of new Set([broken, ...cases.map(([, source]) => source)])) {
      const { service, doc } = parsed(text);
      for (const diagnostic of service.doValidation(doc)) {
        for (const action of service.getCodeActions(doc, diagnostic.range, { diagnostics: [diagnostic] })) {
          const where = `${diagnostic.code} ${action.title}`;
          const value = JSON.parse(applyEdits(text, action.edit!.changes![doc.uri]!));
          const path = (diagnostic.data as DiagnosticData).path!;
          const still = validateAutomationConfig(value).filter(
            (d) => d.code === diagnostic.code && samePath(d.path, path) && d.message === diagnostic.message,
          );
          expect(still, where).toEqual([]);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(50);
  });
});

describe('inserted text follows the layout of the document', () => {
  it('a process added to a pretty document is indented like its siblings', () => {
    const { after, value } = applyFix(broken, 'DBK202', 'Add process "shop-shard1-2"');
    expect(value.processes.at(-1)).toEqual({
      name: 'shop-shard1-2',
      processType: 'dbd',
      hostname: 'localhost',
      version: '7.0.12',
      authSchemaVersion: 5,
      featureCompatibilityVersion: '7.0',
      args2_6: { net: { port: 27018 }, replication: { replSetName: 'shop-shard1' } },
    });
    expect(after).toContain(
      [
        '      "version": "7.0.12"',
        '    },',
        '    {',
        '      "name": "shop-shard1-2",',
        '      "processType": "dbd",',
        '      "hostname": "localhost",',
        '      "version": "7.0.12",',
        '      "authSchemaVersion": 5,',
        '      "featureCompatibilityVersion": "7.0",',
        '      "args2_6": {',
        '        "net": {',
        '          "port": 27018',
        '        },',
        '        "replication": {',
        '          "replSetName": "shop-shard1"',
        '        }',
        '      }',
        '    }',
        '  ],',
        '  "replicaSets": [',
      ].join('\n'),
    );
  });

  it('a field added to a one-line object stays on its line', () => {
    const text = edit(compact, '"hostname": "a.example.net", ', '');
    const { after } = applyFix(text, 'DBK101', 'Add missing field "hostname"');
    expect(after).toContain(
      '"args2_6": { "net": { "port": 27017 }, "replication": { "replSetName": "rs0" } }, "hostname": "localhost" },\n',
    );
  });

  it('an entry added to minified JSON is minified', () => {
    const text = JSON.stringify(
      JSON.parse(edit(compact, '"version": "7.0.12", "authSchemaVersion"', '"version": "8.0", "authSchemaVersion"')),
    );
    const { after } = applyFix(text, 'DBK201', 'Add dbVersions entry "8.0"');
    expect(after).toContain('"dbVersions":[{"name":"7.0.12"},{"name":"8.0","builds":[]}]');
  });

  it('an entry added to an empty array in a pretty document is spread over lines', () => {
    const text = JSON.stringify({ ...JSON.parse(replicaSet), dbVersions: [] }, null, 2);
    const { after } = applyFix(text, 'DBK201', 'Add dbVersions entry "7.0.12"');
    expect(after).toContain('"dbVersions": [\n    {\n      "name": "7.0.12",\n      "builds": []\n    }\n  ],');
  });

  it('tabs and CRLF line breaks are kept', () => {
    const { options: _, ...rest } = JSON.parse(replicaSet);
    const text = JSON.stringify(rest, null, '\t').replace(/\n/g, '\r\n');
    const { after } = applyFix(text, 'DBK101', 'Add missing field "options"');
    expect(after).toContain('\t],\r\n\t"options": {\r\n\t\t"downloadBase": ""\r\n\t}\r\n}');
  });

  const pretty = (inner: string) => edit(replicaSet, /"agentVersion": \{[^}]*\}/.exec(replicaSet)![0], inner);
  it.for([
    [
      'the first field of a one-line object',
      compact,
      '{ "note": 1, "downloadBase": "/var/lib/db" }',
      '{ "downloadBase": "/var/lib/db" }',
    ],
    [
      'a middle field of a one-line object',
      compact,
      '{ "downloadBase": "/var/lib/db", "note": 1, "downloadBaseWindows": "D:" }',
      '{ "downloadBase": "/var/lib/db", "downloadBaseWindows": "D:" }',
    ],
    [
      'the last field of a one-line object',
      compact,
      '{ "downloadBase": "/var/lib/db", "note": 1 }',
      '{ "downloadBase": "/var/lib/db" }',
    ],
    [
      'the first field of a multi-line object',
      pretty('"agentVersion": {\n    "note": 1,\n    "name": "1.0"\n  }'),
      '"agentVersion": {\n    "note": 1,\n    "name": "1.0"\n  }',
      '"agentVersion": {\n    "name": "1.0"\n  }',
    ],
    [
      'the last field of a multi-line object',
      pretty('"agentVersion": {\n    "name": "1.0",\n    "note": 1\n  }'),
      '"agentVersion": {\n    "name": "1.0",\n    "note": 1\n  }',
      '"agentVersion": {\n    "name": "1.0"\n  }',
    ],
    [
      'the only field',
      pretty('"agentVersion": {\n    "note": 1\n  }'),
      '"agentVersion": {\n    "note": 1\n  }',
      '"agentVersion": {}',
    ],
  ] as const)('removes %s with its comma and nothing else', ([, base, before, after]) => {
    const text = base === compact ? edit(compact, '{ "downloadBase": "/var/lib/db" }', before) : base;
    expect(text).toContain(before);
    const fixed = applyFix(text, 'DBK107', 'Remove field "note"').after;
    expect(fixed).toContain(after);
    expect(fixed.length).toBe(text.length - before.length + after.length);
  });
});

describe('which fixes are offered', () => {
  const titles = (text: string, code: string, about?: string) => {
    const { service, doc, diagnostic } = diagnosticOf(text, code, about);
    return service
      .getCodeActions(doc, diagnostic.range, { diagnostics: [diagnostic] })
      .map((a) => `${a.title}${a.isPreferred ? ' (preferred)' : ''}`);
  };

  it('prefers the closest name over adding a declaration', () => {
    expect(titles(broken, 'DBK201')).toEqual(['Change to "7.0.12" (preferred)', 'Add dbVersions entry "7.0.13"']);
  });

  it('offers every declared name when there are three or fewer, and then prefers adding the missing one', () => {
    const text = edit(
      compact,
      '"version": "7.0.12", "authSchemaVersion"',
      '"version": "8.0.4-ent", "authSchemaVersion"',
    );
    expect(titles(text, 'DBK201')).toEqual(['Change to "7.0.12"', 'Add dbVersions entry "8.0.4-ent" (preferred)']);
  });

  it('offers at most three names, closest first', () => {
    expect(titles(broken, 'DBK202')).toEqual([
      'Change to "shop-shard1-0" (preferred)',
      'Change to "shop-shard1-1"',
      'Change to "shop-shard0-0"',
      'Add process "shop-shard1-2"',
    ]);
  });

  it('gives one fix per missing field when several are missing from one object', () => {
    const text = edit(compact, '"hostname": "a.example.net", "version": "7.0.12", ', '');
    const { service, doc } = parsed(text);
    const missing = service.doValidation(doc).filter((d) => d.code === 'DBK101');
    expect(missing).toHaveLength(2);
    expect(missing[0]!.range).toEqual(missing[1]!.range);
    expect(missing.map((d) => service.getCodeActions(doc, d.range, { diagnostics: [d] }).map((a) => a.title))).toEqual([
      ['Add missing field "hostname"'],
      ['Add missing field "version"'],
    ]);
  });

  it('names credentials, never their values', () => {
    expect(titles(broken, 'DBK404')).toEqual(['Keep only "pwd"', 'Keep only "initPwd"']);
  });

  it.for(['DBK106', 'DBK504'])('offers nothing for %s, which needs the user’s judgement', (code) => {
    expect(titles(broken, code)).toEqual([]);
  });

  it('offers nothing for an auth field only the user can fill', () => {
    const text = edit(replicaSet, '"version": 12,', '"version": 12,\n  "auth": { "disabled": false },');
    expect(titles(text, 'DBK401', '"autoUser"')).toEqual([]);
  });
});

describe('matching the client’s diagnostics', () => {
  const { service, doc, diagnostic } = diagnosticOf(broken, 'DBK204');
  const offered = (diagnostics: Diagnostic[], range = diagnostic.range) =>
    service.getCodeActions(doc, range, { diagnostics }).map((a) => a.title);

  it('works without the data the server attached', () => {
    const { data: _, ...bare } = diagnostic;
    expect(offered([bare])).toEqual(offered([diagnostic]));
    expect(offered([bare])).toContain('Change to "shop-shard1"');
  });

  it('offers nothing for a diagnostic that no longer matches the document', () => {
    const moved = { ...diagnostic, range: { start: { line: 3, character: 0 }, end: { line: 3, character: 5 } } };
    expect(offered([{ ...moved, data: undefined }], moved.range)).toEqual([]);
  });

  it('ignores other sources and diagnostics away from the requested range', () => {
    expect(offered([{ ...diagnostic, source: 'json' }])).toEqual([]);
    expect(offered([diagnostic], { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } })).toEqual([]);
  });
});
