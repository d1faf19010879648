/**
 * `--format json`: one JSON array of findings, one finding per line, so the output is both `JSON.parse`-able and
 * grep-able. Lines and columns are 1-based; `endColumn` is exclusive (SARIF's rule).
 */
import type { JsonPath } from '@dbkit/core';
import type { FileResult, LocatedFinding, Range } from '../validate/finding.js';
import { visibleFindings } from './totals.js';

export interface JsonFinding {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  readonly code: string;
  readonly severity: string;
  readonly message: string;
  readonly path: JsonPath;
  readonly source: string;
  readonly suggestions?: readonly string[];
  readonly tags?: readonly string[];
  readonly related?: readonly {
    readonly path: JsonPath;
    readonly message: string;
    readonly line: number;
    readonly column: number;
    readonly endLine: number;
    readonly endColumn: number;
  }[];
}

function where(range: Range): { line: number; column: number; endLine: number; endColumn: number } {
  return { line: range.start.line, column: range.start.column, endLine: range.end.line, endColumn: range.end.column };
}

export function toJsonFinding(file: string, f: LocatedFinding): JsonFinding {
  return {
    file,
    ...where(f.range),
    code: f.code,
    severity: f.severity,
    message: f.message,
    path: f.path,
    source: f.source,
    ...(f.suggestions ? { suggestions: f.suggestions } : {}),
    ...(f.tags ? { tags: f.tags } : {}),
    ...(f.related ? { related: f.related.map((r) => ({ path: r.path, message: r.message, ...where(r.range) })) } : {}),
  };
}

/** The array's items for one file, each on its own line, without separators. */
export function jsonLines(result: FileResult, quiet: boolean): string[] {
  return visibleFindings(result, quiet).map((f) => JSON.stringify(toJsonFinding(result.name, f)));
}
