import { describe, expect, it } from 'vitest';
import {
  isMetricGroup,
  isMetricName,
  METRIC_GROUP_VALUES,
  METRIC_NAME_VALUES,
  MetricGroup,
  MetricName,
  metricsInGroup,
} from '../../src/enums/metrics.js';
import { describeClosedSet } from './closedSet.js';

/** The spec's "Measurement types for alerts" table, copied row by row: [dbkit group key, group text, values]. */
const SPEC_TABLE: readonly (readonly [MetricGroup, string, readonly string[]])[] = [
  ['ASSERTS', 'Asserts (rate of asserts)', ['ASSERT_REGULAR', 'ASSERT_WARNING', 'ASSERT_MSG', 'ASSERT_USER']],
  ['BACKGROUND_FLUSH', 'Background flush', ['BACKGROUND_FLUSH_AVG']],
  [
    'STORAGE_ENGINE_CACHE',
    'Storage engine cache bytes and tickets',
    [
      'CACHE_BYTES_READ_INTO',
      'CACHE_BYTES_WRITTEN_FROM',
      'CACHE_DIRTY_BYTES',
      'CACHE_USED_BYTES',
      'TICKETS_AVAILABLE_READS',
      'TICKETS_AVAILABLE_WRITE',
    ],
  ],
  ['CONNECTIONS', 'Connections', ['CONNECTIONS']],
  ['CURSORS', 'Cursors', ['CURSORS_TOTAL_OPEN', 'CURSORS_TOTAL_TIMED_OUT']],
  [
    'MEMORY_ISSUES',
    'Memory issues and page faults',
    ['EXTRA_INFO_PAGE_FAULTS', 'GLOBAL_ACCESSES_NOT_IN_MEMORY', 'GLOBAL_PAGE_FAULT_EXCEPTIONS_THROWN'],
  ],
  [
    'LOCK_QUEUE',
    'Operations waiting on locks',
    ['GLOBAL_LOCK_CURRENT_QUEUE_TOTAL', 'GLOBAL_LOCK_CURRENT_QUEUE_READERS', 'GLOBAL_LOCK_CURRENT_QUEUE_WRITERS'],
  ],
  [
    'INDEX_BTREE',
    'Index btree operations',
    [
      'INDEX_COUNTERS_BTREE_ACCESSES',
      'INDEX_COUNTERS_BTREE_HITS',
      'INDEX_COUNTERS_BTREE_MISSES',
      'INDEX_COUNTERS_BTREE_MISS_RATIO',
    ],
  ],
  ['JOURNALING', 'Journaling', ['JOURNALING_COMMITS_IN_WRITE_LOCK', 'JOURNALING_MB', 'JOURNALING_WRITE_DATA_FILES_MB']],
  ['PROCESS_MEMORY', 'Process memory', ['MEMORY_RESIDENT', 'MEMORY_VIRTUAL', 'MEMORY_MAPPED', 'COMPUTED_MEMORY']],
  ['PROCESS_NETWORK', 'Process network throughput', ['NETWORK_BYTES_IN', 'NETWORK_BYTES_OUT', 'NETWORK_NUM_REQUESTS']],
  [
    'OPLOG',
    'Oplog durations and throughput',
    ['OPLOG_RATE_GB_PER_HOUR', 'OPLOG_MASTER_TIME', 'OPLOG_MASTER_LAG_TIME_DIFF', 'OPLOG_SLAVE_LAG_MASTER_TIME'],
  ],
  ['ON_DISK_STORAGE', 'On-disk storage', ['DB_STORAGE_TOTAL', 'DB_DATA_SIZE_TOTAL']],
  [
    'OPCOUNTERS',
    'Operation rates since process start',
    [
      'OPCOUNTER_CMD',
      'OPCOUNTER_QUERY',
      'OPCOUNTER_UPDATE',
      'OPCOUNTER_DELETE',
      'OPCOUNTER_GETMORE',
      'OPCOUNTER_INSERT',
    ],
  ],
  [
    'OPCOUNTERS_REPL',
    'Operation rates on secondaries',
    ['OPCOUNTER_REPL_CMD', 'OPCOUNTER_REPL_UPDATE', 'OPCOUNTER_REPL_DELETE', 'OPCOUNTER_REPL_INSERT'],
  ],
  [
    'DOCUMENT_METRICS',
    'Documents per second (average over period)',
    ['DOCUMENT_METRICS_RETURNED', 'DOCUMENT_METRICS_INSERTED', 'DOCUMENT_METRICS_UPDATED', 'DOCUMENT_METRICS_DELETED'],
  ],
  ['SCAN_AND_ORDER', 'Sorts not using an index (operations per second)', ['OPERATIONS_SCAN_AND_ORDER']],
  [
    'OP_EXECUTION_TIME',
    'Average execution time in milliseconds (servers 3.4 and later)',
    ['OP_EXECUTION_TIME_READS', 'OP_EXECUTION_TIME_WRITES', 'OP_EXECUTION_TIME_COMMANDS'],
  ],
  ['RESTARTS', 'Restarts in the previous hour', ['RESTARTS_IN_LAST_HOUR']],
  [
    'SYSTEM_MEMORY',
    'Physical memory in bytes',
    ['SYSTEM_MEMORY_USED', 'SYSTEM_MEMORY_FREE', 'SYSTEM_MEMORY_AVAILABLE'],
  ],
  ['SYSTEM_NETWORK', 'Network bytes per second', ['SYSTEM_NETWORK_BYTES_IN', 'SYSTEM_NETWORK_BYTES_OUT']],
  ['SWAP_USAGE', 'Swap space in use', ['SWAP_USAGE_USED', 'SWAP_USAGE_FREE']],
  ['INDEX_ITEMS_SCANNED', 'Index items scanned per second', ['QUERY_EXECUTOR_SCANNED']],
  ['DOCUMENTS_SCANNED', 'Documents scanned per second', ['QUERY_EXECUTOR_SCANNED_OBJECTS']],
  [
    'QUERY_TARGETING_INDEX',
    'Ratio of index items scanned to documents returned',
    ['QUERY_TARGETING_SCANNED_PER_RETURNED'],
  ],
  [
    'QUERY_TARGETING_DOCUMENTS',
    'Ratio of documents scanned to documents returned',
    ['QUERY_TARGETING_SCANNED_OBJECTS_PER_RETURNED'],
  ],
];

