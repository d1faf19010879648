/**
 * A quick answer to "would `checkShape` report anything on this object?", for shapes checked on every process of a
 * large document. It reads the shape's own fields only (and, for a closed shape, the object's keys), allocates
 * nothing, and builds no path: the common case, a right object, costs a few property reads. When it answers false,
 * the caller runs `checkShape`, which says what is wrong and where. It follows shape.ts's rules for the kinds it
 * knows; a present field it does not know how to judge (a range, a deprecation, another kind) answers false, so
 * `checkShape` always has the last word.
 */
import { type FieldKind, type FieldSpec, hasKindCode, type KindCode, kindCodes, type Shape } from '../fieldSpec.js';
import type { JsonObject } from '../util.js';

/** The field kinds the quick check judges alone; the others (arrays of strings, maps…) it leaves to `checkShape`. */
const QUICK_KINDS: ReadonlySet<FieldKind> = new Set<FieldKind>([
  'any',
  'string',
  'integer',
  'number',
  'boolean',
  'object',
  'array',
]);

interface QuickField {
  readonly name: string;
  readonly kind: KindCode;
  /** A field the quick check leaves to `checkShape` whenever it is present (a range, a deprecation, another kind). */
  readonly slow: boolean;
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

function isSlow(spec: FieldSpec): boolean {
  return (
    spec.range !== undefined || spec.advised !== undefined || Boolean(spec.deprecated) || !QUICK_KINDS.has(spec.kind)
  );
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
    const kind = kindCodes[spec.kind];
    const slow = isSlow(spec);
    const nested = inner !== undefined && Object.hasOwn(inner, name) ? inner[name] : undefined;
    const object = spec.kind === 'object' && !slow;
    fields.push({ name, kind, slow, required: spec.required === true, values, inner: object ? nested : undefined });
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
    if (field.slow || !hasKindCode(v, field.kind)) return false;
    if (field.values !== undefined && !field.values.has(v as string)) return false;
    if (field.inner !== undefined && !conformsTo(v as JsonObject, field.inner)) return false;
  }
  const names = quick.names;
  if (names !== undefined) {
    for (const key in value) if (names[key] === undefined) return false;
  }
  return true;
}
