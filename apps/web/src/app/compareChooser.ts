/**
 * "Compare…": where the older revision comes from: an example, a local file, the service's stored revision (when
 * keys are entered in the Service panel), or pasted text. The text is read, never parsed: the worker plans.
 */
import './panels.css';
import { h } from './dom.js';
import { readFile } from './files.js';
import type { PageContext } from './pageContext.js';
import { loadKeys, missingKeys } from './serviceKeys.js';

export interface CompareChooser {
  toggle(): void;
}

export function createCompareChooser(ctx: PageContext, anchor: HTMLElement): CompareChooser {
  const result = h('p', { id: 'compare-result', role: 'status' });
  const fail = (text: string) => {
    result.className = 'error';
    result.textContent = text;
  };
  const exampleSelect = h(
    'select',
    { id: 'compare-example', 'aria-label': 'Example to compare with' },
    ...ctx.examples.filter((e) => e.path.startsWith('automation/')).map((e) => new Option(e.path, e.path)),
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
  anchor.after(panel);

  const compare = (name: string, text: string) => {
    result.textContent = '';
    panel.hidden = true;
    ctx.compare(name, text);
  };
  closeButton.addEventListener('click', () => {
    panel.hidden = true;
  });
  exampleButton.addEventListener('click', () => {
    const example = ctx.examples.find((e) => e.path === exampleSelect.value);
    if (example !== undefined) compare(example.fileName, example.text);
  });
  fileButton.addEventListener('click', () => fileInput.click());
  fileInput.addEventListener('change', async () => {
    const file = fileInput.files?.[0];
    fileInput.value = '';
    if (file === undefined) return;
    const read = await readFile(file);
    if (read.ok) compare(read.fileName, read.text);
    else fail(read.error);
  });
  pastedButton.addEventListener('click', () => {
    if (pasted.value.trim() === '') return fail('Paste the older revision first.');
    compare('pasted text', pasted.value);
  });
  storedButton.addEventListener('click', async () => {
    const keys = loadKeys(window.sessionStorage);
    const missing = missingKeys(keys);
    if (missing !== undefined) return fail(`Connect in the Service panel first. ${missing}`);
    result.className = '';
    result.textContent = 'Reading the stored revision…';
    const outcome = await ctx.client.request('serviceOpen', { baseUrl: location.origin, ...keys });
    if (outcome.kind !== 'opened') {
      const { describeOutcome } = await import('./serviceMessages.js');
      const message = describeOutcome(outcome);
      return fail(`${message.title}. ${message.text}`);
    }
    compare(`stored version ${outcome.version}`, outcome.text);
  });

  return {
    toggle() {
      panel.hidden = !panel.hidden;
      if (!panel.hidden) exampleSelect.focus();
    },
  };
}
