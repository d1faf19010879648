/** The plan's diagnostics as markers on both sides of the compare view: the older revision and the document. */
import type { editor } from 'monaco-editor/esm/vs/editor/editor.api';
import type { Monaco } from '../editor/monaco.js';
import { toMarker } from '../lsp/convert.js';
import type { PlanView } from '../worker/planTypes.js';

/** The owner of the plan's markers in monaco. */
export const PLAN_MARKER_OWNER = 'dbkit-plan';

export interface PlanMarkers {
  /** Replaces the plan's markers with `view`'s, on the older revision and the document compared with it. */
  show(view: PlanView, original: editor.ITextModel | undefined, modified: editor.ITextModel | undefined): void;
  /** Removes the plan's markers from every model that has them. */
  clear(): void;
}

export function createPlanMarkers(monaco: Monaco): PlanMarkers {
  // The models that have plan markers: the older revision and each document compared with it.
  const marked = new Set<editor.ITextModel>();
  const clear = () => {
    for (const model of marked) {
      if (!model.isDisposed()) monaco.editor.setModelMarkers(model, PLAN_MARKER_OWNER, []);
    }
    marked.clear();
  };
  return {
    show(view, original, modified) {
      clear();
      if (original === undefined || modified === undefined || !view.ok) return;
      for (const [side, model] of [
        ['from', original],
        ['to', modified],
      ] as const) {
        marked.add(model);
        monaco.editor.setModelMarkers(
          model,
          PLAN_MARKER_OWNER,
          view.diagnostics
            .filter((d) => d.document === side)
            .map((d) =>
              toMarker(
                {
                  range: d.range,
                  severity: { error: 1, warning: 2, info: 3 }[d.severity] as 1 | 2 | 3,
                  code: d.code,
                  source: 'dbkit plan',
                  message: d.message,
                },
                model.uri,
              ),
            ),
        );
      }
    },
    clear,
  };
}
