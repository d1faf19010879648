/**
 * The plan beside the diff, laid out like `dbkit plan`: counts, then each area with its changes (marked) and its
 * diagnostics (DBK6xx), then the notes; "Copy as text" copies core's rendering, the CLI's text. A change or
 * diagnostic is a button that goes to its place, in the revision it is in.
 */
import type { Range } from 'vscode-languageserver-types';
import type { PlanChangeView, PlanDiagnosticView, PlanView, Side } from '../worker/planTypes.js';
import { h } from './dom.js';
import { groupPlan, KIND_MARK, type PlanGroup } from './planModel.js';

export type GoTo = (side: Side, range: Range) => void;

/** One clickable line: click, Enter or Space goes to `place`. */
function item(
  className: string,
  place: { side: Side; range: Range } | undefined,
  goTo: GoTo,
  ...children: (Node | string)[]
) {
  const li = h('li', { class: className, tabindex: place === undefined ? undefined : '0' }, ...children);
  if (place !== undefined) {
    li.dataset.document = place.side;
    li.dataset.line = String(place.range.start.line + 1);
    const go = () => goTo(place.side, place.range);
    li.addEventListener('click', go);
    li.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        go();
      }
    });
  }
  return li;
}

const sideName = (side: Side) => (side === 'from' ? 'older' : 'current');

export function renderPlan(target: HTMLElement, view: PlanView, goTo: GoTo): void {
  if (!view.ok) {
    renderFailure(target, view, goTo);
    return;
  }
  const groups = groupPlan(view.changes, view.diagnostics);
  target.replaceChildren(
    h('div', { class: 'plan-head' }, h('h2', {}, 'Plan'), copyButton(view.text)),
    h('p', { id: 'plan-counts', class: view.counts.errors > 0 ? 'counts has-errors' : 'counts' }, view.countsText),
    groups.length === 0 ? h('p', { class: 'note' }, 'No changes: the new revision describes the same deployment.') : '',
    ...groups.map((group) => planGroup(group, goTo)),
    ...view.notes.map((note) => h('p', { class: 'note' }, note)),
  );
}

/** A plan that could not be made: why, at its place. */
function renderFailure(target: HTMLElement, view: Extract<PlanView, { ok: false }>, goTo: GoTo): void {
  target.replaceChildren(
    h('h2', {}, 'Plan'),
    h(
      'ul',
      { class: 'plan-diagnostics' },
      item(
        'severity-error',
        { side: view.document, range: view.range },
        goTo,
        view.message,
        h('span', { class: 'where' }, ` ${sideName(view.document)} Ln ${view.range.start.line + 1}`),
      ),
    ),
  );
}

/** "Copy as text": copies `text`, the plan as the CLI prints it, and says whether it could. */
function copyButton(text: string): HTMLButtonElement {
  const copy = h(
    'button',
    { type: 'button', id: 'plan-copy', title: 'The plan as dbkit plan prints it' },
    'Copy as text',
  );
  copy.addEventListener('click', async () => {
    const copied = await navigator.clipboard?.writeText(text).then(
      () => true,
      () => false,
    );
    copy.textContent = copied ? 'Copied' : 'Copy failed';
  });
  return copy;
}

/** One area: its title, its changes, and its diagnostics if it has any. */
function planGroup(group: PlanGroup, goTo: GoTo): HTMLElement {
  return h(
    'section',
    { class: 'plan-group', 'data-area': group.area },
    h('h3', {}, group.title),
    h('ul', { class: 'plan-changes' }, ...group.changes.map((change) => changeItem(change, goTo))),
    group.diagnostics.length === 0
      ? ''
      : h('ul', { class: 'plan-diagnostics' }, ...group.diagnostics.map((d) => diagnosticItem(d, goTo))),
  );
}

/** A change, marked by its kind; it goes to its place in the current revision, or else in the older one. */
function changeItem(change: PlanChangeView, goTo: GoTo): HTMLLIElement {
  const place =
    change.to !== undefined
      ? { side: 'to' as const, range: change.to }
      : change.from !== undefined
        ? { side: 'from' as const, range: change.from }
        : undefined;
  return item(
    `change mark-${change.kind}`,
    place,
    goTo,
    h('code', { class: 'mark' }, KIND_MARK[change.kind]),
    ` ${change.summary}`,
  );
}

/** A diagnostic of the plan: its code, its message, and the revision and line it is in. */
function diagnosticItem(d: PlanDiagnosticView, goTo: GoTo): HTMLLIElement {
  const li = item(
    `severity-${d.severity}`,
    { side: d.document, range: d.range },
    goTo,
    h('span', { class: 'code' }, d.code),
    ` ${d.message}`,
    h('span', { class: 'where' }, ` ${sideName(d.document)} Ln ${d.range.start.line + 1}`),
  );
  li.dataset.code = d.code;
  return li;
}
