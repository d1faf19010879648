/**
 * Checking an object against its shape: required fields present, each present field of the right kind, value and
 * range, unknown fields reported; the messages when not. Paths are built only when something is reported.
 */
import type { Collector } from './context.js';
import { type JsonPath, pathTo } from './diagnostic.js';
import {
  ANY,
  type Bounds,
  type FieldKind,
  type FieldSpec,
  hasKindCode,
  type KindCode,
  kindCodes,
  type Shape,
} from './fieldSpec.js';
import { closestMatches, didYouMean, isObject, type JsonObject, jsonTypeOf } from './util.js';

// The declarations' types, beside the function that checks against them.
export type { BoundSource, Bounds, FieldSpec, Shape } from './fieldSpec.js';

const kindLabel: { readonly [K in FieldKind]: string } = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  'string-array': 'an array of strings',
  'string-or-number': 'a string or a number',
  'string-map': 'an object of strings',
  any: 'any value',
};

/** Expects a JSON type at `path`, reporting DBK102 when the value has another. Returns whether it matched. */
export function expectKind(c: Collector, value: unknown, path: JsonPath, kind: FieldKind, what: string): boolean {
  if (hasKindCode(value, kindCodes[kind])) return true;
  reportKind(c, value, path, kind, what);
  return false;
}

function reportKind(c: Collector, value: unknown, path: JsonPath, kind: FieldKind, what: string): void {
  if (kind === 'integer' && typeof value === 'number' && Number.isFinite(value)) {
    c.report('DBK102', path, `${what} must be a whole number, but it is ${c.quote(value)}. Round it to an integer.`);
    return;
  }
  if (kind === 'string-map') {
    c.report(
      'DBK102',
      path,
      `${what} must be an object whose values are strings ({"name": "value"}). Quote the values.`,
    );
    return;
  }
  const actual = jsonTypeOf(value);
  c.report(
    'DBK102',
    path,
    `${what} must be ${kindLabel[kind]}, but it is ${actual === 'integer' ? 'a number' : article(actual)}. Change it to ${kindLabel[kind]}.`,
  );
}

