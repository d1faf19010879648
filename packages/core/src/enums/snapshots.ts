/**
 * Closed sets of the snapshot resources: part and shard types, the namespace filter, the `completed` query
 * parameter of the snapshot list, compression, and the source type of a backup alert.
 */
import { type EnumDefinition, enumGuard, enumValues } from './define.js';

/** The types of a cluster snapshot part (`parts[].typeName`). */
export const SnapshotPartTypeName = {
  REPLICA_SET: { description: 'The part is a snapshot of a replica set (a shard, or the whole cluster).' },
  CONFIG_SERVER_REPLICA_SET: { description: 'The part is a snapshot of the config server replica set.' },
  CONFIG_SHARD_REPLICA_SET: {
    description: 'The part is a snapshot of a config shard: a config server replica set that also holds shard data.',
  },
} as const satisfies EnumDefinition;

/** The type of a cluster snapshot part. */
export type SnapshotPartTypeName = keyof typeof SnapshotPartTypeName;

/** Tells whether a value is a {@link SnapshotPartTypeName}. */
export const isSnapshotPartTypeName = enumGuard(SnapshotPartTypeName);

/** Every {@link SnapshotPartTypeName}, in the spec's order. */
export const SNAPSHOT_PART_TYPE_NAME_VALUES = enumValues(SnapshotPartTypeName);

/** The types of a shard missing from a sharded cluster snapshot (`missingShards[].typeName`). */
export const MissingShardTypeName = {
  CONFIG_SERVER_REPLICA_SET: { description: 'The missing shard is the config server replica set.' },
  REPLICA_SET: { description: 'The missing shard is a replica set holding shard data.' },
  CONFIG_SHARD_REPLICA_SET: {
    description: 'The missing shard is a config shard: a config server replica set that also holds shard data.',
  },
} as const satisfies EnumDefinition;

/** The type of a shard missing from a snapshot. */
export type MissingShardTypeName = keyof typeof MissingShardTypeName;

/** Tells whether a value is a {@link MissingShardTypeName}. */
export const isMissingShardTypeName = enumGuard(MissingShardTypeName);

/** Every {@link MissingShardTypeName}, in the spec's order. */
export const MISSING_SHARD_TYPE_NAME_VALUES = enumValues(MissingShardTypeName);

/** The type of a (deprecated) config server snapshot part (`parts[].typeName`); it has one value only. */
export const ConfigServerPartTypeName = {
  CONFIG_SERVER: { description: 'The part is a snapshot of a mirrored (legacy) config server.' },
} as const satisfies EnumDefinition;

/** The type of a config server snapshot part. */
export type ConfigServerPartTypeName = keyof typeof ConfigServerPartTypeName;

/** Tells whether a value is a {@link ConfigServerPartTypeName}. */
export const isConfigServerPartTypeName = enumGuard(ConfigServerPartTypeName);

/** The kind of deployment a backup alert is about (an alert's `sourceTypeName`, present when eventTypeName is `BACKUP`). */
export const BackupSourceTypeName = {
  REPLICA_SET: { description: 'The backed-up deployment is a replica set.' },
  SHARDED_CLUSTER: { description: 'The backed-up deployment is a sharded cluster.' },
  CONFIG_SERVER: { description: 'The backed-up deployment is a mirrored (legacy) config server.' },
} as const satisfies EnumDefinition;

/** The kind of deployment a backup alert is about. */
export type BackupSourceTypeName = keyof typeof BackupSourceTypeName;

/** Tells whether a value is a {@link BackupSourceTypeName}. */
export const isBackupSourceTypeName = enumGuard(BackupSourceTypeName);

/** Every {@link BackupSourceTypeName}, in the spec's order. */
export const BACKUP_SOURCE_TYPE_NAME_VALUES = enumValues(BackupSourceTypeName);

/** How a snapshot's `namespaceFilterList.filterList` is applied (`namespaceFilterList.filterType`). */
export const NamespaceFilterType = {
  blacklist: { description: 'The listed namespaces are excluded from the snapshot (the default).' },
  whitelist: { description: 'Only the listed namespaces are included in the snapshot.' },
} as const satisfies EnumDefinition;

/** How a snapshot's namespace filter list is applied. */
export type NamespaceFilterType = keyof typeof NamespaceFilterType;

/** Tells whether a value is a {@link NamespaceFilterType}. */
export const isNamespaceFilterType = enumGuard(NamespaceFilterType);

/** Every {@link NamespaceFilterType}, in the spec's order. */
export const NAMESPACE_FILTER_TYPE_VALUES = enumValues(NamespaceFilterType);

/** The values of the snapshot list's `completed` query parameter; the parameter defaults to `true`. */
export const SnapshotCompletedFilter = {
  true: { description: 'Return only completed snapshots (the default).' },
  false: { description: 'Return only incomplete snapshots, whose creation job is still in progress.' },
  all: { description: 'Return completed and incomplete snapshots.' },
} as const satisfies EnumDefinition;

/** A value of the snapshot list's `completed` query parameter. */
export type SnapshotCompletedFilter = keyof typeof SnapshotCompletedFilter;

/** Tells whether a value is a {@link SnapshotCompletedFilter}. */
export const isSnapshotCompletedFilter = enumGuard(SnapshotCompletedFilter);

/** Every {@link SnapshotCompletedFilter}, in the spec's order. */
export const SNAPSHOT_COMPLETED_FILTER_VALUES = enumValues(SnapshotCompletedFilter);

/**
 * The compression methods of a snapshot part (`parts[].compressionSetting`). The spec does not show the values;
 * `GZIP` is the only one seen in any real example, so other values may exist.
 */
export const CompressionSetting = {
  GZIP: {
    description:
      'The snapshot data is compressed with gzip; the only value seen in real examples (the spec shows none).',
  },
} as const satisfies EnumDefinition;

/** A compression method of a snapshot part. */
export type CompressionSetting = keyof typeof CompressionSetting;

/** Tells whether a value is a {@link CompressionSetting}. */
export const isCompressionSetting = enumGuard(CompressionSetting);
