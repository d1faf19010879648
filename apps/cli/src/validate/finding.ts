import type { DiagnosticTag, JsonPath, Severity } from '@dbkit/core';

/** Which check found a problem: the JSON syntax, the JSON Schema, or core's semantic rules. */
export type FindingSource = 'json' | 'schema' | 'core';

/** A 1-based line and column; columns count UTF-16 code units, as editors and SARIF do. */
export interface Position {
  readonly line: number;
  readonly column: number;
}

/** A range in the source text. `end` is exclusive: the position just after the last character (SARIF's rule). */
export interface Range {
  readonly start: Position;
  readonly end: Position;
}

/** A stretch of the source text, as an offset and a length in UTF-16 code units. */
export interface Span {
  readonly offset: number;
  readonly length: number;
}

/**
 * One problem in one file, from any of the three checks. `code` is core's `DBKnnn`, `schema/<keyword>` for a JSON
 * Schema finding core does not cover, or `json/syntax`.
 */
export interface Finding {
  readonly code: string;
  readonly severity: Severity;
  readonly message: string;
  /** JSON path of the problem; for a missing field, the object that lacks it. `[]` for syntax errors. */
  readonly path: JsonPath;
  readonly source: FindingSource;
  readonly related?: readonly { readonly path: JsonPath; readonly message: string }[];
  readonly tags?: readonly DiagnosticTag[];
  readonly suggestions?: readonly string[];
  /** Where to point when the finding has no path to map (syntax errors). */
  readonly span?: Span;
}

/** A finding placed in its file: what every output format prints. */
export interface LocatedFinding {
  readonly code: string;
  readonly severity: Severity;
  readonly message: string;
  readonly path: JsonPath;
  readonly source: FindingSource;
  readonly range: Range;
  readonly related?: readonly { readonly path: JsonPath; readonly message: string; readonly range: Range }[];
  readonly tags?: readonly DiagnosticTag[];
  readonly suggestions?: readonly string[];
  /** The code frame (text format only), already masked and coloured. */
  readonly frame?: string;
}

/**
 * What happened to one input.
 * - `checked`: parsed and validated; `findings` may be empty.
 * - `invalid-json`: syntax errors only (in `findings`); exit code 2.
 * - `skipped`: found by walking a folder, but not an automation config; `reason` says why.
 * - `unreadable`: could not be read; `reason` says why; exit code 2.
 */
export type FileStatus = 'checked' | 'invalid-json' | 'skipped' | 'unreadable';

export interface FileResult {
  /** The name printed in every output: relative to the working directory, `/`-separated; `<stdin>` for stdin. */
  readonly name: string;
  readonly status: FileStatus;
  readonly reason?: string;
  readonly findings: readonly LocatedFinding[];
}
