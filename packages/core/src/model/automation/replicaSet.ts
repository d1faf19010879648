/** One member of a replica set. */
export interface ReplicaSetMember {
  /**
   * Identifier of the member, unique within the set. The spec says "any positive integer"; real documents number
   * members from 0, so dbkit accepts 0.
   * @TJS-type integer
   * @minimum 0
   */
  readonly _id: number;
  /** Host of the member: the `name` (or `alias`) of a process in `processes`. */
  readonly host?: string;
  /** Member is an arbiter. */
  readonly arbiterOnly?: boolean;
  /** Whether the member builds indexes. */
  readonly buildIndexes?: boolean;
  /** Whether the member is hidden from read operations. */
  readonly hidden?: boolean;
  /**
   * Election eligibility; 0 to 1000 inclusive for data-bearing nodes; 0 or 1 for arbiters.
   * @minimum 0
   * @maximum 1000
   */
  readonly priority?: number;
  /** User-defined labels and values. */
  readonly tags?: { readonly [tag: string]: string };
  /**
   * Seconds the member lags behind the primary.
   * @TJS-type integer
   */
  readonly secondaryDelaySecs?: number;
  /**
   * Not in the spec: the name of `secondaryDelaySecs` for servers before 5.0, which do not know the new name.
   * Give one of the two, the one the server's version understands.
   * @TJS-type integer
   */
  readonly slaveDelay?: number;
  /**
   * Election votes; 0 or 1 for data-bearing nodes; arbiters always 1.
   * @TJS-type integer
   * @minimum 0
   * @maximum 1
   */
  readonly votes?: number;
  /** Not in the spec: split-horizon names of the member, managed by operators. */
  readonly horizons?: { readonly [name: string]: string };
}

/** One replica set. */
export interface ReplicaSet {
  /** Replica set name. */
  readonly _id: string;
  /** Protocol version; `"1"` in real documents (the vendor's docs type it as integer, so numbers are accepted too). */
  readonly protocolVersion?: string | number;
  /** Members; `host` must name a process as listed in `processes.name`. */
  readonly members?: readonly ReplicaSetMember[];
  /** Forces the replica set to accept a new configuration to recover when only a minority of members is available. */
  readonly force?: {
    /**
     * Configuration version to force; -1 forces acceptance of a new configuration and may roll back majority-committed writes.
     * @TJS-type integer
     */
    readonly currentVersion?: number;
  };
  /** Not in the spec: replica set settings document, seen in real documents. */
  readonly settings?: { readonly [setting: string]: unknown };
  /** Not in the spec: seen in real documents. */
  readonly writeConcernMajorityJournalDefault?: unknown;
  /** Not in the spec: number of arbiters, written by the community operator. */
  readonly numberArbiters?: number;
}