function article(type: string): string {
  return type === 'null' ? 'null' : /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function checkValue(
  c: Collector,
  value: string,
  parent: JsonPath,
  key: string | number | undefined,
  name: string,
  index: number | undefined,
  field: CompiledField,
): void {
  if (field.values === undefined || field.values.has(value)) return;
  const spec = field.spec;
  const path = index === undefined ? pathTo(parent, key, name) : pathTo(parent, key, name, index);
  const allowed = [...field.values];
  const hint = spec.hints?.[value];
  const suggestions = hint ? [hint] : closestMatches(value, allowed);
  const list = allowed.map((v) => `"${v}"`).join(', ');
  if (spec.openValues) {
    c.report(
      'DBK109',
      path,
      `"${name}" is ${c.quote(value)}, which dbkit does not know (known: ${list}).${didYouMean(suggestions)} Check the spelling; if the service documents this value, keep it.`,
      { suggestions },
    );
    return;
  }
  c.report(
    'DBK103',
    path,
    `"${name}" is ${c.quote(value)}, which is not allowed: the allowed values are ${list}.${didYouMean(suggestions)}`,
    { suggestions },
  );
}

/**
 * Checks one present field of the object at `parent[key]`. Paths are built only when something is reported:
 * validation runs over every field of every object, and allocating a path for each would double its cost on
 * large documents.
 */
function checkField(
  c: Collector,
  value: unknown,
  parent: JsonPath,
  key: string | number | undefined,
  name: string,
  field: CompiledField,
): void {
  const spec = field.spec;
  if (!hasKindCode(value, field.kind)) {
    reportKind(c, value, pathTo(parent, key, name), spec.kind, `"${name}"`);
    return;
  }
  // Most fields say only which JSON type they have: nothing more to check.
  if (field.typeOnly) return;
  if (spec.deprecated) c.report('DBK507', pathTo(parent, key, name), `"${name}" is deprecated: ${spec.deprecated}`);
  if (typeof value === 'string') {
    if (spec.kind === 'string') checkValue(c, value, parent, key, name, undefined, field);
    return;
  }
  if (spec.kind === 'string-array') {
    const items = value as readonly unknown[];
    for (let i = 0; i < items.length; i++) {
      const item: unknown = items[i];
      if (typeof item !== 'string') {
        reportKind(c, item, pathTo(parent, key, name, i), 'string', `Each item of "${name}"`);
      } else checkValue(c, item, parent, key, name, i, field);
    }
    return;
  }
  if (typeof value === 'number') {
    const { range, advised } = spec;
    if (range !== undefined && outside(value, range)) {
      c.report(
        'DBK104',
        pathTo(parent, key, name),
        `"${name}" is ${c.quote(value)}, but it must be ${describeBounds(range)}${spec.doc ? ` (${spec.doc})` : ''}.`,
      );
    } else if (advised !== undefined && outside(value, advised)) {
      c.report(
        'DBK314',
        pathTo(parent, key, name),
        `"${name}" is ${c.quote(value)}; dbkit advises ${describeBounds(advised)} because ${advised.because}. The service does not require it: keep the value if it is what you mean.`,
      );
    }
  }
}

/** Whether `value` lies outside `bounds`. */
function outside(value: number, bounds: Bounds): boolean {
  const { min, max, above } = bounds;
  return (
    (min !== undefined && value < min) || (above !== undefined && value <= above) || (max !== undefined && value > max)
  );
}

/** `bounds` in words, as messages say them: "at least 1", "from 0 to 100", "greater than 0". */
function describeBounds(bounds: Bounds): string {
  const { min, max, above } = bounds;
  const low = above !== undefined ? `greater than ${above}` : min !== undefined ? `at least ${min}` : undefined;
  if (max === undefined) return low ?? 'any number';
  if (min !== undefined && above === undefined) return `from ${min} to ${max}`;
  return low === undefined ? `at most ${max}` : `${low} and at most ${max}`;
}

/**
 * Checks an object against its shape: it is an object, required fields are present, known fields have the right
 * type, value and range, and unknown fields are reported (a probable typo of a known field as a warning, anything
 * else as information). `null` in an optional field counts as absent: real documents write unset fields as null.
 *
 * @returns the object when `value` is one, so the caller can go on with field-specific rules; undefined otherwise.
 */
export function checkShape(c: Collector, value: unknown, path: JsonPath, shape: Shape): JsonObject | undefined {
  return checkShapeAt(c, value, path, undefined, shape);
}

/**
 * `checkShape` for the value at `parent[key]` (an array item, or a field): its path is built only if something is
 * reported, so checking every item of a large array allocates nothing.
 *
 * Kept as one function above V8's inlining limit (460 bytes of bytecode): it runs for every shape, so its property
 * reads are megamorphic and gain nothing from being inlined, while inlined into each of the dozen rules that call
 * it, it about doubled the optimizing compiler's work, which a fresh process (the CLI) waits for in slower code.
 */
export function checkShapeAt(
  c: Collector,
  value: unknown,
  parent: JsonPath,
  key: string | number | undefined,
  shape: Shape,
): JsonObject | undefined {
  if (!isObject(value)) {
    c.report(
      'DBK102',
      pathTo(parent, key),
      `${capitalise(shape.label)} must be a JSON object, but it is ${article(jsonTypeOf(value) === 'integer' ? 'number' : jsonTypeOf(value))}. Write it as { … }.`,
    );
    return undefined;
  }
  const compiled = compile(shape);
  const required = compiled.required;
  for (let i = 0; i < required.length; i++) {
    const spec = required[i] as FieldSpec;
    const name = compiled.requiredNames[i] as string;
    if (value[name] === undefined) {
      c.report(
        'DBK101',
        pathTo(parent, key),
        `${capitalise(shape.label)} is missing the required field "${name}"${spec.doc ? `: ${spec.doc}` : ''}. Add "${name}".`,
      );
    }
  }
  const seenKeys = compiled.seenKeys;
  const seenFields = compiled.seenFields;
  let at = 0;
  // for…in rather than Object.keys: no array per object, and JSON values have no inherited enumerable keys.
  for (const name in value) {
    // Objects of one kind list their keys in one order: the key at this position is most often the one the last
    // object had there, found by one comparison instead of a lookup by name.
    let field: CompiledField | undefined;
    if (at < seenKeys.length && seenKeys[at] === name) field = seenFields[at];
    else {
      field = compiled.fields[name];
      if (field !== undefined && at < seenKeys.length) {
        seenKeys[at] = name;
        seenFields[at] = field;
      }
    }
    at++;
    if (field === undefined) {
      if (!shape.open) reportUnknown(c, pathTo(parent, key), name, shape, compiled);
      continue;
    }
    const fieldValue = value[name];
    // The most common case, decided here without a call: a string or boolean field that has one.
    if (typeof fieldValue === field.primitive) continue;
    if (field.kind === ANY) continue;
    if (fieldValue === null && !field.spec.required) continue;
    if (field.typeOnly && hasKindCode(fieldValue, field.kind)) continue;
    checkField(c, fieldValue, parent, key, name, field);
  }
  return value;
}

function reportUnknown(c: Collector, path: JsonPath, key: string, shape: Shape, compiled: CompiledShape): void {
  const suggestions = closestMatches(key, compiled.names, 2);
  if (suggestions.length > 0) {
    c.report(
      'DBK108',
      [...path, key],
      `${c.quote(key)} is not a field of ${shape.label}.${didYouMean(suggestions)} The agent ignores unknown fields, so a misspelt one silently does nothing.`,
      { suggestions },
    );
  } else {
    c.report(
      'DBK107',
      [...path, key],
      `${c.quote(key)} is not a field of ${shape.label} in the spec. dbkit keeps it as is; the service may ignore it.`,
    );
  }
}

/** A field's spec prepared for checking: its kind's code, and its allowed values as a set. */
interface CompiledField {
  readonly spec: FieldSpec;
  readonly kind: KindCode;
  /** Whether the JSON type is all there is to check: no items, allowed values, range or deprecation. */
  readonly typeOnly: boolean;
  /** For a type-only string or boolean field, the `typeof` of a right value. */
  readonly primitive: 'string' | 'boolean' | undefined;
  readonly values: ReadonlySet<string> | undefined;
}

interface CompiledShape {
  /** Null-prototype record: a key like "constructor" finds nothing. */
  readonly fields: { readonly [name: string]: CompiledField | undefined };
  readonly required: readonly FieldSpec[];
  readonly requiredNames: readonly string[];
  readonly names: readonly string[];
  /**
   * The known keys met at each position of the objects checked so far (the latest one wins), and their fields:
   * a memo that only saves lookups, since a key's field depends on the shape alone. As long as the shape has fields.
   */
  readonly seenKeys: (string | undefined)[];
  readonly seenFields: (CompiledField | undefined)[];
}

const compiledShapes = new WeakMap<Shape, CompiledShape>();

/** A shape as maps and lists, built once per shape: checking then costs one lookup per present key. */
function compile(shape: Shape): CompiledShape {
  // The lookup alone in this function, the building in another: this runs for every object, and optimized code for
  // it stays small.
  return compiledShapes.get(shape) ?? compileShape(shape);
}

function compileShape(shape: Shape): CompiledShape {
  const fields = Object.create(null) as Record<string, CompiledField>;
  const required: FieldSpec[] = [];
  const requiredNames: string[] = [];
  for (const [name, spec] of Object.entries(shape.fields)) {
    const typeOnly =
      spec.kind !== 'string-array' &&
      spec.values === undefined &&
      spec.deprecated === undefined &&
      spec.range === undefined &&
      spec.advised === undefined;
    const primitive = typeOnly && (spec.kind === 'string' || spec.kind === 'boolean') ? spec.kind : undefined;
    const values = spec.values ? new Set(Object.keys(spec.values)) : undefined;
    fields[name] = { spec, kind: kindCodes[spec.kind], typeOnly, primitive, values };
    if (spec.required) {
      required.push(spec);
      requiredNames.push(name);
    }
  }
  const names = Object.keys(shape.fields);
  const compiled: CompiledShape = {
    fields,
    required,
    requiredNames,
    names,
    seenKeys: names.map(() => undefined),
    seenFields: names.map(() => undefined),
  };
  compiledShapes.set(shape, compiled);
  return compiled;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Runs `each` over the items of an array with the path of each. Values that are not arrays are skipped silently:
 * the field's shape check has already reported them. For small sections only: it builds a path per item.
 */
export function forEachItem(
  value: unknown,
  path: JsonPath,
  each: (item: unknown, itemPath: JsonPath, index: number) => void,
): void {
  if (!Array.isArray(value)) return;
  for (let i = 0; i < value.length; i++) each(value[i], pathTo(path, i), i);
}
