/**
 * @dbkit/client: the service's REST interface, typed with @dbkit/core, on the platform's fetch (Node 20+, browsers).
 */
export { type ClientOptions, createClient, type DbkitClient, type StoredConfig } from './client.js';
export { type DigestCredentials, DigestSession } from './digest.js';
export { DbkitApiError, DbkitTransportError } from './errors.js';
export {
  type ClientFailure,
  closeSentence,
  describeFailure,
  describeRefusal,
  type FailureContext,
  type FailureKind,
  type Refusal,
} from './failure.js';
export type { ListOptions, PageOptions, RequestOptions } from './requests.js';
export { type RetryOptions, retryAfterMs } from './transport.js';
export {
  type WaitDependencies,
  type WaitForGoalOptions,
  type WaitForGoalOutcome,
  waitForGoal,
} from './waitForGoal.js';
