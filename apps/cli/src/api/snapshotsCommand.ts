/**
 * `dbkit snapshots list|get|set-expiry|keep`: the snapshots of a cluster, one snapshot, and the two changes the
 * service allows (a new expiry; keeping it with doNotDelete, which removes the expiry, or letting it go again).
 */
import { SNAPSHOT_COLUMNS, snapshotFields } from '../output/resources.js';
import type { ApiAction } from './args.js';
import { type ApiContext, collect, printList, printOne } from './context.js';

type SnapshotAction = Extract<ApiAction, { kind: `snapshots ${string}` }>;

export async function runSnapshots(action: SnapshotAction, ctx: ApiContext): Promise<number> {
  const { group, cluster } = action;
  switch (action.kind) {
    case 'snapshots list': {
      const completed = action.completed;
      const snapshots = await collect(ctx, (options) =>
        ctx.client.snapshots.list(group, cluster, { ...options, ...(completed === undefined ? {} : { completed }) }),
      );
      printList(ctx, snapshots, SNAPSHOT_COLUMNS, 'snapshots');
      return 0;
    }
    case 'snapshots get': {
      const snapshot = await ctx.client.snapshots.get(group, cluster, action.snapshot);
      printOne(ctx, snapshot, snapshotFields(snapshot));
      return 0;
    }
    case 'snapshots set-expiry': {
      const snapshot = await ctx.client.snapshots.setExpiry(group, cluster, action.snapshot, action.expires);
      printOne(ctx, snapshot, snapshotFields(snapshot));
      return 0;
    }
    case 'snapshots keep': {
      const snapshot = await ctx.client.snapshots.keep(group, cluster, action.snapshot, action.keep);
      printOne(ctx, snapshot, snapshotFields(snapshot));
      return 0;
    }
    default:
      return action satisfies never;
  }
}