const SPEC_METRIC_NAMES = SPEC_TABLE.flatMap(([, , names]) => names);

describe('the metric names of the spec table', () => {
  it('are 70 in 26 groups, exactly as the spec table lists them, in its order [spec:metric-names]', () => {
    expect(SPEC_TABLE).toHaveLength(26);
    expect(SPEC_METRIC_NAMES).toHaveLength(70);
    expect(METRIC_NAME_VALUES).toEqual(SPEC_METRIC_NAMES);
    expect(METRIC_GROUP_VALUES).toEqual(SPEC_TABLE.map(([group]) => group));
  });

  it.for(SPEC_TABLE)('group %s is described with the spec\'s group text "%s"', ([group, text]) => {
    expect(MetricGroup[group].description.startsWith(text)).toBe(true);
  });

  it.for(SPEC_TABLE)('metricsInGroup(%s) returns the values of the row "%s"', ([group, , names]) => {
    expect(metricsInGroup(group)).toEqual(names);
  });

  it.for(SPEC_METRIC_NAMES)('%s is accepted as a metricName', (name) => {
    expect(isMetricName(name)).toBe(true);
  });
});

describe('metric groups', () => {
  it('cover every metric name, and each metric name is in exactly one group', () => {
    const grouped = METRIC_GROUP_VALUES.flatMap((group) => metricsInGroup(group));
    expect([...grouped].sort()).toEqual([...METRIC_NAME_VALUES].sort());
  });

  it.for(METRIC_GROUP_VALUES)('%s has at least one metric', (group) => {
    expect(metricsInGroup(group).length).toBeGreaterThan(0);
  });

  it.for(METRIC_NAME_VALUES)('%s names an existing group', (name) => {
    expect(isMetricGroup(MetricName[name].group)).toBe(true);
  });
});

/** Other spellings and near misses, which neither set has. */
const ALSO_REJECTED: readonly unknown[] = [
  'connections',
  ' CONNECTIONS',
  'ASSERT',
  'CONNECTION',
  42,
  true,
  ['CONNECTIONS'],
];

describeClosedSet('MetricGroup', MetricGroup, isMetricGroup, { alsoRejects: ALSO_REJECTED });
describeClosedSet('MetricName', MetricName, isMetricName, { alsoRejects: ALSO_REJECTED });
