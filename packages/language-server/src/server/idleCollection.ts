/**
 * Full garbage collections once the server is quiet after work that leaves much garbage behind: the diagnostics
 * of a large document parse its whole value for core's rules (~100 MB of objects at 17 MB), and V8 keeps the heap
 * it grew for them long after they are dead. Only where the runtime gives a collector (the Node entry,
 * `src/node.ts`); never while the user types or waits for an answer.
 *
 * Two collections: one once the server has been quiet for `QUIET_MS` (the dead objects go), and one once it has
 * been quiet for `SETTLE_QUIET_MS`. V8 gives back its young generation's pages (empty by then) only in a collection
 * that sees allocation has slowed, which it judges over its last five seconds: the second one does. Settled, the
 * server holds about 8× the document (docs/decisions/language-server.md, "Garbage is collected when the server is
 * quiet").
 */

/** How long the server must have been quiet (no change, no request answered) before it collects. */
export const QUIET_MS = 1000;
/** How long before the second collection: past V8's five-second window of allocation throughput. */
export const SETTLE_QUIET_MS = 6000;
/**
 * Documents below this many characters leave too little garbage to be worth a pause. From about 0.1 MB the
 * collections pay: a 0.28 MB document's server settles at 72 MB RSS with them, 86 MB without.
 */
export const LARGE_DOCUMENT_CHARS = 100_000;

export interface IdleCollection {
  /** Work on a document of `chars` characters just finished: collect after the next quiet moments if it is large. */
  afterWork(chars: number): void;
}

/**
 * `collect` runs at most twice per burst of work: when `lastActive()` (a `performance.now()` time) is `QUIET_MS`
 * behind, then when it is `SETTLE_QUIET_MS` behind; activity in the meantime puts each off, and new large work starts
 * over.
 */
export function createIdleCollection(collect: (() => void) | undefined, lastActive: () => number): IdleCollection {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const wait = (ms: number, then: () => void): void => {
    timer = setTimeout(then, ms);
    (timer as { unref?: () => void }).unref?.();
  };
  /** Runs `collect` once the server has been quiet for `quietMs`, then `next`. */
  const when = (quietMs: number, next?: () => void) => {
    const due = (): void => {
      const quiet = performance.now() - lastActive();
      if (quiet < quietMs) {
        wait(quietMs - quiet, due);
        return;
      }
      timer = undefined;
      collect?.();
      next?.();
    };
    return due;
  };
  const settle = when(SETTLE_QUIET_MS);
  const first = when(QUIET_MS, () => wait(SETTLE_QUIET_MS - QUIET_MS, settle));
  return {
    afterWork(chars) {
      if (collect === undefined || chars < LARGE_DOCUMENT_CHARS) return;
      if (timer !== undefined) {
        // Work while the second collection waited: the first comes again.
        clearTimeout(timer);
      }
      wait(QUIET_MS, first);
    },
  };
}
