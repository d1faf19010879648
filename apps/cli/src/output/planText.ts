/**
 * `dbkit plan --format text`: core's plan renderer (`renderPlanText`, shared with the editor's plan document) with
 * the terminal's palette. The grouping, markers and counts live in `@dbkit/core` so both print the same plan.
 */
import { formatPlanCounts as formatCounts, formatPlanText as formatText, type PlanCounts } from '@dbkit/core';
import type { Palette } from './color.js';
import type { LocatedPlan } from './planLocated.js';

export { countPlan, type PlanCounts } from '@dbkit/core';
export { codeArea, diagnosticArea } from '@dbkit/core/internal';

/** `Plan: 3 to add, 1 to change, 2 to remove; 1 error, 2 warnings.` (actions and infos only when there are some). */
export function formatPlanCounts(counts: PlanCounts, p: Palette): string {
  return formatCounts(counts, p);
}

export function formatPlanText(plan: LocatedPlan, p: Palette): string {
  return formatText(plan, p);
}
