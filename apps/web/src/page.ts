/**
 * The playground page (loaded by `main.ts` once the worker is starting): monaco with the dbkit language worker, and the controls around it (examples, kind, open,
 * drag-and-drop, download, share link, problems list, status line, theme). The page never parses a document.
 */
import { SCHEMA_VERSION } from '@dbkit/schema/fileMatch';
import { DEFAULT_EXAMPLE, EXAMPLES } from './app/examples.js';
import { download, readFile } from './app/files.js';
import type { PageContext } from './app/pageContext.js';
import { createPlayground } from './app/playground.js';
import { renderProblems, uniqueMarkers } from './app/problems.js';
import { decodeShare, encodeShare, isShareFragment } from './app/share.js';
import { formatStatus } from './app/status.js';
import { followSystemTheme } from './app/theme.js';
import { JSON_LANGUAGE_ID, registerJsonLanguage } from './editor/jsonLanguage.js';
import { monaco } from './editor/monaco.js';
import { EDITOR_OPTIONS } from './editor/options.js';
import { createLanguageClient } from './lsp/client.js';
import { registerProviders } from './lsp/providers.js';
import { KIND_LABELS } from './worker/kind.js';
import type { DiagnosticsReport, DocumentKind } from './worker/protocol.js';
import { languageWorker } from './worker/start.js';

interface PlaygroundHandle {
  text(): string;
  version(): string;
}

const element = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

const message = element<HTMLDivElement>('message');
function say(text: string, kind: 'info' | 'error' = 'info'): void {
  message.textContent = text;
  message.className = kind;
  message.hidden = false;
}
const quiet = () => {
  message.hidden = true;
};

registerJsonLanguage(monaco);
followSystemTheme(monaco);
languageWorker.addEventListener('error', () =>
  say(
    'The language worker could not start: the editor works, but without diagnostics or completion. Reload the page.',
    'error',
  ),
);
const client = createLanguageClient(languageWorker);
registerProviders(monaco, JSON_LANGUAGE_ID, client);

const view = monaco.editor.create(element('editor'), EDITOR_OPTIONS);
const playground = createPlayground(monaco, view, client);

// Status line and problems list follow the markers of the document in the editor.
let lastReport: (DiagnosticsReport & { readonly at: Date }) | undefined;
const kindSelect = element<HTMLSelectElement>('kind');
function refresh(): void {
  const model = playground.model();
  // Every owner's: the worker's, the service's answer to a push, the plan while comparing.
  const markers = model ? uniqueMarkers(monaco.editor.getModelMarkers({ resource: model.uri })) : [];
  const count = (severity: number) => markers.filter((m) => m.severity === severity).length;
  const report = lastReport?.uri === model?.uri.toString() ? lastReport : undefined;
  element('status-text').textContent = formatStatus({
    kindLabel: KIND_LABELS[report?.kind ?? (kindSelect.value as DocumentKind)] ?? 'JSON',
    schemaVersion: SCHEMA_VERSION,
    errors: count(monaco.MarkerSeverity.Error),
    warnings: count(monaco.MarkerSeverity.Warning),
    ...(report ? { validatedAt: report.at, durationMs: report.durationMs } : {}),
  });
  if (report) kindSelect.value = report.kind;
  renderProblems(element('problem-list'), element('problem-count'), markers, (marker) => {
    view.setSelection(
      new monaco.Selection(marker.startLineNumber, marker.startColumn, marker.endLineNumber, marker.endColumn),
    );
    view.revealRangeInCenter(
      new monaco.Range(marker.startLineNumber, marker.startColumn, marker.endLineNumber, marker.endColumn),
    );
    view.focus();
  });
}
client.onDiagnostics((report) => {
  if (report.version !== playground.model()?.getVersionId()) return;
  lastReport = { ...report, at: new Date() };
  document.body.dataset.validated = `${report.uri}@${report.version}`;
  // When the page first became usable (editor, document and its markers), for the benchmark.
  document.body.dataset.firstValidatedMs ??= performance.now().toFixed(0);
  refresh();
});
monaco.editor.onDidChangeMarkers(refresh);

// Examples and kinds.
const exampleSelect = element<HTMLSelectElement>('example');
exampleSelect.append(new Option('(your document)', ''), ...EXAMPLES.map((e) => new Option(e.path, e.path)));
kindSelect.append(...Object.entries(KIND_LABELS).map(([kind, label]) => new Option(label, kind)));
function openExample(path: string): void {
  const example = EXAMPLES.find((e) => e.path === path);
  if (example === undefined) return;
  exampleSelect.value = path;
  playground.open(example.fileName, example.text);
}
exampleSelect.addEventListener('change', () => {
  quiet();
  openExample(exampleSelect.value);
});
kindSelect.addEventListener('change', () => playground.setKind(kindSelect.value as DocumentKind));

