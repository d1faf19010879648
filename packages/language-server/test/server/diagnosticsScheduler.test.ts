/**
 * When pushed diagnostics go out (`diagnosticsScheduler.ts`): once the server has been quiet for the delay after a
 * change (no change, no request answered), at once for a delay of 0, never later than `DIAGNOSTICS_MAX_WAIT_MS` after
 * the change, once per burst of changes, and never for a closed document. Timers and `performance.now()` are faked:
 * every time below is exact.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createDiagnosticsScheduler,
  DIAGNOSTICS_DELAY_MS,
  DIAGNOSTICS_MAX_WAIT_MS,
} from '../../src/server/diagnosticsScheduler.js';

const DELAY = DIAGNOSTICS_DELAY_MS;
const MAX_WAIT = DIAGNOSTICS_MAX_WAIT_MS;

/** At `at` ms: `uri` changed (or opened, with a delay of 0); the change is activity too. */
interface Change {
  readonly at: number;
  readonly uri: string;
  readonly delay: number;
}
/** At `at` ms: a request was answered. */
interface Answer {
  readonly at: number;
  readonly answer: true;
}
/** At `at` ms: `uri` closed. */
interface Close {
  readonly at: number;
  readonly close: string;
}
type Step = Change | Answer | Close;

/** Runs `steps` (in time order) and returns each push as `[ms from the start, uri]`. */
function run(steps: readonly Step[]): [number, string][] {
  const start = performance.now();
  const now = () => performance.now() - start;
  let lastAnswered = start;
  const pushed: [number, string][] = [];
  const scheduler = createDiagnosticsScheduler(
    () => lastAnswered,
    (uri) => pushed.push([now(), uri]),
  );
  for (const step of steps) {
    vi.advanceTimersByTime(step.at - now());
    expect(now()).toBe(step.at);
    if ('answer' in step) lastAnswered = performance.now();
    else if ('close' in step) scheduler.cancel(step.close);
    else scheduler.schedule(step.uri, step.delay);
  }
  vi.advanceTimersByTime(10 * MAX_WAIT);
  return pushed;
}

/** A request answered every `every` ms from `from` until `until` (inclusive). */
function answers(from: number, until: number, every: number): Answer[] {
  return Array.from({ length: Math.floor((until - from) / every) + 1 }, (_, i) => ({
    at: from + i * every,
    answer: true,
  }));
}

describe('createDiagnosticsScheduler', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits 200 ms of quiet, and 2 s at most', () => {
    expect(DIAGNOSTICS_DELAY_MS).toBe(200);
    expect(DIAGNOSTICS_MAX_WAIT_MS).toBe(2000);
  });

  it.for<[string, Step[], [number, string][]]>([
    ['pushes an opened document at once', [{ at: 10, uri: 'a', delay: 0 }], [[10, 'a']]],
    [
      'pushes an opened document at once however recent the last answer',
      [
        { at: 10, answer: true },
        { at: 10, uri: 'a', delay: 0 },
      ],
      [[10, 'a']],
    ],
    ['pushes a changed document after the delay', [{ at: 10, uri: 'a', delay: DELAY }], [[10 + DELAY, 'a']]],
    [
      'puts the push off until the delay after an answer',
      [
        { at: 0, uri: 'a', delay: DELAY },
        { at: 150, answer: true },
      ],
      [[150 + DELAY, 'a']],
    ],
    [
      'puts it off for each answer while it waits',
      [
        { at: 0, uri: 'a', delay: DELAY },
        { at: 150, answer: true },
        { at: 300, answer: true },
      ],
      [[300 + DELAY, 'a']],
    ],
    [
      'pushes once per burst of changes, the delay after the last',
      [
        { at: 0, uri: 'a', delay: DELAY },
        { at: 100, uri: 'a', delay: DELAY },
        { at: 250, uri: 'a', delay: DELAY },
      ],
      [[250 + DELAY, 'a']],
    ],
    [
      'pushes no later than the longest wait after the change while answers keep coming',
      [{ at: 0, uri: 'a', delay: DELAY }, ...answers(100, 5000, 100)],
      [[MAX_WAIT, 'a']],
    ],
    [
      'pushes each document on its own',
      [
        { at: 0, uri: 'a', delay: DELAY },
        { at: 50, uri: 'b', delay: DELAY },
      ],
      [
        [DELAY, 'a'],
        [50 + DELAY, 'b'],
      ],
    ],
    [
      'pushes nothing for a document closed while it waits',
      [
        { at: 0, uri: 'a', delay: DELAY },
        { at: 100, close: 'a' },
      ],
      [],
    ],
    [
      'pushes nothing for a document closed while an answer put it off',
      [
        { at: 0, uri: 'a', delay: DELAY },
        { at: 150, answer: true },
        { at: 250, close: 'a' },
      ],
      [],
    ],
    [
      'pushes the other documents when one closes',
      [
        { at: 0, uri: 'a', delay: DELAY },
        { at: 0, uri: 'b', delay: DELAY },
        { at: 100, close: 'a' },
      ],
      [[DELAY, 'b']],
    ],
    [
      'pushes a document again when it changes after its push',
      [
        { at: 0, uri: 'a', delay: DELAY },
        { at: 1000, uri: 'a', delay: DELAY },
      ],
      [
        [DELAY, 'a'],
        [1000 + DELAY, 'a'],
      ],
    ],
  ])('%s', ([, steps, expected]) => {
    expect(run(steps)).toEqual(expected);
  });

  it('leaves no timer behind once it has pushed or the document closed', () => {
    const scheduler = createDiagnosticsScheduler(
      () => 0,
      () => undefined,
    );
    scheduler.schedule('a', DELAY);
    scheduler.schedule('b', DELAY);
    scheduler.cancel('b');
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(DELAY);
    expect(vi.getTimerCount()).toBe(0);
  });
});
