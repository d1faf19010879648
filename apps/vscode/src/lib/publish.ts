/**
 * What "dbkit: Publish to Service…" decides by itself, step by step, without VS Code: whether the validation lets it
 * go on, what the confirmation says and whether it sends the service's override, what to do with the service's
 * answer, and how the wait for the agents ended. The glue (`common/publish.ts`) asks, sends and shows.
 */

import { closeSentence } from '@dbkit/client';
import { formatGoalProgress, type GoalProgress } from '@dbkit/core';
import type { ServiceDiagnostic, ServiceFailure } from '@dbkit/language-server/internal/publish';
import type { PlanResult } from '@dbkit/language-server/server';

/** What is published, for the messages: the document and the connection it goes to. */
export interface PublishTarget {
  /** The document's name: its workspace path, or `automationConfig.json` for the deployed one. */
  readonly name: string;
  readonly connectionLabel: string;
  /** The document is the deployed one (`dbkit:`): the stored revision is what it was opened at. */
  readonly deployed: boolean;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** After validation: go on, or stop with the Problems panel shown. */
export type ValidationDecision =
  | { readonly kind: 'continue' }
  | { readonly kind: 'stop'; readonly message: string; readonly showProblems: boolean };

/**
 * Step 1: errors stop the publish before anything is sent (the service would refuse them); warnings do not.
 *
 * @example
 * afterValidation(target, { errors: 2, warnings: 0 }); // stop: "… has 2 errors: not published …"
 */
export function afterValidation(
  target: PublishTarget,
  counts: { readonly errors: number; readonly warnings: number },
): ValidationDecision {
  if (counts.errors === 0) return { kind: 'continue' };
  return {
    kind: 'stop',
    message: `dbkit: ${target.name} has ${plural(counts.errors, 'error')}: not published, nothing was sent. Fix them (see the Problems panel), then publish again.`,
    showProblems: true,
  };
}

/** A plan diagnostic as the server sends it (LSP severities: 1 error, 2 warning, 3 information). */
export interface PlanLine {
  readonly severity?: number | undefined;
  readonly code?: string | number | undefined;
  readonly message: string | { readonly value: string };
}

/** After the plan: stop, or ask with a modal whose button says what is sent. */
export type PlanDecision =
  | { readonly kind: 'stop'; readonly message: string }
  | {
      readonly kind: 'confirm';
      readonly message: string;
      readonly detail: string;
      /** The modal's button: `Publish`, or `Publish Anyway` when the service must be told to allow an unsafe step. */
      readonly action: string;
      readonly allowUnsafeTransition: boolean;
    };

/** How many of the plan's problems the modal lists before pointing at the plan view. */
export const LISTED_PROBLEMS = 8;

/**
 * Step 2: the plan from the stored revision. No plan (a revision is not JSON) stops; errors (an unsafe step, which
 * the service refuses) need the explicit `Publish Anyway`, which sends `allowUnsafeTransition`.
 *
 * @example
 * afterPlan(target, { stored: 4, next: 5 }, plan).action; // 'Publish Anyway' when the plan has errors
 */
export function afterPlan(
  target: PublishTarget,
  versions: { readonly stored: number; readonly next: number },
  plan: PlanResult,
  diagnostics: readonly PlanLine[] = plan.ok ? plan.planDiagnostics : [],
): PlanDecision {
  if (!plan.ok) {
    const error = plan.error.replace(/^dbkit(?: plan)?: /, '');
    return {
      kind: 'stop',
      message: `dbkit: no plan from the stored revision to ${target.name}: ${error} Nothing was sent.`,
    };
  }
  const { counts } = plan;
  const unsafe = counts.errors > 0;
  const summary = `Plan from version ${versions.stored}: ${counts.add} to add, ${counts.change} to change, ${counts.remove} to remove${counts.action > 0 ? `, ${plural(counts.action, 'action')}` : ''}; ${plural(counts.errors, 'error')}, ${plural(counts.warnings, 'warning')}.`;
  const problems = diagnostics.filter((d) => d.severity === 1 || d.severity === 2);
  const lines = problems
    .slice(0, LISTED_PROBLEMS)
    .map(
      (d) =>
        `${d.severity === 1 ? 'Error' : 'Warning'}${d.code === undefined ? '' : ` ${d.code}`}: ${typeof d.message === 'string' ? d.message : d.message.value}`,
    );
  if (problems.length > LISTED_PROBLEMS) lines.push(`… and ${problems.length - LISTED_PROBLEMS} more in the plan.`);
  const question = `Publish ${target.name} to ${target.connectionLabel} as version ${versions.next}?`;
  return {
    kind: 'confirm',
    message: unsafe ? `${question} The step is unsafe: the service refuses it unless you publish anyway.` : question,
    detail: [summary, ...lines].join('\n'),
    action: unsafe ? 'Publish Anyway' : 'Publish',
    allowUnsafeTransition: unsafe,
  };
}

/** The service's answer to the PUT. */
export type PublishAnswer = { readonly kind: 'published'; readonly from: number; readonly to: number } | ServiceFailure;

/** The action a 409 offers. */
export const COMPARE_STORED = 'Compare with the Stored Revision';

/** After the answer: watch the agents, mark the refused revision, offer to compare, or say what failed. */
export type AnswerDecision =
  | { readonly kind: 'watch'; readonly version: number; readonly message: string }
  | {
      readonly kind: 'markers';
      readonly message: string;
      /** On the published document, at their places. */
      readonly editor: readonly ServiceDiagnostic[];
      /** On the deployed document (the stored revision), at their places. */
      readonly stored: readonly ServiceDiagnostic[];
    }
  | { readonly kind: 'conflict'; readonly message: string; readonly action: string }
  | { readonly kind: 'error'; readonly message: string };

/**
 * Where the stored revision's diagnostics go when the published document is the deployed one: its text is no
 * longer the stored one, so they are put at its start, saying where they point.
 */
function intoEditor(d: ServiceDiagnostic): ServiceDiagnostic {
  const start = { line: 0, character: 0 };
  return { ...d, range: { start, end: start }, message: `In the stored revision: ${d.message}` };
}

/**
 * Step 3: the service's answer. `described` is the connection's one line for a failure that is not about the
 * document (keys, network), which says what to do in this editor.
 *
 * @example
 * afterAnswer(target, { kind: 'published', from: 4, to: 5 }); // { kind: 'watch', version: 5, … }
 */
export function afterAnswer(target: PublishTarget, answer: PublishAnswer, described?: string): AnswerDecision {
  switch (answer.kind) {
    case 'published':
      return {
        kind: 'watch',
        version: answer.to,
        message: `dbkit: published ${target.name} to ${target.connectionLabel}: version ${answer.from} → ${answer.to}.`,
      };
    case 'invalid':
    case 'unsafe': {
      const errors = answer.diagnostics.filter((d) => d.severity === 1).length;
      const warnings = answer.diagnostics.filter((d) => d.severity === 2).length;
      const counted = `${plural(errors, 'error')}, ${plural(warnings, 'warning')}`;
      const sent = answer.diagnostics.filter((d) => d.document === 'to');
      const fromStored = answer.diagnostics.filter((d) => d.document === 'from');
      return {
        kind: 'markers',
        message:
          answer.kind === 'invalid'
            ? `dbkit: The service refused ${target.name} (${counted}), so nothing was changed. The problems are marked in the editor: fix them and publish again.`
            : `dbkit: The service refused the step from version ${answer.stored.version} to ${target.name} as unsafe (${counted}), so nothing was changed. The problems are marked: publish again to see the plan, and publish anyway only if you mean it.`,
        editor: target.deployed ? [...sent, ...fromStored.map(intoEditor)] : sent,
        stored: target.deployed ? [] : fromStored,
      };
    }
    case 'conflict': {
      const stored = answer.stored === undefined ? 'a newer version' : `version ${answer.stored}`;
      return {
        kind: 'conflict',
        message: `dbkit: Someone published ${stored} since ${target.name} was opened at version ${answer.base}, so version ${answer.sent} would overwrite it. Nothing was changed: compare with the stored revision, make your change on it, and publish again.`,
        action: COMPARE_STORED,
      };
    }
    case 'not-json':
      return { kind: 'error', message: `dbkit: ${answer.detail}` };
    default:
      return { kind: 'error', message: described ?? `dbkit: Not published: ${closeSentence(answer.detail)}` };
  }
}

/** How watching the agents ended. */
export type WatchEnd =
  | { readonly kind: 'goal' | 'stuck'; readonly progress: GoalProgress }
  | { readonly kind: 'timeout'; readonly progress: GoalProgress | undefined }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'failed'; readonly message: string };

