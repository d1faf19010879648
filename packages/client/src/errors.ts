/**
 * What a failed call throws: the service's error body as typed fields (`errorCode`, `detail`, `parameters`, HTTP
 * status), or the transport's failure (timeout, cancellation, network). Messages never carry credentials.
 */
import type { AutomationConfigErrorBody } from '@dbkit/core';

/** The service answered with an error status. */
export class DbkitApiError extends Error {
  override readonly name = 'DbkitApiError';
  /** The HTTP status. */
  readonly status: number;
  /** The service's error code (`SNAPSHOT_NOT_FOUND`, `RATE_LIMITED`, …), or `HTTP_<status>` when the body had none. */
  readonly errorCode: string;
  readonly detail: string;
  readonly parameters: readonly (string | number)[];
  readonly reason: string;
  /** For `AUTOMATION_CONFIG_INVALID`: every diagnostic the service's validator reported. */
  readonly diagnostics: AutomationConfigErrorBody['diagnostics'];
  /** The method and URL of the request (no credentials). */
  readonly request: string;

  constructor(status: number, body: unknown, request: string) {
    const fields = (body !== null && typeof body === 'object' ? body : {}) as Partial<AutomationConfigErrorBody>;
    const errorCode = typeof fields.errorCode === 'string' ? fields.errorCode : `HTTP_${status}`;
    const detail =
      typeof fields.detail === 'string' ? fields.detail : typeof body === 'string' ? body.slice(0, 500) : '';
    super(`${request} failed: ${status} ${errorCode}${detail ? `: ${detail}` : ''}`);
    this.status = status;
    this.errorCode = errorCode;
    this.detail = detail;
    this.parameters = Array.isArray(fields.parameters) ? fields.parameters : [];
    this.reason = typeof fields.reason === 'string' ? fields.reason : '';
    this.diagnostics = Array.isArray(fields.diagnostics) ? fields.diagnostics : [];
    this.request = request;
  }
}

/** The request did not get an answer: timeout, cancellation, or a network failure. */
export class DbkitTransportError extends Error {
  override readonly name = 'DbkitTransportError';

  constructor(
    message: string,
    /** `timeout`, `aborted` (the caller's signal) or `network`. */
    readonly kind: 'timeout' | 'aborted' | 'network',
    readonly request: string,
    options?: { cause?: unknown },
  ) {
    super(`${request} failed: ${message}`, options);
  }
}
