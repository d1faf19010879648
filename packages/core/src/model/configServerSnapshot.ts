/**
 * The deprecated snapshot resource of a mirrored (SCCC) config server.
 *
 * The spec: "Same shape as the cluster snapshot with these differences: `groupId` and `id` are typed as object
 * identifiers; `isPossiblyInconsistent` and `missingShards` are not described; `parts` holds exactly one document".
 * No real response of this resource has been published, so the shape follows the spec's list exactly.
 */
import type { ConfigServerPartTypeName } from '../enums/snapshots.js';
import type { Link, Timestamp } from './link.js';
import type { BsonTimestamp, NamespaceFilterList } from './snapshot.js';

/**
 * An object identifier: 24 hexadecimal digits.
 * @pattern ^[0-9a-fA-F]{24}$
 */
export type ObjectId = string;

/** Encryption of a config server snapshot part: `masterKeyUUID` is present only when encryption is enabled. */
export type ConfigServerSnapshotPartEncryption =
  | {
      /** Whether snapshot data is encrypted. */
      readonly encryptionEnabled: true;
      /** Key-management master key identifier; present only when encryption is enabled. */
      readonly masterKeyUUID?: ObjectId;
    }
  | {
      /** Whether snapshot data is encrypted. */
      readonly encryptionEnabled: false;
    };

/**
 * The one part of a config server snapshot.
 * @deprecated Mirrored config servers are unsupported from database server 3.4 on.
 */
export type ConfigServerSnapshotPart = ConfigServerSnapshotPartEncryption & {
  /** Always `CONFIG_SERVER`. */
  readonly typeName: ConfigServerPartTypeName;
  /** Identifier of a config server. */
  readonly hostId: string;
  /** Date and time the snapshot completed. */
  readonly completedTime: Timestamp;
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
  /**
   * Feature compatibility version at creation. Optional: feature compatibility versions exist from server 3.4 on,
   * while mirrored config servers end with 3.2, so a real part may lack it.
   */
  readonly fcv?: string;
  /** Host name and port of the node on which the snapshot was created. */
  readonly machineId: string;
  /** Version of the database server process at creation. */
  readonly dbdVersion: string;
  /** Role of the node when the snapshot process began. The values are not shown in the spec. */
  readonly replicaState?: string;
};

/**
 * A snapshot of one mirrored config server, from `GET /groups/{PROJECT-ID}/hosts/{HOST-ID}/snapshots`.
 * For this resource, doNotDelete true means any value in `expires` is ignored or removed.
 * @deprecated The config server snapshot endpoints are deprecated from database server 3.4 on; replica-set config
 * servers use the cluster snapshot list ({@link ClusterSnapshot}).
 */
export type ConfigServerSnapshot = {
  /** Snapshot identifier. */
  readonly id: ObjectId;
  /** Identifier of the project that owns the snapshot. */
  readonly groupId: ObjectId;
  /** Identifier of the cluster the config server belongs to. */
  readonly clusterId?: string;
  /** Label of the cluster the config server belongs to. */
  readonly clusterName?: string;
  /** true once the snapshot has been created; false while the creation job is in progress. */
  readonly complete: boolean;
  /** Timestamp components of snapshot time: when the snapshot was taken, and its operation order. */
  readonly created: BsonTimestamp;
  /** true means the snapshot cannot be deleted; any value in `expires` is then ignored or removed. */
  readonly doNotDelete: boolean;
  /** Time after which the snapshot can be deleted. Absent when doNotDelete is true or no expiry is set. */
  readonly expires?: Timestamp;
  /** Timestamp components of the last applied oplog entry. */
  readonly lastOplogAppliedTimestamp?: BsonTimestamp;
  /** Includes `self`. */
  readonly links: readonly Link[];
  /** Namespaces included in or excluded from the snapshot. */
  readonly namespaceFilterList?: NamespaceFilterList;
  /** Exactly one document: the config server's part. */
  readonly parts: readonly [ConfigServerSnapshotPart];
};
