/**
 * A plan placed in its two files (`locatePlan`, shared with the editor and the playground): every path of
 * `planTransition`'s result gets a file, a line and a column in the document it points into, messages and summaries
 * are scrubbed of both documents' secrets, and (text format) each diagnostic gets a code frame from its own document,
 * masked like `dbkit validate`'s.
 */
import {
  formatPlanLocation,
  type LocatedChange,
  type LocatedPlan,
  type LocatedPlanDiagnostic,
  type Plan,
  type PlanLocation,
} from '@dbkit/core';
import { locatePlan as placePlan } from '@dbkit/language-server/locate';
import type { LineIndex } from '../validate/lines.js';
import type { SecretValue } from '../validate/mask.js';
import { type Palette, severityColor } from './color.js';
import { DEFAULT_FRAME, renderFrame } from './frame.js';

/** One of the two revisions, parsed: what locating a path in it needs. */
export interface PlanDocument {
  /** The name printed: relative to the working directory, or `<stdin>`. */
  readonly name: string;
  /** The text `JSON.parse` read the revision from. */
  readonly text: string;
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
  return placePlan(plan, docs, {
    secrets: [...docs.from.secrets, ...docs.to.secrets],
    ...(frames
      ? {
          frame: (d, span) => {
            const doc = docs[d.document];
            return renderFrame(doc.text, doc.index, span, doc.secrets, {
              ...DEFAULT_FRAME,
              palette: frames,
              accent: severityColor(frames, d.severity),
            });
          },
        }
      : {}),
  });
}

/** `file:line:col`, 1-based. */
export function formatLocation(location: Location): string {
  return formatPlanLocation(location);
}
