/**
 * The "Service" panel, loaded when the user first opens it: the project id and key pair (kept in the tab only),
 * "Open from service" and "Push". The worker makes the calls with `@dbkit/client` and answers plain outcomes
 * (`worker/serviceTypes.ts`); this module shows them: a message for each, the service's diagnostics as markers
 * with their codes (so the Problems list has them too), for an unsafe transition a confirmation that pushes
 * anyway, and after a push the agents applying it, until the goal, a stuck process or the timeout. The page never
 * parses the document.
 */
import './panels.css';
import type { editor } from 'monaco-editor/esm/vs/editor/editor.api';
import { toMarker, toMonacoRange } from '../lsp/convert.js';
import type {
  GoalView,
  ServiceDiagnostic,
  ServiceOpenOutcome,
  ServicePushOutcome,
  ServiceWatchOutcome,
} from '../worker/serviceTypes.js';
import { h } from './dom.js';
import type { PageContext } from './pageContext.js';
import { forgetKeys, loadKeys, missingKeys, type ServiceKeys, saveKeys } from './serviceKeys.js';
import { describeOutcome, describeWatch, START_PLAYGROUND, START_SERVICE, type Watching } from './serviceMessages.js';

/** The owner of the service's markers in monaco (the language worker's are `dbkit`). */
export const SERVICE_MARKER_OWNER = 'dbkit-service';
/** Where `bin/dbkit-web.mjs` says whether it passes requests on to a service. */
const SERVICE_INFO = './dbkit-web/service.json';
/** How long the panel watches a pushed version, and how often it reads the status: as `dbkit config push --wait`. */
const WATCH_TIMEOUT_MS = 10 * 60_000;
const WATCH_INTERVAL_MS = 1_000;

interface Opened {
  readonly uri: string;
  readonly groupId: string;
  version: number;
}

export interface ServicePanel {
  toggle(): void;
}

