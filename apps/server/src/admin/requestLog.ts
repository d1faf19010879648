/**
 * The last requests the service answered, for tests to assert on (`GET /__dbkit/requests`). Never the
 * `Authorization` header or a body: only what identifies the request and its outcome.
 */
export type LoggedRequest = {
  readonly at: string;
  readonly method: string;
  readonly url: string;
  readonly status: number;
  readonly durationMs: number;
  /** The authenticated public key (never the private key), when the request was authenticated. */
  readonly publicKey?: string;
  /** Why authentication failed, when it did (e.g. `bad-response`, `stale-nonce`). */
  readonly authFailure?: string;
};

export class RequestLog {
  private readonly entries: LoggedRequest[] = [];

  constructor(private readonly capacity = 1000) {}

  add(entry: LoggedRequest): void {
    this.entries.push(entry);
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
  }

  list(): readonly LoggedRequest[] {
    return [...this.entries];
  }

  clear(): void {
    this.entries.length = 0;
  }
}
