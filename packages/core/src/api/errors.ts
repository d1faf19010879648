/**
 * Building error bodies, and the result shape every fallible API function returns instead of throwing.
 */
import { type ApiErrorBody, ErrorCode } from '../model/error.js';

/** The outcome of a fallible API function: a value, or the error body to send. Nothing in `api/` throws. */
export type ApiResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: ApiErrorBody };

/** The parameter values an error code needs: one per placeholder of its detail template, in order. */
export type ErrorParameters<C extends ErrorCode> = ParameterValues<(typeof ErrorCode)[C]['parameters']>;

/** One value (string or number) per parameter name of the tuple `Names`. */
type ParameterValues<Names extends readonly string[]> = { readonly [K in keyof Names]: string | number };

/** Options of {@link apiError}. */
export type ApiErrorOptions = {
  /**
   * A sentence appended to the filled template, saying why the request was refused or what to send instead. The
   * template itself stays as the real service words it, so clients that match on it keep working.
   */
  readonly hint?: string;
};

const PLACEHOLDER = /<[^<>]+>/g;

/**
 * Builds the error body for a code: HTTP status, reason phrase and the detail template with its placeholders
 * replaced, in order, by `parameters`. Keys are in alphabetical order, as the real service writes them.
 * @example
 * apiError('GROUP_NOT_FOUND', ['5e2211c17a3e5a48f5497de3']);
 * // { detail: 'No group with ID 5e2211c17a3e5a48f5497de3 exists.', error: 404, errorCode: 'GROUP_NOT_FOUND',
 * //   parameters: ['5e2211c17a3e5a48f5497de3'], reason: 'Not Found' }
 */
export function apiError<C extends ErrorCode>(
  code: C,
  parameters: ErrorParameters<C>,
  options: ApiErrorOptions = {},
): ApiErrorBody {
  const definition = ErrorCode[code];
  // ErrorParameters<C> is a tuple of strings and numbers for every C; TypeScript cannot see that for a generic C.
  const values = parameters as readonly (string | number)[];
  let index = 0;
  const filled = definition.detail.replace(PLACEHOLDER, (placeholder) => {
    const value = values[index++];
    return value === undefined ? placeholder : String(value);
  });
  return {
    detail: options.hint === undefined ? filled : `${filled} ${options.hint}`,
    error: definition.status,
    errorCode: code,
    parameters: [...values],
    reason: definition.reason,
  };
}

/** Shorthand for a failed {@link ApiResult} carrying {@link apiError}'s body. */
export function fail<C extends ErrorCode>(
  code: C,
  parameters: ErrorParameters<C>,
  options: ApiErrorOptions = {},
): { readonly ok: false; readonly error: ApiErrorBody } {
  return { ok: false, error: apiError(code, parameters, options) };
}

/** The placeholder names of a detail template, in order (used to check templates against their parameter lists). */
export function templatePlaceholders(detail: string): readonly string[] {
  return (detail.match(PLACEHOLDER) ?? []).map((placeholder) => placeholder.slice(1, -1));
}
