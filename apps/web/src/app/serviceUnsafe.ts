/**
 * What the Service panel shows for an unsafe transition: the stored revision's diagnostics, and the two ways on:
 * compare with it, or push anyway after a confirmation.
 */

import { toMonacoRange } from '../lsp/convert.js';
import type { ServiceDiagnostic, ServicePushOutcome } from '../worker/serviceTypes.js';
import { h } from './dom.js';
import type { PageContext } from './pageContext.js';

type Unsafe = Extract<ServicePushOutcome, { kind: 'unsafe' }>;

/** The stored revision's diagnostics, and the two ways on: compare with it, or push anyway after a confirmation. */
export function unsafeDetails(outcome: Unsafe, ctx: PageContext, pushAnyway: () => void): HTMLElement {
  const list = h(
    'ul',
    { class: 'diagnostics' },
    ...outcome.diagnostics.map((d) => diagnosticItem(d, outcome.stored.version, ctx)),
  );
  const compare = h('button', { type: 'button', id: 'service-compare' }, 'Compare with the stored revision');
  compare.addEventListener('click', () => ctx.compare(`stored version ${outcome.stored.version}`, outcome.stored.text));
  const anyway = h('button', { type: 'button', id: 'service-push-unsafe' }, 'Push anyway…');
  const confirmBox = confirmation(pushAnyway);
  anyway.addEventListener('click', () => {
    confirmBox.element.hidden = false;
    confirmBox.yes.focus();
  });
  return h('div', {}, list, h('span', { class: 'actions' }, compare, anyway), confirmBox.element);
}

/**
 * One diagnostic and where it is. One in this document goes to its place; those in the stored revision are in the
 * compare view.
 */
function diagnosticItem(d: ServiceDiagnostic, storedVersion: number, ctx: PageContext): HTMLLIElement {
  const item = h(
    'li',
    {
      'data-code': String(d.code),
      'data-document': d.document,
      class: `severity-${d.severity === 1 ? 'error' : 'warning'}`,
      tabindex: d.document === 'to' ? '0' : undefined,
    },
    h('span', { class: 'code' }, String(d.code)),
    ` ${d.message} `,
    h(
      'span',
      { class: 'where' },
      d.document === 'from'
        ? `(stored version ${storedVersion}, Ln ${d.range.start.line + 1})`
        : `(this document, Ln ${d.range.start.line + 1})`,
    ),
  );
  if (d.document === 'to') {
    const go = () => {
      const range = toMonacoRange(d.range);
      ctx.view.setSelection(range);
      ctx.view.revealRangeInCenter(range);
      ctx.view.focus();
    };
    item.addEventListener('click', go);
    item.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' || event.key === ' ') go();
    });
  }
  return item;
}

/** The confirmation that allows the unsafe transition, hidden until "Push anyway…". */
function confirmation(pushAnyway: () => void): { readonly element: HTMLDivElement; readonly yes: HTMLButtonElement } {
  const yes = h('button', { type: 'button', id: 'service-confirm-unsafe' }, 'Allow unsafe transition and push');
  const no = h('button', { type: 'button' }, 'Cancel');
  const element = h(
    'div',
    { class: 'confirm', role: 'alertdialog', hidden: true, 'aria-label': 'Allow the unsafe transition' },
    'The service will store this revision although its transition has errors: the agents may lose data or availability. Push anyway?',
    h('span', { class: 'actions' }, yes, no),
  );
  no.addEventListener('click', () => {
    element.hidden = true;
  });
  yes.addEventListener('click', pushAnyway);
  return { element, yes };
}
