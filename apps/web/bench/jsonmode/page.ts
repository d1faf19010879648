/**
 * The playground bench's peer page: what a user would otherwise open to edit an automation config in a browser.
 * monaco (the same chunks and editor options as the playground) with monaco's own JSON language and its worker
 * (vscode-json-languageservice), given dbkit's automation-config schema: validation, completion and hover from the
 * schema, nothing of dbkit's own rules.
 *
 * It marks the same moments as the playground for the bench's steps: the editor shown (`editorReadyMs`), the first
 * validation of the document (`firstValidatedMs`) and each version validated (`validated`), read from monaco's JSON
 * mode setting the model's markers (an empty set too, which monaco's marker events do not report).
 */
import schema from '@dbkit/schema/schema/automation-config.schema.json';
import 'monaco-editor/esm/vs/language/json/monaco.contribution.js';
import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/esm/vs/language/json/json.worker?worker';
import { DEFAULT_EXAMPLE, EXAMPLES } from '../../src/app/examples.js';
import { followSystemTheme } from '../../src/app/theme.js';
import { monaco } from '../../src/editor/monaco.js';
import { EDITOR_OPTIONS } from '../../src/editor/options.js';

const element = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

(self as unknown as { MonacoEnvironment: monaco.Environment }).MonacoEnvironment = {
  getWorker: (_workerId, label) => (label === 'json' ? new JsonWorker() : new EditorWorker()),
};
const json = (monaco.languages as unknown as { json: { jsonDefaults: JsonDefaults } }).json;
interface JsonDefaults {
  setDiagnosticsOptions(options: {
    validate: boolean;
    enableSchemaRequest: boolean;
    schemas: { uri: string; fileMatch: string[]; schema: unknown }[];
  }): void;
}
json.jsonDefaults.setDiagnosticsOptions({
  validate: true,
  enableSchemaRequest: false,
  schemas: [{ uri: (schema as { $id: string }).$id, fileMatch: ['*.automation.json'], schema }],
});
followSystemTheme(monaco);

const view = monaco.editor.create(element('editor'), EDITOR_OPTIONS);
const example = EXAMPLES.find((e) => e.path === DEFAULT_EXAMPLE);
const uri = monaco.Uri.parse(`file:///playground/1/${encodeURIComponent(example?.fileName ?? 'untitled.json')}`);
const model = monaco.editor.createModel(example?.text ?? '', 'json', uri);
view.setModel(model);

const version = () => `${uri.toString()}@${model.getVersionId()}`;
const setModelMarkers = monaco.editor.setModelMarkers;
monaco.editor.setModelMarkers = (target, owner, markers) => {
  setModelMarkers(target, owner, markers);
  if (target !== model || owner !== 'json') return;
  document.body.dataset.validated = version();
  document.body.dataset.firstValidatedMs ??= performance.now().toFixed(0);
};
view.onDidChangeCursorPosition(({ position }) => {
  element('cursor').textContent = `Ln ${position.lineNumber}, Col ${position.column}`;
});
(window as { dbkitPlayground?: unknown }).dbkitPlayground = { text: () => model.getValue(), version };

document.body.dataset.ready = 'true';
document.body.dataset.editorReadyMs = performance.now().toFixed(0);
