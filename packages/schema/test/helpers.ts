import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { ajvOptions, type JsonSchema } from '../src/index.js';

/** The repository root. */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const automationExamplesDir = join(repoRoot, 'examples', 'automation');
export const apiExamplesDir = join(repoRoot, 'examples', 'api');

export function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}

export function readText(path: string): string {
  return readFileSync(path, 'utf8');
}

/** The `.json` files directly in `dir`, sorted. */
export function jsonFilesIn(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
}

/** Which schema each API example is an instance of. */
export const API_EXAMPLES: Readonly<Record<string, string>> = {
  'alert-list.json': 'alert-list',
  'cluster-snapshot-list-page.json': 'cluster-snapshot-list',
  'cluster-snapshot.json': 'cluster-snapshot',
  'config-server-snapshot.json': 'config-server-snapshot',
  'error-body.json': 'error',
};

// ajv-formats is CommonJS with `exports.default`: as an ES module its plugin is the default export's `default`.
const addFormats = ((addFormatsModule as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;

/**
 * Ajv as a strict consumer uses it: draft-07 (the dialect every schema declares), strict mode with the package's
 * `ajvOptions`, all errors, and formats (the API schemas say `date-time`).
 */
export function compile(schema: JsonSchema): (doc: unknown) => ErrorObject[] {
  const ajv = new Ajv({ ...ajvOptions, strict: true, allErrors: true });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  return (doc) => (validate(doc) ? [] : [...(validate.errors ?? [])]);
}

/** An error as the tests compare it: `instancePath keyword`, plus the field for `required`. */
export function errorLines(errors: readonly ErrorObject[]): string[] {
  return errors.map((e) => {
    const missing = e.keyword === 'required' ? ` ${(e.params as { missingProperty: string }).missingProperty}` : '';
    return `${e.instancePath || '(root)'} ${e.keyword}${missing}`;
  });
}

type Container = Record<string | number, unknown>;
/** A JSON path as keys and indices. */
export type Path = readonly (string | number)[];
/** An edit of a parsed document: set a value, or delete a key or item. */
export type Edit = readonly ['set', Path, unknown] | readonly ['delete', Path];

/** A fresh copy of `doc` with `edits` applied. */
export function edited(doc: unknown, edits: readonly Edit[]): unknown {
  const copy = structuredClone(doc);
  for (const edit of edits) {
    let parent = copy as Container;
    for (const key of edit[1].slice(0, -1)) parent = parent[key] as Container;
    const last = edit[1][edit[1].length - 1] as string | number;
    if (edit[0] === 'set') parent[last] = edit[2];
    else if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  }
  return copy;
}
