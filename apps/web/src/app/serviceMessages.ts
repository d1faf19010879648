/**
 * Every outcome of a service call in words: what happened, why, and what to do. Pure, so each case is unit-tested;
 * the panel (`servicePanel.ts`) only shows them. No message carries a key.
 */
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

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function counted(diagnostics: readonly { readonly severity?: number }[]): string {
  const errors = diagnostics.filter((d) => d.severity === 1).length;
  const warnings = diagnostics.filter((d) => d.severity === 2).length;
  return `${plural(errors, 'error')}, ${plural(warnings, 'warning')}`;
}

export function describeOutcome(outcome: ServiceOpenOutcome | ServicePushOutcome): OutcomeMessage {
  switch (outcome.kind) {
    case 'opened':
      return {
        tone: 'success',
        title: `Opened version ${outcome.version}`,
        text: `The automation config of project ${outcome.groupId}, as stored, is in the editor. Edit it and push: the version is set for you.`,
      };
    case 'pushed':
      return {
        tone: 'success',
        title: `Pushed: version ${outcome.from} → ${outcome.to}`,
        text: `The service stored the document as version ${outcome.to} of project ${outcome.groupId}.`,
      };
    case 'unauthorized':
      return {
        tone: 'error',
        title: 'Keys rejected',
        text: 'The service did not accept this public and private key (HTTP 401). Check both: dbkit-server prints each project’s key pair (public:private) when it starts.',
      };
    case 'forbidden':
      return {
        tone: 'error',
        title: 'Not allowed',
        text: `The keys are valid but may not do this (HTTP 403): ${outcome.detail}`,
      };
    case 'not-found':
      return {
        tone: 'error',
        title: 'No such project',
        text: `The service has no project ${outcome.groupId} (HTTP 404). Check the group id: dbkit-server prints each project’s id when it starts.`,
      };
    case 'conflict': {
      const now = outcome.stored === undefined ? 'a newer version' : `version ${outcome.stored}`;
      return {
        tone: 'error',
        title: 'Someone published first',
        text: `The service has ${now}, published since you opened version ${outcome.base}, so version ${outcome.sent} would overwrite it (HTTP 409). Nothing was changed. Open from service again, reapply your change and push.`,
      };
    }
    case 'invalid':
      return {
        tone: 'error',
        title: `Refused: ${counted(outcome.diagnostics)}`,
        text: 'The service’s validator found errors (AUTOMATION_CONFIG_INVALID, HTTP 400); nothing was stored. They are marked in the editor and listed under Problems: fix them and push again.',
      };
    case 'unsafe': {
      const inStored = outcome.diagnostics.filter((d) => d.document === 'from').length;
      return {
        tone: 'warning',
        title: `Unsafe transition: ${counted(outcome.diagnostics)}`,
        text: `Going from the stored version ${outcome.stored.version} to this document has errors (AUTOMATION_CONFIG_UNSAFE_TRANSITION, HTTP 400); nothing was stored. ${inStored > 0 ? `${plural(inStored, 'diagnostic')} point into the stored revision: compare with it to see them. ` : ''}Make the change in smaller revisions, or push anyway if you accept the risk.`,
      };
    }
    case 'not-json':
      return { tone: 'error', title: 'Not JSON', text: outcome.detail };
    case 'no-service':
      return {
        tone: 'error',
        title: 'No service configured',
        text: `This playground was started without a service. Start one (${START_SERVICE}) and the playground beside it (${START_PLAYGROUND}).`,
      };
    case 'network':
      return {
        tone: 'error',
        title: 'Service unreachable',
        text: `${outcome.detail} Is dbkit-server running? Start it with ${START_SERVICE}.`,
      };
    case 'refused':
      return {
        tone: 'error',
        title: `Refused: ${outcome.errorCode} (HTTP ${outcome.status})`,
        text: outcome.detail || 'The service gave no reason.',
      };
    default:
      return outcome satisfies never;
  }
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
export function describeWatch(watch: Watching | ServiceWatchOutcome): OutcomeMessage {
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
      const failure = describeOutcome(watch);
      return { ...failure, title: `Automation status unavailable: ${failure.title}` };
    }
  }
}
