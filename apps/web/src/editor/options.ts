/**
 * The playground editor's options, in one place so the bench's floor page (`bench/floor/`) creates its editor with
 * the very same ones: the floor then differs from the playground only by what dbkit adds.
 */
import type { editor } from 'monaco-editor/esm/vs/editor/editor.api';

export const EDITOR_OPTIONS: editor.IStandaloneEditorConstructionOptions = {
  automaticLayout: true,
  minimap: { enabled: false },
  tabSize: 2,
  wordBasedSuggestions: 'off',
  quickSuggestions: { strings: true, other: true, comments: false },
  suggest: { insertMode: 'replace' },
  fixedOverflowWidgets: true,
  // Both walk the whole document on the page's thread; a 3 MB config makes every keystroke pay for them.
  bracketPairColorization: { enabled: false },
  occurrencesHighlight: 'off',
};
