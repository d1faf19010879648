/**
 * Every outcome of a service call in words: what happened, why, and what to do, as sentences a person reads once
 * (no error code or HTTP status where words belong; the service's own refusals worded by `@dbkit/client`, as the CLI
 * and the editor word them). Pure, so each case is unit-tested; the panel (`servicePanel.ts`) only shows them. No
 * message carries a key.
 */
import { closeSentence, describeRefusal } from '@dbkit/client';
import type { GoalView, ServiceOpenOutcome, ServicePushOutcome, ServiceWatchOutcome } from '../worker/serviceTypes.js';

export type Tone = 'success' | 'error' | 'warning' | 'info';

export interface OutcomeMessage {
  readonly tone: Tone;
  readonly title: string;
  readonly text: string;
}

/** How to start the service and the playground beside it, for the messages that need it. */
export const START_SERVICE = 'node apps/server/dist/main.js --admin';
export const START_PLAYGROUND = 'node apps/web/bin/dbkit-web.mjs --service http://127.0.0.1:8080';

/** What the messages may name besides the outcome: the project the panel asked about. */
export interface OutcomeContext {
  readonly groupId?: string;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The title of a refusal the panel has no words of its own for, by status. */
function refusedTitle(status: number): string {
  if (status === 429) return 'Too many requests';
  return status >= 500 ? 'Service error' : 'Refused';
}

function counted(diagnostics: readonly { readonly severity?: number }[]): string {
  const errors = diagnostics.filter((d) => d.severity === 1).length;
  const warnings = diagnostics.filter((d) => d.severity === 2).length;
  return `${plural(errors, 'error')}, ${plural(warnings, 'warning')}`;
}

type Outcome = ServiceOpenOutcome | ServicePushOutcome;

/** How one kind of outcome is told. */
type Describe<K extends Outcome['kind']> = (
  outcome: Extract<Outcome, { kind: K }>,
  context: OutcomeContext,
) => OutcomeMessage;

/** Each kind of outcome in words, one entry per kind. */
const OUTCOME_MESSAGES: { readonly [K in Outcome['kind']]: Describe<K> } = {
  opened: (outcome) => ({
    tone: 'success',
    title: `Opened version ${outcome.version}`,
    text: `The automation config of project ${outcome.groupId}, as stored, is in the editor. Edit it and push: the version is set for you.`,
  }),
  pushed: (outcome) => ({
    tone: 'success',
    title: `Pushed: version ${outcome.from} → ${outcome.to}`,
    text: `The service stored the document as version ${outcome.to} of project ${outcome.groupId}.`,
  }),
  unauthorized: (_outcome, context) => ({
    tone: 'error',
    title: 'Keys rejected',
    // A 401 is a wrong key pair, or a key of another project (`NOT_IN_GROUP`): the group id is worth a look too.
    text: `The service rejected the key pair${context.groupId ? ` for project ${context.groupId}` : ''}. Check the group id and both keys above: dbkit-server prints each project’s id and key pair (public:private) when it starts.`,
  }),
  forbidden: (outcome) => ({
    tone: 'error',
    title: 'Not allowed',
    text:
      outcome.detail.trim() === ''
        ? 'The key pair is valid but may not do this.'
        : `The key pair is valid but may not do this: ${closeSentence(outcome.detail)}`,
  }),
  'not-found': (outcome) => ({
    tone: 'error',
    title: 'No such project',
    text: `The service has no project ${outcome.groupId}. Check the group id: dbkit-server prints each project’s id when it starts.`,
  }),
  conflict: (outcome) => {
    const now = outcome.stored === undefined ? 'a newer version' : `version ${outcome.stored}`;
    return {
      tone: 'error',
      title: 'Someone published first',
      text: `The service has ${now}, published since you opened version ${outcome.base}, so version ${outcome.sent} would overwrite it. Nothing was changed. Open from service again, reapply your change and push.`,
    };
  },
  invalid: (outcome) => ({
    tone: 'error',
    title: `Refused: ${counted(outcome.diagnostics)}`,
    text: 'The service’s validator found errors, so nothing was stored. They are marked in the editor and listed under Problems: fix them and push again.',
  }),
  unsafe: (outcome) => {
    const inStored = outcome.diagnostics.filter((d) => d.document === 'from').length;
    return {
      tone: 'warning',
      title: `Unsafe transition: ${counted(outcome.diagnostics)}`,
      text: `Going from the stored version ${outcome.stored.version} to this document has errors, so nothing was stored. ${inStored > 0 ? `${plural(inStored, 'diagnostic')} ${inStored === 1 ? 'points' : 'point'} into the stored revision: compare with it to see ${inStored === 1 ? 'it' : 'them'}. ` : ''}Make the change in smaller revisions, or push anyway if you accept the risk.`,
    };
  },
  'not-json': (outcome) => ({ tone: 'error', title: 'Not JSON', text: closeSentence(outcome.detail) }),
  'no-service': () => ({
    tone: 'error',
    title: 'No service configured',
    text: `This playground was started without a service. Start one (${START_SERVICE}) and the playground beside it (${START_PLAYGROUND}).`,
  }),
  network: (outcome) => ({
    tone: 'error',
    title: 'Service unreachable',
    text: `${closeSentence(outcome.detail)} Is dbkit-server running? Start it (${START_SERVICE}), then try again.`,
  }),
  refused: (outcome, context) => {
    const { message, hint } = describeRefusal(outcome, 'the playground’s server', context);
    return {
      tone: 'error',
      title: refusedTitle(outcome.status),
      text: hint === undefined ? message : `${message} ${hint}`,
    };
  },
};

export function describeOutcome(outcome: Outcome, context: OutcomeContext = {}): OutcomeMessage {
  // The table's entry for this kind takes this kind: TypeScript cannot tie the two through the union.
  const describe = OUTCOME_MESSAGES[outcome.kind] as Describe<Outcome['kind']>;
  return describe(outcome, context);
}

/** A pushed version while the panel watches it: the last status read, if any. */
export interface Watching {
  readonly kind: 'watching';
  readonly version: number;
  readonly view?: GoalView;
}

/** `90 seconds`, `10 minutes`: how long the panel waited. */
function spoken(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const seconds = Math.round(ms / 1000);
  return seconds % 60 === 0 && seconds > 0 ? plural(seconds / 60, 'minute') : plural(seconds, 'second');
}

/**
 * The progress line of a pushed version being applied, and how watching it ended. The line itself is core's
 * `formatGoalProgress`, as `dbkit config push --wait` prints it.
 */
export function describeWatch(watch: Watching | ServiceWatchOutcome, context: OutcomeContext = {}): OutcomeMessage {
  switch (watch.kind) {
    case 'watching':
      return {
        tone: 'info',
        title: `Applying version ${watch.version}…`,
        text: watch.view?.line ?? 'Reading the automation status.',
      };
    case 'goal':
      return { tone: 'success', title: `Version ${watch.version} is applied`, text: `${watch.view.line}.` };
    case 'stuck': {
      const stuck = watch.view.progress.stuck
        .map((p) => `${p.name} (error ${p.errorCode}: ${p.errorString})`)
        .join(', ');
      return {
        tone: 'error',
        title: `Version ${watch.version} is not applied`,
        text: `The agent of ${stuck} reports an error and makes no progress until its host is fixed; ${watch.view.line}.`,
      };
    }
    case 'timeout':
      return {
        tone: 'warning',
        title: `Version ${watch.version} is not applied after ${spoken(watch.timeoutMs)}`,
        text: `Stopped watching; the agents go on. Where it stands: ${watch.view?.line ?? 'no status was read'}.`,
      };
    case 'stopped':
      return {
        tone: 'info',
        title: `Stopped watching version ${watch.version}`,
        text: `The agents go on without the panel. Where it stood: ${watch.view?.line ?? 'no status was read'}.`,
      };
    default: {
      const failure = describeOutcome(watch, context);
      return { ...failure, title: `Automation status unavailable: ${failure.title}` };
    }
  }
}
