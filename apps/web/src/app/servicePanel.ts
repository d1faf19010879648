/**
 * The "Service" panel, loaded when the user first opens it: the project id and key pair (kept in the tab only),
 * "Open from service" and "Push". The worker makes the calls with `@dbkit/client` and answers plain outcomes
 * (`worker/serviceTypes.ts`); this module shows them: a message for each, the service's diagnostics as markers
 * with their codes (so the Problems list has them too), for an unsafe transition a confirmation that pushes
 * anyway, and after a push the agents applying it, until the goal, a stuck process or the timeout. The page never
 * parses the document.
 *
 * This module lays the panel out and wires it; its parts are the connection form (`serviceForm.ts`), the answer
 * (`serviceResult.ts`, `serviceUnsafe.ts`), the project line (`serviceTag.ts`), the agents applying a push
 * (`serviceGoal.ts`) and the calls (`serviceActions.ts`).
 */
import './panels.css';
import { h } from './dom.js';
import type { PageContext } from './pageContext.js';
import { openFromService, push, type ServiceParts } from './serviceActions.js';
import { createServiceMarkers } from './serviceDocument.js';
import { createServiceForm } from './serviceForm.js';
import { createGoalWatch } from './serviceGoal.js';
import { START_PLAYGROUND, START_SERVICE } from './serviceMessages.js';
import { createResultView } from './serviceResult.js';
import { createProjectTag } from './serviceTag.js';

export { SERVICE_MARKER_OWNER } from './serviceDocument.js';

/** Where `bin/dbkit-web.mjs` says whether it passes requests on to a service. */
const SERVICE_INFO = './dbkit-web/service.json';

export interface ServicePanel {
  toggle(): void;
}

export function createServicePanel(ctx: PageContext, anchor: HTMLElement): ServicePanel {
  const form = createServiceForm(window.sessionStorage);
  const groupId = () => form.keys().groupId;
  const result = createResultView(groupId);
  const goal = createGoalWatch(ctx.client, groupId);
  const tag = createProjectTag(ctx.playground);
  const closeButton = h('button', { type: 'button', class: 'close', 'aria-label': 'Close the service panel' }, '×');
  const where = h('p', { class: 'where' }, 'Looking for the service…');
  const keysNote = h('p', { class: 'note' }, 'Keys stay in this tab (sessionStorage): never saved, never in a link.');
  const panel = h(
    'section',
    { id: 'service-panel', class: 'panel', 'aria-label': 'Service', hidden: true },
    h('header', {}, h('h2', {}, 'Service'), closeButton),
    where,
    form.element,
    keysNote,
    tag.element,
    result.element,
    goal.element,
  );
  anchor.after(panel);

  form.forgetButton.addEventListener('click', () => {
    goal.stop();
    form.forget();
  });
  closeButton.addEventListener('click', () => {
    panel.hidden = true;
    goal.stop();
  });
  const parts: ServiceParts = {
    page: ctx,
    form,
    result,
    goal,
    tag,
    setMarkers: createServiceMarkers(ctx.monaco),
    available: lookForService({ panel, where, hide: [form.element, keysNote] }),
  };
  form.openButton.addEventListener('click', () => void openFromService(parts));
  form.pushButton.addEventListener('click', () => void push(parts, false));
  ctx.monaco.editor.onDidCreateModel(() => queueMicrotask(tag.refresh));

  return {
    toggle() {
      panel.hidden = !panel.hidden;
      if (panel.hidden) goal.stop();
      else form.focus();
    },
  };
}

/**
 * Asks the playground's server whether it passes requests on to a service, and says which, or how to start both;
 * without one, the form is hidden (`hide`). Answers whether there is one, false until the server has said so.
 */
function lookForService(view: {
  readonly panel: HTMLElement;
  readonly where: HTMLElement;
  readonly hide: readonly HTMLElement[];
}): () => boolean {
  let available = false;
  void fetch(SERVICE_INFO, { credentials: 'omit', cache: 'no-store' })
    .then(async (response) => {
      if (!response.ok) throw new Error(String(response.status));
      const info = (await response.json()) as { service?: unknown };
      available = true;
      view.where.textContent = `Service: ${String(info.service)} (through this page's server).`;
      view.panel.dataset.service = 'available';
    })
    .catch(() => {
      view.where.replaceChildren(
        'No service is configured for this playground. Start one and the playground beside it:',
        h('code', {}, START_SERVICE),
        h('code', {}, START_PLAYGROUND),
      );
      view.panel.dataset.service = 'none';
      for (const element of view.hide) element.hidden = true;
    });
  return () => available;
}
