/**
 * A plan placed in its two files: every path of `planTransition`'s result gets a file, a line and a column in the
 * document it points into, messages and summaries are scrubbed of both documents' secrets, and (text format) each
 * diagnostic gets a code frame from its own document, masked like `dbkit validate`'s.
 */
import {
  formatPlanLocation,
  type JsonPath,
  type LocatedChange,
  type LocatedPlan,
  type LocatedPlanDiagnostic,
  type Plan,
  type PlanLocation,
  scrubSecrets,
} from '@dbkit/core';
import type { Node } from 'jsonc-parser';
import { type LineIndex, rangeOf, spanOfPath } from '../validate/locate.js';
import type { SecretValue } from '../validate/mask.js';
import { type Palette, severityColor } from './color.js';
import { DEFAULT_FRAME, renderFrame } from './frame.js';

/** One of the two revisions, parsed: what locating a path in it needs. */
export interface PlanDocument {
  /** The name printed: relative to the working directory, or `<stdin>`. */
  readonly name: string;
  readonly text: string;
  readonly root: Node | undefined;
  readonly index: LineIndex;
  readonly secrets: readonly SecretValue[];
}

export type DocumentSide = 'from' | 'to';

/** A path placed in one of the files; the located plan's shapes are core's, which renders them. */
export type Location = PlanLocation;
export type { LocatedChange, LocatedPlan, LocatedPlanDiagnostic };

export interface PlanDocuments {
  readonly from: PlanDocument;
  readonly to: PlanDocument;
}

/**
 * Places `plan` in the two documents.
 * @param frames the palette to render code frames with; undefined for json and sarif.
 */
export function locatePlan(plan: Plan, docs: PlanDocuments, frames: Palette | undefined): LocatedPlan {
  // Core never puts a secret in a summary or message; scrubbing with both documents' secrets is the second line.
  const secrets = [...docs.from.secrets, ...docs.to.secrets];
  const clean = (text: string): string => scrubSecrets(text, secrets);
  const place = (document: DocumentSide, path: JsonPath): Location => {
    const doc = docs[document];
    return { document, file: doc.name, path, range: rangeOf(doc.index, spanOfPath(doc.root, doc.index, path)) };
  };
  const changes = plan.changes.map(
    (change): LocatedChange => ({
      area: change.area,
      kind: change.kind,
      summary: clean(change.summary),
      ...(change.fromPath ? { from: place('from', change.fromPath) } : {}),
      ...(change.toPath ? { to: place('to', change.toPath) } : {}),
    }),
  );
  const diagnostics = plan.diagnostics.map((d): LocatedPlanDiagnostic => {
    const doc = docs[d.document];
    const span = spanOfPath(doc.root, doc.index, d.path);
    return {
      code: d.code,
      severity: d.severity,
      message: clean(d.message),
      location: place(d.document, d.path),
      ...(d.related
        ? { related: d.related.map((r) => ({ ...place(r.document, r.path), message: clean(r.message) })) }
        : {}),
      ...(frames
        ? {
            frame: renderFrame(doc.text, doc.index, span, doc.secrets, {
              ...DEFAULT_FRAME,
              palette: frames,
              accent: severityColor(frames, d.severity),
            }),
          }
        : {}),
    };
  });
  return { from: docs.from.name, to: docs.to.name, changes, diagnostics, notes: plan.notes.map(clean) };
}

/** `file:line:col`, 1-based. */
export function formatLocation(location: Location): string {
  return formatPlanLocation(location);
}
