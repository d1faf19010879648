/**
 * Stateless Digest nonces: `base64(u32 seconds ‖ 8 random bytes ‖ HMAC-SHA256(secret, seconds ‖ random ‖ realm)[0..12])`,
 * 24 bytes, 32 characters like the real service's. Any instance holding the secret verifies one without a lookup;
 * what a nonce cannot carry, the nonce counts already used, the {@link ReplayGuard} keeps until the nonce expires.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DigestNonceCheck, DigestNonceOutcome } from '@dbkit/core/digest';

/** How long a nonce is good for; the Apache default the research recommends (the real value is not known). */
export const DEFAULT_NONCE_TTL_MS = 300_000;

export type NonceCheck = 'valid' | 'expired' | 'forged';

export class NonceMinter {
  constructor(
    private readonly secret: Uint8Array,
    private readonly realm: string,
    readonly ttlMs = DEFAULT_NONCE_TTL_MS,
  ) {}

  private mac(head: Uint8Array): Buffer {
    return createHmac('sha256', this.secret).update(head).update(this.realm).digest().subarray(0, 12);
  }

  mint(now: number): string {
    const head = Buffer.alloc(12);
    head.writeUInt32BE(Math.floor(now / 1000) >>> 0, 0);
    randomBytes(8).copy(head, 4);
    return Buffer.concat([head, this.mac(head)]).toString('base64');
  }

  /** Whether `nonce` was minted with this secret and realm, and whether it is still fresh at `now`. */
  check(nonce: string, now: number): NonceCheck {
    const bytes = Buffer.from(nonce, 'base64');
    if (bytes.length !== 24 || bytes.toString('base64') !== nonce) return 'forged';
    const head = bytes.subarray(0, 12);
    if (!timingSafeEqual(this.mac(head), bytes.subarray(12))) return 'forged';
    const issuedAt = head.readUInt32BE(0) * 1000;
    return now < issuedAt + this.ttlMs && now >= issuedAt - 60_000 ? 'valid' : 'expired';
  }

  /** When a valid nonce stops being accepted (for the replay guard's bookkeeping). */
  expiresAt(nonce: string): number {
    return Buffer.from(nonce, 'base64').readUInt32BE(0) * 1000 + this.ttlMs;
  }
}

/**
 * The service's nonce check for core's Digest verifier: the HMAC tells whether this service minted the nonce and
 * whether it is still fresh (else the client retries with `stale=true`), the replay guard whether its count is new.
 */
export function nonceCheck(minter: NonceMinter, replay: ReplayGuard, now: number): DigestNonceCheck {
  return async (nonce, nonceCount): Promise<DigestNonceOutcome> => {
    const check = minter.check(nonce, now);
    if (check === 'forged') return { ok: false, reason: 'unknown-nonce' };
    if (check === 'expired') return { ok: false, reason: 'stale-nonce' };
    // An answer without qop has no nonce count: its nonce is good for one request.
    const fresh = await replay.firstUse(nonce, nonceCount ?? '00000000', minter.expiresAt(nonce), now);
    return fresh ? { ok: true } : { ok: false, reason: 'replayed-nonce-count' };
  };
}

/**
 * Remembers which nonce counts were used with which nonce, until the nonce expires. Any unseen count is accepted, in
 * any order, because clients send requests in parallel (and some share one counter across nonces).
 */
export interface ReplayGuard {
  /** Records `(nonce, nc)`; false when it was already recorded, i.e. the request is a replay. */
  firstUse(nonce: string, nc: string, expiresAt: number, now: number): Promise<boolean>;
}

/**
 * How many recent nonce counts a nonce remembers. Older ones are refused as replays: a client would need this many
 * requests in flight on one nonce to lose one, and the memory per nonce stays bounded.
 */
export const REPLAY_WINDOW = 4096;

type NonceUse = { readonly expiresAt: number; floor: number; max: number; readonly seen: Set<number> };

/** The replay guard of one process: per nonce, the counts seen within a sliding window. */
export class MemoryReplayGuard implements ReplayGuard {
  private readonly used = new Map<string, NonceUse>();
  private nextSweep = 0;

  async firstUse(nonce: string, nc: string, expiresAt: number, now: number): Promise<boolean> {
    if (now >= this.nextSweep) {
      for (const [key, entry] of this.used) if (entry.expiresAt <= now) this.used.delete(key);
      this.nextSweep = now + 10_000;
    }
    const count = Number.parseInt(nc, 16);
    let entry = this.used.get(nonce);
    if (entry === undefined) {
      entry = { expiresAt, floor: -1, max: -1, seen: new Set() };
      this.used.set(nonce, entry);
    }
    if (!Number.isSafeInteger(count) || count <= entry.floor || entry.seen.has(count)) return false;
    entry.seen.add(count);
    entry.max = Math.max(entry.max, count);
    if (entry.seen.size > REPLAY_WINDOW) {
      entry.floor = entry.max - REPLAY_WINDOW / 2;
      for (const seen of entry.seen) if (seen <= entry.floor) entry.seen.delete(seen);
    }
    return true;
  }
}
