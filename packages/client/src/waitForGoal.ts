/**
 * Waiting for a pushed config to be applied, as every automation script does: poll the automation status until every
 * process is at the goal (core's `goalProgress`), a process's agent reports an error, or the time is up.
 */
import { type AutomationStatus, type GoalProgress, goalProgress } from '@dbkit/core';
import { defaultSleep } from './transport.js';

/** Options of `client.automation.waitForGoal`. */
export type WaitForGoalOptions = {
  /** Give up after this long. @default 600000 (ten minutes) */
  readonly timeoutMs?: number;
  /** Time between polls. @default 1000 */
  readonly intervalMs?: number;
  /** Wait for at least this goal version too (the version just pushed), in case the status lags the push. */
  readonly version?: number;
  /** Called with each status polled. */
  readonly onProgress?: (progress: GoalProgress, status: AutomationStatus) => void;
  /** Stops waiting: the promise rejects with the signal's reason. */
  readonly signal?: AbortSignal;
};

/** How the wait ended; never thrown, so a script can tell the three apart. */
export type WaitForGoalOutcome =
  | { readonly kind: 'goal'; readonly progress: GoalProgress; readonly status: AutomationStatus }
  | { readonly kind: 'stuck'; readonly progress: GoalProgress; readonly status: AutomationStatus }
  | {
      readonly kind: 'timeout';
      readonly progress: GoalProgress | undefined;
      readonly status: AutomationStatus | undefined;
    };

/** What the wait needs: the status of the project, the clock, and a sleep (tests pass their own). */
export type WaitDependencies = {
  readonly status: (signal?: AbortSignal) => Promise<AutomationStatus>;
  readonly now?: () => number;
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
};

/**
 * Polls until the goal, a stuck process, or the timeout. Errors of the status call (after the client's retries)
 * reject the promise.
 */
export async function waitForGoal(
  deps: WaitDependencies,
  options: WaitForGoalOptions = {},
): Promise<WaitForGoalOutcome> {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? defaultSleep;
  const timeoutMs = options.timeoutMs ?? 600_000;
  const intervalMs = options.intervalMs ?? 1000;
  const deadline = now() + timeoutMs;
  let last: { progress: GoalProgress; status: AutomationStatus } | undefined;
  for (;;) {
    options.signal?.throwIfAborted();
    const status = await deps.status(options.signal);
    const progress = goalProgress(status);
    last = { progress, status };
    options.onProgress?.(progress, status);
    const reached = options.version === undefined || status.goalVersion >= options.version;
    if (reached && progress.done) return { kind: 'goal', ...last };
    if (progress.stuck.length > 0) return { kind: 'stuck', ...last };
    const left = deadline - now();
    if (left <= 0) return { kind: 'timeout', ...last };
    await sleep(Math.min(intervalMs, left), options.signal);
  }
}
