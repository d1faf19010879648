/**
 * Measurement types for alerts: the values of an alert's `metricName` (present when `eventTypeName` is
 * `OUTSIDE_METRIC_THRESHOLD`), grouped as the spec's "Measurement types for alerts" table groups them.
 */
import { type EnumDefinition, enumGuard, enumValues } from './define.js';

/**
 * The groups of the spec's "Measurement types for alerts" table. Each description starts with the table's group
 * text; where that text is no more than the group's name, a short explanation follows after a colon.
 */
export const MetricGroup = {
  ASSERTS: { description: 'Asserts (rate of asserts)' },
  BACKGROUND_FLUSH: { description: 'Background flush: time spent flushing data files to disk.' },
  STORAGE_ENGINE_CACHE: { description: 'Storage engine cache bytes and tickets' },
  CONNECTIONS: { description: 'Connections: client connections open to a process.' },
  CURSORS: { description: 'Cursors: cursors open on a process and cursors timed out.' },
  MEMORY_ISSUES: { description: 'Memory issues and page faults' },
  LOCK_QUEUE: { description: 'Operations waiting on locks' },
  INDEX_BTREE: { description: 'Index btree operations' },
  JOURNALING: { description: 'Journaling: data written to and from the journal.' },
  PROCESS_MEMORY: { description: 'Process memory: resident, virtual and mapped memory of a process.' },
  PROCESS_NETWORK: { description: 'Process network throughput' },
  OPLOG: { description: 'Oplog durations and throughput' },
  ON_DISK_STORAGE: { description: 'On-disk storage: data size and allocated storage of all databases.' },
  OPCOUNTERS: { description: 'Operation rates since process start' },
  OPCOUNTERS_REPL: { description: 'Operation rates on secondaries' },
  DOCUMENT_METRICS: { description: 'Documents per second (average over period)' },
  SCAN_AND_ORDER: { description: 'Sorts not using an index (operations per second)' },
  OP_EXECUTION_TIME: { description: 'Average execution time in milliseconds (servers 3.4 and later)' },
  RESTARTS: { description: 'Restarts in the previous hour' },
  SYSTEM_MEMORY: { description: 'Physical memory in bytes' },
  SYSTEM_NETWORK: { description: 'Network bytes per second' },
  SWAP_USAGE: { description: 'Swap space in use' },
  INDEX_ITEMS_SCANNED: { description: 'Index items scanned per second' },
  DOCUMENTS_SCANNED: { description: 'Documents scanned per second' },
  QUERY_TARGETING_INDEX: { description: 'Ratio of index items scanned to documents returned' },
  QUERY_TARGETING_DOCUMENTS: { description: 'Ratio of documents scanned to documents returned' },
} as const satisfies EnumDefinition;

/** A group of alert measurement types. */
export type MetricGroup = keyof typeof MetricGroup;

/** Tells whether a value is a {@link MetricGroup}. */
export const isMetricGroup = enumGuard(MetricGroup);

/** Every {@link MetricGroup}, in the spec table's order. */
export const METRIC_GROUP_VALUES = enumValues(MetricGroup);

/** A metric definition whose `group` must name a {@link MetricGroup}; checked at compile time. */
type GroupedMetrics = { readonly [name: string]: { readonly description: string; readonly group: MetricGroup } };

