/**
 * Reading an automation status as a script waiting for its push does: is every process at the goal, which are still
 * working and on what, which are stuck. The client's `waitForGoal`, the CLI's `config push --wait` and `status`, and
 * the playground's service panel all read it here.
 */
import type { AutomationStatus, ProcessStatus } from './status.js';

/** How far the deployment is from the goal. */
export type GoalProgress = {
  readonly goalVersion: number;
  /** Processes at the goal: they reached `goalVersion` and have no moves left. */
  readonly atGoal: number;
  readonly total: number;
  /** Every process is at the goal (also true when there are no processes). */
  readonly done: boolean;
  /** Processes still working, with the move each is on. */
  readonly working: readonly { readonly name: string; readonly move: string | undefined }[];
  /** Processes whose agent reports an error. */
  readonly stuck: readonly { readonly name: string; readonly errorCode: number; readonly errorString: string }[];
};

/**
 * Whether a process is at the goal: the universal waiting rule (the vendor's operator's `WaitForReadyState`, its
 * CLI's `automation watch`) is `lastGoalVersionAchieved` equal to `goalVersion`, and dbkit also wants an empty plan.
 */
export function isAtGoal(process: ProcessStatus, goalVersion: number): boolean {
  return process.lastGoalVersionAchieved === goalVersion && process.plan.length === 0;
}

/** A process's agent reports an error: a non-zero `errorCode` (the agent's own files write 0 for none). */
export function isStuck(process: ProcessStatus): boolean {
  return process.errorCode !== undefined && process.errorCode !== 0;
}

/**
 * The progress an automation status shows.
 * @example
 * goalProgress({ goalVersion: 3, processes: [{ name: 'a', hostname: 'h', lastGoalVersionAchieved: 3, plan: [] }] });
 * // { goalVersion: 3, atGoal: 1, total: 1, done: true, working: [], stuck: [] }
 */
export function goalProgress(status: AutomationStatus): GoalProgress {
  const processes = Array.isArray(status.processes) ? status.processes : [];
  const atGoal = processes.filter((p) => isAtGoal(p, status.goalVersion)).length;
  return {
    goalVersion: status.goalVersion,
    atGoal,
    total: processes.length,
    done: atGoal === processes.length,
    working: processes
      .filter((p) => !isAtGoal(p, status.goalVersion) && !isStuck(p))
      .map((p) => ({ name: p.name, move: Array.isArray(p.plan) ? p.plan[0] : undefined })),
    stuck: processes
      .filter(isStuck)
      .map((p) => ({ name: p.name, errorCode: p.errorCode ?? 0, errorString: p.errorString ?? '' })),
  };
}

/**
 * One line for people: `2/3 processes at goal version 7; rs0_2: ChangeVersion`, and each stuck process's error.
 */
export function formatGoalProgress(progress: GoalProgress): string {
  const head = `${progress.atGoal}/${progress.total} processes at goal version ${progress.goalVersion}`;
  const working = progress.working.map((p) => `${p.name}: ${p.move ?? 'waiting'}`);
  const stuck = progress.stuck.map((p) => `${p.name}: error ${p.errorCode} ${p.errorString}`);
  const rest = [...working, ...stuck];
  return rest.length === 0 ? head : `${head}; ${rest.join(', ')}`;
}
