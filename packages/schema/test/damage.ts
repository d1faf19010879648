/**
 * Damaged documents for the drift test in ajv.test.ts: the schema must report an error only where core's
 * `validateAutomationConfig` does. Two kinds of damage, both deterministic:
 * - schema-directed: every object the schema describes in a document gets each property the schema declares set
 *   to each kind of value, or deleted (absent objects and arrays are first filled with minimal instances, so the
 *   inside of args2_6.net.tls or of stored SCRAM credentials is reached even where the document has none);
 * - seeded random edits (1–3 per document: a value deleted, renamed, or replaced), as the CLI's
 *   scripts/schema-coverage.mjs makes them.
 * `uncovered` says which of Ajv's errors core says nothing about, with the rule `dbkit validate` merges by.
 */
import type { Diagnostic } from '@dbkit/core';
import { seededRandom } from '@dbkit/core/internal';
import type { ErrorObject } from 'ajv';
import type { JsonSchema } from '../src/index.js';

type Schema = { readonly [keyword: string]: unknown };
type Json = Record<string | number, unknown>;

/** The kinds of value each declared property is given. */
export const WEIRD: readonly unknown[] = [null, true, 0, -1, 1.5, 65536, '', 'x', [], {}, [null], { a: 1 }, ['x'], [1]];

function definitionsOf(root: JsonSchema): Record<string, Schema> {
  return ((root as Schema).definitions ?? {}) as Record<string, Schema>;
}

function resolver(root: JsonSchema): (schema: unknown) => Schema | undefined {
  const definitions = definitionsOf(root);
  return (schema) => {
    let s = schema as Schema | undefined;
    while (s && typeof s.$ref === 'string') s = definitions[s.$ref.split('/').pop() as string];
    return s;
  };
}

const types = (s: Schema): string[] => (Array.isArray(s.type) ? s.type : typeof s.type === 'string' ? [s.type] : []);
const properties = (s: Schema): Record<string, unknown> => (s.properties ?? {}) as Record<string, unknown>;
const SAMPLE_STRINGS = ['x', '00:00', '', '0123456789abcdef0123456789abcdef', '4.4'];

/** A minimal instance of a schema: its required properties, each minimal; the first branch of a union. */
function minimal(resolve: (s: unknown) => Schema | undefined, schema: unknown, depth = 0): unknown {
  const s = resolve(schema);
  if (!s || depth > 6) return undefined;
  if (Array.isArray(s.anyOf)) return minimal(resolve, s.anyOf[0], depth + 1);
  if (Array.isArray(s.enum)) return s.enum.find((v) => v !== null);
  if (s.const !== undefined) return s.const;
  const [type] = types(s).filter((t) => t !== 'null');
  if (type === 'object' || (type === undefined && (s.properties || s.additionalProperties))) {
    const object: Json = {};
    for (const name of (s.required ?? []) as string[]) object[name] = minimal(resolve, properties(s)[name], depth + 1);
    const additional = s.additionalProperties;
    if (!s.properties && typeof additional === 'object' && additional && Object.keys(additional).length > 0) {
      object.k = minimal(resolve, additional, depth + 1);
    }
    return object;
  }
  if (type === 'array') {
    if (Array.isArray(s.items)) return s.items.map((item) => minimal(resolve, item, depth + 1));
    const item =
      s.items && Object.keys(resolve(s.items) ?? {}).length > 0 ? minimal(resolve, s.items, depth + 1) : undefined;
    return item === undefined ? [] : [item];
  }
  if (type === 'string')
    return SAMPLE_STRINGS.find((x) => typeof s.pattern !== 'string' || new RegExp(s.pattern).test(x));
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  return undefined;
}

/** Fills absent (or null) object and array properties with minimal instances, in place. */
function fill(resolve: (s: unknown) => Schema | undefined, value: unknown, schema: unknown, depth = 0): void {
  const s = resolve(schema);
  if (!s || value === null || typeof value !== 'object' || depth > 8) return;
  if (Array.isArray(value)) {
    if (s.items && !Array.isArray(s.items)) for (const item of value) fill(resolve, item, s.items, depth + 1);
    return;
  }
  const object = value as Json;
  for (const [name, child] of Object.entries(properties(s))) {
    const c = resolve(child);
    if (c && (object[name] === undefined || object[name] === null)) {
      const t = types(c);
      if (c.anyOf || t.includes('object') || t.includes('array')) {
        const instance = minimal(resolve, c);
        if (instance !== undefined && typeof instance === 'object') object[name] = instance;
      }
    }
    if (object[name] !== undefined) fill(resolve, object[name], child, depth + 1);
  }
  const additional = s.additionalProperties;
  if (typeof additional === 'object' && additional) {
    for (const name of Object.keys(object))
      if (!(name in properties(s))) fill(resolve, object[name], additional, depth + 1);
  }
}

interface Site {
  readonly path: readonly (string | number)[];
  readonly schema: Schema;
  readonly kind: 'object' | 'array';
}

function sites(
  resolve: (s: unknown) => Schema | undefined,
  value: unknown,
  schema: unknown,
  path: Site['path'],
  out: Site[],
): void {
  const s = resolve(schema);
  if (!s || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    if (!s.items || Array.isArray(s.items)) return;
    out.push({ path, schema: s, kind: 'array' });
    for (let i = 0; i < value.length; i++) sites(resolve, value[i], s.items, [...path, i], out);
    return;
  }
  if (s.properties || s.additionalProperties) out.push({ path, schema: s, kind: 'object' });
  const additional = typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined;
  for (const [name, child] of Object.entries(value)) {
    const childSchema = properties(s)[name] ?? additional;
    if (childSchema) sites(resolve, child, childSchema, [...path, name], out);
  }
}