/** The measurement types an alert's `metricName` can take, each with the {@link MetricGroup} the spec puts it in. */
export const MetricName = {
  // Asserts (rate of asserts)
  ASSERT_REGULAR: { group: 'ASSERTS', description: 'Rate of regular asserts raised by the server (internal errors).' },
  ASSERT_WARNING: { group: 'ASSERTS', description: 'Rate of warnings raised by the server.' },
  ASSERT_MSG: {
    group: 'ASSERTS',
    description: 'Rate of message asserts: internal server errors with a known message.',
  },
  ASSERT_USER: {
    group: 'ASSERTS',
    description: 'Rate of user asserts: errors a user can cause, such as a duplicate key or running out of disk space.',
  },
  // Background flush
  BACKGROUND_FLUSH_AVG: {
    group: 'BACKGROUND_FLUSH',
    description: 'Average time in milliseconds each background flush of the data files to disk took.',
  },
  // Storage engine cache bytes and tickets
  CACHE_BYTES_READ_INTO: { group: 'STORAGE_ENGINE_CACHE', description: 'Bytes per second read into the cache.' },
  CACHE_BYTES_WRITTEN_FROM: { group: 'STORAGE_ENGINE_CACHE', description: 'Bytes per second written from the cache.' },
  CACHE_DIRTY_BYTES: {
    group: 'STORAGE_ENGINE_CACHE',
    description: 'Bytes of modified (dirty) data in the cache not yet written to disk.',
  },
  CACHE_USED_BYTES: { group: 'STORAGE_ENGINE_CACHE', description: 'Bytes of data currently held in the cache.' },
  TICKETS_AVAILABLE_READS: {
    group: 'STORAGE_ENGINE_CACHE',
    description: 'Read tickets still available: how many more concurrent read operations the engine admits.',
  },
  TICKETS_AVAILABLE_WRITE: {
    group: 'STORAGE_ENGINE_CACHE',
    description: 'Write tickets still available: how many more concurrent write operations the engine admits.',
  },
  // Connections
  CONNECTIONS: { group: 'CONNECTIONS', description: 'Number of client connections open to the process.' },
  // Cursors
  CURSORS_TOTAL_OPEN: { group: 'CURSORS', description: 'Number of cursors the server keeps open for clients.' },
  CURSORS_TOTAL_TIMED_OUT: { group: 'CURSORS', description: 'Rate of cursors that timed out for inactivity.' },
  // Memory issues and page faults
  EXTRA_INFO_PAGE_FAULTS: { group: 'MEMORY_ISSUES', description: 'Rate of page faults on the process.' },
  GLOBAL_ACCESSES_NOT_IN_MEMORY: {
    group: 'MEMORY_ISSUES',
    description: 'Rate of data accesses that found the page not in memory and had to read it from disk.',
  },
  GLOBAL_PAGE_FAULT_EXCEPTIONS_THROWN: {
    group: 'MEMORY_ISSUES',
    description: 'Rate of page-fault exceptions the server threw to yield a lock while reading from disk.',
  },
  // Operations waiting on locks
  GLOBAL_LOCK_CURRENT_QUEUE_TOTAL: {
    group: 'LOCK_QUEUE',
    description: 'Number of operations queued waiting for a lock, readers and writers together.',
  },
  GLOBAL_LOCK_CURRENT_QUEUE_READERS: {
    group: 'LOCK_QUEUE',
    description: 'Number of read operations queued waiting for a lock.',
  },
  GLOBAL_LOCK_CURRENT_QUEUE_WRITERS: {
    group: 'LOCK_QUEUE',
    description: 'Number of write operations queued waiting for a lock.',
  },
  // Index btree operations
  INDEX_COUNTERS_BTREE_ACCESSES: { group: 'INDEX_BTREE', description: 'Rate of index btree accesses.' },
  INDEX_COUNTERS_BTREE_HITS: {
    group: 'INDEX_BTREE',
    description: 'Rate of index btree accesses that found the index page in memory.',
  },
  INDEX_COUNTERS_BTREE_MISSES: {
    group: 'INDEX_BTREE',
    description: 'Rate of index btree accesses that had to read the index page from disk.',
  },
  INDEX_COUNTERS_BTREE_MISS_RATIO: {
    group: 'INDEX_BTREE',
    description: 'Ratio of index btree misses to index btree accesses.',
  },
  // Journaling
  JOURNALING_COMMITS_IN_WRITE_LOCK: {
    group: 'JOURNALING',
    description: 'Number of journal commits made while a write lock was held.',
  },
  JOURNALING_MB: { group: 'JOURNALING', description: 'Megabytes of data written to the journal.' },
  JOURNALING_WRITE_DATA_FILES_MB: {
    group: 'JOURNALING',
    description: 'Megabytes of data written from the journal to the data files.',
  },
  // Process memory
  MEMORY_RESIDENT: { group: 'PROCESS_MEMORY', description: 'Resident memory of the process: RAM it currently uses.' },
  MEMORY_VIRTUAL: { group: 'PROCESS_MEMORY', description: 'Virtual memory the process has reserved.' },
  MEMORY_MAPPED: { group: 'PROCESS_MEMORY', description: 'Memory-mapped data files of the process.' },
  COMPUTED_MEMORY: {
    group: 'PROCESS_MEMORY',
    description: 'Virtual memory not accounted for by mapped data files (virtual minus mapped memory).',
  },
  // Process network throughput
  NETWORK_BYTES_IN: { group: 'PROCESS_NETWORK', description: 'Bytes per second the process received.' },
  NETWORK_BYTES_OUT: { group: 'PROCESS_NETWORK', description: 'Bytes per second the process sent.' },
  NETWORK_NUM_REQUESTS: { group: 'PROCESS_NETWORK', description: 'Requests per second the process received.' },
  // Oplog durations and throughput
  OPLOG_RATE_GB_PER_HOUR: { group: 'OPLOG', description: 'Gigabytes of oplog the primary writes per hour.' },
  OPLOG_MASTER_TIME: {
    group: 'OPLOG',
    description: "Replication oplog window: time span covered by the primary's oplog.",
  },
  OPLOG_MASTER_LAG_TIME_DIFF: {
    group: 'OPLOG',
    description: "Replication headroom: the primary's oplog window minus a secondary's replication lag.",
  },
  OPLOG_SLAVE_LAG_MASTER_TIME: {
    group: 'OPLOG',
    description: 'Replication lag: how far a secondary is behind the primary.',
  },
  // On-disk storage
  DB_STORAGE_TOTAL: {
    group: 'ON_DISK_STORAGE',
    description: 'Disk space allocated for the data of all databases on the process.',
  },
  DB_DATA_SIZE_TOTAL: {
    group: 'ON_DISK_STORAGE',
    description: 'Size of the uncompressed data held in all databases on the process.',
  },
  // Operation rates since process start
  OPCOUNTER_CMD: { group: 'OPCOUNTERS', description: 'Commands per second.' },
  OPCOUNTER_QUERY: { group: 'OPCOUNTERS', description: 'Queries per second.' },
  OPCOUNTER_UPDATE: { group: 'OPCOUNTERS', description: 'Update operations per second.' },
  OPCOUNTER_DELETE: { group: 'OPCOUNTERS', description: 'Delete operations per second.' },
  OPCOUNTER_GETMORE: {
    group: 'OPCOUNTERS',
    description: 'getMore operations (fetching the next batch of a cursor) per second.',
  },
  OPCOUNTER_INSERT: { group: 'OPCOUNTERS', description: 'Insert operations per second.' },
  // Operation rates on secondaries
  OPCOUNTER_REPL_CMD: { group: 'OPCOUNTERS_REPL', description: 'Replicated commands applied per second.' },
  OPCOUNTER_REPL_UPDATE: { group: 'OPCOUNTERS_REPL', description: 'Replicated updates applied per second.' },
  OPCOUNTER_REPL_DELETE: { group: 'OPCOUNTERS_REPL', description: 'Replicated deletes applied per second.' },
  OPCOUNTER_REPL_INSERT: { group: 'OPCOUNTERS_REPL', description: 'Replicated inserts applied per second.' },
  // Documents per second (average over period)
  DOCUMENT_METRICS_RETURNED: { group: 'DOCUMENT_METRICS', description: 'Documents returned by queries per second.' },
  DOCUMENT_METRICS_INSERTED: { group: 'DOCUMENT_METRICS', description: 'Documents inserted per second.' },
  DOCUMENT_METRICS_UPDATED: { group: 'DOCUMENT_METRICS', description: 'Documents updated per second.' },
  DOCUMENT_METRICS_DELETED: { group: 'DOCUMENT_METRICS', description: 'Documents deleted per second.' },
  // Sorts not using an index (operations per second)
  OPERATIONS_SCAN_AND_ORDER: {
    group: 'SCAN_AND_ORDER',
    description: 'Operations per second that sorted their results in memory instead of using an index.',
  },
  // Average execution time in milliseconds (servers 3.4 and later)
  OP_EXECUTION_TIME_READS: {
    group: 'OP_EXECUTION_TIME',
    description: 'Average execution time of read operations, in milliseconds.',
  },
  OP_EXECUTION_TIME_WRITES: {
    group: 'OP_EXECUTION_TIME',
    description: 'Average execution time of write operations, in milliseconds.',
  },
  OP_EXECUTION_TIME_COMMANDS: {
    group: 'OP_EXECUTION_TIME',
    description: 'Average execution time of commands, in milliseconds.',
  },
  // Restarts in the previous hour
  RESTARTS_IN_LAST_HOUR: { group: 'RESTARTS', description: 'Number of times the process restarted in the last hour.' },
  // Physical memory in bytes
  SYSTEM_MEMORY_USED: { group: 'SYSTEM_MEMORY', description: 'Physical memory of the host in use, in bytes.' },
  SYSTEM_MEMORY_FREE: { group: 'SYSTEM_MEMORY', description: 'Physical memory of the host not in use, in bytes.' },
  SYSTEM_MEMORY_AVAILABLE: {
    group: 'SYSTEM_MEMORY',
    description: 'Physical memory of the host available to start new processes, in bytes.',
  },
  // Network bytes per second
  SYSTEM_NETWORK_BYTES_IN: {
    group: 'SYSTEM_NETWORK',
    description: "Bytes per second received on the host's network interfaces.",
  },
  SYSTEM_NETWORK_BYTES_OUT: {
    group: 'SYSTEM_NETWORK',
    description: "Bytes per second sent on the host's network interfaces.",
  },
  // Swap space in use
  SWAP_USAGE_USED: { group: 'SWAP_USAGE', description: 'Swap space of the host in use.' },
  SWAP_USAGE_FREE: { group: 'SWAP_USAGE', description: 'Swap space of the host still free.' },
  // Index items scanned per second
  QUERY_EXECUTOR_SCANNED: {
    group: 'INDEX_ITEMS_SCANNED',
    description: 'Index keys scanned per second while running queries and evaluating query plans.',
  },
  // Documents scanned per second
  QUERY_EXECUTOR_SCANNED_OBJECTS: {
    group: 'DOCUMENTS_SCANNED',
    description: 'Documents scanned per second while running queries and evaluating query plans.',
  },
  // Ratio of index items scanned to documents returned
  QUERY_TARGETING_SCANNED_PER_RETURNED: {
    group: 'QUERY_TARGETING_INDEX',
    description: 'Index keys scanned for each document returned; high values mean poorly targeted queries.',
  },
  // Ratio of documents scanned to documents returned
  QUERY_TARGETING_SCANNED_OBJECTS_PER_RETURNED: {
    group: 'QUERY_TARGETING_DOCUMENTS',
    description: 'Documents scanned for each document returned; high values mean poorly targeted queries.',
  },
} as const satisfies EnumDefinition & GroupedMetrics;

/** A measurement type for alerts: the value of an alert's `metricName`. */
export type MetricName = keyof typeof MetricName;

/** Tells whether a value is a {@link MetricName}. */
export const isMetricName = enumGuard(MetricName);

/** Every {@link MetricName}, in the spec table's order. */
export const METRIC_NAME_VALUES = enumValues(MetricName);

/**
 * The measurement types of one group, in the spec table's order.
 *
 * @example
 * metricsInGroup('CURSORS'); // ['CURSORS_TOTAL_OPEN', 'CURSORS_TOTAL_TIMED_OUT']
 */
export function metricsInGroup(group: MetricGroup): readonly MetricName[] {
  return METRIC_NAME_VALUES.filter((name) => MetricName[name].group === group);
}
