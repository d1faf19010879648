/**
 * Where the Service panel answers: each outcome of a call in words (`serviceMessages.ts`), with what comes with it,
 * or one line while a call is on its way or cannot be made.
 */
import type { ServiceOpenOutcome, ServicePushOutcome } from '../worker/serviceTypes.js';
import { h } from './dom.js';
import { describeOutcome } from './serviceMessages.js';

export interface ResultView {
  readonly element: HTMLDivElement;
  /** Shows an outcome's message, then `extra` (more sentences, or what the user can do next). */
  show(outcome: ServiceOpenOutcome | ServicePushOutcome, extra?: readonly (Node | string)[]): void;
  /** Shows one line: what is missing before a call (`error`), or the call on its way (`info`). */
  say(text: string, tone?: 'error' | 'info'): void;
}

/** `groupId` is the project the panel asks about, for the messages that name it. */
export function createResultView(groupId: () => string): ResultView {
  const element = h('div', { id: 'service-result', role: 'status', 'aria-live': 'polite' });
  return {
    element,
    show(outcome, extra = []) {
      const message = describeOutcome(outcome, { groupId: groupId() });
      element.className = message.tone;
      element.dataset.outcome = outcome.kind;
      element.replaceChildren(h('strong', {}, message.title), ' ', message.text, ...extra);
    },
    say(text, tone = 'error') {
      element.className = tone;
      element.dataset.outcome = tone === 'error' ? 'missing' : 'busy';
      element.textContent = text;
    },
  };
}
