/**
 * monaco-editor, piece by piece: the editor core (`editor.api`) and the contributions the playground uses, and no
 * language of monaco's own (the JSON tokens are ours, `jsonLanguage.ts`; the language features come from the
 * dbkit worker). `edcore.main` would add the diff editor, inline completions, colour pickers, sticky scroll and
 * more that a JSON document does not need.
 */
import 'monaco-editor/esm/vs/editor/browser/coreCommands.js';
import 'monaco-editor/esm/vs/editor/browser/widget/codeEditor/codeEditorWidget.js';
import 'monaco-editor/esm/vs/editor/common/standaloneStrings.js';
import 'monaco-editor/esm/vs/base/browser/ui/codicons/codiconStyles.js';
import * as monaco from 'monaco-editor/esm/vs/editor/editor.api';
import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker?worker';

// monaco's own worker (text diffs, links) is created on demand; the dbkit language worker is separate.
(self as unknown as { MonacoEnvironment: monaco.Environment }).MonacoEnvironment = {
  getWorker: () => new EditorWorker(),
};

export { monaco };
export type Monaco = typeof monaco;
