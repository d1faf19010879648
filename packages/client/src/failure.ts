/**
 * A failed call in words, for every front end (the CLI, the VS Code extension, the playground): what happened, as
 * sentences a person reads once, in the service's words where it answered. The next step is apart (`hint`), so a
 * front end can put its own there (a flag to set, a button); so are the status and error code (`reference`), for
 * logs and for searching the docs, never in the sentence.
 */
import { DbkitApiError, DbkitTransportError } from './errors.js';

/**
 * Why a call failed. `refused`: the service answered with an error; `unauthorized`: it rejected the key pair (a 401
 * other than `NOT_IN_GROUP`); `not-in-project`: the key pair is not one of the project's (401 `NOT_IN_GROUP`);
 * `timeout`, `aborted`, `unreachable`: no answer (or a gateway's page saying the service is down); `not-json`:
 * something else answers at the address (not JSON, or an error that is not the service's).
 */
export type FailureKind =
  | 'refused'
  | 'unauthorized'
  | 'not-in-project'
  | 'timeout'
  | 'aborted'
  | 'unreachable'
  | 'not-json';

/** Why a call failed, in words. */
export type ClientFailure = {
  readonly kind: FailureKind;
  /** What happened: one or two sentences, starting with a capital and ending with one full stop. */
  readonly message: string;
  /** What to do, as a sentence; a front end may say it its own way (a flag, a button) instead. */
  readonly hint?: string;
  /** `HTTP 404, SNAPSHOT_NOT_FOUND` or `ECONNREFUSED`: for a log or a search, never needed to read the message. */
  readonly reference?: string;
};

/** What the messages may name besides the address. */
export type FailureContext = {
  /** The project the call was about, named when the key pair is rejected. */
  readonly groupId?: string;
};

/** An answer of the service as plain data: what {@link describeRefusal} reads (a `DbkitApiError` has these fields). */
export type Refusal = {
  readonly status: number;
  /** The service's error code, or `HTTP_<status>` when the body was not the service's. */
  readonly errorCode: string;
  readonly detail: string;
};

const CHECK_ADDRESS = "Check that the address is the service's, without /api/public/v1.0.";
const CHECK_KEYS = 'Check the public and private key.';
const CHECK_RUNNING = 'Check that the service is running and that the address is right.';

/** Common statuses in words, for an answer that is not the service's (its body names none). */
const STATUS_WORDS: { readonly [status: number]: string } = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** Node's network error codes in words; an unknown code stays only in the reference. */
const NETWORK_WORDS: { readonly [code: string]: string } = {
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  ENOTFOUND: 'no host has that name',
  EAI_AGAIN: 'the host name could not be looked up',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  UND_ERR_SOCKET: 'the connection was closed',
};

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * A text as the end of a sentence: on one line, with exactly one closing full stop (the service's details end with
 * one; a question or a cut text keeps its own mark). Every front end closes the service's words with it.
 * @example closeSentence('Version 3 is stale.\n') // 'Version 3 is stale.'
 */
