/** What the explorer's tests share: a time, a connection, a cluster and a snapshot of it. */
import type { ClusterSnapshot } from '@dbkit/core';
import { connectionOf } from '../src/lib/connections.ts';

export const NOW = new Date('2026-06-01T00:00:00Z');
export const connection = connectionOf('http://127.0.0.1:8080', 'g1', 'PUB1');
export const rs0 = { id: 'c1', name: 'rs0' };

/** A complete snapshot of rs0, not kept, with `fields` changed. */
export function snapshot(fields: Partial<ClusterSnapshot> = {}): ClusterSnapshot {
  return {
    id: 's1',
    groupId: 'g1',
    clusterId: 'c1',
    clusterName: 'rs0',
    complete: true,
    created: { date: '2026-05-31T18:30:00Z', increment: 1 },
    doNotDelete: false,
    links: [],
    parts: [],
    ...fields,
  };
}
