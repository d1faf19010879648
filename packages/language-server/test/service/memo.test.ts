/**
 * Facts kept across versions (`memo.ts`) follow the edits: after an edit inside a process or a replica set, completion
 * ranks names from what the document says now, as a fresh parse would.
 */
import { describe, expect, it } from 'vitest';
import { createLanguageService } from '../../src/service/languageService.js';
import { TextModel } from '../../src/service/textModel.js';
import { internals } from '../utils.js';

const text = `{
  "processes": [
    { "name": "a", "hostname": "a.net", "processType": "dbd", "args2_6": { "replication": { "replSetName": "rs0" } } },
    { "name": "b", "hostname": "b.net", "processType": "dbd", "args2_6": { "replication": { "replSetName": "rs1" } } },
    { "name": "c", "hostname": "c.net", "processType": "dbd", "args2_6": {} }
  ],
  "replicaSets": [
    { "_id": "rs0", "members": [{ "_id": 0, "host": "" }] },
    { "_id": "rs1", "members": [{ "_id": 0, "host": "x" }] }
  ]
}`;

/** The labels proposed at the empty host of rs0, after `edits` (each `[needle, replacement]`, applied in order). */
async function labelsAfter(edits: readonly (readonly [string, string])[]): Promise<string[]> {
  const service = createLanguageService();
  const document = new TextModel('file:///m.automation.json', 'json', 1, text);
  const cursorAt = () => document.getText().indexOf('"host": ""') + '"host": "'.length;
  const complete = async () => {
    const doc = internals(service.parse(document));
    const list = await service.doComplete(doc, document.positionAt(cursorAt()));
    return (list?.items ?? []).sort((x, y) => (x.sortText ?? '').localeCompare(y.sortText ?? '')).map((i) => i.label);
  };
  await complete(); // the facts of every process and replica set are read and kept
  for (const [needle, replacement] of edits) {
    const start = document.getText().indexOf(needle);
    const change = { start, end: start + needle.length, text: replacement };
    document.edit(change, document.version + 1);
    const doc = internals(service.update(document, { start, end: change.end, newLength: replacement.length }));
    expect(doc.hasTree()).toBe(true); // the edit was applied to the kept tree, not parsed again
  }
  return complete();
}

describe('facts kept across versions', () => {
  it.for([
    { name: 'no edit', edits: [], expected: ['"a"', '"c"', '"b"'] },
    {
      name: "a process's replSetName edited",
      edits: [['"replSetName": "rs1"', '"replSetName": "rs0"']],
      expected: ['"a"', '"b"', '"c"'],
    },
    {
      name: "another set's member host edited",
      edits: [['"host": "x"', '"host": "c"']],
      expected: ['"a"', '"b"', '"c"'],
    },
  ] as const)('ranks from the current text: $name', async ({ edits, expected }) => {
    expect(await labelsAfter(edits)).toEqual(expected);
  });
});
