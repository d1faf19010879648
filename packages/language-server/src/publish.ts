/**
 * `@dbkit/language-server/internal/publish`: what publishing an automation config to the service means, the same for
 * `dbkit config push`, the playground and the editor: the version sent (`nextRevision`), and the service's answer
 * read into an outcome with a refused revision's diagnostics placed in the sent and stored texts (`failureOf`).
 * Light like `@dbkit/language-server/internal/locate`: core and jsonc-parser only, so the CLI bundles it without the service.
 */

export {
  type ErrorFacts,
  type FailureContext,
  factsOf,
  failureOf,
  placeDiagnostics,
  type RawServiceDiagnostic,
  type ServiceDiagnostic,
  type ServiceFailure,
} from './publish/outcome.js';
export { type NextRevision, nextRevision, type TextReplacement, versionIn, withVersion } from './publish/revision.js';
