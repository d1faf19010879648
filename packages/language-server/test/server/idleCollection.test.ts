/**
 * The garbage collections after large work (`idleCollection.ts`): once the server has been quiet for `QUIET_MS`
 * after work on a document of at least `LARGE_DOCUMENT_CHARS` characters and again once it has been quiet for
 * `SETTLE_QUIET_MS`, never while the user is active, at most twice per burst, never for small documents or where the
 * runtime gives no collector. Timers and
 * `performance.now()` are faked: every time below is exact.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createIdleCollection,
  LARGE_DOCUMENT_CHARS,
  QUIET_MS,
  SETTLE_QUIET_MS,
} from '../../src/server/idleCollection.js';

const LARGE = LARGE_DOCUMENT_CHARS;
const SMALL = LARGE_DOCUMENT_CHARS - 1;

/** At `at` ms: work on a document of `work` characters just finished (the server answered: it was active then). */
interface Work {
  readonly at: number;
  readonly work: number;
}
/** At `at` ms: the user changed a document or a request was answered, with no afterWork call. */
interface Activity {
  readonly at: number;
  readonly activity: true;
}
type Step = Work | Activity;

/** Runs `steps` (in time order) and returns the times at which `collect` ran, from the start. */
function run(steps: readonly Step[]): number[] {
  const start = performance.now();
  const now = () => performance.now() - start;
  let lastActive = start;
  const collections: number[] = [];
  const idle = createIdleCollection(
    () => collections.push(now()),
    () => lastActive,
  );
  for (const step of steps) {
    vi.advanceTimersByTime(step.at - now());
    expect(now()).toBe(step.at);
    lastActive = performance.now();
    if ('work' in step) idle.afterWork(step.work);
  }
  vi.advanceTimersByTime(20 * QUIET_MS);
  return collections;
}

describe('createIdleCollection', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs with performance.now() faked (the collection reads it)', () => {
    const before = performance.now();
    vi.advanceTimersByTime(1234);
    expect(performance.now() - before).toBe(1234);
  });

  it("is about a second, six seconds (past V8's five-second window) and a hundred thousand characters", () => {
    expect(QUIET_MS).toBe(1000);
    expect(SETTLE_QUIET_MS).toBe(6000);
    expect(LARGE_DOCUMENT_CHARS).toBe(100_000);
  });

  it.for<[string, Step[], number[]]>([
    [
      'collects QUIET_MS and SETTLE_QUIET_MS after work on a large document',
      [{ at: 0, work: LARGE }],
      [QUIET_MS, SETTLE_QUIET_MS],
    ],
    [
      'collects after work on a document far larger',
      [{ at: 50, work: 17_000_000 }],
      [50 + QUIET_MS, 50 + SETTLE_QUIET_MS],
    ],
    ['does not collect after work on a document just below the size', [{ at: 0, work: SMALL }], []],
    ['does not collect after work on a small document', [{ at: 0, work: 10 }], []],
    [
      'does not collect for several small documents',
      [
        { at: 0, work: SMALL },
        { at: 10, work: SMALL },
        { at: 5000, work: 1 },
      ],
      [],
    ],
    ['does not collect on activity alone', [{ at: 0, activity: true }], []],
    [
      'puts the collection off until QUIET_MS after activity before the deadline',
      [
        { at: 0, work: LARGE },
        { at: 600, activity: true },
      ],
      [600 + QUIET_MS, 600 + SETTLE_QUIET_MS],
    ],
    [
      'puts it off for activity just before the deadline',
      [
        { at: 0, work: LARGE },
        { at: QUIET_MS - 1, activity: true },
      ],
      [2 * QUIET_MS - 1, QUIET_MS - 1 + SETTLE_QUIET_MS],
    ],
    [
      'puts it off again for each activity while it waits',
      [
        { at: 0, work: LARGE },
        { at: 600, activity: true },
        { at: 1500, activity: true },
        { at: 2400, activity: true },
      ],
      [2400 + QUIET_MS, 2400 + SETTLE_QUIET_MS],
    ],
    [
      'collects once for a burst of work on a large document',
      [
        { at: 0, work: LARGE },
        { at: 100, work: LARGE },
        { at: 200, work: LARGE },
      ],
      [200 + QUIET_MS, 200 + SETTLE_QUIET_MS],
    ],
    [
      'collects once for a burst of work on large and small documents',
      [
        { at: 0, work: LARGE },
        { at: 300, work: 10 },
      ],
      [300 + QUIET_MS, 300 + SETTLE_QUIET_MS],
    ],
    [
      'collects once for a long burst of typing (work every 100 ms for 5 s)',
      Array.from({ length: 51 }, (_, i) => ({ at: i * 100, work: LARGE })),
      [5000 + QUIET_MS, 5000 + SETTLE_QUIET_MS],
    ],
    [
      'starts over after large work while the second collection waits',
      [
        { at: 0, work: LARGE },
        { at: 3000, work: LARGE },
      ],
      [QUIET_MS, 3000 + QUIET_MS, 3000 + SETTLE_QUIET_MS],
    ],
    [
      'collects again after large work after both',
      [
        { at: 0, work: LARGE },
        { at: 7000, work: LARGE },
      ],
      [QUIET_MS, SETTLE_QUIET_MS, 7000 + QUIET_MS, 7000 + SETTLE_QUIET_MS],
    ],
    [
      'puts the second collection off for activity after the first, and does not collect a third time',
      [
        { at: 0, work: LARGE },
        { at: 3000, activity: true },
        { at: 3500, work: SMALL },
      ],
      [QUIET_MS, 3500 + SETTLE_QUIET_MS],
    ],
  ])('%s', ([, steps, expected]) => {
    expect(run(steps)).toEqual(expected);
  });

  it('does not collect before the server has been quiet for QUIET_MS', () => {
    let collected = 0;
    let lastActive = performance.now();
    const idle = createIdleCollection(
      () => collected++,
      () => lastActive,
    );
    idle.afterWork(LARGE);
    vi.advanceTimersByTime(QUIET_MS - 1);
    expect(collected).toBe(0);
    vi.advanceTimersByTime(1);
    expect(collected).toBe(1);
    // The second waits for SETTLE_QUIET_MS of quiet; then nothing is left waiting.
    vi.advanceTimersByTime(SETTLE_QUIET_MS - QUIET_MS - 1);
    expect(collected).toBe(1);
    vi.advanceTimersByTime(1);
    expect(collected).toBe(2);
    expect(vi.getTimerCount()).toBe(0);
    lastActive = performance.now();
    idle.afterWork(LARGE);
    vi.advanceTimersByTime(QUIET_MS / 2);
    lastActive = performance.now();
    vi.advanceTimersByTime(QUIET_MS - 1);
    expect(collected).toBe(2);
    vi.advanceTimersByTime(1);
    expect(collected).toBe(3);
  });

  it.for([LARGE, SMALL, 0])('never throws nor waits without a collector (work on %i characters)', (chars) => {
    const idle = createIdleCollection(undefined, () => performance.now());
    expect(() => idle.afterWork(chars)).not.toThrow();
    expect(vi.getTimerCount()).toBe(0);
    expect(() => vi.advanceTimersByTime(10 * QUIET_MS)).not.toThrow();
  });
});
