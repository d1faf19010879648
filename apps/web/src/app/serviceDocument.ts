/**
 * What a service's answer does to the document in the editor: its diagnostics become markers until the next edit,
 * and after a push the document says the version it was stored as.
 */
import type { editor } from 'monaco-editor/esm/vs/editor/editor.api';
import type { Monaco } from '../editor/monaco.js';
import { toMarker } from '../lsp/convert.js';
import type { ServiceDiagnostic, ServicePushOutcome } from '../worker/serviceTypes.js';

/** The owner of the service's markers in monaco (the language worker's are `dbkit`). */
export const SERVICE_MARKER_OWNER = 'dbkit-service';

/** Sets the service's markers on a document, replacing those it set before. */
export type SetServiceMarkers = (model: editor.ITextModel, diagnostics: readonly ServiceDiagnostic[]) => void;

export function createServiceMarkers(monaco: Monaco): SetServiceMarkers {
  // The service's diagnostics stay on the version they were about: the next edit clears them.
  let clearing: { dispose(): void } | undefined;
  return (model, diagnostics) => {
    clearing?.dispose();
    monaco.editor.setModelMarkers(
      model,
      SERVICE_MARKER_OWNER,
      diagnostics.map((d) => toMarker(d, model.uri)),
    );
    clearing =
      diagnostics.length === 0
        ? undefined
        : model.onDidChangeContent(() => {
            clearing?.dispose();
            clearing = undefined;
            monaco.editor.setModelMarkers(model, SERVICE_MARKER_OWNER, []);
          });
  };
}

/** Makes the document say the version it was stored as, when it is still the version that was sent. */
export function applyVersionEdits(
  model: editor.ITextModel,
  outcome: Extract<ServicePushOutcome, { kind: 'pushed' }>,
): boolean {
  if (outcome.versionEdits.length === 0) return true;
  if (model.getVersionId() !== outcome.documentVersion) return false;
  model.pushEditOperations(
    [],
    outcome.versionEdits.map((edit) => {
      const start = model.getPositionAt(edit.offset);
      const end = model.getPositionAt(edit.offset + edit.length);
      return {
        range: {
          startLineNumber: start.lineNumber,
          startColumn: start.column,
          endLineNumber: end.lineNumber,
          endColumn: end.column,
        },
        text: edit.content,
      };
    }),
    () => null,
  );
  return true;
}
