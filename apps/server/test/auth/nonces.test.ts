import { describe, expect, it } from 'vitest';
import { MemoryReplayGuard, NonceMinter, nonceCheck, REPLAY_WINDOW } from '../../src/auth/nonces.js';

const hex = (n: number) => n.toString(16).padStart(8, '0');

describe('NonceMinter', () => {
  const minter = new NonceMinter(Buffer.from('secret'), 'dbkit', 300_000);

  it('mints 32-character nonces it recognises, until they expire', () => {
    const nonce = minter.mint(1_000_000);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{32}$/);
    expect(minter.check(nonce, 1_000_000 + 299_000)).toBe('valid');
    expect(minter.check(nonce, 1_000_000 + 300_000)).toBe('expired');
  });

  it.for([
    ['another secret', new NonceMinter(Buffer.from('other'), 'dbkit').mint(1_000_000)],
    ['another realm', new NonceMinter(Buffer.from('secret'), 'other').mint(1_000_000)],
    ['garbage', 'A'.repeat(32)],
    ['the wrong length', 'abc'],
    ['non-canonical base64', `${new NonceMinter(Buffer.from('secret'), 'dbkit').mint(1_000_000).slice(0, 31)}_`],
  ] as const)('calls a nonce from %s forged', ([, nonce]) => {
    expect(minter.check(nonce, 1_000_000)).toBe('forged');
  });
});

describe('MemoryReplayGuard', () => {
  it('accepts each count once, in any order', async () => {
    const guard = new MemoryReplayGuard();
    const use = (nc: number) => guard.firstUse('n', hex(nc), 10_000, 0);
    expect(await Promise.all([3, 1, 2, 5].map(use))).toEqual([true, true, true, true]);
    expect(await Promise.all([1, 5, 4].map(use))).toEqual([false, false, true]);
  });

  it('keeps a bounded window: counts far behind the newest are refused, recent ones still work', async () => {
    const guard = new MemoryReplayGuard();
    for (let nc = 1; nc <= REPLAY_WINDOW * 3; nc++) expect(await guard.firstUse('n', hex(nc), 10_000, 0)).toBe(true);
    expect(await guard.firstUse('n', hex(5), 10_000, 0)).toBe(false);
    expect(await guard.firstUse('n', hex(REPLAY_WINDOW * 3 + 7), 10_000, 0)).toBe(true);
  });

  it('forgets nonces once they expire', async () => {
    const guard = new MemoryReplayGuard();
    expect(await guard.firstUse('n', hex(1), 1_000, 0)).toBe(true);
    expect(await guard.firstUse('m', hex(1), 100_000, 20_000)).toBe(true);
    expect(await guard.firstUse('n', hex(1), 40_000, 20_000)).toBe(true);
  });
});

describe("nonceCheck (the nonce step of core's Digest verifier)", () => {
  const minter = new NonceMinter(Buffer.from('secret'), 'dbkit', 300_000);
  const nonce = minter.mint(1_000_000);

  it.for([
    ['a fresh nonce and a new count', nonce, '00000001', 1_000_000, { ok: true }],
    [
      'a nonce of another secret',
      new NonceMinter(Buffer.from('other'), 'dbkit').mint(1_000_000),
      '00000001',
      1_000_000,
      { ok: false, reason: 'unknown-nonce' },
    ],
    ['an expired nonce', nonce, '00000001', 1_000_000 + 300_000, { ok: false, reason: 'stale-nonce' }],
  ] as const)('%s', async ([, used, nc, now, outcome]) => {
    expect(await nonceCheck(minter, new MemoryReplayGuard(), now)(used, nc)).toEqual(outcome);
  });

  it('refuses a count already used, and uses up a nonce answered without qop', async () => {
    const check = nonceCheck(minter, new MemoryReplayGuard(), 1_000_000);
    expect(await check(nonce, '00000002')).toEqual({ ok: true });
    expect(await check(nonce, '00000002')).toEqual({ ok: false, reason: 'replayed-nonce-count' });
    const other = minter.mint(1_000_000);
    expect(await check(other, undefined)).toEqual({ ok: true });
    expect(await check(other, undefined)).toEqual({ ok: false, reason: 'replayed-nonce-count' });
  });
});
