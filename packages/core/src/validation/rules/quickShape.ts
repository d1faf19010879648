/**
 * A quick answer to "would `checkShape` report anything on this object?", for shapes checked on every process of a
 * large document. It reads the shape's own fields only (and, for a closed shape, the object's keys), allocates
 * nothing, and builds no path: the common case, a right object, costs a few property reads. When it answers false,
 * the caller runs `checkShape`, which says what is wrong and where. It follows shape.ts's rules for the kinds it
 * knows; a present field it does not know how to judge (a range, a deprecation, another kind) answers false, so
 * `checkShape` always has the last word.
 */
import type { FieldSpec, Shape } from '../shape.js';
import { isObject, type JsonObject } from '../util.js';

// Kinds as small integers, as in shape.ts: one switch per field, no property read to pick the case.
const ANY = 0;
const STRING = 1;
const INTEGER = 2;
const NUMBER = 3;
const BOOLEAN = 4;
const OBJECT = 5;
const ARRAY = 6;
/** A field the quick check leaves to `checkShape` whenever it is present. */
const SLOW = 7;
type QuickKind = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;

interface QuickField {
  readonly name: string;
  readonly kind: QuickKind;
  readonly required: boolean;
  readonly values: ReadonlySet<string> | undefined;
  /** For an object field checked with a shape of its own: that shape, checked in the same walk. */
  readonly inner: QuickShape | undefined;
}

/** A shape prepared for `conformsTo`; build it once, where the shape is declared or at module load. */
export interface QuickShape {
  readonly fields: readonly QuickField[];
  /** For a closed shape, its field names (null prototype): any other key is reported by `checkShape`. */
  readonly names: { readonly [name: string]: true | undefined } | undefined;
}

function quickKind(spec: FieldSpec): QuickKind {
  if (spec.min !== undefined || spec.max !== undefined || spec.above !== undefined || spec.deprecated) return SLOW;
  switch (spec.kind) {
    case 'any':
      return ANY;
    case 'string':
      return STRING;
    case 'integer':
      return INTEGER;
    case 'number':
      return NUMBER;
    case 'boolean':
      return BOOLEAN;
    case 'object':
      return OBJECT;
    case 'array':
      return ARRAY;
    default:
      return SLOW;
  }
}

/**
 * `shape` prepared for `conformsTo`. `inner` names the object fields whose contents are checked too (with their
 * own quick shapes), so a nested section is read once.
 */
export function quickShape(shape: Shape, inner?: { readonly [field: string]: QuickShape }): QuickShape {
  const fields: QuickField[] = [];
  const names = Object.create(null) as { [name: string]: true };
  for (const [name, spec] of Object.entries(shape.fields)) {
    const values = spec.values && spec.kind === 'string' ? new Set(Object.keys(spec.values)) : undefined;
    const kind = quickKind(spec);
    const nested = inner !== undefined && Object.hasOwn(inner, name) ? inner[name] : undefined;
    fields.push({ name, kind, required: spec.required === true, values, inner: kind === OBJECT ? nested : undefined });
    names[name] = true;
  }
  return { fields, names: shape.open ? undefined : names };
}

/**
 * Whether `checkShape` would report nothing on `value` (an object) against the shape `quick` was built from, nor
 * on the object fields it was built with inner shapes for.
 */
export function conformsTo(value: JsonObject, quick: QuickShape): boolean {
  const fields = quick.fields;
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i] as QuickField;
    const v = value[field.name];
    // null in an optional field counts as absent, as in checkShape; in a required one it is a wrong type.
    if (v === undefined || (v === null && !field.required)) {
      if (field.required) return false;
      continue;
    }
    if (!hasQuickKind(v, field.kind)) return false;
    if (field.values !== undefined && !field.values.has(v as string)) return false;
    if (field.inner !== undefined && !conformsTo(v as JsonObject, field.inner)) return false;
  }
  const names = quick.names;
  if (names !== undefined) {
    for (const key in value) if (names[key] === undefined) return false;
  }
  return true;
}

function hasQuickKind(value: unknown, kind: QuickKind): boolean {
  switch (kind) {
    case ANY:
      return true;
    case STRING:
      return typeof value === 'string';
    case INTEGER:
      return typeof value === 'number' && Number.isInteger(value);
    case NUMBER:
      return typeof value === 'number' && Number.isFinite(value);
    case BOOLEAN:
      return typeof value === 'boolean';
    case OBJECT:
      return isObject(value);
    case ARRAY:
      return Array.isArray(value);
    default:
      return false;
  }
}
