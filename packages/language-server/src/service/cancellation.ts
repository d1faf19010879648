/**
 * The cancellation token every verb of the language service takes: LSP's shape (a connection's token fits as is),
 * without importing the connection's types into the service.
 */
export interface CancellationToken {
  /** Set once the caller no longer wants the answer: a verb then stops at its next check and answers empty. */
  readonly isCancellationRequested: boolean;
}

/** The token of a caller that never cancels: shared, so a request without a token allocates none. */
export const NEVER_CANCELLED: CancellationToken = Object.freeze({ isCancellationRequested: false });
