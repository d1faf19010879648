/**
 * The calls every endpoint is made of, over one `Transport`: a JSON answer, one page of a list, and every item of
 * every page (following `next` links, or the next `pageNum` when a page has none but more items exist).
 */
import type { ListResponse } from '@dbkit/core';
import type { CallOptions, Transport } from './transport.js';

/** What every call accepts. */
export type RequestOptions = { readonly signal?: AbortSignal };
export type PageOptions = RequestOptions & { readonly pageNum?: number; readonly itemsPerPage?: number };
/** Iteration: how many items to ask for per page (at most 500), and a callback after each page. */
export type ListOptions = RequestOptions & {
  readonly pageSize?: number;
  readonly onPage?: (page: ListResponse<unknown>, pageNum: number) => void;
};

/** One segment of a path: an id as the caller gave it, escaped. */
export const segment = (value: string) => encodeURIComponent(value);

/** The call options that carry the caller's signal, when there is one. */
export const signalOf = (opts: RequestOptions = {}) => (opts.signal ? { signal: opts.signal } : {});

/** Sends one call and parses its answer as `T`. */
export async function requestJson<T>(
  transport: Transport,
  method: string,
  path: string,
  call: CallOptions = {},
): Promise<T> {
  const answer = await transport.call(method, transport.url(path, call.query), call);
  return JSON.parse(answer.text) as T;
}

/** One page of the list at `path`: the caller's `pageNum` and `itemsPerPage` (the service's defaults if absent). */
export const requestPage = <T>(
  transport: Transport,
  path: string,
  query: CallOptions['query'],
  opts: PageOptions = {},
) =>
  requestJson<ListResponse<T>>(transport, 'GET', path, {
    query: { ...query, pageNum: opts.pageNum, itemsPerPage: opts.itemsPerPage },
    ...(opts.signal ? { signal: opts.signal } : {}),
  });

/** Every item of the list at `path`, page after page, as the pages arrive. */
export async function* iterateItems<T>(
  transport: Transport,
  path: string,
  query: CallOptions['query'],
  opts: ListOptions = {},
): AsyncGenerator<T> {
  const itemsPerPage = opts.pageSize ?? 100;
  let pageNum = 1;
  let url: string | URL = transport.url(path, { ...query, pageNum, itemsPerPage });
  let seen = 0;
  for (;;) {
    const answer = await transport.call('GET', url, opts.signal ? { signal: opts.signal } : {});
    const current = JSON.parse(answer.text) as ListResponse<T>;
    opts.onPage?.(current, pageNum);
    for (const item of current.results) yield item;
    seen += current.results.length;
    const next = current.links?.find((link) => link.rel === 'next')?.href;
    if (next !== undefined) url = next;
    else if (current.results.length > 0 && seen < current.totalCount) {
      url = transport.url(path, { ...query, pageNum: pageNum + 1, itemsPerPage });
    } else return;
    pageNum += 1;
  }
}
