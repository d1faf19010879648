/**
 * Paging over a transport whose fetch answers from a table of pages: `iterateItems` follows a `next` link when a
 * page has one, asks for the next `pageNum` when it has none but more items exist, and stops at an empty or last
 * page; `requestPage` sends the caller's `pageNum` and `itemsPerPage`.
 */
import { describe, expect, it } from 'vitest';
import { DigestSession } from '../src/digest.js';
import { iterateItems, requestPage } from '../src/requests.js';
import { Transport } from '../src/transport.js';

const BASE = 'http://127.0.0.1:8080';
const PATH = '/groups/g/things';

type Page = { readonly results: readonly number[]; readonly totalCount: number; readonly next?: string };

/** A transport over a fetch that answers each URL from `pages` (by its path and query) and records what it asked. */
function transportOver(pages: { readonly [pathAndQuery: string]: Page }): { transport: Transport; asked: string[] } {
  const asked: string[] = [];
  const fetch = async (input: string | URL | Request): Promise<Response> => {
    const url = new URL(String(input));
    const key = `${url.pathname.replace('/api/public/v1.0', '')}${url.search}`;
    asked.push(key);
    const page = pages[key];
    if (page === undefined) return new Response('{}', { status: 404 });
    const links = page.next === undefined ? [] : [{ rel: 'next', href: `${BASE}/api/public/v1.0${page.next}` }];
    return new Response(JSON.stringify({ results: page.results, totalCount: page.totalCount, links }));
  };
  const transport = new Transport({
    baseUrl: BASE,
    session: new DigestSession({ publicKey: 'public', privateKey: 'private' }),
    fetch: fetch as typeof globalThis.fetch,
    retry: { retries: 0, baseDelayMs: 0, maxDelayMs: 0 },
    timeoutMs: 1000,
    sleep: async () => {},
    random: () => 0,
  });
  return { transport, asked };
}

async function itemsOf(transport: Transport, pageSize: number): Promise<{ items: number[]; pages: number[] }> {
  const items: number[] = [];
  const pages: number[] = [];
  for await (const item of iterateItems<number>(transport, PATH, {}, { pageSize, onPage: (_, n) => pages.push(n) })) {
    items.push(item);
  }
  return { items, pages };
}

describe('iterateItems', () => {
  it.for([
    {
      name: 'follows next links wherever they point',
      pages: {
        [`${PATH}?pageNum=1&itemsPerPage=2`]: { results: [1, 2], totalCount: 5, next: '/groups/g/things?cursor=b' },
        '/groups/g/things?cursor=b': { results: [3, 4], totalCount: 5, next: '/groups/g/things?cursor=c' },
        '/groups/g/things?cursor=c': { results: [5], totalCount: 5 },
      },
      asked: [`${PATH}?pageNum=1&itemsPerPage=2`, '/groups/g/things?cursor=b', '/groups/g/things?cursor=c'],
      items: [1, 2, 3, 4, 5],
    },
    {
      name: 'asks for the next pageNum when a page has no next link but more items exist',
      pages: {
        [`${PATH}?pageNum=1&itemsPerPage=2`]: { results: [1, 2], totalCount: 3 },
        [`${PATH}?pageNum=2&itemsPerPage=2`]: { results: [3], totalCount: 3 },
      },
      asked: [`${PATH}?pageNum=1&itemsPerPage=2`, `${PATH}?pageNum=2&itemsPerPage=2`],
      items: [1, 2, 3],
    },
    {
      name: 'stops at an empty page even when the total says more',
      pages: {
        [`${PATH}?pageNum=1&itemsPerPage=2`]: { results: [1, 2], totalCount: 9 },
        [`${PATH}?pageNum=2&itemsPerPage=2`]: { results: [], totalCount: 9 },
      },
      asked: [`${PATH}?pageNum=1&itemsPerPage=2`, `${PATH}?pageNum=2&itemsPerPage=2`],
      items: [1, 2],
    },
    {
      name: 'reads one page when the list is empty',
      pages: { [`${PATH}?pageNum=1&itemsPerPage=2`]: { results: [], totalCount: 0 } },
      asked: [`${PATH}?pageNum=1&itemsPerPage=2`],
      items: [],
    },
  ])('$name', async ({ pages, asked, items }) => {
    const over = transportOver(pages);
    const seen = await itemsOf(over.transport, 2);
    expect(seen.items).toEqual(items);
    expect(over.asked).toEqual(asked);
    expect(seen.pages).toEqual(asked.map((_, i) => i + 1));
  });
});

describe('requestPage', () => {
  it('sends the filter, pageNum and itemsPerPage, and leaves out what is undefined', async () => {
    const key = `${PATH}?status=OPEN&pageNum=3&itemsPerPage=10`;
    const over = transportOver({ [key]: { results: [7], totalCount: 21 } });
    const page = await requestPage<number>(
      over.transport,
      PATH,
      { status: 'OPEN', other: undefined },
      { pageNum: 3, itemsPerPage: 10 },
    );
    expect(page.results).toEqual([7]);
    expect(over.asked).toEqual([key]);
  });
});
