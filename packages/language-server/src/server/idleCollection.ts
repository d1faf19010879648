/**
 * A full garbage collection once the server is quiet after work that leaves much garbage behind: the diagnostics
 * of a large document parse its whole value for core's rules (~100 MB of objects at 17 MB), and V8 keeps the heap
 * it grew for them long after they are dead (measured over stdio at 16.9 MB: 235 MB of RSS ten seconds after the
 * last request, 142-149 MB with a collection when quiet). Only where the runtime gives a collector (the Node entry,
 * `src/node.ts`); never while the user types or waits for an answer.
 */

/** How long the server must have been quiet (no change, no request answered) before it collects. */
export const QUIET_MS = 1000;
/** Documents below this many characters leave too little garbage to be worth a pause. */
export const LARGE_DOCUMENT_CHARS = 1_000_000;

export interface IdleCollection {
  /** Work on a document of `chars` characters just finished: collect after the next quiet moment if it is large. */
  afterWork(chars: number): void;
}

/**
 * `collect` runs at most once per burst of work, when `lastActive()` (a `performance.now()` time) is `QUIET_MS`
 * behind; activity in the meantime puts it off.
 */
export function createIdleCollection(collect: (() => void) | undefined, lastActive: () => number): IdleCollection {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const due = (): void => {
    const quiet = performance.now() - lastActive();
    if (quiet < QUIET_MS) {
      timer = setTimeout(due, QUIET_MS - quiet);
      (timer as { unref?: () => void }).unref?.();
      return;
    }
    timer = undefined;
    collect?.();
  };
  return {
    afterWork(chars) {
      if (collect === undefined || chars < LARGE_DOCUMENT_CHARS || timer !== undefined) return;
      timer = setTimeout(due, QUIET_MS);
      (timer as { unref?: () => void }).unref?.();
    },
  };
}
