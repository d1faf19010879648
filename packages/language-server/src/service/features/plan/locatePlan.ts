/**
 * A plan placed in its two revisions, for every caller (`dbkit plan`, the editor's "Compare with…", the playground's
 * compare view): each path of `planTransition`'s result gets its line and column in the revision it points into,
 * and the result is core's `LocatedPlan`, which core renders. Its summaries, messages and notes come as core wrote
 * them, every quotation of either revision with its secrets masked (`PlanCollector`), so nothing is scrubbed here:
 * scrubbing whole texts would mask dbkit's own words where a secret is one. Light, like `locate.ts`: the CLI bundles it (`@dbkit/language-server/internal/locate`).
 */
import type {
  JsonPath,
  LocatedChange,
  LocatedPlan,
  LocatedPlanDiagnostic,
  Plan,
  PlanDiagnostic,
  PlanLocation,
} from '@dbkit/core';
import type { Node } from 'jsonc-parser';
import { type Anchor, rangesOfSpans, type Span, spansOfPaths } from '../../locate.js';

/** One revision, as the plan was made from it. */
export interface PlanText {
  /** The name the plan prints: a file name, `<stdin>`, `HEAD:path`… */
  readonly name: string;
  /** The text whose `JSON.parse` value was planned (so valid JSON: its paths are found by one scan). */
  readonly text: string;
  /** jsonc-parser's tree of the text, when the caller has one: walked instead of scanning the text. */
  readonly tree?: Node;
  /**
   * The 0-based line and character of an offset, when the caller counts lines its own way (a `TextDocument` also
   * ends a line at a lone `\r`, as its editor does); by default a line ends at `\n` (`rangesOfSpans`).
   */
  readonly positionAt?: (offset: number) => { readonly line: number; readonly character: number };
}

export interface LocatePlanOptions {
  /** Which part of a located node each location shows (default `value`, as `dbkit plan` and the editor). */
  readonly anchor?: Anchor;
  /** A code frame under a diagnostic, from the span its location shows (`dbkit plan`'s text output); none by default. */
  readonly frame?: (diagnostic: PlanDiagnostic, span: Span) => string | undefined;
}

type Side = 'from' | 'to';
type PlanRange = PlanLocation['range'];

/**
 * Places `plan` (made from `revisions.from` to `revisions.to`) in the two texts, every path of a side in one batch.
 *
 * @example
 * const plan = planTransition(JSON.parse(old), JSON.parse(text));
 * const located = locatePlan(plan, { from: { name: 'HEAD:a.json', text: old }, to: { name: 'a.json', text } });
 * renderPlanText(located).text;
 */
export function locatePlan(
  plan: Plan,
  revisions: { readonly [side in Side]: PlanText },
  options: LocatePlanOptions = {},
): LocatedPlan {
  const wanted: { [side in Side]: JsonPath[] } = { from: [], to: [] };
  for (const change of plan.changes) {
    if (change.fromPath) wanted.from.push(change.fromPath);
    if (change.toPath) wanted.to.push(change.toPath);
  }
  for (const d of plan.diagnostics) {
    wanted[d.document].push(d.path);
    for (const r of d.related ?? []) wanted[r.document].push(r.path);
  }
  const placed = {
    from: placeAll(revisions.from, wanted.from, options),
    to: placeAll(revisions.to, wanted.to, options),
  };
  // The paths were asked for in this order: each side's places are taken back in the same order.
  const next = { from: 0, to: 0 };
  const place = (document: Side, path: JsonPath): { location: PlanLocation; span: Span } => {
    const i = next[document]++;
    const { spans, ranges } = placed[document];
    return { location: { document, file: revisions[document].name, path, range: ranges[i]! }, span: spans[i]! };
  };

  const changes = plan.changes.map((change): LocatedChange => {
    const from = change.fromPath ? place('from', change.fromPath).location : undefined;
    const to = change.toPath ? place('to', change.toPath).location : undefined;
    return {
      area: change.area,
      kind: change.kind,
      summary: change.summary,
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
    };
  });
  const diagnostics = plan.diagnostics.map((d): LocatedPlanDiagnostic => {
    const at = place(d.document, d.path);
    const related = d.related?.map((r) => ({ ...place(r.document, r.path).location, message: r.message }));
    const frame = options.frame?.(d, at.span);
    return {
      code: d.code,
      severity: d.severity,
      message: d.message,
      location: at.location,
      ...(related ? { related } : {}),
      ...(frame === undefined ? {} : { frame }),
    };
  });
  return { from: revisions.from.name, to: revisions.to.name, changes, diagnostics, notes: plan.notes };
}

/** The spans of one side's paths, and their ranges (1-based lines and columns, as core's plan counts them). */
function placeAll(
  revision: PlanText,
  paths: readonly JsonPath[],
  options: LocatePlanOptions,
): { spans: Span[]; ranges: PlanRange[] } {
  const source = revision.tree === undefined ? { text: revision.text, valid: true } : revision;
  const spans = spansOfPaths(source, paths, options.anchor);
  const { positionAt } = revision;
  const ranges =
    positionAt === undefined
      ? rangesOfSpans(revision.text, spans)
      : spans.map((span) => ({ start: positionAt(span.offset), end: positionAt(span.offset + span.length) }));
  return {
    spans,
    ranges: ranges.map(({ start, end }) => ({
      start: { line: start.line + 1, column: start.character + 1 },
      end: { line: end.line + 1, column: end.character + 1 },
    })),
  };
}