export function createServicePanel(ctx: PageContext, anchor: HTMLElement): ServicePanel {
  const { monaco, playground, client } = ctx;
  const storage = window.sessionStorage;
  const field = (id: string, label: string, type: 'text' | 'password', value: string) => {
    const input = h('input', {
      id,
      type,
      autocomplete: type === 'password' ? 'off' : undefined,
      spellcheck: 'false',
    });
    // The property, not the attribute: a key kept in the tab stays out of the page's markup.
    input.value = value;
    return { input, label: h('label', {}, label, input) };
  };
  const stored = loadKeys(storage);
  const group = field('service-group', 'Group id', 'text', stored.groupId);
  const publicKey = field('service-public-key', 'Public key', 'text', stored.publicKey);
  const privateKey = field('service-private-key', 'Private key', 'password', stored.privateKey);
  const openButton = h('button', { id: 'service-open', type: 'button' }, 'Open from service');
  const pushButton = h('button', { id: 'service-push', type: 'button' }, 'Push');
  const forgetButton = h('button', { id: 'service-forget', type: 'button' }, 'Forget keys');
  const closeButton = h('button', { type: 'button', class: 'close', 'aria-label': 'Close the service panel' }, '×');
  const where = h('p', { class: 'where' }, 'Looking for the service…');
  const keysNote = h('p', { class: 'note' }, 'Keys stay in this tab (sessionStorage): never saved, never in a link.');
  const tag = h('p', { id: 'service-tag', class: 'tag' });
  const result = h('div', { id: 'service-result', role: 'status', 'aria-live': 'polite' });
  const goalLine = h('p', { id: 'service-goal-line', role: 'status', 'aria-live': 'polite' });
  const processRows = h('tbody');
  const goal = h(
    'div',
    { id: 'service-goal', hidden: true },
    goalLine,
    h(
      'table',
      { id: 'service-processes', class: 'processes', 'aria-label': 'Processes of the pushed version' },
      h(
        'thead',
        {},
        h('tr', {}, ...['Process', 'Reached', 'Current move', 'Error'].map((c) => h('th', { scope: 'col' }, c))),
      ),
      processRows,
    ),
  );
  const form = h(
    'form',
    { class: 'keys', autocomplete: 'off' },
    group.label,
    publicKey.label,
    privateKey.label,
    h('span', { class: 'actions' }, openButton, pushButton, forgetButton),
  );
  const panel = h(
    'section',
    { id: 'service-panel', class: 'panel', 'aria-label': 'Service', hidden: true },
    h('header', {}, h('h2', {}, 'Service'), closeButton),
    where,
    form,
    keysNote,
    tag,
    result,
    goal,
  );
  anchor.after(panel);

  const keys = (): ServiceKeys => ({
    groupId: group.input.value.trim(),
    publicKey: publicKey.input.value.trim(),
    privateKey: privateKey.input.value,
  });
  form.addEventListener('input', () => saveKeys(storage, keys()));
  form.addEventListener('submit', (event) => event.preventDefault());
  forgetButton.addEventListener('click', () => {
    stopWatching();
    forgetKeys(storage);
    for (const f of [group, publicKey, privateKey]) f.input.value = '';
  });
  closeButton.addEventListener('click', () => {
    panel.hidden = true;
    stopWatching();
  });

  // The pushed version being applied. `watching` is the newest watch, kept once stopped so its last answer shows;
  // a new push clears it, so a superseded watch's answer is dropped.
  let watching: AbortController | undefined;
  const stopWatching = () => watching?.abort();
  const showGoal = (watch: Watching | ServiceWatchOutcome): void => {
    const message = describeWatch(watch, { groupId: keys().groupId });
    const view: GoalView | undefined = 'view' in watch ? watch.view : undefined;
    goal.hidden = false;
    goal.dataset.outcome = watch.kind;
    goalLine.className = message.tone;
    // Rewritten only when it says something new, so a screen reader hears each change once.
    const text = `${message.title} ${message.text}`;
    if (goalLine.textContent !== text) goalLine.replaceChildren(h('strong', {}, message.title), ' ', message.text);
    if (view !== undefined) processRows.replaceChildren(...view.processes.map(processRow));
    else if (watch.kind === 'watching') processRows.replaceChildren();
  };
  const watch = async (keys: ServiceKeys, version: number): Promise<void> => {
    const mine = new AbortController();
    watching = mine;
    showGoal({ kind: 'watching', version });
    const outcome = await client.request(
      'serviceWatch',
      {
        baseUrl: location.origin,
        ...keys,
        version,
        timeoutMs: WATCH_TIMEOUT_MS,
        intervalMs: WATCH_INTERVAL_MS,
      },
      { signal: mine.signal, onProgress: (view) => showGoal({ kind: 'watching', version, view }) },
    );
    if (watching === mine) showGoal(outcome);
  };

  // Whether the playground's server passes requests on to a service; without one, say how to start both.
  let available = false;
  void fetch(SERVICE_INFO, { credentials: 'omit', cache: 'no-store' })
    .then(async (response) => {
      if (!response.ok) throw new Error(String(response.status));
      const info = (await response.json()) as { service?: unknown };
      available = true;
      where.textContent = `Service: ${String(info.service)} (through this page's server).`;
      panel.dataset.service = 'available';
    })
    .catch(() => {
      where.replaceChildren(
        'No service is configured for this playground. Start one and the playground beside it:',
        h('code', {}, START_SERVICE),
        h('code', {}, START_PLAYGROUND),
      );
      panel.dataset.service = 'none';
      form.hidden = true;
      keysNote.hidden = true;
    });

  let opened: Opened | undefined;
  const showTag = () => {
    const model = playground.model();
    tag.textContent =
      opened !== undefined && model?.uri.toString() === opened.uri
        ? `Editing project ${opened.groupId}, version ${opened.version} as stored.`
        : '';
  };

  const show = (outcome: ServiceOpenOutcome | ServicePushOutcome, extra: readonly (Node | string)[] = []): void => {
    const message = describeOutcome(outcome, { groupId: keys().groupId });
    result.className = message.tone;
    result.dataset.outcome = outcome.kind;
    result.replaceChildren(h('strong', {}, message.title), ' ', message.text, ...extra);
  };
  const say = (text: string, tone: 'error' | 'info' = 'error') => {
    result.className = tone;
    result.dataset.outcome = tone === 'error' ? 'missing' : 'busy';
    result.textContent = text;
  };

  // The service's diagnostics stay on the version they were about: the next edit clears them.
  let clearing: { dispose(): void } | undefined;
  const setMarkers = (model: editor.ITextModel, diagnostics: readonly ServiceDiagnostic[]) => {
    clearing?.dispose();
    monaco.editor.setModelMarkers(
      model,
      SERVICE_MARKER_OWNER,
      diagnostics.map((d) => toMarker(d, model.uri)),
    );
    clearing =
      diagnostics.length === 0
        ? undefined
        : model.onDidChangeContent(() => {
            clearing?.dispose();
            clearing = undefined;
            monaco.editor.setModelMarkers(model, SERVICE_MARKER_OWNER, []);
          });
  };

  const ready = (): ServiceKeys | undefined => {
    if (!available) {
      say(`No service is configured: start the playground with ${START_PLAYGROUND}.`);
      return undefined;
    }
    const missing = missingKeys(keys());
    if (missing !== undefined) say(missing);
    return missing === undefined ? keys() : undefined;
  };
  const busy = async <T>(work: () => Promise<T>): Promise<T> => {
    openButton.disabled = pushButton.disabled = true;
    try {
      return await work();
    } finally {
      openButton.disabled = pushButton.disabled = false;
    }
  };

  openButton.addEventListener('click', async () => {
    const params = ready();
    if (params === undefined) return;
    say('Opening…', 'info');
    const outcome = await busy(() => client.request('serviceOpen', { baseUrl: location.origin, ...params }));
    if (outcome.kind === 'opened') {
      ctx.open(`automation-config.${outcome.groupId}.v${outcome.version}.json`, outcome.text);
      const model = playground.model();
      opened = { uri: model?.uri.toString() ?? '', groupId: outcome.groupId, version: outcome.version };
    }
    show(outcome);
    showTag();
  });

  const push = async (allowUnsafeTransition: boolean): Promise<void> => {
    const params = ready();
    const model = playground.model();
    if (params === undefined || model === undefined) return;
    stopWatching();
    watching = undefined;
    goal.hidden = true;
    say(allowUnsafeTransition ? 'Pushing (unsafe transition allowed)…' : 'Pushing…', 'info');
    setMarkers(model, []);
    const outcome = await busy(() =>
      client.request('servicePush', {
        baseUrl: location.origin,
        ...params,
        uri: model.uri.toString(),
        allowUnsafeTransition,
      }),
    );
    if (outcome.kind === 'pushed') void watch(params, outcome.to);
    if (playground.model() !== model) return show(outcome);
    switch (outcome.kind) {
      case 'pushed': {
        const applied = applyVersionEdits(model, outcome);
        opened = { uri: model.uri.toString(), groupId: outcome.groupId, version: outcome.to };
        show(
          outcome,
          applied
            ? outcome.versionEdits.length > 0
              ? [` The editor now says "version": ${outcome.to}.`]
              : []
            : [` The document changed meanwhile: set its "version" to ${outcome.to} before the next push.`],
        );
        break;
      }
      case 'invalid':
        setMarkers(model, outcome.diagnostics);
        show(outcome);
        break;
      case 'unsafe':
        setMarkers(
          model,
          outcome.diagnostics.filter((d) => d.document === 'to'),
        );
        show(outcome, [unsafeDetails(outcome)]);
        break;
      default:
        show(outcome);
    }
    showTag();
  };

  /** The stored revision's diagnostics, and the two ways on: compare with it, or push anyway after a confirmation. */
  const unsafeDetails = (outcome: Extract<ServicePushOutcome, { kind: 'unsafe' }>): HTMLElement => {
    const list = h(
      'ul',
      { class: 'diagnostics' },
      ...outcome.diagnostics.map((d) => {
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
              ? `(stored version ${outcome.stored.version}, Ln ${d.range.start.line + 1})`
              : `(this document, Ln ${d.range.start.line + 1})`,
          ),
        );
        // One in this document goes to its place; those in the stored revision are in the compare view.
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
      }),
    );
    const compare = h('button', { type: 'button', id: 'service-compare' }, 'Compare with the stored revision');
    compare.addEventListener('click', () =>
      ctx.compare(`stored version ${outcome.stored.version}`, outcome.stored.text),
    );
    const anyway = h('button', { type: 'button', id: 'service-push-unsafe' }, 'Push anyway…');
    const confirmBox = h(
      'div',
      { class: 'confirm', role: 'alertdialog', hidden: true, 'aria-label': 'Allow the unsafe transition' },
      'The service will store this revision although its transition has errors: the agents may lose data or availability. Push anyway?',
      h('span', { class: 'actions' }),
    );
    const yes = h('button', { type: 'button', id: 'service-confirm-unsafe' }, 'Allow unsafe transition and push');
    const no = h('button', { type: 'button' }, 'Cancel');
    confirmBox.lastElementChild?.append(yes, no);
    anyway.addEventListener('click', () => {
      confirmBox.hidden = false;
      yes.focus();
    });
    no.addEventListener('click', () => {
      confirmBox.hidden = true;
    });
    yes.addEventListener('click', () => void push(true));
    return h('div', {}, list, h('span', { class: 'actions' }, compare, anyway), confirmBox);
  };

  pushButton.addEventListener('click', () => void push(false));
  monaco.editor.onDidCreateModel(() => queueMicrotask(showTag));

  return {
    toggle() {
      panel.hidden = !panel.hidden;
      if (panel.hidden) stopWatching();
      else (group.input.value === '' ? group.input : openButton).focus();
    },
  };
}

