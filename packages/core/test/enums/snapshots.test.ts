import { describe, expect, it } from 'vitest';
import {
  BackupSourceTypeName,
  CompressionSetting,
  ConfigServerPartTypeName,
  isBackupSourceTypeName,
  isCompressionSetting,
  isConfigServerPartTypeName,
  isMissingShardTypeName,
  isNamespaceFilterType,
  isSnapshotCompletedFilter,
  isSnapshotPartTypeName,
  MissingShardTypeName,
  NamespaceFilterType,
  SnapshotCompletedFilter,
  SnapshotPartTypeName,
} from '../../src/enums/snapshots.js';
import { type ClosedSet, describeClosedSet } from './closedSet.js';

/** Each closed set with the values the spec (or, for compression, domain.md §10) lists, copied in their order. */
const ENUMS: readonly ClosedSet[] = [
  [
    'SnapshotPartTypeName (parts[].typeName) [spec:snapshot-type-names]',
    SnapshotPartTypeName,
    isSnapshotPartTypeName,
    ['REPLICA_SET', 'CONFIG_SERVER_REPLICA_SET', 'CONFIG_SHARD_REPLICA_SET'],
  ],
  [
    'MissingShardTypeName (missingShards[].typeName) [spec:snapshot-type-names]',
    MissingShardTypeName,
    isMissingShardTypeName,
    ['CONFIG_SERVER_REPLICA_SET', 'REPLICA_SET', 'CONFIG_SHARD_REPLICA_SET'],
  ],
  [
    'ConfigServerPartTypeName (config server parts[].typeName) [spec:config-server-snapshot-shape]',
    ConfigServerPartTypeName,
    isConfigServerPartTypeName,
    ['CONFIG_SERVER'],
  ],
  [
    'BackupSourceTypeName (alert sourceTypeName) [spec:alert-source-type]',
    BackupSourceTypeName,
    isBackupSourceTypeName,
    ['REPLICA_SET', 'SHARDED_CLUSTER', 'CONFIG_SERVER'],
  ],
  [
    'NamespaceFilterType (namespaceFilterList.filterType) [spec:snapshot-namespace-filter]',
    NamespaceFilterType,
    isNamespaceFilterType,
    ['blacklist', 'whitelist'],
  ],
  [
    'SnapshotCompletedFilter (completed query parameter)',
    SnapshotCompletedFilter,
    isSnapshotCompletedFilter,
    ['true', 'false', 'all'],
  ],
  ['CompressionSetting (parts[].compressionSetting)', CompressionSetting, isCompressionSetting, ['GZIP']],
];

/** Other spellings, near misses and booleans that no set here has. */
const ALSO_REJECTED: readonly unknown[] = [
  'replica_set',
  'SHARD',
  'Blacklist',
  'denylist',
  'TRUE',
  'gzip',
  true,
  false,
  0,
];

for (const [name, definition, guard, values] of ENUMS) {
  describeClosedSet(name, definition, guard, { values, alsoRejects: ALSO_REJECTED });
}

describe('snapshot filters and defaults', () => {
  it('accepts the completed filter only as the strings "true"/"false", never as booleans', () => {
    expect(isSnapshotCompletedFilter('true')).toBe(true);
    expect(isSnapshotCompletedFilter('false')).toBe(true);
    expect(isSnapshotCompletedFilter(true)).toBe(false);
    expect(isSnapshotCompletedFilter(false)).toBe(false);
  });

  it('marks `true` as the default of the completed filter and `blacklist` as the default filter type [spec:snapshot-namespace-filter] [spec:snapshots-completed-filter]', () => {
    expect(SnapshotCompletedFilter.true.description).toMatch(/default/);
    expect(NamespaceFilterType.blacklist.description).toMatch(/default/);
    expect(NamespaceFilterType.whitelist.description).not.toMatch(/default/);
  });

  it('says that GZIP is only the value seen, not a documented closed list [spec:snapshot-part-values]', () => {
    expect(CompressionSetting.GZIP.description).toMatch(/only value seen/);
  });

  it('does not accept CONFIG_SERVER as a cluster snapshot part type, only as a config server part type', () => {
    expect(isSnapshotPartTypeName('CONFIG_SERVER')).toBe(false);
    expect(isConfigServerPartTypeName('CONFIG_SERVER')).toBe(true);
  });
});
