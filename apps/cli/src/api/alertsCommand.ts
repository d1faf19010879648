/** `dbkit alerts list GROUP [--status TRACKING|OPEN|CLOSED]`. */
import { ALERT_COLUMNS } from '../output/resources.js';
import type { ApiAction } from './args.js';
import { type ApiContext, collect, printList } from './context.js';

export async function runAlerts(action: Extract<ApiAction, { kind: 'alerts list' }>, ctx: ApiContext): Promise<number> {
  const status = action.status;
  const alerts = await collect(ctx, (options) =>
    ctx.client.alerts.list(action.group, { ...options, ...(status === undefined ? {} : { status }) }),
  );
  printList(ctx, alerts, ALERT_COLUMNS, status === undefined ? 'alerts' : `${status} alerts`);
  return 0;
}
