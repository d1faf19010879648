/**
 * The `pageNum` and `itemsPerPage` query parameters of list endpoints, and cutting a list into one page.
 */
import type { Link } from '../model/link.js';
import type { ListResponse } from '../model/list.js';
import { type ApiResult, fail } from './errors.js';

/** The query of a request: parameter name to its (first) value. */
export type Query = Readonly<Record<string, string | undefined>>;

/** The page a list request asks for. */
export type Paging = {
  /**
   * One-based page number.
   * @TJS-type integer
   * @minimum 1
   * @default 1
   */
  readonly pageNum: number;
  /**
   * Items per page.
   * @TJS-type integer
   * @minimum 1
   * @maximum 500
   * @default 100
   */
  readonly itemsPerPage: number;
};

/** The paging limits of every list endpoint. */
export const PagingLimits = {
  /** One-based page number used when `pageNum` is omitted. */
  defaultPageNum: 1,
  /** Items per page used when `itemsPerPage` is omitted. */
  defaultItemsPerPage: 100,
  /** The largest `itemsPerPage` accepted. */
  maxItemsPerPage: 500,
  /** The largest `pageNum` accepted: the largest 32-bit signed integer, as the real service parses it. */
  maxPageNum: 2_147_483_647,
} as const;

const DIGITS = /^[0-9]+$/;

function parseBoundedInteger(
  name: 'pageNum' | 'itemsPerPage',
  raw: string | undefined,
  fallback: number,
  max: number,
): ApiResult<number> {
  if (raw === undefined) return { ok: true, value: fallback };
  const value = DIGITS.test(raw) ? Number(raw) : Number.NaN;
  if (Number.isSafeInteger(value) && value >= 1 && value <= max) return { ok: true, value };
  return fail('INVALID_QUERY_PARAMETER', [name], {
    hint: `${name} must be a whole number from 1 to ${max}, got ${JSON.stringify(raw)}; omit it to get ${fallback}.`,
  });
}

/**
 * Reads `pageNum` (one-based, default 1) and `itemsPerPage` (default 100, maximum 500) from a query.
 *
 * A value that is not a whole number written in digits (`0`, `-1`, `1.5`, `1e2`, `abc`, an empty value) or that
 * is out of range (`itemsPerPage` above 500) is refused with 400 `INVALID_QUERY_PARAMETER` naming the parameter,
 * never clamped, so a client learns that it did not get the page it asked for. `pageNum` is checked first.
 */
export function parsePaging(query: Query): ApiResult<Paging> {
  const pageNum = parseBoundedInteger('pageNum', query.pageNum, PagingLimits.defaultPageNum, PagingLimits.maxPageNum);
  if (!pageNum.ok) return pageNum;
  const itemsPerPage = parseBoundedInteger(
    'itemsPerPage',
    query.itemsPerPage,
    PagingLimits.defaultItemsPerPage,
    PagingLimits.maxItemsPerPage,
  );
  if (!itemsPerPage.ok) return itemsPerPage;
  return { ok: true, value: { pageNum: pageNum.value, itemsPerPage: itemsPerPage.value } };
}

/**
 * The URL with `pageNum` and `itemsPerPage` set to the given page, appended after the URL's other query parameters
 * (replacing any earlier values of them), as the real service writes its list links.
 */
export function pageUrl(url: string, paging: Paging): string {
  const hashAt = url.indexOf('#');
  const withoutHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = withoutHash.indexOf('?');
  const base = queryAt === -1 ? withoutHash : withoutHash.slice(0, queryAt);
  const params = new URLSearchParams(queryAt === -1 ? '' : withoutHash.slice(queryAt + 1));
  params.delete('pageNum');
  params.delete('itemsPerPage');
  params.append('pageNum', String(paging.pageNum));
  params.append('itemsPerPage', String(paging.itemsPerPage));
  return `${base}?${params.toString()}`;
}

/**
 * Cuts one page out of the full (already filtered) result set.
 *
 * `totalCount` is the size of the whole set. `links` holds `self` (the request URL carrying the effective `pageNum`
 * and `itemsPerPage`), then `next` when items follow this page and `previous` when this is not the first page. A page
 * past the end has no results, a `previous` link to the page before it, and no `next`.
 * @param selfUrl The URL of the request, absolute or relative; its other query parameters are kept in every link.
 */
export function paginate<T>(items: readonly T[], paging: Paging, selfUrl: string): ListResponse<T> {
  const start = (paging.pageNum - 1) * paging.itemsPerPage;
  const results = items.slice(start, start + paging.itemsPerPage);
  const links: Link[] = [{ href: pageUrl(selfUrl, paging), rel: 'self' }];
  if (start + paging.itemsPerPage < items.length) {
    links.push({ href: pageUrl(selfUrl, { ...paging, pageNum: paging.pageNum + 1 }), rel: 'next' });
  }
  if (paging.pageNum > 1) {
    links.push({ href: pageUrl(selfUrl, { ...paging, pageNum: paging.pageNum - 1 }), rel: 'previous' });
  }
  return { results, links, totalCount: items.length };
}
