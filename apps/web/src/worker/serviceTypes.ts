/**
 * What the page asks of the dbkit service and what it gets back, as plain data: the worker makes the calls with
 * `@dbkit/client` (Digest, retries) and maps every answer to one of these outcomes, so the page only shows them.
 */
import type { GoalProgress } from '@dbkit/core';
import type { ServiceFailure } from '@dbkit/language-server/internal/publish';

/** Where the service is and who asks. The private key never leaves the page's tab and this worker. */
export interface ServiceParams {
  /** The page's origin: `bin/dbkit-web.mjs --service` passes `/api/public/v1.0/` on to the service. */
  readonly baseUrl: string;
  readonly groupId: string;
  readonly publicKey: string;
  readonly privateKey: string;
}

export type { ServiceDiagnostic, ServiceFailure } from '@dbkit/language-server/internal/publish';

export type ServiceOpenOutcome =
  | { readonly kind: 'opened'; readonly groupId: string; readonly version: number; readonly text: string }
  | ServiceFailure;

export type ServicePushOutcome =
  | {
      readonly kind: 'pushed';
      readonly groupId: string;
      /** The stored version before, and the version now stored. */
      readonly from: number;
      readonly to: number;
      /**
       * The edit that makes the document say `version: to` (what was sent), for the document version it was made
       * from; empty when it already did.
       */
      readonly versionEdits: readonly { readonly offset: number; readonly length: number; readonly content: string }[];
      readonly documentVersion: number;
    }
  | ServiceFailure;

/** One process as the panel lists it, read from the automation status. */
export interface ProcessView {
  readonly name: string;
  readonly hostname: string;
  /** `lastGoalVersionAchieved`. */
  readonly reached: number;
  /** The move its agent is on (the plan's first); undefined when it has none left. */
  readonly move: string | undefined;
  /** Reached the goal with no moves left (core's `isAtGoal`). */
  readonly atGoal: boolean;
  /** The error its agent reports (core's `isStuck`). */
  readonly error?: { readonly code: number; readonly text: string };
}

/** Where the deployment stands: core's `goalProgress`, its line (`formatGoalProgress`) and each process. */
export interface GoalView {
  readonly progress: GoalProgress;
  /** E.g. `2/3 processes at goal version 7; rs0_2: ChangeVersion`. */
  readonly line: string;
  readonly processes: readonly ProcessView[];
}

/** What to wait for after a push: the version pushed, polled every `intervalMs` for at most `timeoutMs`. */
export interface ServiceWatchParams extends ServiceParams {
  readonly version: number;
  readonly timeoutMs: number;
  readonly intervalMs: number;
}

/**
 * How watching a pushed version ended (the client's `waitForGoal`): applied, a stuck process, the time up, or
 * stopped by the page; `view` is the last status read (none when the first read did not answer).
 */
export type ServiceWatchOutcome =
  | { readonly kind: 'goal' | 'stuck'; readonly version: number; readonly view: GoalView }
  | { readonly kind: 'timeout'; readonly version: number; readonly timeoutMs: number; readonly view?: GoalView }
  | { readonly kind: 'stopped'; readonly version: number; readonly view?: GoalView }
  | ServiceFailure;
