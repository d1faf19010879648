import type { CollationAlternate, CollationCaseFirst, CollationMaxVariable } from '../../enums/automation.js';

/** Collation of an index; when present, `locale` is required and all others optional. */
export interface Collation {
  /** ICU locale; `simple` for binary comparison. */
  readonly locale: string;
  /** Case comparison; applies only when strength is 1 or 2. @default false */
  readonly caseLevel?: boolean;
  /** Case ordering at tertiary level. @default "off" */
  readonly caseFirst?: CollationCaseFirst;
  /**
   * Comparison level.
   * @TJS-type integer
   * @minimum 1
   * @maximum 5
   * @default 3
   */
  readonly strength?: number;
  /** Numeric string comparison. @default false */
  readonly numericOrdering?: boolean;
  /** Whitespace and punctuation handling. @default "non-ignorable" */
  readonly alternate?: CollationAlternate;
  /** Characters ignorable; applies only when alternate is `shifted`. */
  readonly maxVariable?: CollationMaxVariable;
  /** Text normalization. @default false */
  readonly normalization?: boolean;
  /** Diacritic strings sort back to front when true. @default false */
  readonly backwards?: boolean;
}

/** One index the automation builds. */
export interface IndexConfig {
  /** Index keys: one `[field, value]` inner array per key; one inner array for a single-key index. */
  readonly key: readonly (readonly [string, string | number])[];
  /** Replica set on which the index is built (a `replicaSets[]._id`). */
  readonly rsName: string;
  /** Database. */
  readonly dbName: string;
  /** Collection. */
  readonly collectionName: string;
  /** Without it the index cannot use collation; when present, `locale` is required. */
  readonly collation?: Collation;
  /** Index options (key-value pairs). */
  readonly options: { readonly [option: string]: unknown };
}