const at = (doc: unknown, path: Site['path']): Json => path.reduce<Json>((v, k) => v[k] as Json, doc as Json);
/** A path with indices as `*`: damage is applied at the first two places of each pattern. */
const pattern = (path: Site['path']): string => path.map((s) => (typeof s === 'number' ? '*' : s)).join('.');

/** Schema-directed damage of `doc`: each damaged copy with what was done to it. */
export function* directedDamage(root: JsonSchema, doc: unknown): Generator<readonly [string, unknown]> {
  const resolve = resolver(root);
  const base = structuredClone(doc);
  fill(resolve, base, root);
  yield ['the document with absent sections filled in', base];
  const found: Site[] = [];
  sites(resolve, base, root, [], found);
  const seen = new Map<string, number>();
  for (const site of found) {
    const where = pattern(site.path);
    const count = seen.get(where) ?? 0;
    if (count >= 2) continue;
    seen.set(where, count + 1);
    const target = at(base, site.path);
    if (site.kind === 'array') {
      if ((target as unknown as unknown[]).length === 0) continue;
      for (const weird of WEIRD) {
        const copy = structuredClone(base);
        at(copy, site.path)[0] = structuredClone(weird);
        yield [`${where}[0] = ${JSON.stringify(weird)}`, copy];
      }
      continue;
    }
    const names = new Set(Object.keys(properties(site.schema)));
    if (typeof site.schema.additionalProperties === 'object') for (const name of Object.keys(target)) names.add(name);
    for (const name of names) {
      for (const weird of WEIRD) {
        const copy = structuredClone(base);
        at(copy, site.path)[name] = structuredClone(weird);
        yield [`${where}.${name} = ${JSON.stringify(weird)}`, copy];
      }
      const copy = structuredClone(base);
      delete at(copy, site.path)[name];
      yield [`delete ${where}.${name}`, copy];
    }
  }
}

function allPaths(
  value: unknown,
  path: (string | number)[] = [],
  out: (string | number)[][] = [],
): (string | number)[][] {
  out.push(path);
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value))
      allPaths(child, [...path, Array.isArray(value) ? Number(key) : key], out);
  }
  return out;
}

/** `doc` with 1 + seed % 3 random edits (the CLI's scripts/schema-coverage.mjs makes the same kinds). */
export function seededDamage(doc: unknown, seed: number): unknown {
  const copy = structuredClone(doc);
  const next = seededRandom(seed);
  for (let e = 0; e < 1 + (seed % 3); e++) {
    const paths = allPaths(copy).filter((p) => p.length > 0);
    const path = paths[Math.floor(next() * paths.length)];
    if (!path) break;
    const parent = at(copy, path.slice(0, -1));
    const key = path[path.length - 1] as string | number;
    const roll = next();
    if (roll < 0.3 && !Array.isArray(parent)) delete parent[key];
    else if (roll < 0.4 && !Array.isArray(parent)) parent[`${String(key)}x`] = parent[key];
    else parent[key] = structuredClone(WEIRD[Math.floor(next() * WEIRD.length)]);
  }
  return copy;
}

const pointer = (path: readonly (string | number)[]): string =>
  path.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

/**
 * Ajv's errors core does not cover, as `instancePath keyword`. Covered, as `dbkit validate` merges them
 * (apps/cli/src/validate/merge.ts): a `required` error by a diagnostic at the object naming the field in quotes,
 * or at the field; an `anyOf` by one at its path or below; anything else by one at its path, or a wrong type
 * (DBK100/DBK102) above it. Only core's errors count: a warning does not make the document invalid. The errors of
 * an anyOf's branches collapse into the anyOf (they contradict each other), `if` errors are dropped (the `then`
 * error stays) and unknown properties are information, not errors.
 */
export function uncovered(errors: readonly ErrorObject[], core: readonly Diagnostic[]): string[] {
  const coreErrors = core.filter((d) => d.severity === 'error').map((d) => ({ at: pointer(d.path), d }));
  const kept: ErrorObject[] = [];
  for (const error of errors) {
    if (error.keyword === 'if' || error.keyword === 'additionalProperties') continue;
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf') {
      const path = error.instancePath;
      while (kept.length > 0) {
        const last = kept[kept.length - 1] as ErrorObject;
        if (last.instancePath !== path && !last.instancePath.startsWith(`${path}/`)) break;
        kept.pop();
      }
    }
    kept.push(error);
  }
  return kept
    .filter((error) => {
      const path = error.instancePath;
      if (error.keyword === 'required') {
        const field = String((error.params as { missingProperty?: unknown }).missingProperty);
        return !coreErrors.some(
          ({ at, d }) => (at === path && d.message.includes(`"${field}"`)) || at === `${path}${pointer([field])}`,
        );
      }
      if (error.keyword === 'anyOf' || error.keyword === 'oneOf') {
        return !coreErrors.some(({ at }) => at === path || at.startsWith(`${path}/`));
      }
      return !coreErrors.some(
        ({ at, d }) => at === path || ((d.code === 'DBK102' || d.code === 'DBK100') && path.startsWith(`${at}/`)),
      );
    })
    .map((error) => `${error.instancePath || '(root)'} ${error.keyword}`);
}
