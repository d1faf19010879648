/**
 * The transition plan as the page shows it: core's `Plan` with every path turned into a range of the document it
 * points into (`from`: the older revision, `to`: the document in the editor), secrets masked where a text quotes them, each
 * diagnostic under the area `dbkit plan` prints it in, and core's counts line and text rendering. Plain data, sent
 * from the worker to the page.
 */
import type { ChangeArea, ChangeKind, PlanCounts } from '@dbkit/core';
import type { Range } from 'vscode-languageserver-types';

/** Which revision a range is in: the older one (`from`) or the document in the editor (`to`). */
export type Side = 'from' | 'to';

export interface PlanPlace {
  readonly document: Side;
  readonly range: Range;
}

export interface PlanChangeView {
  readonly area: ChangeArea;
  readonly kind: ChangeKind;
  readonly summary: string;
  /** Where it is in the older revision; absent for an addition. */
  readonly from?: Range;
  /** Where it is in the document in the editor; absent for a removal. */
  readonly to?: Range;
}

export interface PlanDiagnosticView extends PlanPlace {
  readonly code: string;
  readonly severity: 'error' | 'warning' | 'info';
  readonly message: string;
  /** The area it is listed under (core's `diagnosticArea`, as `dbkit plan` prints it). */
  readonly area: ChangeArea;
  readonly related: readonly (PlanPlace & { readonly message: string })[];
}

export type PlanView =
  | {
      readonly ok: true;
      readonly changes: readonly PlanChangeView[];
      readonly diagnostics: readonly PlanDiagnosticView[];
      readonly notes: readonly string[];
      readonly counts: PlanCounts;
      /** `Plan: 3 to add, 1 to change, 2 to remove; 1 error, 2 warnings.` (core's `formatPlanCounts`). */
      readonly countsText: string;
      /** The whole plan as `dbkit plan` prints it (core's `renderPlanText`, no colour), for copying. */
      readonly text: string;
      /** How long the plan took in the worker, ms. */
      readonly durationMs: number;
    }
  /** One of the revisions is not JSON: nothing was planned; where the first syntax error is. */
  | { readonly ok: false; readonly document: Side; readonly range: Range; readonly message: string };
