/**
 * Closed sets of strings are declared once as `as const` objects keyed by the value itself, each value carrying a
 * description (and optionally a group or a deprecation note). The union type of the values is `keyof typeof X`, so
 * the value list, the type and the documentation never drift apart.
 *
 * @example
 * export const Unit = { RAW: { description: 'A plain number.' } } as const satisfies EnumDefinition;
 * export type Unit = keyof typeof Unit;
 * export const isUnit = enumGuard(Unit);
 */
export interface EnumMember {
  /** What the value means, in the spec's words where it has some. */
  readonly description: string;
  /** Present when the value is deprecated or obsolete: what to use instead. */
  readonly deprecated?: string;
  /** Group the value belongs to (metric groups, event groups). */
  readonly group?: string;
}

export type EnumDefinition = { readonly [value: string]: EnumMember };

/** The values of a closed set, in declaration order. */
export function enumValues<T extends EnumDefinition>(definition: T): readonly (keyof T & string)[] {
  return Object.keys(definition) as (keyof T & string)[];
}

/** A type guard that tells whether an unknown value is a member of the closed set. */
export function enumGuard<T extends EnumDefinition>(definition: T): (value: unknown) => value is keyof T & string {
  return (value: unknown): value is keyof T & string => typeof value === 'string' && Object.hasOwn(definition, value);
}
