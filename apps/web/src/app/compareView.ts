/**
 * The compare view, loaded when first opened: monaco's diff editor, the older revision (read-only) against the
 * document in the editor (the same model, so edits here are edits there), and the plan beside it, computed in the
 * worker (`plan` request) after each change. The plan's diagnostics are also markers on both sides (`planMarkers.ts`).
 */
import './panels.css';
import type { editor } from 'monaco-editor/esm/vs/editor/editor.api';
import type { Range } from 'vscode-languageserver-types';
import { JSON_LANGUAGE_ID } from '../editor/jsonLanguage.js';
import { toMonacoRange } from '../lsp/convert.js';
import type { PlanView, Side } from '../worker/planTypes.js';
import { h } from './dom.js';
import type { PageContext } from './pageContext.js';
import { createPlanMarkers, type PlanMarkers } from './planMarkers.js';
import { type GoTo, renderPlan } from './planPanel.js';

export { PLAN_MARKER_OWNER } from './planMarkers.js';

/** How long after the last keystroke the plan is computed again. */
const REPLAN_DELAY_MS = 300;

export interface CompareView {
  show(oldName: string, oldText: string): void;
  close(): void;
}

interface CompareElements {
  readonly section: HTMLElement;
  readonly title: HTMLHeadingElement;
  readonly closeButton: HTMLButtonElement;
  readonly diffHost: HTMLDivElement;
  readonly planHost: HTMLElement;
}

/** What the view's steps share: the page, the view's elements, and the comparison open now. */
interface Comparison {
  readonly ctx: PageContext;
  readonly dom: CompareElements;
  readonly markers: PlanMarkers;
  readonly goTo: GoTo;
  diff: editor.IStandaloneDiffEditor | undefined;
  original: editor.ITextModel | undefined;
  oldText: string;
  oldName: string;
  /** How many older revisions were opened, so each has its own model URI. */
  counter: number;
  /** The newest plan request; an answer to an older one is dropped. */
  asked: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  readonly listeners: { dispose(): void }[];
}

export function createCompareView(ctx: PageContext, anchor: HTMLElement): CompareView {
  const dom = compareElements();
  anchor.before(dom.section);
  const state: Comparison = {
    ctx,
    dom,
    markers: createPlanMarkers(ctx.monaco),
    goTo: (side, range) => goTo(state, side, range),
    diff: undefined,
    original: undefined,
    oldText: '',
    oldName: '',
    counter: 0,
    asked: 0,
    timer: undefined,
    listeners: [],
  };
  const close = () => closeComparison(state);
  dom.closeButton.addEventListener('click', close);
  // Another document opened meanwhile (examples, files, the service): compare that one.
  ctx.view.onDidChangeModel(() => {
    if (!dom.section.hidden) attach(state);
  });
  return { show: (name, text) => showComparison(state, name, text), close };
}

function compareElements(): CompareElements {
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
  return { section, title, closeButton, diffHost, planHost };
}

const sideEditor = (state: Comparison, side: Side) =>
  side === 'from' ? state.diff?.getOriginalEditor() : state.diff?.getModifiedEditor();

function goTo(state: Comparison, side: Side, range: Range): void {
  const target = sideEditor(state, side);
  if (target === undefined) return;
  const r = toMonacoRange(range);
  target.setSelection(r);
  target.revealRangeInCenter(r);
  target.focus();
}

/** Opens the view (or moves it on) with `text` as the older revision. */
function showComparison(state: Comparison, name: string, text: string): void {
  const { ctx, dom } = state;
  state.oldText = text;
  state.oldName = name;
  state.counter += 1;
  dom.title.textContent = `${name} → ${ctx.playground.fileName}`;
  dom.section.hidden = false;
  document.body.classList.add('comparing');
  state.original?.dispose();
  state.original = ctx.monaco.editor.createModel(
    text,
    JSON_LANGUAGE_ID,
    ctx.monaco.Uri.parse(`inmemory://compare/${state.counter}/${encodeURIComponent(name)}`),
  );
  state.diff ??= createDiff(state);
  dom.planHost.replaceChildren(h('h2', {}, 'Plan'), h('p', { class: 'note' }, 'Planning in the worker…'));
  attach(state);
}

function createDiff(state: Comparison): editor.IStandaloneDiffEditor {
  const diff = state.ctx.monaco.editor.createDiffEditor(state.dom.diffHost, {
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
    const sideView = side === 'from' ? diff.getOriginalEditor() : diff.getModifiedEditor();
    sideView.onDidChangeCursorPosition(({ position }) => {
      state.dom.section.dataset.cursor = `${side} Ln ${position.lineNumber}, Col ${position.column}`;
    });
  }
  return diff;
}

/** Compares the document in the editor now, and plans again after each of its changes. */
function attach(state: Comparison): void {
  const modified = state.ctx.playground.model();
  if (state.diff === undefined || state.original === undefined || modified === undefined) return;
  state.diff.setModel({ original: state.original, modified });
  while (state.listeners.length > 0) state.listeners.pop()?.dispose();
  state.listeners.push(modified.onDidChangeContent(() => schedule(state)));
  void plan(state);
}

function schedule(state: Comparison): void {
  if (state.timer !== undefined) clearTimeout(state.timer);
  state.timer = setTimeout(() => void plan(state), REPLAN_DELAY_MS);
}

async function plan(state: Comparison): Promise<void> {
  const { ctx, dom } = state;
  const model = ctx.playground.model();
  if (model === undefined || dom.section.hidden) return;
  const ask = ++state.asked;
  const version = model.getVersionId();
  dom.section.dataset.planning = 'true';
  let view: PlanView;
  try {
    view = await ctx.client.request('plan', {
      uri: model.uri.toString(),
      oldText: state.oldText,
      oldName: state.oldName,
    });
  } catch (error) {
    if (ask !== state.asked) return;
    dom.planHost.replaceChildren(
      h('h2', {}, 'Plan'),
      h('p', { class: 'error' }, `The plan failed: ${(error as Error).message}`),
    );
    return;
  }
  // A newer request, or an edit since: its own plan follows.
  if (ask !== state.asked || model.getVersionId() !== version || dom.section.hidden) return;
  renderPlan(dom.planHost, view, state.goTo);
  state.markers.show(view, state.original, ctx.playground.model());
  delete dom.section.dataset.planning;
  dom.section.dataset.planned = `${model.uri.toString()}@${version}`;
}

function closeComparison(state: Comparison): void {
  const { dom } = state;
  if (dom.section.hidden) return;
  dom.section.hidden = true;
  document.body.classList.remove('comparing');
  if (state.timer !== undefined) clearTimeout(state.timer);
  while (state.listeners.length > 0) state.listeners.pop()?.dispose();
  state.markers.clear();
  state.diff?.dispose();
  state.diff = undefined;
  state.original?.dispose();
  state.original = undefined;
  delete dom.section.dataset.planned;
  state.ctx.view.focus();
}
