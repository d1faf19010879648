/**
 * The compare view, loaded when first opened: monaco's diff editor, the older revision (read-only) against the
 * document in the editor (the same model, so edits here are edits there), and the plan beside it, computed in the
 * worker (`plan` request) after each change. The plan's diagnostics are also markers on both sides.
 */
import './panels.css';
import type { editor } from 'monaco-editor/esm/vs/editor/editor.api';
import type { Range } from 'vscode-languageserver-types';
import { JSON_LANGUAGE_ID } from '../editor/jsonLanguage.js';
import { toMarker, toMonacoRange } from '../lsp/convert.js';
import type { PlanView, Side } from '../worker/planTypes.js';
import { h } from './dom.js';
import type { PageContext } from './pageContext.js';
import { renderPlan } from './planPanel.js';

/** The owner of the plan's markers in monaco. */
export const PLAN_MARKER_OWNER = 'dbkit-plan';
/** How long after the last keystroke the plan is computed again. */
const REPLAN_DELAY_MS = 300;

export interface CompareView {
  show(oldName: string, oldText: string): void;
  close(): void;
}

export function createCompareView(ctx: PageContext, anchor: HTMLElement): CompareView {
  const { monaco, playground, client } = ctx;
  const title = h('h2', { id: 'compare-title' });
  const closeButton = h('button', { type: 'button', id: 'compare-close' }, 'Close');
  const diffHost = h('div', {
    class: 'diff',
    'aria-label': 'Older revision (left) and the document in the editor (right)',
  });
  const planHost = h('aside', { id: 'plan', class: 'plan', 'aria-label': 'Plan' });
  const section = h(
    'section',
    { id: 'compare', 'aria-label': 'Compare', hidden: true },
    h('header', {}, title, closeButton),
    h('div', { class: 'compare-body' }, diffHost, planHost),
  );
  anchor.before(section);

  let diff: editor.IStandaloneDiffEditor | undefined;
  let original: editor.ITextModel | undefined;
  let oldText = '';
  let oldName = '';
  let counter = 0;
  let asked = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners: { dispose(): void }[] = [];

  const sideEditor = (side: Side) => (side === 'from' ? diff?.getOriginalEditor() : diff?.getModifiedEditor());
  const goTo = (side: Side, range: Range) => {
    const target = sideEditor(side);
    if (target === undefined) return;
    const r = toMonacoRange(range);
    target.setSelection(r);
    target.revealRangeInCenter(r);
    target.focus();
  };

  // The models that have plan markers: the older revision and each document compared with it.
  const marked = new Set<editor.ITextModel>();
  const clearMarkers = () => {
    for (const model of marked) {
      if (!model.isDisposed()) monaco.editor.setModelMarkers(model, PLAN_MARKER_OWNER, []);
    }
    marked.clear();
  };
  const markers = (view: PlanView) => {
    const modified = playground.model();
    clearMarkers();
    if (original === undefined || modified === undefined || !view.ok) return;
    for (const [side, model] of [
      ['from', original],
      ['to', modified],
    ] as const) {
      marked.add(model);
      monaco.editor.setModelMarkers(
        model,
        PLAN_MARKER_OWNER,
        view.diagnostics
          .filter((d) => d.document === side)
          .map((d) =>
            toMarker(
              {
                range: d.range,
                severity: { error: 1, warning: 2, info: 3 }[d.severity] as 1 | 2 | 3,
                code: d.code,
                source: 'dbkit plan',
                message: d.message,
              },
              model.uri,
            ),
          ),
      );
    }
  };

  const plan = async () => {
    const model = playground.model();
    if (model === undefined || section.hidden) return;
    const ask = ++asked;
    const version = model.getVersionId();
    section.dataset.planning = 'true';
    let view: PlanView;
    try {
      view = await client.request('plan', { uri: model.uri.toString(), oldText, oldName });
    } catch (error) {
      if (ask !== asked) return;
      planHost.replaceChildren(
        h('h2', {}, 'Plan'),
        h('p', { class: 'error' }, `The plan failed: ${(error as Error).message}`),
      );
      return;
    }
    // A newer request, or an edit since: its own plan follows.
    if (ask !== asked || model.getVersionId() !== version || section.hidden) return;
    renderPlan(planHost, view, goTo);
    markers(view);
    delete section.dataset.planning;
    section.dataset.planned = `${model.uri.toString()}@${version}`;
  };
  const schedule = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => void plan(), REPLAN_DELAY_MS);
  };

  const attach = () => {
    const modified = playground.model();
    if (diff === undefined || original === undefined || modified === undefined) return;
    diff.setModel({ original, modified });
    while (listeners.length > 0) listeners.pop()?.dispose();
    listeners.push(modified.onDidChangeContent(schedule));
    void plan();
  };

  const close = () => {
    if (section.hidden) return;
    section.hidden = true;
    document.body.classList.remove('comparing');
    if (timer !== undefined) clearTimeout(timer);
    while (listeners.length > 0) listeners.pop()?.dispose();
    clearMarkers();
    diff?.dispose();
    diff = undefined;
    original?.dispose();
    original = undefined;
    delete section.dataset.planned;
    ctx.view.focus();
  };
  closeButton.addEventListener('click', close);
  // Another document opened meanwhile (examples, files, the service): compare that one.
  ctx.view.onDidChangeModel(() => {
    if (!section.hidden) attach();
  });

  return {
    show(name, text) {
      oldText = text;
      oldName = name;
      counter += 1;
      title.textContent = `${name} → ${playground.fileName}`;
      section.hidden = false;
      document.body.classList.add('comparing');
      original?.dispose();
      original = monaco.editor.createModel(
        text,
        JSON_LANGUAGE_ID,
        monaco.Uri.parse(`inmemory://compare/${counter}/${encodeURIComponent(name)}`),
      );
      if (diff === undefined) {
        diff = monaco.editor.createDiffEditor(diffHost, {
          automaticLayout: true,
          originalEditable: false,
          renderSideBySide: true,
          minimap: { enabled: false },
          ignoreTrimWhitespace: false,
          renderOverviewRuler: false,
          bracketPairColorization: { enabled: false },
          occurrencesHighlight: 'off',
        });
        // Where the cursor is on each side, for people reading the page's state (and the end-to-end tests).
        for (const side of ['from', 'to'] as const) {
          sideEditor(side)?.onDidChangeCursorPosition(({ position }) => {
            section.dataset.cursor = `${side} Ln ${position.lineNumber}, Col ${position.column}`;
          });
        }
      }
      planHost.replaceChildren(h('h2', {}, 'Plan'), h('p', { class: 'note' }, 'Planning in the worker…'));
      attach();
    },
    close,
  };
}
