/**
 * The playground bench's floor page: the playground's editor (the same monaco chunks, options, language tokens,
 * theme and example) with nothing of dbkit: no language worker, no markers, no problems list. What the playground
 * takes beyond this page's times is dbkit's own.
 *
 * For the bench's steps it marks the same moments as the playground (`body[data-editor-ready-ms]`, the cursor in
 * `#cursor`, the `window.dbkitPlayground` handle) and, having no validation to wait for, marks each version
 * validated as soon as the editor has drawn it. Completion answers a fixed list at once, so the bench times monaco's
 * own part of "keystroke → completion visible": trigger, widget and rendering, with no worker round trip and no
 * language service.
 */
import { DEFAULT_EXAMPLE, EXAMPLES } from '../../src/app/examples.js';
import { followSystemTheme } from '../../src/app/theme.js';
import { JSON_LANGUAGE_ID, registerJsonLanguage } from '../../src/editor/jsonLanguage.js';
import { monaco } from '../../src/editor/monaco.js';
import { EDITOR_OPTIONS } from '../../src/editor/options.js';
import { TRIGGER_CHARACTERS } from '../../src/lsp/providers.js';
import { MAX_COMPLETION_ITEMS } from '../../src/worker/automationFeatures.js';

const element = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** As many items as the playground's longest answer, so monaco filters and lays out as much. */
const LABELS = Array.from(
  { length: MAX_COMPLETION_ITEMS },
  (_, i) => `"floor-${String(i).padStart(3, '0')}.example.net"`,
);

registerJsonLanguage(monaco);
followSystemTheme(monaco);
monaco.languages.registerCompletionItemProvider(JSON_LANGUAGE_ID, {
  triggerCharacters: TRIGGER_CHARACTERS,
  provideCompletionItems(model, position) {
    const word = model.getWordUntilPosition(position);
    const range = new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn);
    const kind = monaco.languages.CompletionItemKind.Value;
    return { suggestions: LABELS.map((label) => ({ label, kind, insertText: label, range })) };
  },
});

const view = monaco.editor.create(element('editor'), EDITOR_OPTIONS);
const example = EXAMPLES.find((e) => e.path === DEFAULT_EXAMPLE);
const uri = monaco.Uri.parse(`file:///playground/1/${encodeURIComponent(example?.fileName ?? 'untitled.json')}`);
const model = monaco.editor.createModel(example?.text ?? '', JSON_LANGUAGE_ID, uri);
view.setModel(model);

const version = () => `${uri.toString()}@${model.getVersionId()}`;
const validated = () => {
  document.body.dataset.validated = version();
};
// After the frame that draws the edit: the playground's markers for it cannot come sooner, as monaco draws it on the
// page's thread first (a 3 MB paste: hundreds of milliseconds).
model.onDidChangeContent(() => requestAnimationFrame(() => setTimeout(validated)));
validated();
view.onDidChangeCursorPosition(({ position }) => {
  element('cursor').textContent = `Ln ${position.lineNumber}, Col ${position.column}`;
});
(window as { dbkitPlayground?: unknown }).dbkitPlayground = { text: () => model.getValue(), version };

document.body.dataset.ready = 'true';
document.body.dataset.editorReadyMs = performance.now().toFixed(0);
