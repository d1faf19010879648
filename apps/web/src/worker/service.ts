/**
 * The dbkit service, called from the worker with `@dbkit/client` (loaded on first use, so the worker's first chunk
 * does not carry it): open a project's automation config, push the document in the editor back, watch the agents
 * apply it. Requests go to
 * the page's own origin, which `bin/dbkit-web.mjs --service` passes on; `credentials: 'omit'`, so the browser never
 * adds credentials of its own or asks for them. Nothing here logs: the private key is in every request.
 */
import { createClient, type DbkitClient } from '@dbkit/client';
import { type AutomationStatus, formatGoalProgress, type GoalProgress, isAtGoal, isStuck } from '@dbkit/core';
import { factsOf, failureOf, nextRevision, versionIn } from '@dbkit/language-server/internal/publish';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type {
  GoalView,
  ServiceOpenOutcome,
  ServiceParams,
  ServicePushOutcome,
  ServiceWatchOutcome,
  ServiceWatchParams,
} from './serviceTypes.js';

let cached: { readonly key: string; readonly client: DbkitClient } | undefined;

/** One client per key pair, so Digest answers the last challenge without asking again. */
function clientFor(params: ServiceParams): DbkitClient {
  const key = JSON.stringify([params.baseUrl, params.publicKey, params.privateKey]);
  if (cached?.key !== key) {
    const client = createClient({
      baseUrl: params.baseUrl,
      publicKey: params.publicKey,
      privateKey: params.privateKey,
      fetch: (input, init) => fetch(input, { ...init, credentials: 'omit' }),
      retry: { retries: 1, maxDelayMs: 2_000 },
      timeoutMs: 20_000,
    });
    cached = { key, client };
  }
  return cached.client;
}

export async function openFromService(params: ServiceParams): Promise<ServiceOpenOutcome> {
  try {
    const stored = await clientFor(params).automationConfig.get(params.groupId);
    return { kind: 'opened', groupId: params.groupId, version: stored.version, text: stored.text };
  } catch (error) {
    return failureOf(factsOf(error), { groupId: params.groupId });
  }
}

/**
 * Pushes the document as `dbkit config push` does (`nextRevision`): `version` one above the version it was opened
 * at (the stored one when it names none, or a later one), so a revision someone else published meanwhile gets a
 * 409, not lost. Only the value of `version` changes in the text sent.
 */
export async function pushToService(
  params: ServiceParams,
  document: TextDocument,
  allowUnsafeTransition: boolean,
): Promise<ServicePushOutcome> {
  const text = document.getText();
  if (versionIn(text) === null)
    return {
      kind: 'not-json',
      detail: 'The document is not valid JSON (see the markers): fix it first. Nothing was sent.',
    };
  const client = clientFor(params);
  let stored: { text: string; version: number };
  try {
    stored = await client.automationConfig.get(params.groupId);
  } catch (error) {
    return failureOf(factsOf(error), { groupId: params.groupId });
  }
  const next = nextRevision(text, stored.version);
  try {
    await client.automationConfig.put(params.groupId, next.text, { allowUnsafeTransition });
  } catch (error) {
    return failureOf(factsOf(error), {
      groupId: params.groupId,
      base: next.base,
      sent: next.version,
      sentText: text,
      stored,
    });
  }
  return {
    kind: 'pushed',
    groupId: params.groupId,
    from: stored.version,
    to: next.version,
    versionEdits: next.edits,
    documentVersion: document.version,
  };
}

/** A status as the panel shows it: the progress core reads from it, its line, and each process's row. */
function goalView(progress: GoalProgress, status: AutomationStatus): GoalView {
  const processes = Array.isArray(status.processes) ? status.processes : [];
  return {
    progress,
    line: formatGoalProgress(progress),
    processes: processes.map((p) => ({
      name: p.name,
      hostname: p.hostname,
      reached: p.lastGoalVersionAchieved,
      move: Array.isArray(p.plan) ? p.plan[0] : undefined,
      atGoal: isAtGoal(p, status.goalVersion),
      ...(isStuck(p) ? { error: { code: p.errorCode ?? 0, text: p.errorString ?? '' } } : {}),
    })),
  };
}

/**
 * Waits for a pushed version to be applied with the client's `waitForGoal` (the rule `dbkit config push --wait`
 * follows), reporting each status read to `report`; `signal` stops it (the panel closed, or a new push).
 */
export async function watchGoal(
  params: ServiceWatchParams,
  report: (view: GoalView) => void,
  signal: AbortSignal,
): Promise<ServiceWatchOutcome> {
  const { version, timeoutMs, intervalMs } = params;
  let last: GoalView | undefined;
  try {
    const outcome = await clientFor(params).automation.waitForGoal(params.groupId, {
      version,
      timeoutMs,
      intervalMs,
      signal,
      onProgress: (progress, status) => {
        last = goalView(progress, status);
        report(last);
      },
    });
    if (outcome.kind === 'timeout') return { kind: 'timeout', version, timeoutMs, ...(last ? { view: last } : {}) };
    return { kind: outcome.kind, version, view: goalView(outcome.progress, outcome.status) };
  } catch (error) {
    if (signal.aborted) return { kind: 'stopped', version, ...(last ? { view: last } : {}) };
    return failureOf(factsOf(error), { groupId: params.groupId });
  }
}