// Local files: picker and drag-and-drop; download.
async function openFile(file: File): Promise<void> {
  const result = await readFile(file);
  if (!result.ok) return say(result.error, 'error');
  quiet();
  exampleSelect.value = '';
  playground.open(result.fileName, result.text);
}
const fileInput = element<HTMLInputElement>('file');
element('open').addEventListener('click', () => fileInput.click());
fileInput.addEventListener('change', () => {
  const file = fileInput.files?.[0];
  if (file) void openFile(file);
  fileInput.value = '';
});
const drop = element('drop');
window.addEventListener('dragover', (event) => {
  event.preventDefault();
  drop.hidden = false;
});
window.addEventListener('dragleave', (event) => {
  if (event.relatedTarget === null) drop.hidden = true;
});
window.addEventListener('drop', (event) => {
  event.preventDefault();
  drop.hidden = true;
  const file = event.dataTransfer?.files[0];
  if (file) void openFile(file);
  else say('Drop a file to open it.', 'error');
});
element('download').addEventListener('click', () => download(playground.fileName, playground.text()));

// Share by link: the document goes into the fragment, which browsers never send to a server.
element('share').addEventListener('click', async () => {
  const fragment = await encodeShare({ fileName: playground.fileName, text: playground.text() });
  history.replaceState(null, '', `#${fragment}`);
  const url = location.href;
  const copied = await navigator.clipboard?.writeText(url).then(
    () => true,
    () => false,
  );
  say(copied ? 'Link copied: the document is in the link itself, never sent anywhere.' : `Share this link: ${url}`);
});

async function openFromLocation(): Promise<void> {
  if (isShareFragment(location.hash)) {
    const shared = await decodeShare(location.hash);
    if (shared.ok) {
      exampleSelect.value = '';
      playground.open(shared.fileName, shared.text);
      return;
    }
    say(shared.error, 'error');
  }
  openExample(DEFAULT_EXAMPLE);
}
window.addEventListener('hashchange', () => {
  if (isShareFragment(location.hash)) void openFromLocation();
});
// The cursor's place, as editors show it.
view.onDidChangeCursorPosition(({ position }) => {
  element('cursor').textContent = `Ln ${position.lineNumber}, Col ${position.column}`;
});

// The service panel and the compare view: loaded on first use, so the first load does not carry them.
const context: PageContext = {
  monaco,
  view,
  playground,
  client,
  examples: EXAMPLES,
  open(fileName, text) {
    quiet();
    exampleSelect.value = '';
    playground.open(fileName, text);
  },
  compare(oldName, oldText) {
    void compareView().then((compare) => compare.show(oldName, oldText));
  },
};
const once = <T>(load: () => Promise<T>) => {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load();
    return loaded;
  };
};
const compareView = once(async () =>
  (await import('./app/compareView.js')).createCompareView(context, element('status')),
);
const compareChooser = once(async () =>
  (await import('./app/compareChooser.js')).createCompareChooser(context, element('message')),
);
const servicePanel = once(async () =>
  (await import('./app/servicePanel.js')).createServicePanel(context, element('message')),
);
const tool = (id: string, label: string, open: () => void) => {
  const button = document.createElement('button');
  Object.assign(button, { id, type: 'button', textContent: label });
  button.addEventListener('click', open);
  document.querySelector('header.bar .spacer')?.before(button);
};
const failedToLoad = () => say('This part of the playground could not be loaded: reload the page.', 'error');
tool('compare-open', 'Compare…', () => void compareChooser().then((c) => c.toggle(), failedToLoad));
tool('service-open-panel', 'Service…', () => void servicePanel().then((p) => p.toggle(), failedToLoad));

// A read-only handle for debugging and the end-to-end tests: the document's text (never logged) and its version,
// which `body[data-validated]` repeats once the worker has validated it.
const handle: PlaygroundHandle = {
  text: () => playground.text(),
  version: () => {
    const model = playground.model();
    return model ? `${model.uri.toString()}@${model.getVersionId()}` : '';
  },
};
(window as { dbkitPlayground?: PlaygroundHandle }).dbkitPlayground = handle;

void openFromLocation().then(() => {
  document.body.dataset.ready = 'true';
  // When the editor showed the first document and took input, for the benchmark.
  document.body.dataset.editorReadyMs = performance.now().toFixed(0);
});
