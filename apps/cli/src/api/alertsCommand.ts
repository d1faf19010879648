/**
 * `dbkit alerts list GROUP [--status …]`, `dbkit alerts get GROUP ALERT`, and
 * `dbkit alerts ack GROUP ALERT --until ISO-TIME [--comment TEXT] | --clear`.
 */
import type { Alert } from '@dbkit/core';
import { ALERT_COLUMNS, alertFields } from '../output/resources.js';
import type { ApiAction } from './args.js';
import { type ApiContext, collect, printList, printOne } from './context.js';

type AlertsAction = Extract<ApiAction, { kind: 'alerts list' | 'alerts get' | 'alerts ack' }>;

export async function runAlerts(action: AlertsAction, ctx: ApiContext): Promise<number> {
  switch (action.kind) {
    case 'alerts list': {
      const status = action.status;
      const alerts = await collect(ctx, (options) =>
        ctx.client.alerts.list(action.group, { ...options, ...(status === undefined ? {} : { status }) }),
      );
      printList(ctx, alerts, ALERT_COLUMNS, status === undefined ? 'alerts' : `${status} alerts`);
      return 0;
    }
    case 'alerts get':
      printAlert(ctx, await ctx.client.alerts.get(action.group, action.alert));
      return 0;
    case 'alerts ack': {
      const { until, comment } = action;
      const alert = await ctx.client.alerts.acknowledge(action.group, action.alert, {
        until,
        ...(comment === undefined ? {} : { comment }),
      });
      printAlert(ctx, alert);
      return 0;
    }
    default:
      return action satisfies never;
  }
}

function printAlert(ctx: ApiContext, alert: Alert): void {
  printOne(ctx, alert, alertFields(alert));
}
