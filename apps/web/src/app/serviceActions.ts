/**
 * The Service panel's two calls. "Open from service" puts the stored revision in the editor; "Push" stores the
 * document and shows what the service answered: its diagnostics as markers, the version written into the document,
 * for an unsafe transition the ways on, and after a push the agents applying it.
 */
import type { editor } from 'monaco-editor/esm/vs/editor/editor.api';
import type { ServicePushOutcome } from '../worker/serviceTypes.js';
import type { PageContext } from './pageContext.js';
import { applyVersionEdits, type SetServiceMarkers } from './serviceDocument.js';
import type { ServiceForm } from './serviceForm.js';
import type { GoalWatch } from './serviceGoal.js';
import { missingKeys, type ServiceKeys } from './serviceKeys.js';
import { START_PLAYGROUND } from './serviceMessages.js';
import type { ResultView } from './serviceResult.js';
import type { ProjectTag } from './serviceTag.js';
import { unsafeDetails } from './serviceUnsafe.js';

/** The parts of the panel the calls use. */
export interface ServiceParts {
  readonly page: PageContext;
  readonly form: ServiceForm;
  readonly result: ResultView;
  readonly goal: GoalWatch;
  readonly tag: ProjectTag;
  readonly setMarkers: SetServiceMarkers;
  /** Whether the playground's server passes requests on to a service. */
  available(): boolean;
}

/** The keys for a call, or undefined (having said what is missing) when one cannot be made. */
function ready(parts: ServiceParts): ServiceKeys | undefined {
  if (!parts.available()) {
    parts.result.say(`No service is configured: start the playground with ${START_PLAYGROUND}.`);
    return undefined;
  }
  const missing = missingKeys(parts.form.keys());
  if (missing !== undefined) parts.result.say(missing);
  return missing === undefined ? parts.form.keys() : undefined;
}

export async function openFromService(parts: ServiceParts): Promise<void> {
  const { page, form, result, tag } = parts;
  const params = ready(parts);
  if (params === undefined) return;
  result.say('Opening…', 'info');
  const outcome = await form.busy(() => page.client.request('serviceOpen', { baseUrl: location.origin, ...params }));
  if (outcome.kind === 'opened') {
    page.open(`automation-config.${outcome.groupId}.v${outcome.version}.json`, outcome.text);
    const model = page.playground.model();
    tag.set({ uri: model?.uri.toString() ?? '', groupId: outcome.groupId, version: outcome.version });
  }
  result.show(outcome);
  tag.refresh();
}

export async function push(parts: ServiceParts, allowUnsafeTransition: boolean): Promise<void> {
  const { page, form, result, goal } = parts;
  const params = ready(parts);
  const model = page.playground.model();
  if (params === undefined || model === undefined) return;
  goal.reset();
  result.say(allowUnsafeTransition ? 'Pushing (unsafe transition allowed)…' : 'Pushing…', 'info');
  parts.setMarkers(model, []);
  const outcome = await form.busy(() =>
    page.client.request('servicePush', {
      baseUrl: location.origin,
      ...params,
      uri: model.uri.toString(),
      allowUnsafeTransition,
    }),
  );
  if (outcome.kind === 'pushed') void goal.watch(params, outcome.to);
  if (page.playground.model() !== model) return result.show(outcome);
  showPushed(parts, model, outcome);
  parts.tag.refresh();
}

/** A push's outcome, on the document that was pushed (still in the editor). */
function showPushed(parts: ServiceParts, model: editor.ITextModel, outcome: ServicePushOutcome): void {
  const { result, setMarkers } = parts;
  switch (outcome.kind) {
    case 'pushed': {
      const applied = applyVersionEdits(model, outcome);
      parts.tag.set({ uri: model.uri.toString(), groupId: outcome.groupId, version: outcome.to });
      result.show(
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
      result.show(outcome);
      break;
    case 'unsafe':
      setMarkers(
        model,
        outcome.diagnostics.filter((d) => d.document === 'to'),
      );
      result.show(outcome, [unsafeDetails(outcome, parts.page, () => void push(parts, true))]);
      break;
    default:
      result.show(outcome);
  }
}
