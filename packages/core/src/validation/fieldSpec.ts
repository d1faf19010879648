/**
 * What a shape declares about each of its fields (kind, allowed values, bounds), and which JSON values each field
 * kind accepts: the vocabulary of `shapes.ts` and its siblings, checked by `shape.ts` and `rules/quickShape.ts`.
 */
import type { EnumDefinition } from '../enums/define.js';
import { isObject } from './util.js';

/** JSON types a field may have. `any` means dbkit knows the field but does not check its value. */
export type FieldKind =
  | 'string'
  | 'integer'
  | 'number'
  | 'boolean'
  | 'object'
  | 'array'
  | 'string-array'
  | 'string-or-number'
  | 'string-map'
  | 'any';

/** What dbkit knows about one field of an object. */
export interface FieldSpec {
  readonly kind: FieldKind;
  readonly required?: boolean;
  /** What the field is, in the spec's words: used in messages. */
  readonly doc?: string;
  /** Allowed values (for `string`, and for each item of `string-array`). */
  readonly values?: EnumDefinition;
  /** true when the service may accept values dbkit does not know: an unknown value is a warning, not an error. */
  readonly openValues?: boolean;
  /** Wrong value → the value to use instead (e.g. the vendor's `mongod` → `dbd`). */
  readonly hints?: { readonly [wrong: string]: string };
  /** A range the service requires: a number outside it is an error (DBK104). */
  readonly range?: StatedRange;
  /** A range dbkit advises but the service does not require: a number outside it is a warning (DBK314). */
  readonly advised?: AdvisedRange;
  /** Deprecation note: using the field gives DBK507 with this text. */
  readonly deprecated?: string;
}

/** Numeric bounds: `min` and `max` inclusive, `above` exclusive. */
export interface Bounds {
  readonly min?: number;
  readonly max?: number;
  readonly above?: number;
}

/** Where a bound is stated: a section of the spec, or a section of `domain.md` with the citation it gives. */
export type BoundSource = `spec: ${string}` | `domain.md §${number} [${string}]`;

/**
 * Bounds the service requires, with where that is stated. A bound neither the spec nor a cited source states is
 * advice instead (docs/decisions/validation.md); `test/validation/bounds.test.ts` lists every one.
 *
 * @example { min: 1, max: 5, source: 'domain.md §8 [DOC source/reference/collation.txt]' }
 */
export interface StatedRange extends Bounds {
  readonly source: BoundSource;
}

/**
 * Bounds dbkit advises: why, in a clause that completes "dbkit advises … because", which the warning quotes.
 *
 * @example { min: 1, because: 'the count includes the current log file' }
 */
export interface AdvisedRange extends Bounds {
  readonly because: string;
}

/** The fields of one kind of object. */
export interface Shape {
  /** What the object is, for messages: "a process", "the auth object". */
  readonly label: string;
  readonly fields: { readonly [name: string]: FieldSpec };
  /** true: keys are free-form (e.g. args2_6); unknown keys are not reported. */
  readonly open?: boolean;
}

// The field kinds as small integers: checking a field switches on one. Plain constants rather than an object's
// properties, so the switch reads no property (optimized code would need feedback for each case it had not met).
const STRING = 0;
const INTEGER = 1;
const NUMBER = 2;
const BOOLEAN = 3;
const OBJECT = 4;
const ARRAY = 5;
const STRING_ARRAY = 6;
const STRING_OR_NUMBER = 7;
const STRING_MAP = 8;
export const ANY = 9;
export type KindCode = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

export const kindCodes: { readonly [K in FieldKind]: KindCode } = {
  string: STRING,
  integer: INTEGER,
  number: NUMBER,
  boolean: BOOLEAN,
  object: OBJECT,
  array: ARRAY,
  'string-array': STRING_ARRAY,
  'string-or-number': STRING_OR_NUMBER,
  'string-map': STRING_MAP,
  any: ANY,
};

/** Whether `value` has the JSON type of the field kind whose code is `kind` (`kindCodes`). */
export function hasKindCode(value: unknown, kind: KindCode): boolean {
  switch (kind) {
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
    case STRING_ARRAY:
      return Array.isArray(value);
    case STRING_OR_NUMBER:
      return typeof value === 'string' || typeof value === 'number';
    case STRING_MAP:
      return isStringMap(value);
    default:
      return true;
  }
}

function isStringMap(value: unknown): boolean {
  if (!isObject(value)) return false;
  for (const key in value) if (typeof value[key] !== 'string') return false;
  return true;
}
