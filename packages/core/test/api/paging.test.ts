import { describe, expect, it } from 'vitest';
import { pageUrl, paginate, parsePaging, type Query } from '../../src/api/paging.js';

describe('parsePaging', () => {
  it.for<[string, Query, { pageNum: number; itemsPerPage: number }]>([
    [
      'defaults to page 1 of 100 items when both are omitted [spec:paging-defaults]',
      {},
      { pageNum: 1, itemsPerPage: 100 },
    ],
    ['reads a one-based page number', { pageNum: '3' }, { pageNum: 3, itemsPerPage: 100 }],
    ['reads items per page', { itemsPerPage: '20' }, { pageNum: 1, itemsPerPage: 20 }],
    [
      'accepts the maximum of 500 items per page [spec:paging-max]',
      { itemsPerPage: '500' },
      { pageNum: 1, itemsPerPage: 500 },
    ],
    ['accepts 1 item per page', { itemsPerPage: '1' }, { pageNum: 1, itemsPerPage: 1 }],
    ['reads leading zeros as the number', { pageNum: '007' }, { pageNum: 7, itemsPerPage: 100 }],
    ['ignores unrelated parameters', { status: 'OPEN', pretty: 'true' }, { pageNum: 1, itemsPerPage: 100 }],
  ])('%s', ([, query, expected]) => {
    expect(parsePaging(query)).toStrictEqual({ ok: true, value: expected });
  });

  it.for<[string, Query, string]>([
    ['page 0 (pages are one-based)', { pageNum: '0' }, 'pageNum'],
    ['a negative page', { pageNum: '-1' }, 'pageNum'],
    ['a fractional page', { pageNum: '1.5' }, 'pageNum'],
    ['an exponent', { pageNum: '1e2' }, 'pageNum'],
    ['a word', { pageNum: 'two' }, 'pageNum'],
    ['an empty page number', { pageNum: '' }, 'pageNum'],
    ['a page beyond 32-bit integers', { pageNum: '2147483648' }, 'pageNum'],
    ['0 items per page', { itemsPerPage: '0' }, 'itemsPerPage'],
    ['more than 500 items per page (not clamped) [spec:paging-max]', { itemsPerPage: '501' }, 'itemsPerPage'],
    ['negative items per page', { itemsPerPage: '-5' }, 'itemsPerPage'],
    ['fractional items per page', { itemsPerPage: '10.0' }, 'itemsPerPage'],
    ['a plus sign', { itemsPerPage: '+10' }, 'itemsPerPage'],
    ['surrounding spaces', { itemsPerPage: ' 10' }, 'itemsPerPage'],
    ['both invalid: pageNum is reported first', { pageNum: 'x', itemsPerPage: 'y' }, 'pageNum'],
  ])('refuses %s with 400 INVALID_QUERY_PARAMETER naming the parameter', ([, query, parameter]) => {
    const result = parsePaging(query);
    if (result.ok) expect.fail('expected an error');
    expect(result.error).toMatchObject({
      error: 400,
      errorCode: 'INVALID_QUERY_PARAMETER',
      parameters: [parameter],
      reason: 'Bad Request',
    });
    expect(result.error.detail).toMatch(new RegExp(`^Invalid query parameter ${parameter} specified\\. `));
  });

  it('tells the allowed range and the default in the detail', () => {
    const result = parsePaging({ itemsPerPage: '1000' });
    expect(result.ok ? '' : result.error.detail).toBe(
      'Invalid query parameter itemsPerPage specified. itemsPerPage must be a whole number from 1 to 500, got "1000"; omit it to get 100.',
    );
  });
});

describe('pageUrl', () => {
  it.for([
    [
      'https://h/api/public/v1.0/groups/g/alerts',
      'https://h/api/public/v1.0/groups/g/alerts?pageNum=2&itemsPerPage=10',
    ],
    [
      'https://h/alerts?status=CLOSED&pageNum=9&itemsPerPage=3',
      'https://h/alerts?status=CLOSED&pageNum=2&itemsPerPage=10',
    ],
    ['/groups/g/alerts?pretty=true#top', '/groups/g/alerts?pretty=true&pageNum=2&itemsPerPage=10'],
  ] as const)('sets the page of %s after its other parameters', ([url, expected]) => {
    expect(pageUrl(url, { pageNum: 2, itemsPerPage: 10 })).toBe(expected);
  });
});

describe('paginate', () => {
  const items = Array.from({ length: 7 }, (_, index) => index + 1);
  const url = 'https://h/api/public/v1.0/groups/g/alerts?status=OPEN';
  const link = (pageNum: number, itemsPerPage: number) =>
    `https://h/api/public/v1.0/groups/g/alerts?status=OPEN&pageNum=${pageNum}&itemsPerPage=${itemsPerPage}`;

  it.for(
    [
      {
        name: 'the first of several pages links self and next',
        pageNum: 1,
        itemsPerPage: 3,
        results: [1, 2, 3],
        links: [
          { href: link(1, 3), rel: 'self' },
          { href: link(2, 3), rel: 'next' },
        ],
      },
      {
        name: 'a middle page links self, next and previous',
        pageNum: 2,
        itemsPerPage: 3,
        results: [4, 5, 6],
        links: [
          { href: link(2, 3), rel: 'self' },
          { href: link(3, 3), rel: 'next' },
          { href: link(1, 3), rel: 'previous' },
        ],
      },
      {
        name: 'the last page links self and previous only',
        pageNum: 3,
        itemsPerPage: 3,
        results: [7],
        links: [
          { href: link(3, 3), rel: 'self' },
          { href: link(2, 3), rel: 'previous' },
        ],
      },
      {
        name: 'a single full page links self only [spec:links-self] [spec:list-self-paging]',
        pageNum: 1,
        itemsPerPage: 7,
        results: [1, 2, 3, 4, 5, 6, 7],
        links: [{ href: link(1, 7), rel: 'self' }],
      },
      {
        name: 'a page past the end is empty and links back',
        pageNum: 5,
        itemsPerPage: 3,
        results: [],
        links: [
          { href: link(5, 3), rel: 'self' },
          { href: link(4, 3), rel: 'previous' },
        ],
      },
    ].map((page) => [page.name, page] as const),
  )('%s', ([, { pageNum, itemsPerPage, results, links }]) => {
    expect(paginate(items, { pageNum, itemsPerPage }, url)).toStrictEqual({ results, links, totalCount: 7 });
  });

  it('counts the whole set in totalCount, which exceeds the page length [spec:list-total-count]', () => {
    const page = paginate(items, { pageNum: 1, itemsPerPage: 2 }, url);
    expect(page.totalCount).toBe(7);
    expect(page.results).toHaveLength(2);
  });

  it('writes the default paging into the self link of a request that omitted it [spec:list-self-paging]', () => {
    const paging = parsePaging({});
    if (!paging.ok) expect.fail('defaults must parse');
    expect(paginate([], paging.value, 'https://h/x').links).toStrictEqual([
      { href: 'https://h/x?pageNum=1&itemsPerPage=100', rel: 'self' },
    ]);
  });
});
