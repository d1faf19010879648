/** What the page hands to the panels it loads on demand (service, compare): the editor, the worker, messages. */
import type { editor } from 'monaco-editor/esm/vs/editor/editor.api';
import type { Monaco } from '../editor/monaco.js';
import type { LanguageClient } from '../lsp/client.js';
import type { Example } from './examples.js';
import type { Playground } from './playground.js';

export interface PageContext {
  readonly monaco: Monaco;
  readonly view: editor.IStandaloneCodeEditor;
  readonly playground: Playground;
  readonly client: LanguageClient;
  readonly examples: readonly Example[];
  /** Opens a new document in the editor (the example picker then says "your document"). */
  open(fileName: string, text: string): void;
  /** Opens the compare view with `oldText` as the older revision. */
  compare(oldName: string, oldText: string): void;
}