/** One process's row: its name, the version it reached, the move it is on, its agent's error. */
function processRow(p: GoalView['processes'][number]): HTMLTableRowElement {
  const state = p.error !== undefined ? 'stuck' : p.atGoal ? 'at-goal' : 'working';
  return h(
    'tr',
    { 'data-process': p.name, 'data-state': state },
    h('td', { title: p.hostname }, p.name),
    h('td', {}, String(p.reached)),
    h('td', {}, p.move ?? (p.atGoal ? '' : 'waiting')),
    h('td', {}, p.error === undefined ? '' : `${p.error.code}: ${p.error.text}`),
  );
}

/** Makes the document say the version it was stored as, when it is still the version that was sent. */
function applyVersionEdits(
  model: editor.ITextModel,
  outcome: Extract<ServicePushOutcome, { kind: 'pushed' }>,
): boolean {
  if (outcome.versionEdits.length === 0) return true;
  if (model.getVersionId() !== outcome.documentVersion) return false;
  model.pushEditOperations(
    [],
    outcome.versionEdits.map((edit) => {
      const start = model.getPositionAt(edit.offset);
      const end = model.getPositionAt(edit.offset + edit.length);
      return {
        range: {
          startLineNumber: start.lineNumber,
          startColumn: start.column,
          endLineNumber: end.lineNumber,
          endColumn: end.column,
        },
        text: edit.content,
      };
    }),
    () => null,
  );
  return true;
}
