import type { FileResult, LocatedFinding } from '../validate/finding.js';

/** The findings an output prints: all of them, or with --quiet the errors only. Totals always count them all. */
export function visibleFindings(result: FileResult, quiet: boolean): readonly LocatedFinding[] {
  return quiet ? result.findings.filter((f) => f.severity === 'error') : result.findings;
}

export interface Totals {
  readonly errors: number;
  readonly warnings: number;
  readonly infos: number;
  /** Files validated, invalid JSON included. */
  readonly files: number;
  readonly skipped: number;
  readonly invalidJson: readonly string[];
  readonly unreadable: readonly string[];
}

export function totalsOf(results: readonly FileResult[]): Totals {
  let errors = 0;
  let warnings = 0;
  let infos = 0;
  let files = 0;
  let skipped = 0;
  const invalidJson: string[] = [];
  const unreadable: string[] = [];
  for (const result of results) {
    if (result.status === 'skipped') skipped++;
    else if (result.status === 'unreadable') unreadable.push(result.name);
    else files++;
    if (result.status === 'invalid-json') invalidJson.push(result.name);
    for (const finding of result.findings) {
      if (finding.severity === 'error') errors++;
      else if (finding.severity === 'warning') warnings++;
      else infos++;
    }
  }
  return { errors, warnings, infos, files, skipped, invalidJson, unreadable };
}

export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
