/**
 * @dbkit/server: the spec's REST service. `createServer()` runs it in process; `dbkit-server` is the command.
 */
export { API_PREFIX, createServer, type DbkitServer, DEFAULT_BODY_LIMIT, type ServerOptions } from './app.js';
export { MemoryReplayGuard, NonceMinter, type ReplayGuard } from './auth/nonces.js';
export { Clock } from './clock.js';
export { emptyAutomationConfig, seedState } from './seed.js';
export type {
  ApiKey,
  ServiceState,
  StoredAlert,
  StoredAutomationConfig,
  StoredCluster,
  StoredGroup,
  StoredHost,
} from './state.js';
export { MemoryStore, type MemoryStoreOptions } from './store/memoryStore.js';
export { PostgresReplayGuard, type PostgresReplayGuardOptions } from './store/postgresReplayGuard.js';
export { PostgresStore, type PostgresStoreOptions } from './store/postgresStore.js';
export type { Decision, GroupSummary, PutOutcome, Store, UpdateOutcome } from './store/store.js';
