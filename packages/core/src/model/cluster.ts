/**
 * A cluster of a project, as `GET /groups/{PROJECT-ID}/clusters` lists it. Not in the spec, which reaches snapshots
 * through a cluster id without saying where ids come from; the shape is the real service's, as the vendor's Go client
 * decodes it (`opsmngr.Cluster`), restricted to what dbkit knows of a cluster.
 */
import type { Link } from './link.js';

/** What kind of deployment a cluster is. */
export type ClusterTypeName = 'REPLICA_SET' | 'SHARDED_REPLICA_SET';

export type Cluster = {
  /** The cluster identifier: what the snapshot endpoints take. */
  readonly id: string;
  /** The project of the cluster. */
  readonly groupId: string;
  readonly clusterName: string;
  readonly typeName: ClusterTypeName;
  /** The replica set, for a cluster that is one. */
  readonly replicaSetName?: string;
  /** Includes `self`. */
  readonly links: readonly Link[];
};
