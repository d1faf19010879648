import { type Quoter, quoterOf, secretTextsOf } from '../secrets/mask.js';
import type { JsonPath } from '../validation/diagnostic.js';
import { isObject, type JsonObject } from '../validation/util.js';
import { PlanCode } from './planCodes.js';
import type { ChangeArea, ChangeKind, PlanDiagnostic, PlannedChange } from './types.js';

type Related = NonNullable<PlanDiagnostic['related']>;

/**
 * Collects one plan. The only mutable thing in planning: rules are plain functions that receive it. Summaries and
 * messages write the documents' text only through {@link PlanCollector.quote} and {@link PlanCollector.bare}, which
 * mask the secret values of both revisions; the rest is dbkit's own words.
 */
export class PlanCollector {
  readonly changes: PlannedChange[] = [];
  readonly diagnostics: PlanDiagnostic[] = [];
  readonly notes: string[] = [];
  private readonly quoter: Quoter;

  /** @param from the deployed revision and `to` the new one, whose secrets are read when a text first quotes them. */
  constructor(from: unknown, to: unknown) {
    this.quoter = quoterOf(() => [...secretTextsOf(from), ...secretTextsOf(to)]);
  }

  /** A value of either revision quoted in a text: its JSON (`"rs0"`, `27017`), secrets masked. */
  quote(value: unknown): string {
    return this.quoter.quote(value);
  }

  /** Text of either revision shown without quotation marks (a version, a field's name), secrets masked. */
  bare(value: unknown): string {
    return this.quoter.bare(value);
  }

  /** Names of a revision's fields (`port, bindIp`), each masked like {@link PlanCollector.bare}. */
  names(keys: readonly string[]): string {
    return keys.map((key) => this.bare(key)).join(', ');
  }

  change(
    area: ChangeArea,
    kind: ChangeKind,
    summary: string,
    fromPath: JsonPath | undefined,
    toPath: JsonPath | undefined,
  ): void {
    const entry: { -readonly [K in keyof PlannedChange]: PlannedChange[K] } = { area, kind, summary };
    if (fromPath) entry.fromPath = fromPath;
    if (toPath) entry.toPath = toPath;
    this.changes.push(entry);
  }

  report(code: PlanCode, document: 'from' | 'to', path: JsonPath, message: string, related?: Related): void {
    const diagnostic: { -readonly [K in keyof PlanDiagnostic]: PlanDiagnostic[K] } = {
      code,
      severity: PlanCode[code].severity,
      message,
      document,
      path,
    };
    if (related && related.length > 0) diagnostic.related = related;
    this.diagnostics.push(diagnostic);
  }

  note(text: string): void {
    this.notes.push(text);
  }
}

/** Both documents of a transition, already known to be objects. */
export interface Pair {
  readonly from: JsonObject;
  readonly to: JsonObject;
}

/** The items of an array field that are objects, with their index; anything else yields nothing. */
export function objectItems(value: unknown): { readonly item: JsonObject; readonly index: number }[] {
  if (!Array.isArray(value)) return [];
  const out: { item: JsonObject; index: number }[] = [];
  value.forEach((item: unknown, index) => {
    if (isObject(item)) out.push({ item, index });
  });
  return out;
}

/**
 * The object items of an array field keyed by a string field (`name`, `_id`, …); the first item wins when a key is
 * used twice (validation reports duplicates).
 */
export function keyedItems(
  value: unknown,
  key: (item: JsonObject) => unknown,
): Map<string, { item: JsonObject; index: number }> {
  const out = new Map<string, { item: JsonObject; index: number }>();
  for (const entry of objectItems(value)) {
    const k = key(entry.item);
    if (typeof k === 'string' && !out.has(k)) out.set(k, entry);
  }
  return out;
}

/**
 * Structural equality of JSON values (key order ignored). Plain loops: a PUT compares every item of a multi-megabyte
 * revision with the stored one, and most are equal.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as JsonObject;
  const y = b as JsonObject;
  const xKeys = Object.keys(x);
  const yKeys = Object.keys(y);
  if (xKeys.length !== yKeys.length) return false;
  for (let i = 0; i < xKeys.length; i++) {
    const k = xKeys[i]!;
    // Revisions mostly keep the key order: a key in the same place needs no lookup.
    if (k !== yKeys[i] && !Object.hasOwn(y, k)) return false;
    if (!jsonEqual(x[k], y[k])) return false;
  }
  return true;
}

/** The value at `path`, or undefined. */
export function at(doc: unknown, path: JsonPath): unknown {
  let node = doc;
  for (const key of path) {
    if (typeof key === 'number') node = Array.isArray(node) ? node[key] : undefined;
    else node = isObject(node) && Object.hasOwn(node, key) ? node[key] : undefined;
    if (node === undefined) return undefined;
  }
  return node;
}

/** `[...base, field]` when the object has the field, else `base`: a path that always resolves. */
export function fieldPath(object: JsonObject, base: JsonPath, field: string): JsonPath {
  return object[field] === undefined ? base : [...base, field];
}
