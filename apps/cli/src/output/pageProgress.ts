/**
 * `page 3 of 7…` on stderr while a list spans several pages, only when stderr is a terminal; cleared before the
 * table is printed, so it never ends up in a log or a pipe.
 */
import type { OutputStream } from '../io.js';

export interface PageProgress {
  /** After page `pageNum` arrived; `totalCount` and `pageSize` give the number of pages. */
  page(pageNum: number, totalCount: number, pageSize: number): void;
  clear(): void;
}

export function createPageProgress(stream: OutputStream): PageProgress {
  let shown = false;
  if (!stream.isTTY) return { page() {}, clear() {} };
  return {
    page(pageNum, totalCount, pageSize) {
      const pages = Math.max(1, Math.ceil(totalCount / Math.max(1, pageSize)));
      // One page needs no progress; the last page is about to be printed anyway.
      if (pages < 2 || pageNum >= pages) return;
      stream.write(`\r\u001b[Kpage ${pageNum + 1} of ${pages}…`);
      shown = true;
    },
    clear() {
      if (!shown) return;
      stream.write('\r\u001b[K');
      shown = false;
    },
  };
}