export function closeSentence(text: string): string {
  const trimmed = oneLine(text).replace(/[\s.,;:]+$/, '');
  return /[?!…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** At most `max` characters of a text, on one line; a cut one ends with `…`. */
function cut(text: string, max: number): string {
  const line = oneLine(text);
  return line.length > max ? `${line.slice(0, max).trimEnd()}…` : line;
}

/** `HTTP 404, SNAPSHOT_NOT_FOUND`; the code left out when it says nothing (none, or the 401 challenge's). */
function referenceOf({ status, errorCode }: Refusal): string {
  const silent = errorCode === `HTTP_${status}` || (status === 401 && errorCode === 'UNEXPECTED_ERROR');
  return silent ? `HTTP ${status}` : `HTTP ${status}, ${errorCode}`;
}

/** The words before the service's detail, and the next step, by status. */
function framing(status: number): { readonly lead: string; readonly hint?: string } {
  if (status === 403) return { lead: 'The service does not allow this' };
  if (status === 404) return { lead: 'The service could not find it' };
  if (status === 409) return { lead: 'The service refused the change' };
  if (status === 429) return { lead: 'The service is limiting requests', hint: 'Wait a minute, then try again.' };
  if (status === 502 || status === 503 || status === 504) {
    return { lead: 'The service is unavailable', hint: 'Try again in a moment.' };
  }
  if (status >= 500)
    return { lead: 'The service failed', hint: "Try again; if it fails again, the service's log says why." };
  return { lead: 'The service refused the request' };
}

/**
 * Describes an answer of the service (or of whatever answers at its address) with an error status. For a front end
 * that holds the answer as plain data rather than the error the client threw (the playground's page).
 * @example
 * describeRefusal({ status: 404, errorCode: 'GROUP_NOT_FOUND', detail: 'No group with ID 5e22… exists.' }, url);
 * // { kind: 'refused', message: 'The service could not find it: No group with ID 5e22… exists.',
 * //   reference: 'HTTP 404, GROUP_NOT_FOUND' }
 */
export function describeRefusal(refusal: Refusal, baseUrl: string, context: FailureContext = {}): ClientFailure {
  const { status, errorCode, detail } = refusal;
  const reference = referenceOf(refusal);
  const project = context.groupId === undefined ? '' : ` for project ${context.groupId}`;
  if (errorCode === `HTTP_${status}` && status !== 401) {
    // Not the service's error body (it always names a code): a gateway's page when the service is down, else
    // another server's (the address is not the service's).
    const words = STATUS_WORDS[status] ?? `HTTP ${status}`;
    const text = oneLine(detail);
    const what =
      text === '' || text.startsWith('<') ? `a "${words}" page` : `a "${words}" answer saying "${cut(text, 120)}"`;
    return status === 502 || status === 503 || status === 504
      ? {
          kind: 'unreachable',
          message: `The service at ${baseUrl} is unavailable: ${what}.`,
          hint: CHECK_RUNNING,
          reference,
        }
      : {
          kind: 'not-json',
          message: `The answer from ${baseUrl} is not the service's: ${what}.`,
          hint: CHECK_ADDRESS,
          reference,
        };
  }
  const said = oneLine(detail) === '' ? '' : `: ${cut(detail, 300)}`;
  if (status === 401 && errorCode === 'NOT_IN_GROUP') {
    return {
      kind: 'not-in-project',
      message: closeSentence(`The service refused the key pair${project}${said}`),
      hint: 'Check the project id, and use a key pair of that project.',
      reference,
    };
  }
  if (status === 401) {
    // The challenge's body ("You are not authorized for this resource.", UNEXPECTED_ERROR) repeats what the
    // sentence says; any other 401 says why.
    const why = reference === 'HTTP 401' ? '' : said;
    return {
      kind: 'unauthorized',
      message: closeSentence(`The service rejected the key pair${project}${why}`),
      hint: CHECK_KEYS,
      reference,
    };
  }
  const { lead, hint } = framing(status);
  return {
    kind: 'refused',
    message: closeSentence(`${lead}${said}`),
    ...(hint === undefined ? {} : { hint }),
    reference,
  };
}

/**
 * The low-level reason of a network failure: Node's code (`ECONNREFUSED`, `ENOTFOUND`, …) when it gives one, else
 * the innermost message (fetch refuses some ports outright: `bad port`).
 */
function networkReason(error: DbkitTransportError): { readonly code?: string; readonly message?: string } {
  let cause: unknown = error.cause;
  let message: string | undefined;
  for (let depth = 0; depth < 5 && cause !== null && typeof cause === 'object'; depth++) {
    const { code, message: text } = cause as { code?: unknown; message?: unknown };
    if (typeof code === 'string') return { code };
    if (typeof text === 'string' && text !== '') message = text;
    cause = (cause as { cause?: unknown }).cause;
  }
  return message === undefined ? {} : { message };
}

/**
 * Describes an error a client call threw; undefined for an error that is not the client's (a bug).
 * @param baseUrl the service's address, named in the messages about reaching it.
 * @param context what else the messages may name: the project.
 * @example
 * describeFailure(error, 'http://127.0.0.1:8080');
 * // { kind: 'unreachable', message: 'Cannot reach the service at http://127.0.0.1:8080: the connection was refused.',
 * //   hint: 'Check that the service is running and that the address is right.', reference: 'ECONNREFUSED' }
 */
export function describeFailure(
  error: unknown,
  baseUrl: string,
  context: FailureContext = {},
): ClientFailure | undefined {
  if (error instanceof DbkitApiError) return describeRefusal(error, baseUrl, context);
  if (error instanceof DbkitTransportError) {
    if (error.kind === 'timeout') {
      return {
        kind: 'timeout',
        message: `The service at ${baseUrl} did not answer in time.`,
        hint: 'It may be overloaded: try again.',
      };
    }
    if (error.kind === 'aborted') return { kind: 'aborted', message: 'The request was cancelled.' };
    const { code, message } = networkReason(error);
    const words = code === undefined ? message : NETWORK_WORDS[code];
    return {
      kind: 'unreachable',
      message: closeSentence(`Cannot reach the service at ${baseUrl}${words === undefined ? '' : `: ${words}`}`),
      hint: CHECK_RUNNING,
      ...(code === undefined ? {} : { reference: code }),
    };
  }
  if (error instanceof SyntaxError) {
    // A 2xx whose body is not JSON: something else answers at this address.
    return {
      kind: 'not-json',
      message: `The answer from ${baseUrl} is not the service's: it is not JSON.`,
      hint: CHECK_ADDRESS,
    };
  }
  return undefined;
}
