/**
 * The transition plan between two revisions of an automation config (the editor's "dbkit: Compare with…"): core's
 * `planTransition`, every path placed in the text it points into (`plan/locatePlan.ts`), the plan rendered by core's `renderPlanText`
 * exactly as `dbkit plan` prints it without colours (no code frames: the editor links each problem to its place),
 * and the plan's diagnostics located twice: on their line of the plan document, and in the revisions that have a
 * uri. Core masks the secrets of both revisions wherever a text quotes them, as the CLI shows them.
 */
import {
  countPlan,
  type LocatedPlanDiagnostic,
  type PlanCounts,
  type PlanLocation,
  planTransition,
  renderPlanText,
} from '@dbkit/core';
import type { Diagnostic, DiagnosticRelatedInformation, Range } from 'vscode-languageserver-types';
import { toLspDiagnostic } from './lspDiagnostic.js';
import { locatePlan } from './plan/locatePlan.js';
import { parseRevision } from './plan/revision.js';

/** The source of plan diagnostics: apart from the live `dbkit` ones of the same file. */
export const PLAN_DIAGNOSTIC_SOURCE = 'dbkit plan';

/** One revision: its name in the plan (`HEAD:deploy/a.automation.json`), its text, and its uri when it has one. */
export interface PlanRevision {
  readonly name: string;
  readonly text: string;
  readonly uri?: string;
}

export interface PlanParams {
  /** The deployed (old) revision. */
  readonly from: PlanRevision;
  /** The new revision: usually the open editor's text, unsaved edits included. */
  readonly to: PlanRevision;
  /** The uri the client shows the plan document at: the plan's diagnostics point there. */
  readonly planUri: string;
}

/** Diagnostics for one revision's document. */
export interface RevisionDiagnostics {
  readonly uri: string;
  readonly diagnostics: Diagnostic[];
}

export type PlanResult =
  | {
      readonly ok: true;
      /** The plan as `dbkit plan --no-color` prints it (without code frames). */
      readonly text: string;
      readonly counts: PlanCounts;
      /** Every diagnostic, on the plan document's line that prints it. */
      readonly planDiagnostics: Diagnostic[];
      /** The diagnostics of each revision that has a uri, at their place in its text. */
      readonly revisionDiagnostics: RevisionDiagnostics[];
    }
  | { readonly ok: false; readonly error: string };

/** A 1-based plan range as an LSP range. */
function lspRange(range: PlanLocation['range']): Range {
  return {
    start: { line: range.start.line - 1, character: range.start.column - 1 },
    end: { line: range.end.line - 1, character: range.end.column - 1 },
  };
}

/**
 * The plan from `params.from` to `params.to`, or why there is none (a revision is not valid JSON or not an object).
 *
 * @example
 * const result = getPlan({ from: { name: 'HEAD:a.json', text: old }, to: { name: 'a.json', text, uri }, planUri });
 */
export function getPlan(params: PlanParams): PlanResult {
  const from = parseRevision(params.from.name, params.from.text);
  if (!from.ok) return from;
  const to = parseRevision(params.to.name, params.to.text);
  if (!to.ok) return to;
  const plan = planTransition(from.value, to.value);
  const revisions = { from: params.from, to: params.to };
  const located = locatePlan(plan, {
    from: { name: params.from.name, text: from.text },
    to: { name: params.to.name, text: to.text },
  });
  const rendered = renderPlanText(located);
  const planLines = rendered.text.split('\n');

  const planRange = (i: number): Range => {
    const line = rendered.diagnosticLines[i]!;
    const text = planLines[line] ?? '';
    const indent = text.length - text.trimStart().length;
    return { start: { line, character: indent }, end: { line, character: text.length } };
  };
  /** A link to where a location is in its revision, when that revision has a uri. */
  const sourceLink = (location: PlanLocation, message: string): DiagnosticRelatedInformation | undefined => {
    const uri = revisions[location.document].uri;
    return uri === undefined ? undefined : { location: { uri, range: lspRange(location.range) }, message };
  };
  const diagnostic = (
    d: LocatedPlanDiagnostic,
    range: Range,
    related: readonly (DiagnosticRelatedInformation | undefined)[],
  ): Diagnostic => {
    const relatedInformation = related.filter((r): r is DiagnosticRelatedInformation => r !== undefined);
    return toLspDiagnostic(d, range, PLAN_DIAGNOSTIC_SOURCE, relatedInformation);
  };

  const planDiagnostics: Diagnostic[] = [];
  const bySource = new Map<string, Diagnostic[]>();
  located.diagnostics.forEach((d, i) => {
    const others = (d.related ?? []).map((r) => sourceLink(r, r.message));
    const side = revisions[d.location.document];
    planDiagnostics.push(diagnostic(d, planRange(i), [sourceLink(d.location, `here in ${side.name}`), ...others]));
    if (side.uri !== undefined) {
      const inPlan: DiagnosticRelatedInformation = {
        location: { uri: params.planUri, range: planRange(i) },
        message: `the plan from ${params.from.name} to ${params.to.name}`,
      };
      const list = bySource.get(side.uri) ?? [];
      list.push(diagnostic(d, lspRange(d.location.range), [inPlan, ...others]));
      bySource.set(side.uri, list);
    }
  });

  return {
    ok: true,
    text: rendered.text,
    counts: countPlan(located),
    planDiagnostics,
    revisionDiagnostics: [...bySource].map(([uri, diagnostics]) => ({ uri, diagnostics })),
  };
}
