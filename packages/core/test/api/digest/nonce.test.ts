import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NONCE_TTL_MS,
  EMPTY_NONCE_STATE,
  type IssueNonceOptions,
  issueNonce,
  type NonceState,
  pruneNonces,
  useNonce,
} from '../../../src/api/digest/nonce.js';

/** Deterministic "randomness": n1, n2, n3, … */
function counter(prefix = 'n'): () => string {
  let i = 0;
  return () => `${prefix}${++i}`;
}

function issueMany(count: number, options: Omit<IssueNonceOptions, 'random'>, state = EMPTY_NONCE_STATE): NonceState {
  const random = counter();
  let current = state;
  for (let i = 0; i < count; i++) current = issueNonce(current, { ...options, random }).state;
  return current;
}

describe('issueNonce', () => {
  it('records the injected random value with its issue and expiry times', () => {
    const { nonce, state } = issueNonce(EMPTY_NONCE_STATE, { now: 1000, random: () => 'abc123', ttlMs: 500 });
    expect(nonce).toBe('abc123');
    expect([...state.nonces]).toEqual([['abc123', { issuedAt: 1000, expiresAt: 1500, lastNonceCount: 0 }]]);
  });

  it('keeps nonces for five minutes by default', () => {
    const { state } = issueNonce(EMPTY_NONCE_STATE, { now: 0, random: () => 'abc' });
    expect(DEFAULT_NONCE_TTL_MS).toBe(300_000);
    expect(state.nonces.get('abc')?.expiresAt).toBe(300_000);
  });

  it('returns a new state and leaves the old one as it was', () => {
    const before = issueNonce(EMPTY_NONCE_STATE, { now: 0, random: () => 'first' }).state;
    const after = issueNonce(before, { now: 1, random: () => 'second' }).state;
    expect([...before.nonces.keys()]).toEqual(['first']);
    expect([...after.nonces.keys()]).toEqual(['first', 'second']);
    expect(EMPTY_NONCE_STATE.nonces.size).toBe(0);
  });

  it('forgets expired nonces first, then the oldest, beyond maxOutstanding', () => {
    const old = issueMany(2, { now: 0, ttlMs: 10 }); // n1, n2 expire at 10
    const state = issueNonce(old, { now: 20, ttlMs: 10, random: () => 'fresh1' }).state;
    expect([...state.nonces.keys()]).toEqual(['n1', 'n2', 'fresh1']);
    const capped = issueNonce(state, { now: 20, ttlMs: 10, random: () => 'fresh2', maxOutstanding: 2 }).state;
    expect([...capped.nonces.keys()]).toEqual(['fresh1', 'fresh2']);
    const full = issueMany(3, { now: 0, maxOutstanding: 2 });
    expect([...full.nonces.keys()]).toEqual(['n2', 'n3']);
  });

  it.for<[string, Partial<IssueNonceOptions>, RegExp]>([
    ['a nonce already outstanding', { random: () => 'dup' }, /already outstanding/],
    ['a nonce with characters a header cannot carry', { random: () => 'a b' }, /`random\(\)`.*base64/],
    ['an empty nonce', { random: () => '' }, /`random\(\)`/],
    ['a zero lifetime', { ttlMs: 0 }, /`ttlMs` to be a positive number/],
    ['a negative cap', { maxOutstanding: -1 }, /`maxOutstanding` to be a positive number/],
  ])('refuses %s', ([, overrides, message]) => {
    const state = issueNonce(EMPTY_NONCE_STATE, { now: 0, random: () => 'dup' }).state;
    expect(() => issueNonce(state, { now: 0, random: () => 'other', ...overrides })).toThrow(message);
  });
});

describe('pruneNonces', () => {
  it('forgets nonces whose lifetime has ended, at the exact expiry time', () => {
    const early = issueNonce(EMPTY_NONCE_STATE, { now: 0, ttlMs: 100, random: () => 'early' }).state;
    const both = issueNonce(early, { now: 50, ttlMs: 100, random: () => 'late' }).state;
    expect([...pruneNonces(both, 99).nonces.keys()]).toEqual(['early', 'late']);
    expect([...pruneNonces(both, 100).nonces.keys()]).toEqual(['late']);
    expect([...pruneNonces(both, 150).nonces.keys()]).toEqual([]);
    expect(both.nonces.size).toBe(2);
  });

  it('returns the same state when nothing expired', () => {
    const state = issueMany(2, { now: 0 });
    expect(pruneNonces(state, 1)).toBe(state);
  });
});

describe('useNonce', () => {
  const fresh = issueNonce(EMPTY_NONCE_STATE, { now: 0, ttlMs: 1000, random: () => 'n' }).state;

  function run(counts: readonly string[]): string[] {
    let state = fresh;
    return counts.map((nc) => {
      const result = useNonce(state, 'n', nc, 10);
      state = result.state;
      return result.ok ? 'ok' : result.reason;
    });
  }

  it.for<[string, string[], string[]]>([
    ['increasing counts', ['00000001', '00000002', '00000003'], ['ok', 'ok', 'ok']],
    ['a gap in the counts', ['00000001', '00000005'], ['ok', 'ok']],
    ['a repeated count', ['00000001', '00000001'], ['ok', 'replayed-nonce-count']],
    ['a lower count', ['00000002', '00000001'], ['ok', 'replayed-nonce-count']],
    [
      'an old count after newer ones',
      ['00000001', '00000003', '00000002', '00000004'],
      ['ok', 'ok', 'replayed-nonce-count', 'ok'],
    ],
    ['a zero count', ['00000000'], ['replayed-nonce-count']],
    [
      'upper- and lower-case hex counting the same',
      ['0000000a', '0000000A', '0000000B'],
      ['ok', 'replayed-nonce-count', 'ok'],
    ],
  ])('accepts only strictly increasing nonce counts: %s', ([, counts, expected]) => {
    expect(run(counts)).toEqual(expected);
  });

  it('uses up a nonce answered without a nonce count', () => {
    const first = useNonce(fresh, 'n', undefined, 10);
    expect(first.ok).toBe(true);
    expect(useNonce(first.state, 'n', undefined, 11)).toMatchObject({ ok: false, reason: 'unknown-nonce' });
  });

  it('refuses and forgets an expired nonce', () => {
    const result = useNonce(fresh, 'n', '00000001', 1000);
    expect(result).toMatchObject({ ok: false, reason: 'stale-nonce' });
    expect(result.state.nonces.has('n')).toBe(false);
  });

  it('refuses a nonce it never issued', () => {
    expect(useNonce(fresh, 'other', '00000001', 10)).toMatchObject({ ok: false, reason: 'unknown-nonce' });
  });
});
