/**
 * The Service panel's view of a pushed version being applied: the progress line and each process's row, read until
 * the goal, a stuck process or the timeout, as `dbkit config push --wait` follows it.
 */
import type { LanguageClient } from '../lsp/client.js';
import type { GoalView, ServiceWatchOutcome } from '../worker/serviceTypes.js';
import { h } from './dom.js';
import type { ServiceKeys } from './serviceKeys.js';
import { describeWatch, type Watching } from './serviceMessages.js';

/** How long the panel watches a pushed version, and how often it reads the status: as `dbkit config push --wait`. */
const WATCH_TIMEOUT_MS = 10 * 60_000;
const WATCH_INTERVAL_MS = 1_000;

export interface GoalWatch {
  readonly element: HTMLElement;
  /** Watches `version` being applied, showing each status read, until the watch ends or a newer one starts. */
  watch(keys: ServiceKeys, version: number): Promise<void>;
  /** Stops the watch; its last answer stays shown. */
  stop(): void;
  /** Stops the watch, drops its answer and hides the view: a new push is on its way. */
  reset(): void;
}

interface GoalElements {
  readonly goal: HTMLDivElement;
  readonly line: HTMLParagraphElement;
  readonly rows: HTMLTableSectionElement;
}

/** `groupId` is the project the panel asks about, for the messages that name it. */
export function createGoalWatch(client: LanguageClient, groupId: () => string): GoalWatch {
  const elements = goalElements();
  const show = (watch: Watching | ServiceWatchOutcome) => showGoal(elements, watch, groupId());
  // `watching` is the newest watch, kept once stopped so its last answer shows; a new push clears it, so a
  // superseded watch's answer is dropped.
  let watching: AbortController | undefined;
  return {
    element: elements.goal,
    async watch(keys, version) {
      const mine = new AbortController();
      watching = mine;
      show({ kind: 'watching', version });
      const outcome = await client.request(
        'serviceWatch',
        {
          baseUrl: location.origin,
          ...keys,
          version,
          timeoutMs: WATCH_TIMEOUT_MS,
          intervalMs: WATCH_INTERVAL_MS,
        },
        { signal: mine.signal, onProgress: (view) => show({ kind: 'watching', version, view }) },
      );
      if (watching === mine) show(outcome);
    },
    stop() {
      watching?.abort();
    },
    reset() {
      watching?.abort();
      watching = undefined;
      elements.goal.hidden = true;
    },
  };
}

function goalElements(): GoalElements {
  const line = h('p', { id: 'service-goal-line', role: 'status', 'aria-live': 'polite' });
  const rows = h('tbody');
  const goal = h(
    'div',
    { id: 'service-goal', hidden: true },
    line,
    h(
      'table',
      { id: 'service-processes', class: 'processes', 'aria-label': 'Processes of the pushed version' },
      h(
        'thead',
        {},
        h('tr', {}, ...['Process', 'Reached', 'Current move', 'Error'].map((c) => h('th', { scope: 'col' }, c))),
      ),
      rows,
    ),
  );
  return { goal, line, rows };
}

function showGoal(elements: GoalElements, watch: Watching | ServiceWatchOutcome, groupId: string): void {
  const message = describeWatch(watch, { groupId });
  const view: GoalView | undefined = 'view' in watch ? watch.view : undefined;
  elements.goal.hidden = false;
  elements.goal.dataset.outcome = watch.kind;
  elements.line.className = message.tone;
  // Rewritten only when it says something new, so a screen reader hears each change once.
  const text = `${message.title} ${message.text}`;
  if (elements.line.textContent !== text) {
    elements.line.replaceChildren(h('strong', {}, message.title), ' ', message.text);
  }
  if (view !== undefined) elements.rows.replaceChildren(...view.processes.map(processRow));
  else if (watch.kind === 'watching') elements.rows.replaceChildren();
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
