/** What every API command gets: the client, the streams (the private key filtered out), and the shared options. */
import type { DbkitClient, ListOptions } from '@dbkit/client';
import type { Io, OutputStream } from '../io.js';
import type { Palette } from '../output/color.js';
import { createPageProgress } from '../output/pageProgress.js';
import { type Column, formatFields, formatTable } from '../output/table.js';
import type { ApiCommand } from './args.js';

export interface ApiContext {
  readonly client: DbkitClient;
  readonly io: Io;
  /** stdout and stderr, never letting the private key through. */
  readonly out: OutputStream;
  readonly err: OutputStream;
  readonly command: ApiCommand;
  /** For tables (stdout's terminal or not). */
  readonly palette: Palette;
}

/**
 * Every item of a list, all pages read, with `page 3 of 7…` on a terminal meanwhile.
 * @param list the client's iteration, given the page size and the page callback.
 */
export async function collect<T>(ctx: ApiContext, list: (options: ListOptions) => AsyncIterable<T>): Promise<T[]> {
  const progress = createPageProgress(ctx.err);
  const pageSize = ctx.command.pageSize ?? 100;
  const items: T[] = [];
  try {
    for await (const item of list({ pageSize, onPage: (page, n) => progress.page(n, page.totalCount, pageSize) })) {
      items.push(item);
    }
  } finally {
    progress.clear();
  }
  return items;
}

/** A list: the table (or `No <noun> found.`), or with `--json` the items as one JSON array. */
export function printList<T>(ctx: ApiContext, items: readonly T[], columns: readonly Column<T>[], noun: string): void {
  if (ctx.command.json) ctx.out.write(`${JSON.stringify(items, null, 2)}\n`);
  else if (items.length === 0) ctx.out.write(`No ${noun} found.\n`);
  else ctx.out.write(formatTable(columns, items, ctx.palette));
}

/** One object: its fields, or with `--json` the object as the service returned it. */
export function printOne(ctx: ApiContext, value: unknown, fields: readonly (readonly [string, string])[]): void {
  if (ctx.command.json) ctx.out.write(`${JSON.stringify(value, null, 2)}\n`);
  else ctx.out.write(formatFields(fields, ctx.palette));
}
