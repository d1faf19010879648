/**
 * "Compare…": where the older revision comes from: an example, a local file, the service's stored revision (when
 * keys are entered in the Service panel), or pasted text. The text is read, never parsed: the worker plans.
 */
import './panels.css';
import { h } from './dom.js';
import type { Example } from './examples.js';
import { readFile } from './files.js';
import type { PageContext } from './pageContext.js';
import { loadKeys, missingKeys } from './serviceKeys.js';

export interface CompareChooser {
  toggle(): void;
}

interface ChooserElements {
  readonly panel: HTMLElement;
  readonly result: HTMLParagraphElement;
  readonly closeButton: HTMLButtonElement;
  readonly exampleSelect: HTMLSelectElement;
  readonly exampleButton: HTMLButtonElement;
  readonly fileInput: HTMLInputElement;
  readonly fileButton: HTMLButtonElement;
  readonly storedButton: HTMLButtonElement;
  readonly pasted: HTMLTextAreaElement;
  readonly pastedButton: HTMLButtonElement;
}

/** What each source does with what it read: compare with it, or say why it cannot. */
interface Choice {
  compare(name: string, text: string): void;
  fail(text: string): void;
}

export function createCompareChooser(ctx: PageContext, anchor: HTMLElement): CompareChooser {
  const ui = chooserElements(ctx.examples);
  anchor.after(ui.panel);
  const choice: Choice = {
    compare(name, text) {
      ui.result.textContent = '';
      ui.panel.hidden = true;
      ctx.compare(name, text);
    },
    fail(text) {
      ui.result.className = 'error';
      ui.result.textContent = text;
    },
  };
  ui.closeButton.addEventListener('click', () => {
    ui.panel.hidden = true;
  });
  ui.exampleButton.addEventListener('click', () => {
    const example = ctx.examples.find((e) => e.path === ui.exampleSelect.value);
    if (example !== undefined) choice.compare(example.fileName, example.text);
  });
  ui.fileButton.addEventListener('click', () => ui.fileInput.click());
  ui.fileInput.addEventListener('change', () => void compareWithFile(ui.fileInput, choice));
  ui.pastedButton.addEventListener('click', () => {
    if (ui.pasted.value.trim() === '') return choice.fail('Paste the older revision first.');
    choice.compare('pasted text', ui.pasted.value);
  });
  ui.storedButton.addEventListener('click', () => void compareWithStored(ctx, ui.result, choice));

  return {
    toggle() {
      ui.panel.hidden = !ui.panel.hidden;
      if (!ui.panel.hidden) ui.exampleSelect.focus();
    },
  };
}

function chooserElements(examples: readonly Example[]): ChooserElements {
  const result = h('p', { id: 'compare-result', role: 'status' });
  const exampleSelect = h(
    'select',
    { id: 'compare-example', 'aria-label': 'Example to compare with' },
    ...examples.filter((e) => e.path.startsWith('automation/')).map((e) => new Option(e.path, e.path)),
  );
  const exampleButton = h('button', { type: 'button', id: 'compare-with-example' }, 'Compare');
  const fileInput = h('input', { type: 'file', accept: '.json,application/json', hidden: true });
  const fileButton = h('button', { type: 'button', id: 'compare-with-file' }, 'Open file…');
  const storedButton = h('button', { type: 'button', id: 'compare-with-stored' }, 'Compare with the stored revision');
  const pasted = h('textarea', {
    id: 'compare-text',
    rows: '4',
    placeholder: 'Paste the older revision here',
    spellcheck: 'false',
  });
  const pastedButton = h('button', { type: 'button', id: 'compare-with-text' }, 'Compare');
  const closeButton = h('button', { type: 'button', class: 'close', 'aria-label': 'Close' }, '×');
  const panel = h(
    'section',
    { id: 'compare-chooser', class: 'panel', 'aria-label': 'Compare with an older revision', hidden: true },
    h('header', {}, h('h2', {}, 'Compare with an older revision'), closeButton),
    h(
      'p',
      { class: 'note' },
      'The older revision is shown on the left, the document in the editor on the right, and the plan between them beside.',
    ),
    h('div', { class: 'row' }, h('label', {}, 'An example ', exampleSelect), exampleButton),
    h('div', { class: 'row' }, 'A file ', fileButton, fileInput),
    h('div', { class: 'row' }, 'The service ', storedButton),
    h('div', { class: 'row' }, pasted, pastedButton),
    result,
  );
  return {
    panel,
    result,
    closeButton,
    exampleSelect,
    exampleButton,
    fileInput,
    fileButton,
    storedButton,
    pasted,
    pastedButton,
  };
}

/** The file picked, read as text. */
async function compareWithFile(fileInput: HTMLInputElement, choice: Choice): Promise<void> {
  const file = fileInput.files?.[0];
  fileInput.value = '';
  if (file === undefined) return;
  const read = await readFile(file);
  if (read.ok) choice.compare(read.fileName, read.text);
  else choice.fail(read.error);
}

/** The service's stored revision, with the keys entered in the Service panel. */
async function compareWithStored(ctx: PageContext, result: HTMLElement, choice: Choice): Promise<void> {
  const keys = loadKeys(window.sessionStorage);
  const missing = missingKeys(keys);
  if (missing !== undefined) return choice.fail(`Connect in the Service panel first. ${missing}`);
  result.className = '';
  result.textContent = 'Reading the stored revision…';
  const outcome = await ctx.client.request('serviceOpen', { baseUrl: location.origin, ...keys });
  if (outcome.kind !== 'opened') {
    const { describeOutcome } = await import('./serviceMessages.js');
    const message = describeOutcome(outcome);
    return choice.fail(`${message.title}. ${message.text}`);
  }
  choice.compare(`stored version ${outcome.version}`, outcome.text);
}
