/**
 * Every outcome of a service call in words: what happened, why, and what to do. Pure, so each case is unit-tested;
 * the panel (`servicePanel.ts`) only shows them. No message carries a key.
 */
import type { ServiceOpenOutcome, ServicePushOutcome } from '../worker/serviceTypes.js';

export type Tone = 'success' | 'error' | 'warning';

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
