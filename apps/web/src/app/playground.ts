/**
 * The document in the editor: one monaco model at a time, opened in the language worker and kept in sync with it
 * (each change is sent as monaco's edits, so the worker updates its tree instead of parsing again).
 */
import type { editor } from 'monaco-editor/esm/vs/editor/editor.api';
import { JSON_LANGUAGE_ID } from '../editor/jsonLanguage.js';
import type { Monaco } from '../editor/monaco.js';
import type { LanguageClient } from '../lsp/client.js';
import type { DocumentKind } from '../worker/protocol.js';

export interface Playground {
  open(fileName: string, text: string): void;
  /** Serves the document as another kind (the user's choice). */
  setKind(kind: DocumentKind): void;
  readonly fileName: string;
  text(): string;
  model(): editor.ITextModel | undefined;
}

export function createPlayground(
  monaco: Monaco,
  view: editor.IStandaloneCodeEditor,
  client: LanguageClient,
): Playground {
  let current: editor.ITextModel | undefined;
  let fileName = 'untitled.automation.json';
  let counter = 0;
  return {
    open(name, text) {
      if (current !== undefined) {
        client.notify({ type: 'close', uri: current.uri.toString() });
        current.dispose();
      }
      counter += 1;
      fileName = name;
      const uri = monaco.Uri.parse(`file:///playground/${counter}/${encodeURIComponent(name)}`);
      const model = monaco.editor.createModel(text, JSON_LANGUAGE_ID, uri);
      current = model;
      view.setModel(model);
      client.notify({ type: 'open', uri: uri.toString(), fileName: name, text, version: model.getVersionId() });
      model.onDidChangeContent((event) => {
        client.notify({
          type: 'change',
          uri: uri.toString(),
          version: model.getVersionId(),
          changes: event.changes.map((c) => ({ rangeOffset: c.rangeOffset, rangeLength: c.rangeLength, text: c.text })),
        });
      });
    },
    setKind(kind) {
      if (current === undefined) return;
      client.notify({
        type: 'open',
        uri: current.uri.toString(),
        fileName,
        text: current.getValue(),
        version: current.getVersionId(),
        kind,
      });
    },
    get fileName() {
      return fileName;
    },
    text: () => current?.getValue() ?? '',
    model: () => current,
  };
}
