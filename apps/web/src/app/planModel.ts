/**
 * The plan as the compare view lists it, in the layout of `dbkit plan`'s text (core's `renderPlanText`): one group
 * per area, the document's own fields first and then core's areas in order, each with its changes marked
 * (`+` add, `-` remove, `~` change, `-/+` a rename, which the agent carries out as a removal plus an addition, `!` a
 * one-shot action) and the diagnostics core's `diagnosticArea` puts there. The worker sends the counts and the text.
 */
import { type ChangeArea, type ChangeKind, PLAN_AREA_ORDER, PLAN_AREA_TITLES } from '@dbkit/core';
import type { PlanChangeView, PlanDiagnosticView } from '../worker/planTypes.js';

export type Mark = '+' | '-' | '~' | '-/+' | '!';

export const KIND_MARK: { readonly [kind in ChangeKind]: Mark } = {
  add: '+',
  remove: '-',
  change: '~',
  restart: '~',
  reconfig: '~',
  upgrade: '~',
  downgrade: '~',
  'rename-as-remove-add': '-/+',
  action: '!',
};

export interface PlanGroup {
  readonly area: ChangeArea;
  readonly title: string;
  readonly changes: readonly PlanChangeView[];
  readonly diagnostics: readonly PlanDiagnosticView[];
}

/** The changes and diagnostics by area, areas with neither left out, the plan's order within each. */
export function groupPlan(changes: readonly PlanChangeView[], diagnostics: readonly PlanDiagnosticView[]): PlanGroup[] {
  return PLAN_AREA_ORDER.map((area) => ({
    area,
    title: PLAN_AREA_TITLES[area],
    changes: changes.filter((c) => c.area === area),
    diagnostics: diagnostics.filter((d) => d.area === area),
  })).filter((group) => group.changes.length > 0 || group.diagnostics.length > 0);
}
