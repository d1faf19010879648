/**
 * The cluster snapshot resource and the body of the request that changes its expiry.
 *
 * "Fields appear only where applicable; a response may omit fields that do not apply to the snapshot." dbkit makes
 * a field required when every snapshot has it in every known response (the spec's own examples and the official
 * client's fixtures: `id`, `groupId`, `clusterId`, `complete`, `created`, `doNotDelete`, `links`, `parts`) and
 * optional when it applies only to some snapshots (sharded clusters, encryption, expiry) or was absent from older
 * responses. Each optional field says when it appears.
 */
import type { MissingShardTypeName, NamespaceFilterType, SnapshotPartTypeName } from '../enums/snapshots.js';
import type { Link, Timestamp } from './link.js';

/** Timestamp components: a point in time plus the operation order at that exact point in time. */
export type BsonTimestamp = {
  /** The date and time. */
  readonly date: Timestamp;
  /**
   * Operation order at that exact point in time.
   * @TJS-type integer
   * @minimum 0
   */
  readonly increment: number;
};

/** Namespaces included in or excluded from the snapshot. */
export type NamespaceFilterList = {
  /**
   * Databases or namespaces.
   * @default []
   */
  readonly filterList: readonly string[];
  /**
   * `blacklist` (listed namespaces are excluded) or `whitelist` (only listed namespaces are included).
   * @default "blacklist"
   */
  readonly filterType: NamespaceFilterType;
};

/**
 * A shard absent from a sharded cluster snapshot because the service could not reach it at creation time.
 * Each element is a cluster document with a self link.
 */
export type MissingShard = {
  /** Shard identifier. */
  readonly id: string;
  /** Project that owns the shard. */
  readonly groupId: string;
  /** One of `CONFIG_SERVER_REPLICA_SET`, `REPLICA_SET`, `CONFIG_SHARD_REPLICA_SET`. */
  readonly typeName: MissingShardTypeName;
  /** Cluster name. */
  readonly clusterName?: string;
  /** Shard name; absent for the config server replica set, which is not a shard. */
  readonly shardName?: string;
  /** Replica set name within the shard. */
  readonly replicaSetName: string;
  /** Last heartbeat received from the shard. */
  readonly lastHeartbeat: Timestamp;
  /** Includes `self`. */
  readonly links: readonly Link[];
};

/**
 * Encryption of a snapshot part: `masterKeyUUID` is present only when `encryptionEnabled` is true.
 * Older responses omit `encryptionEnabled` altogether, which means not encrypted.
 */
export type SnapshotPartEncryption =
  | {
      /** Whether snapshot data is encrypted. */
      readonly encryptionEnabled: true;
      /** Key-management master key identifier; present only when `encryptionEnabled` is true. */
      readonly masterKeyUUID?: string;
    }
  | {
      /** Whether snapshot data is encrypted. */
      readonly encryptionEnabled?: false;
    };

/** One individual part that makes up a cluster snapshot (one per replica set). */
export type SnapshotPart = SnapshotPartEncryption & {
  /** One of `REPLICA_SET`, `CONFIG_SERVER_REPLICA_SET`, `CONFIG_SHARD_REPLICA_SET`. */
  readonly typeName: SnapshotPartTypeName;
  /** Replica set name. */
  readonly replicaSetName: string;
  /** Replica set identifier. */
  readonly clusterId: string;
  /** Date and time the snapshot completed. */
  readonly completedTime?: Timestamp;
  /**
   * Compression method. The values are not shown in the spec; only `GZIP` has been seen. Absent from older
   * responses.
   */
  readonly compressionSetting?: string;
  /**
   * Size of the data in bytes.
   * @minimum 0
   */
  readonly dataSizeBytes: number;
  /**
   * Size of the data files in bytes.
   * @minimum 0
   */
  readonly fileSizeBytes: number;
  /**
   * Space allocated for document storage.
   * @minimum 0
   */
  readonly storageSizeBytes: number;
  /** Feature compatibility version of the replica set primary at creation (`major.minor`). */
  readonly fcv?: string;
  /** Host name and port of the node on which the snapshot was created. */
  readonly machineId?: string;
  /** Version of the database server process on the primary at creation. */
  readonly dbdVersion: string;
  /** Role of the node when the snapshot process began. The values are not shown in the spec. */
  readonly replicaState?: string;
};

/** A backup snapshot of one cluster (a replica set or a sharded cluster). */
export type ClusterSnapshot = {
  /** Snapshot identifier. */
  readonly id: string;
  /** Identifier of the project that owns the snapshot. */
  readonly groupId: string;
  /** Identifier of the cluster the snapshot represents. */
  readonly clusterId: string;
  /** Label of the cluster. Not every response carries it. */
  readonly clusterName?: string;
  /** true once the snapshot has been created; false while the creation job is in progress. */
  readonly complete: boolean;
  /** Timestamp components of snapshot time: when the snapshot was taken, and its operation order. */
  readonly created: BsonTimestamp;
  /** true means the snapshot cannot be deleted. */
  readonly doNotDelete: boolean;
  /**
   * Time after which the snapshot can be deleted. Removed when doNotDelete is true. Cannot be edited once the value
   * is in the past. Absent when the snapshot has no expiry.
   */
  readonly expires?: Timestamp;
  /**
   * Sharded cluster snapshots only. true when the balancer could not be stopped in time, so chunk migrations may
   * have been in progress.
   */
  readonly isPossiblyInconsistent?: boolean;
  /**
   * Timestamp components of the last applied oplog entry. Absent while nothing has been applied (for example while
   * the snapshot is still being created).
   */
  readonly lastOplogAppliedTimestamp?: BsonTimestamp;
  /** Includes `self`. */
  readonly links: readonly Link[];
  /** Namespaces included in or excluded from the snapshot. Absent when no namespace filter applies. */
  readonly namespaceFilterList?: NamespaceFilterList;
  /**
   * Sharded cluster snapshots only. Shards absent from the snapshot because the service could not reach them at
   * creation time; empty in steady state.
   */
  readonly missingShards?: readonly MissingShard[];
  /** Individual parts that make up the snapshot. */
  readonly parts: readonly SnapshotPart[];
};

/**
 * An expiry as a client sends it in the PATCH body: an ISO 8601 date and time with a zone (`Z` or an offset such as
 * `+02:00`; seconds and fractions optional), or a date alone (`2018-12-01`, midnight UTC), as the real service
 * accepts it. A date and time without a zone is refused: its instant is ambiguous.
 * @pattern ^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2}))?$
 */
export type ExpiryInput = string;

/**
 * The body of `PATCH /groups/{PROJECT-ID}/clusters/{CLUSTER-ID}/snapshots/{SNAPSHOT-ID}`, which changes the expiry
 * of one snapshot. At least one of the two fields must be sent, and doNotDelete true cannot be combined with
 * `expires` in one request.
 */
export type SnapshotPatch = {
  /** true prevents deletion; it also removes any existing `expires`. */
  readonly doNotDelete?: boolean;
  /**
   * ISO 8601 UTC time after which the snapshot can be deleted. A time at or before now schedules deletion at the
   * next opportunity. A date alone (`2018-12-01`) means midnight UTC of that day.
   */
  readonly expires?: ExpiryInput;
};
