/**
 * A failed call in one line, for every front end (the CLI, the VS Code extension): what went wrong, in the
 * service's words where it answered. Front ends add their own next step (a flag to set, a command to run).
 */
import { DbkitApiError, DbkitTransportError } from './errors.js';

/** Why a call failed, and its one-line description. */
export type ClientFailure = {
  /**
   * `refused`: the service answered with an error; `unauthorized`: it rejected the key pair (a 401 other than
   * `NOT_IN_GROUP`); `timeout`, `aborted`, `unreachable`: no answer; `not-json`: something else answers there.
   */
  readonly kind: 'refused' | 'unauthorized' | 'timeout' | 'aborted' | 'unreachable' | 'not-json';
  readonly message: string;
};

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The low-level reason of a network failure: Node's code (`ECONNREFUSED`, `ENOTFOUND`, …) when it gives one, else
 * the innermost message (fetch refuses some ports outright: `bad port`).
 */
function networkReason(error: DbkitTransportError): string {
  let cause: unknown = error.cause;
  let message = 'network failure';
  for (let depth = 0; depth < 5 && cause !== null && typeof cause === 'object'; depth++) {
    const { code, message: text } = cause as { code?: unknown; message?: unknown };
    if (typeof code === 'string') return code;
    if (typeof text === 'string' && text !== '') message = text;
    cause = (cause as { cause?: unknown }).cause;
  }
  return message;
}

/**
 * Describes an error a client call threw; undefined for an error that is not the client's (a bug).
 * @param baseUrl the service's address, named in the messages about reaching it.
 * @example
 * describeFailure(error, 'http://127.0.0.1:8080');
 * // { kind: 'unreachable', message: 'cannot reach http://127.0.0.1:8080 (ECONNREFUSED): is the service running?' }
 */
export function describeFailure(error: unknown, baseUrl: string): ClientFailure | undefined {
  if (error instanceof DbkitApiError) {
    // A body that is not the service's (an HTML page from a proxy) is cut short: one line, not a page.
    const text = oneLine(error.detail);
    const detail = text === '' ? '' : `: ${text.length > 300 ? `${text.slice(0, 300)}…` : text}`;
    const kind = error.status === 401 && error.errorCode !== 'NOT_IN_GROUP' ? 'unauthorized' : 'refused';
    return { kind, message: `the service refused: ${error.errorCode} (HTTP ${error.status})${detail}` };
  }
  if (error instanceof DbkitTransportError) {
    if (error.kind === 'timeout') {
      return {
        kind: 'timeout',
        message: `no answer from ${baseUrl} in time (${oneLine(error.message)}): is the service overloaded?`,
      };
    }
    if (error.kind === 'aborted') return { kind: 'aborted', message: `cancelled: ${oneLine(error.message)}` };
    return {
      kind: 'unreachable',
      message: `cannot reach ${baseUrl} (${networkReason(error)}): is the service running?`,
    };
  }
  if (error instanceof SyntaxError) {
    // A 2xx whose body is not JSON: something else answers at this address.
    return {
      kind: 'not-json',
      message: `the answer from ${baseUrl} is not JSON: is it the service's address (without /api/public/v1.0)?`,
    };
  }
  return undefined;
}