/** The notification after the wait, and how loud it is. */
export interface WatchMessage {
  readonly level: 'info' | 'warning' | 'error';
  readonly message: string;
}

/** `250 ms`, `90 s`, `10 min`. */
function spoken(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  return `${Math.round(ms / 60_000)} min`;
}

/**
 * Step 4: the wait for the published version ends at the goal, at a stuck process (its agent's error), at the
 * timeout, when the user cancels it, or when the status cannot be read.
 *
 * @example
 * afterWatch(5, { kind: 'goal', progress }, 600_000).message; // 'dbkit: Version 5 is applied: 3/3 processes …'
 */
export function afterWatch(version: number, end: WatchEnd, timeoutMs: number): WatchMessage {
  switch (end.kind) {
    case 'goal':
      return { level: 'info', message: `dbkit: Version ${version} is applied: ${formatGoalProgress(end.progress)}.` };
    case 'stuck': {
      const stuck = end.progress.stuck.map((p) => `${p.name} (error ${p.errorCode}: ${p.errorString})`).join(', ');
      return {
        level: 'error',
        message: `dbkit: Version ${version} is not applied: the agent of ${stuck} reports an error; ${formatGoalProgress(end.progress)}.`,
      };
    }
    case 'timeout':
      return {
        level: 'warning',
        message: `dbkit: Version ${version} is not applied after ${spoken(timeoutMs)}: ${end.progress ? formatGoalProgress(end.progress) : 'no status was read'}. The agents may still be working: the dbkit explorer shows where each process is.`,
      };
    case 'cancelled':
      return {
        level: 'info',
        message: `dbkit: stopped watching version ${version}; the agents go on applying it (the dbkit explorer shows where they are).`,
      };
    case 'failed':
      return {
        level: 'error',
        message: `${end.message} Version ${version} was published; how far its agents are could not be read.`,
      };
    default:
      return end satisfies never;
  }
}
