/**
 * What the page asks of the dbkit service and what it gets back, as plain data: the worker makes the calls with
 * `@dbkit/client` (Digest, retries) and maps every answer to one of these outcomes, so the page only shows them.
 */
import type { GoalProgress } from '@dbkit/core';
import type { Diagnostic } from 'vscode-languageserver-types';

/** Where the service is and who asks. The private key never leaves the page's tab and this worker. */
export interface ServiceParams {
  /** The page's origin: `bin/dbkit-web.mjs --service` passes `/api/public/v1.0/` on to the service. */
  readonly baseUrl: string;
  readonly groupId: string;
  readonly publicKey: string;
  readonly privateKey: string;
}

/** A service diagnostic placed in its document; `document` says which (a transition's may be in the stored one). */
export type ServiceDiagnostic = Diagnostic & { readonly document: 'from' | 'to' };

/** Why a call did not do what was asked. Each kind is shown with what happened, why, and what to do. */
export type ServiceFailure =
  /** 401: the service does not accept this key pair. */
  | { readonly kind: 'unauthorized'; readonly detail: string }
  /** 403: the key is valid but may not do this. */
  | { readonly kind: 'forbidden'; readonly detail: string }
  /** 404: no project with this id. */
  | { readonly kind: 'not-found'; readonly groupId: string; readonly detail: string }
  /** 409: someone published `stored` since the document was opened at `base`. */
  | {
      readonly kind: 'conflict';
      readonly base: number;
      readonly sent: number;
      readonly stored: number | undefined;
      readonly detail: string;
    }
  /** 400 `AUTOMATION_CONFIG_INVALID`: the service's validator found errors; diagnostics in the sent document. */
  | { readonly kind: 'invalid'; readonly detail: string; readonly diagnostics: readonly ServiceDiagnostic[] }
  /**
   * 400 `AUTOMATION_CONFIG_UNSAFE_TRANSITION`: the plan from the stored revision has errors; some diagnostics point
   * into the stored revision, which comes along so the page can compare.
   */
  | {
      readonly kind: 'unsafe';
      readonly detail: string;
      readonly diagnostics: readonly ServiceDiagnostic[];
      readonly stored: { readonly text: string; readonly version: number };
    }
  /** The document is not JSON: nothing was sent. */
  | { readonly kind: 'not-json'; readonly detail: string }
  /** The playground's server has no service configured (`--service`). */
  | { readonly kind: 'no-service'; readonly detail: string }
  /** No answer: the service or the network is down, or it timed out. */
  | { readonly kind: 'network'; readonly detail: string }
  /** Any other refusal, with the service's own words. */
  | { readonly kind: 'refused'; readonly status: number; readonly errorCode: string; readonly detail: string };

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
