/**
 * When pushed diagnostics go out: a timer per document (the next turn for one just opened), due once the server has
 * been quiet for a while after the document changed, and not later than a bound.
 */

/**
 * How long after the last change, and after the last answer to a request, diagnostics are pushed (clients without
 * pull diagnostics): a user typing and completing is not made to wait for a large document's diagnostics.
 */
export const DIAGNOSTICS_DELAY_MS = 200;
/** The longest pushed diagnostics wait for a quiet moment after a change. */
export const DIAGNOSTICS_MAX_WAIT_MS = 2000;

export interface DiagnosticsScheduler {
  /** `uri` changed: its diagnostics are due once the server has been quiet for `delay` (at once for 0). */
  schedule(uri: string, delay: number): void;
  /** `uri` closed: nothing is pushed for it. */
  cancel(uri: string): void;
}

/**
 * `publish(uri)` runs once per burst of changes to `uri`, when `lastAnswered()` (a `performance.now()` time) is
 * `delay` behind and `delay` has passed since the last change, or `DIAGNOSTICS_MAX_WAIT_MS` after that change.
 */
export function createDiagnosticsScheduler(
  lastAnswered: () => number,
  publish: (uri: string) => void,
): DiagnosticsScheduler {
  // Each pending push, as the function that cancels it.
  const timers = new Map<string, () => void>();
  const cancel = (uri: string): void => {
    timers.get(uri)?.();
    timers.delete(uri);
  };
  // A push due at once (an opened document) runs on the next turn, after the messages already read, without a
  // timer's millisecond.
  const after = (due: () => void, delay: number): (() => void) => {
    if (delay <= 0) {
      const immediate = setImmediate(due);
      return () => clearImmediate(immediate);
    }
    const timer = setTimeout(due, delay);
    return () => clearTimeout(timer);
  };
  return {
    schedule(uri, delay) {
      cancel(uri);
      // Due once the document has been quiet for `delay`: no change and no request answered meanwhile (a keystroke
      // and its completion taking longer than the delay would otherwise start a 17 MB document's diagnostics between
      // two keystrokes). Requests never stop coming for long (hovers while the mouse moves), so not later than
      // DIAGNOSTICS_MAX_WAIT_MS after the change.
      const latest = performance.now() + DIAGNOSTICS_MAX_WAIT_MS;
      const due = (): void => {
        const now = performance.now();
        const quiet = now - lastAnswered();
        if (delay > 0 && quiet < delay && now < latest) {
          timers.set(uri, after(due, Math.min(delay - quiet, latest - now)));
        } else {
          timers.delete(uri);
          publish(uri);
        }
      };
      timers.set(uri, after(due, delay));
    },
    cancel,
  };
}
