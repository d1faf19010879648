/**
 * `dbkit plan --format json`: the plan object as `planTransition` returns it, with every path placed: changes get
 * `from`/`to` locations, diagnostics and their related information `file`, `line`, `column`, `endLine` and
 * `endColumn` (1-based, `endColumn` exclusive, as `dbkit validate --format json`), plus the counts.
 */
import type { Range } from '../validate/finding.js';
import type { LocatedPlan, Location } from './planLocated.js';
import { countPlan } from './planText.js';

function where(range: Range): { line: number; column: number; endLine: number; endColumn: number } {
  return { line: range.start.line, column: range.start.column, endLine: range.end.line, endColumn: range.end.column };
}

function placed(location: Location) {
  return { document: location.document, file: location.file, path: location.path, ...where(location.range) };
}

export function buildPlanJson(plan: LocatedPlan) {
  const counts = countPlan(plan);
  return {
    from: plan.from,
    to: plan.to,
    changes: plan.changes.map((c) => ({
      area: c.area,
      kind: c.kind,
      summary: c.summary,
      ...(c.from ? { fromPath: c.from.path, from: placed(c.from) } : {}),
      ...(c.to ? { toPath: c.to.path, to: placed(c.to) } : {}),
    })),
    diagnostics: plan.diagnostics.map((d) => ({
      code: d.code,
      severity: d.severity,
      message: d.message,
      ...placed(d.location),
      ...(d.related ? { related: d.related.map((r) => ({ ...placed(r), message: r.message })) } : {}),
    })),
    notes: plan.notes,
    counts,
  };
}
