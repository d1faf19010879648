/**
 * The plan between an older revision and the document in the editor: core's `planTransition`, placed in the
 * revisions as core's `LocatedPlan` (the shape `dbkit plan` renders) by the language server's `locatePlan` (core
 * masks both revisions' secrets wherever the plan quotes them), and rendered with core's own pieces (`diagnosticArea`, `countPlan`,
 * `formatPlanCounts`, `renderPlanText`), so the playground and the CLI show the same plan. Runs in the worker: the
 * page never parses a document. A container is shown by its key (the `name` anchor), as the playground's markers are.
 */
import { countPlan, formatPlanCounts, type PlanLocation, planTransition, renderPlanText } from '@dbkit/core';
import { diagnosticArea } from '@dbkit/core/internal';
import { locatePlan, type PlanText } from '@dbkit/language-server/internal/locate';
import { type Node, type ParseError, parseTree, printParseErrorCode } from 'jsonc-parser';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Range } from 'vscode-languageserver-types';
import type { PlanView, Side } from './planTypes.js';

interface Revision extends PlanText {
  readonly tree: Node;
  readonly value: unknown;
}

/** Plain JSON: comments and trailing commas are errors, as everywhere in dbkit. */
const STRICT = { disallowComments: true, allowTrailingComma: false } as const;

/** The revision parsed, or where its first syntax error is. */
function read(side: Side, name: string, document: TextDocument): Revision | Extract<PlanView, { ok: false }> {
  const text = document.getText();
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, STRICT);
  const [first] = errors;
  if (first !== undefined || root === undefined) {
    const span = first ?? { offset: 0, length: 0 };
    const what = first === undefined ? 'it is empty' : printParseErrorCode(first.error);
    return {
      ok: false,
      document: side,
      range: { start: document.positionAt(span.offset), end: document.positionAt(span.offset + span.length) },
      message: `The ${side === 'from' ? 'older revision' : 'document in the editor'} is not valid JSON (${what}${errors.length > 1 ? `, and ${errors.length - 1} more` : ''}): nothing was planned.`,
    };
  }
  // The tree has the value too, but JSON.parse is several times faster on a large document. Lines are counted as
  // the editor counts them (a lone `\r` ends one too).
  const positionAt = (offset: number) => document.positionAt(offset);
  return { name, text, tree: root, positionAt, value: JSON.parse(text) as unknown };
}

/** The name a document of the playground goes by: the last segment of its uri (`file:///playground/3/<name>`). */
const nameOf = (uri: string) => decodeURIComponent(uri.slice(uri.lastIndexOf('/') + 1));

const toLspRange = (range: PlanLocation['range']): Range => ({
  start: { line: range.start.line - 1, character: range.start.column - 1 },
  end: { line: range.end.line - 1, character: range.end.column - 1 },
});

export function planBetween(oldText: string, current: TextDocument, oldName = 'older revision'): PlanView {
  const started = performance.now();
  const from = read('from', oldName, TextDocument.create('inmemory://dbkit/older.json', 'json', 1, oldText));
  if (!('value' in from)) return from;
  const to = read('to', nameOf(current.uri), current);
  if (!('value' in to)) return to;
  const plan = planTransition(from.value, to.value);
  const located = locatePlan(plan, { from, to }, { anchor: 'name' });
  const counts = countPlan(located);
  return {
    ok: true,
    changes: located.changes.map((change) => ({
      area: change.area,
      kind: change.kind,
      summary: change.summary,
      ...(change.from === undefined ? {} : { from: toLspRange(change.from.range) }),
      ...(change.to === undefined ? {} : { to: toLspRange(change.to.range) }),
    })),
    diagnostics: located.diagnostics.map((d) => ({
      code: d.code,
      severity: d.severity,
      message: d.message,
      area: diagnosticArea(d, located.changes),
      document: d.location.document,
      range: toLspRange(d.location.range),
      related: (d.related ?? []).map((r) => ({ document: r.document, range: toLspRange(r.range), message: r.message })),
    })),
    notes: located.notes,
    counts,
    countsText: formatPlanCounts(counts).trim(),
    text: renderPlanText(located).text,
    durationMs: performance.now() - started,
  };
}
