/** One shard of a sharded cluster. */
export interface Shard {
  /** Shard name. */
  readonly _id: string;
  /** Replica set name of the shard (a `replicaSets[]._id`). */
  readonly rs: string;
  /** Zones assigned to the shard. */
  readonly tags?: readonly string[];
}

/** One sharded cluster. */
export interface ShardedCluster {
  /** Cluster name; must correspond to `processes[].cluster` of the cluster's shard routers. */
  readonly name: string;
  /** Name of the config server replica set (a `replicaSets[]._id`). */
  readonly configServerReplica?: string;
  /**
   * Legacy mirrored config server names (matching `processes[].name`); not supported from database server 3.4 on.
   * @deprecated Mirrored config servers are not supported from database server 3.4 on: use `configServerReplica`.
   */
  readonly configServer?: readonly string[];
  /** Shards. */
  readonly shards?: readonly Shard[];
  /** Whether the service manages all sharded collections and tags. */
  readonly managedSharding?: boolean;
  /** Not in the spec: sharded collections, seen in real documents. */
  readonly collections?: readonly unknown[];
  /** Not in the spec: zone ranges, seen in real documents. */
  readonly tags?: readonly unknown[];
  /** Not in the spec: replica-set names of shards being removed, seen in real documents. */
  readonly draining?: readonly string[];
}

/** The balancer's active window, in each shard router's local time. */
export interface BalancerActiveWindow {
  /**
   * Start of the window, `HH:MM` (24-hour).
   * @pattern ^([01]?\d|2[0-3]):[0-5]\d$
   */
  readonly start: string;
  /**
   * End of the window, `HH:MM` (24-hour).
   * @pattern ^([01]?\d|2[0-3]):[0-5]\d$
   */
  readonly stop: string;
}

/** Desired balancer settings of one sharded cluster. */
export interface BalancerSettings {
  /** true stops the balancer. */
  readonly stopped?: boolean;
  /** Window in which the balancer may run. */
  readonly activeWindow?: BalancerActiveWindow;
}

/** Balancer settings per cluster: keys are sharded-cluster names (`sharding[].name`). */
export interface Balancer {
  readonly [clusterName: string]: BalancerSettings;
}

/** Change stream options of one replica set or sharded cluster. */
export interface ClusterWideConfiguration {
  /** Change stream options. */
  readonly changeStreamOptions?: {
    /** Retention of the pre- and post-images of changed documents. */
    readonly preAndPostImages?: {
      /**
       * Retention of pre- and post-images in seconds; when omitted, retained until the matching change events
       * leave the oplog; removing it removes it only from the agent's configuration, not from the server.
       */
      readonly expireAfterSeconds?: number;
    };
  };
}

/**
 * Parameters applied across a replica set or sharded cluster without a rolling restart: keys are replica-set ids
 * or cluster names. Only JSON validity is checked by the service.
 */
export interface ClusterWideConfigurations {
  readonly [replicaSetIdOrClusterName: string]: ClusterWideConfiguration;
}
