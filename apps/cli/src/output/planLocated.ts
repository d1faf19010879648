/**
 * A plan placed in its two files (`locatePlan`, shared with the editor and the playground): every path of
 * `planTransition`'s result gets a file, a line and a column in the document it points into, and (text format) each
 * diagnostic gets a code frame from its own document, masked like `dbkit validate`'s. Summaries and messages come
 * from core with both documents' secrets masked wherever they quote them.
 */
import {
  formatPlanLocation,
  type LocatedChange,
  type LocatedPlan,
  type LocatedPlanDiagnostic,
  type Plan,
  type PlanDiagnostic,
  type PlanLocation,
} from '@dbkit/core';
import { locatePlan as placePlan, type Span } from '@dbkit/language-server/internal/locate';
import { findSecretValues } from '../validate/mask.js';
import { type Palette, severityColor } from './color.js';
import { DEFAULT_FRAME, type FrameMasks, frameMasks, renderFrame } from './frame.js';

/** One of the two revisions, parsed: what locating a path in it needs. */
export interface PlanDocument {
  /** The name printed: relative to the working directory, or `<stdin>`. */
  readonly name: string;
  /** The text `JSON.parse` read the revision from. */
  readonly text: string;
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
  if (!frames) return placePlan(plan, docs);
  // Each diagnostic is framed once placed, from the line and column of its location: no frame counts lines itself.
  const spans = new Map<PlanDiagnostic, Span>();
  const located = placePlan(plan, docs, {
    frame: (d, span) => {
      spans.set(d, span);
      return undefined;
    },
  });
  // The secrets of a revision are found only when one of its diagnostics is framed; a value equal to a secret of
  // either revision is masked too, as core's plan masks it where it quotes one.
  const secrets = {
    from: once(() => findSecretValues(docs.from.text, true)),
    to: once(() => findSecretValues(docs.to.text, true)),
  };
  const both = once(() => [...secrets.from(), ...secrets.to()]);
  const masks = {
    from: once((): FrameMasks => frameMasks(secrets.from(), both())),
    to: once((): FrameMasks => frameMasks(secrets.to(), both())),
  };
  // The located diagnostics are the plan's, in order.
  const diagnostics = located.diagnostics.map((d, i): LocatedPlanDiagnostic => {
    const doc = docs[d.location.document];
    const frame = renderFrame(
      doc.text,
      spans.get(plan.diagnostics[i]!)!,
      d.location.range.start,
      masks[d.location.document](),
      {
        ...DEFAULT_FRAME,
        palette: frames,
        accent: severityColor(frames, d.severity),
      },
    );
    return { ...d, frame };
  });
  return { ...located, diagnostics };
}

function once<T>(compute: () => T): () => T {
  let value: { readonly is: T } | undefined;
  return () => {
    value ??= { is: compute() };
    return value.is;
  };
}

/** `file:line:col`, 1-based. */
export function formatLocation(location: Location): string {
  return formatPlanLocation(location);
}
