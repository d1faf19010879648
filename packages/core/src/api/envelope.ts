/**
 * The `envelope` and `pretty` query parameters: wrapping a body for clients that cannot read the status code, and
 * writing it compact or pretty-printed.
 */
import type { Envelope, ListEnvelope, ListResponse } from '../model/list.js';
import { type ApiResult, fail } from './errors.js';

/** Wraps a single-result body: `{status, content}`, `status` being the HTTP response code. */
export function envelope<T>(status: number, body: T): Envelope<T> {
  return { status, content: body };
}

/**
 * Wraps a list response: the list itself with `status` added after `results`, `links` and `totalCount` (not nested
 * under `content`; the spec says the service "adds a `status` field" to lists).
 */
export function listEnvelope<T>(status: number, list: ListResponse<T>): ListEnvelope<T> {
  return { ...list, status };
}

/**
 * Reads a boolean query parameter such as `pretty` or `envelope`: `true` and `false` in any letter case, and a
 * parameter given without a value (`?pretty`) meaning true. Omitted gives `fallback`. Anything else (`1`, `yes`)
 * is refused with 400 `INVALID_QUERY_PARAMETER`, so a typo does not silently switch the option off.
 */
export function parseBooleanQuery(name: string, value: string | undefined, fallback = false): ApiResult<boolean> {
  if (value === undefined) return { ok: true, value: fallback };
  const lower = value.toLowerCase();
  if (lower === 'true' || lower === '') return { ok: true, value: true };
  if (lower === 'false') return { ok: true, value: false };
  return fail('INVALID_QUERY_PARAMETER', [name], {
    hint: `${name} must be true or false, got ${JSON.stringify(value)}.`,
  });
}

/** Options of {@link serializeBody}. */
export type SerializeOptions = {
  /** Pretty-print as the real service does; compact when false or omitted. */
  readonly pretty?: boolean;
};

/**
 * Writes a JSON body. Compact by default, like the real service. With `pretty`, the real service's printer style
 * (Jackson's default pretty printer): two-space indentation, `"key" : value`, arrays on the line of their brackets
 * (`[ 1, 2 ]`, `[ {` … `}, {` … `} ]`), and empty containers as `{ }` and `[ ]`. Key order is kept as given.
 *
 * The body must be JSON data (as `JSON.stringify` takes it); `undefined` properties are left out.
 * @example
 * serializeBody({ links: [{ rel: 'self' }], totalCount: 0 }, { pretty: true });
 * // '{\n  "links" : [ {\n    "rel" : "self"\n  } ],\n  "totalCount" : 0\n}'
 */
export function serializeBody(body: unknown, options: SerializeOptions = {}): string {
  const compact = JSON.stringify(body) as string | undefined;
  if (compact === undefined) return '';
  if (options.pretty !== true) return compact;
  return pretty(JSON.parse(compact) as unknown, 0);
}

function pretty(value: unknown, depth: number): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return '[ ]';
    return `[ ${value.map((item: unknown) => pretty(item, depth)).join(', ')} ]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{ }';
    const inner = '  '.repeat(depth + 1);
    const lines = entries.map(([key, item]) => `${inner}${JSON.stringify(key)} : ${pretty(item, depth + 1)}`);
    return `{\n${lines.join(',\n')}\n${'  '.repeat(depth)}}`;
  }
  return JSON.stringify(value);
}
