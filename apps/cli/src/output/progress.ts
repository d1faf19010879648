/**
 * `validating 120/500…` on stderr while many files are checked, only when stderr is a terminal; cleared before
 * anything else is printed and at the end, so it never ends up in a log or between results.
 */

export interface Progress {
  update(done: number): void;
  /** Removes the line (before other output, and at the end). */
  clear(): void;
}

const NONE: Progress = { update() {}, clear() {} };

/** Files below which no progress is shown: they finish before anyone reads it. */
export const PROGRESS_MIN_FILES = 20;

export function createProgress(
  total: number,
  stream: { readonly isTTY?: boolean; write(text: string): unknown },
  now: () => number = Date.now,
): Progress {
  if (!stream.isTTY || total < PROGRESS_MIN_FILES) return NONE;
  let shown = false;
  let last = 0;
  return {
    update(done) {
      const time = now();
      if (done < total && time - last < 100) return;
      last = time;
      stream.write(`\r\u001b[Kvalidating ${done}/${total}…`);
      shown = true;
    },
    clear() {
      if (!shown) return;
      stream.write('\r\u001b[K');
      shown = false;
    },
  };
}
