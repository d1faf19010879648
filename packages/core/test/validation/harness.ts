import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatJsonPath, type JsonPath } from '../../src/validation/diagnostic.js';
import { validateAutomationConfig } from '../../src/validation/validate.js';

const baseText = readFileSync(new URL('./fixtures/base.json', import.meta.url), 'utf8');

/** An edit applied to a fresh copy of the valid base document. */
export type Edit =
  | readonly ['set', JsonPath, unknown]
  | readonly ['delete', JsonPath]
  | readonly ['push', JsonPath, unknown];

type Container = Record<string | number, unknown>;

function parentOf(doc: unknown, path: JsonPath): [Container, string | number] {
  let node = doc as Container;
  for (const key of path.slice(0, -1)) node = node[key] as Container;
  const last = path[path.length - 1];
  if (last === undefined) throw new Error('Expected a non-empty path');
  return [node, last];
}

/** A fresh copy of the valid base document with `edits` applied. */
export function makeDoc(edits: readonly Edit[] = []): unknown {
  const doc: unknown = JSON.parse(baseText);
  for (const edit of edits) {
    const [parent, key] = parentOf(doc, edit[1]);
    if (edit[0] === 'set') parent[key] = edit[2];
    else if (edit[0] === 'delete') {
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete parent[key];
    } else (parent[key] as unknown[]).push(edit[2]);
  }
  return doc;
}

/** Validates and renders each diagnostic as `CODE path`, the shape table-driven tests compare. */
export function codesAndPaths(doc: unknown): string[] {
  return validateAutomationConfig(doc).map((d) => `${d.code} ${formatJsonPath(d.path)}`);
}

/** One table row: a title, the edits to the valid base document, and the exact `CODE path` lines expected. */
export type Row = readonly [string, readonly Edit[], readonly string[]];

/** Registers one `describe` per group and one test per row: the whole check of a rule table. */
export function describeRows(groups: readonly (readonly [string, readonly Row[]])[]): void {
  describe.for(groups)('%s', ([, rows]) => {
    it.for(rows)('%s', ([, edits, expected]) => {
      expect(codesAndPaths(makeDoc(edits))).toEqual(expected);
    });
  });
}
