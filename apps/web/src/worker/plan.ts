/**
 * The plan between an older revision and the document in the editor: core's `planTransition`, with every path
 * placed in the revision it points into and every text scrubbed of both revisions' secrets. Runs in the worker:
 * the page never parses a document.
 */
import { planTransition } from '@dbkit/core';
import { printParseErrorCode } from 'jsonc-parser';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Range } from 'vscode-languageserver-types';
import { type JsonPath, type Span, spanOfPath, treeOf } from './jsonPaths.js';
import type { PlanView, Side } from './planTypes.js';
import { scrub, secretValuesOf } from './secrets.js';

interface Revision {
  readonly document: TextDocument;
  readonly root: ReturnType<typeof treeOf>['root'];
  readonly value: unknown;
}

const rangeOf = (document: TextDocument, span: Span): Range => ({
  start: document.positionAt(span.offset),
  end: document.positionAt(span.offset + span.length),
});

/** The revision parsed, or where its first syntax error is. */
function read(side: Side, document: TextDocument): Revision | Extract<PlanView, { ok: false }> {
  const text = document.getText();
  const { root, errors } = treeOf(text);
  const [first] = errors;
  if (first !== undefined || root === undefined) {
    const span = first ?? { offset: 0, length: 0 };
    const what = first === undefined ? 'it is empty' : printParseErrorCode(first.error);
    return {
      ok: false,
      document: side,
      range: rangeOf(document, span),
      message: `The ${side === 'from' ? 'older revision' : 'document in the editor'} is not valid JSON (${what}${errors.length > 1 ? `, and ${errors.length - 1} more` : ''}): nothing was planned.`,
    };
  }
  // The tree has the value too, but JSON.parse is several times faster on a large document.
  return { document, root, value: JSON.parse(text) as unknown };
}

export function planBetween(oldText: string, current: TextDocument): PlanView {
  const started = performance.now();
  const from = read('from', TextDocument.create('inmemory://dbkit/older.json', 'json', 1, oldText));
  if (!('value' in from)) return from;
  const to = read('to', current);
  if (!('value' in to)) return to;
  const plan = planTransition(from.value, to.value);
  const secrets = secretValuesOf(to.value, secretValuesOf(from.value));
  const text = (value: string) => scrub(value, secrets);
  const revision = (side: Side) => (side === 'from' ? from : to);
  const place = (side: Side, path: JsonPath): Range => {
    const { document, root } = revision(side);
    return rangeOf(document, spanOfPath(root, path));
  };
  return {
    ok: true,
    changes: plan.changes.map((change) => ({
      area: change.area,
      kind: change.kind,
      summary: text(change.summary),
      ...(change.fromPath === undefined ? {} : { from: place('from', change.fromPath) }),
      ...(change.toPath === undefined ? {} : { to: place('to', change.toPath) }),
    })),
    diagnostics: plan.diagnostics.map((d) => ({
      code: d.code,
      severity: d.severity,
      message: text(d.message),
      document: d.document,
      range: place(d.document, d.path),
      related: (d.related ?? []).map((r) => ({
        document: r.document,
        range: place(r.document, r.path),
        message: text(r.message),
      })),
    })),
    notes: plan.notes.map(text),
    durationMs: performance.now() - started,
  };
}
