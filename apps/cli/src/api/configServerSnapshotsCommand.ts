/** `dbkit config-server-snapshots list|get GROUP HOST [SNAPSHOT]`: the deprecated config-server snapshots. */
import { SNAPSHOT_COLUMNS, snapshotFields } from '../output/resources.js';
import type { ApiAction } from './args.js';
import { type ApiContext, collect, printList, printOne } from './context.js';

type ConfigServerAction = Extract<ApiAction, { kind: `config-server-snapshots ${string}` }>;

export async function runConfigServerSnapshots(action: ConfigServerAction, ctx: ApiContext): Promise<number> {
  switch (action.kind) {
    case 'config-server-snapshots list': {
      const snapshots = await collect(ctx, (options) =>
        ctx.client.configServerSnapshots.list(action.group, action.host, options),
      );
      printList(ctx, snapshots, SNAPSHOT_COLUMNS, 'config-server snapshots');
      return 0;
    }
    case 'config-server-snapshots get': {
      const snapshot = await ctx.client.configServerSnapshots.get(action.group, action.host, action.snapshot);
      printOne(ctx, snapshot, snapshotFields(snapshot));
      return 0;
    }
    default:
      return action satisfies never;
  }
}
