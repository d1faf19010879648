/**
 * The transition plan between two revisions of an automation config (the editor's "dbkit: Compare with…"): core's
 * `planTransition`, every path placed in the text it points into, the plan rendered by core's `renderPlanText`
 * exactly as `dbkit plan` prints it without colours (no code frames: the editor links each problem to its place),
 * and the plan's diagnostics located twice: on their line of the plan document, and in the revisions that have a
 * uri. Secrets of both revisions are scrubbed from every text, as the CLI does.
 */
import {
  countPlan,
  type JsonPath,
  type LocatedPlan,
  type LocatedPlanDiagnostic,
  type PlanCounts,
  type PlanDiagnostic,
  type PlanLocation,
  planTransition,
  renderPlanText,
  scrubSecrets,
  secretTextsOf,
} from '@dbkit/core';
import {
  type Diagnostic,
  type DiagnosticRelatedInformation,
  DiagnosticSeverity,
  type Range,
} from 'vscode-languageserver-types';
import { rangesOfSpans, spanOfLocated } from '../positions.js';
import { scanForPaths } from '../textScan.js';
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

const SEVERITY = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
} as const;

type Side = 'from' | 'to';

/** Places paths of one side in its text, in one batch. */
function placer(text: string) {
  return (paths: readonly JsonPath[]): Range[] => {
    const located = scanForPaths(text, paths);
    return rangesOfSpans(
      text,
      located.map((node) => spanOfLocated(text, node)),
    );
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
  const texts = { from: from.text, to: to.text };
  const revisions = { from: params.from, to: params.to };

  // Every path of the plan, per side, placed in one pass over each text.
  const wanted: { [side in Side]: JsonPath[] } = { from: [], to: [] };
  const want = (side: Side, path: JsonPath): { side: Side; index: number } => ({
    side,
    index: wanted[side].push(path) - 1,
  });
  const changeSlots = plan.changes.map((c) => ({
    from: c.fromPath ? want('from', c.fromPath) : undefined,
    to: c.toPath ? want('to', c.toPath) : undefined,
  }));
  const diagnosticSlots = plan.diagnostics.map((d) => ({
    at: want(d.document, d.path),
    related: (d.related ?? []).map((r) => want(r.document, r.path)),
  }));
  const ranges = { from: placer(texts.from)(wanted.from), to: placer(texts.to)(wanted.to) };
  const rangeAt = (slot: { side: Side; index: number }): Range => ranges[slot.side][slot.index]!;
  const location = (slot: { side: Side; index: number }): PlanLocation => {
    const range = rangeAt(slot);
    return {
      document: slot.side,
      file: revisions[slot.side].name,
      path: wanted[slot.side][slot.index]!,
      range: {
        start: { line: range.start.line + 1, column: range.start.character + 1 },
        end: { line: range.end.line + 1, column: range.end.character + 1 },
      },
    };
  };

  // Core never puts a secret in a summary or message; scrubbing with both documents' secrets is the second line.
  const secrets = [...secretTextsOf(from.value), ...secretTextsOf(to.value)];
  const clean = (text: string): string => scrubSecrets(text, secrets);
  const located: LocatedPlan = {
    from: params.from.name,
    to: params.to.name,
    changes: plan.changes.map((c, i) => {
      const slots = changeSlots[i]!;
      return {
        area: c.area,
        kind: c.kind,
        summary: clean(c.summary),
        ...(slots.from ? { from: location(slots.from) } : {}),
        ...(slots.to ? { to: location(slots.to) } : {}),
      };
    }),
    diagnostics: plan.diagnostics.map((d, i): LocatedPlanDiagnostic => {
      const slots = diagnosticSlots[i]!;
      return {
        code: d.code,
        severity: d.severity,
        message: clean(d.message),
        location: location(slots.at),
        ...(d.related
          ? { related: d.related.map((r, j) => ({ ...location(slots.related[j]!), message: clean(r.message) })) }
          : {}),
      };
    }),
    notes: plan.notes.map(clean),
  };
  const rendered = renderPlanText(located);
  const planLines = rendered.text.split('\n');

  const planRange = (i: number): Range => {
    const line = rendered.diagnosticLines[i]!;
    const text = planLines[line] ?? '';
    const indent = text.length - text.trimStart().length;
    return { start: { line, character: indent }, end: { line, character: text.length } };
  };
  const sourceLink = (
    slot: { side: Side; index: number },
    message: string,
  ): DiagnosticRelatedInformation | undefined => {
    const uri = revisions[slot.side].uri;
    return uri === undefined ? undefined : { location: { uri, range: rangeAt(slot) }, message };
  };
  const diagnostic = (
    d: PlanDiagnostic,
    message: string,
    range: Range,
    related: readonly (DiagnosticRelatedInformation | undefined)[],
  ): Diagnostic => {
    const relatedInformation = related.filter((r): r is DiagnosticRelatedInformation => r !== undefined);
    return {
      range,
      severity: SEVERITY[d.severity],
      code: d.code,
      source: PLAN_DIAGNOSTIC_SOURCE,
      message,
      ...(relatedInformation.length > 0 ? { relatedInformation } : {}),
    };
  };

  const planDiagnostics: Diagnostic[] = [];
  const bySource = new Map<string, Diagnostic[]>();
  plan.diagnostics.forEach((d, i) => {
    const slots = diagnosticSlots[i]!;
    const message = located.diagnostics[i]!.message;
    const relatedMessages = located.diagnostics[i]!.related ?? [];
    const others = slots.related.map((slot, j) => sourceLink(slot, relatedMessages[j]?.message ?? ''));
    const side = revisions[d.document];
    planDiagnostics.push(
      diagnostic(d, message, planRange(i), [sourceLink(slots.at, `here in ${side.name}`), ...others]),
    );
    if (side.uri !== undefined) {
      const inPlan: DiagnosticRelatedInformation = {
        location: { uri: params.planUri, range: planRange(i) },
        message: `the plan from ${params.from.name} to ${params.to.name}`,
      };
      const list = bySource.get(side.uri) ?? [];
      list.push(diagnostic(d, message, rangeAt(slots.at), [inPlan, ...others]));
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
