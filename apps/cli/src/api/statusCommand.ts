/**
 * `dbkit status GROUP`: where each process's agent is — the goal version, the version each reached, the moves left,
 * the error of a stuck one — and the one-line progress `config push --wait` shows.
 */
import { type AutomationStatus, formatGoalProgress, goalProgress, type ProcessStatus } from '@dbkit/core';
import type { Column } from '../output/table.js';
import type { ApiAction } from './args.js';
import { type ApiContext, printList } from './context.js';

const STATUS_COLUMNS: readonly Column<ProcessStatus>[] = [
  { header: 'process', value: (p) => p.name },
  { header: 'host', value: (p) => p.hostname },
  { header: 'reached', value: (p) => String(p.lastGoalVersionAchieved), align: 'right' },
  { header: 'moves left', value: (p) => (p.plan.length === 0 ? '-' : p.plan.join(' → ')) },
  { header: 'error', value: (p) => (p.errorCode ? `${p.errorCode} ${p.errorString ?? ''}`.trim() : '') },
];

/** The status as a table under its progress line. */
export function formatStatus(status: AutomationStatus, ctx: ApiContext): void {
  ctx.out.write(`${formatGoalProgress(goalProgress(status))}\n`);
  printList(ctx, status.processes, STATUS_COLUMNS, 'processes');
}

export async function runStatus(action: Extract<ApiAction, { kind: 'status' }>, ctx: ApiContext): Promise<number> {
  const status = await ctx.client.automation.status(action.group);
  if (ctx.command.json) ctx.out.write(`${JSON.stringify(status, null, 2)}\n`);
  else formatStatus(status, ctx);
  return 0;
}
