import { describe, expect, it } from 'vitest';
import type { EnumDefinition } from '../../src/enums/define.js';
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

/** Each closed set with the values the spec (or, for compression, domain.md §10) lists, copied in their order. */
const ENUMS: readonly (readonly [string, EnumDefinition, (value: unknown) => boolean, readonly string[]])[] = [
  [
    'SnapshotPartTypeName (parts[].typeName)',
    SnapshotPartTypeName,
    isSnapshotPartTypeName,
    ['REPLICA_SET', 'CONFIG_SERVER_REPLICA_SET', 'CONFIG_SHARD_REPLICA_SET'],
  ],
  [
    'MissingShardTypeName (missingShards[].typeName)',
    MissingShardTypeName,
    isMissingShardTypeName,
    ['CONFIG_SERVER_REPLICA_SET', 'REPLICA_SET', 'CONFIG_SHARD_REPLICA_SET'],
  ],
  [
    'ConfigServerPartTypeName (config server parts[].typeName)',
    ConfigServerPartTypeName,
    isConfigServerPartTypeName,
    ['CONFIG_SERVER'],
  ],
  [
    'BackupSourceTypeName (alert sourceTypeName)',
    BackupSourceTypeName,
    isBackupSourceTypeName,
    ['REPLICA_SET', 'SHARDED_CLUSTER', 'CONFIG_SERVER'],
  ],
  [
    'NamespaceFilterType (namespaceFilterList.filterType)',
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

/** A description says more than the value when, ignoring case, separators and punctuation, it differs from it. */
const normalise = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

describe.for(ENUMS)('%s', ([, definition, guard, expected]) => {
  it('has exactly the listed values, in order', () => {
    expect(Object.keys(definition)).toEqual(expected);
  });

  it.for(expected)('accepts %s', (value) => {
    expect(guard(value)).toBe(true);
  });

  it.for(expected)('%s has a description that says more than its name', (value) => {
    const description = definition[value]?.description ?? '';
    expect(description.trim()).not.toBe('');
    expect(normalise(description)).not.toBe(normalise(value));
  });

  it.for<unknown>([
    'toString',
    'constructor',
    '__proto__',
    'hasOwnProperty',
    '',
    'replica_set',
    'SHARD',
    'Blacklist',
    'denylist',
    'TRUE',
    'gzip',
    true,
    false,
    0,
    null,
    undefined,
    {},
    [expected[0]],
  ])('rejects %j', (value) => {
    expect(guard(value)).toBe(false);
  });
});

describe('snapshot filters and defaults', () => {
  it('accepts the completed filter only as the strings "true"/"false", never as booleans', () => {
    expect(isSnapshotCompletedFilter('true')).toBe(true);
    expect(isSnapshotCompletedFilter('false')).toBe(true);
    expect(isSnapshotCompletedFilter(true)).toBe(false);
    expect(isSnapshotCompletedFilter(false)).toBe(false);
  });

  it('marks `true` as the default of the completed filter and `blacklist` as the default filter type', () => {
    expect(SnapshotCompletedFilter.true.description).toMatch(/default/);
    expect(NamespaceFilterType.blacklist.description).toMatch(/default/);
    expect(NamespaceFilterType.whitelist.description).not.toMatch(/default/);
  });

  it('says that GZIP is only the value seen, not a documented closed list', () => {
    expect(CompressionSetting.GZIP.description).toMatch(/only value seen/);
  });

  it('does not accept CONFIG_SERVER as a cluster snapshot part type, only as a config server part type', () => {
    expect(isSnapshotPartTypeName('CONFIG_SERVER')).toBe(false);
    expect(isConfigServerPartTypeName('CONFIG_SERVER')).toBe(true);
  });
});
