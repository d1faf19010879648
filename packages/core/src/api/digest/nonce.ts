import { assertValidNonce } from './challenge.js';

/** What the server remembers about one nonce it issued. */
export interface NonceRecord {
  /** When the nonce was issued, in milliseconds since the Unix epoch. */
  readonly issuedAt: number;
  /** From this time on (milliseconds since the Unix epoch) the nonce is stale. */
  readonly expiresAt: number;
  /** Highest nonce count (`nc`) accepted so far with this nonce; 0 before the first use. */
  readonly lastNonceCount: number;
}

/**
 * The outstanding nonces, as plain immutable data: every operation returns a new state and never changes its input.
 * Keep the latest state in one place (e.g. a `let` in the server) and replace it with what each call returns.
 */
export interface NonceState {
  /** Outstanding nonces by value, oldest first. */
  readonly nonces: ReadonlyMap<string, NonceRecord>;
}

/** A state with no outstanding nonces. */
export const EMPTY_NONCE_STATE: NonceState = { nonces: new Map() };

/** How long a nonce stays fresh when `ttlMs` is not given: 5 minutes. The real service's lifetime is not known. */
export const DEFAULT_NONCE_TTL_MS = 5 * 60 * 1000;

/** How many nonces are kept when `maxOutstanding` is not given; beyond it the oldest are forgotten. */
export const DEFAULT_MAX_OUTSTANDING_NONCES = 10_000;

/** Input of {@link issueNonce}. */
export interface IssueNonceOptions {
  /** Current time in milliseconds since the Unix epoch. */
  readonly now: number;
  /**
   * Source of fresh nonce values, injected so that issuance stays a pure function. Must return an unpredictable,
   * previously unused string of base64, base64url or hex characters, e.g. 16 random bytes as hex.
   */
  readonly random: () => string;
  /**
   * Lifetime of the nonce in milliseconds; after it, answers using the nonce are refused with `stale=true`.
   * @default 300000
   * @minimum 1
   */
  readonly ttlMs?: number;
  /**
   * Maximum number of outstanding nonces; when exceeded, expired nonces are dropped and then the oldest ones, so that
   * unauthenticated traffic cannot grow the state without bound.
   * @default 10000
   * @minimum 1
   */
  readonly maxOutstanding?: number;
}

/** Result of {@link issueNonce}: the new nonce and the state that remembers it. */
export interface IssuedNonce {
  /** The nonce to put in the challenge. */
  readonly nonce: string;
  /** The new state, including the nonce. */
  readonly state: NonceState;
}

/**
 * Issues a fresh nonce for a challenge and records it with its expiry time.
 *
 * Throws a `TypeError` when `random()` returns a value that cannot go into a header, or one that is already
 * outstanding (a broken randomness source would otherwise let two challenges share a nonce count).
 *
 * @example
 * const { nonce, state } = issueNonce(EMPTY_NONCE_STATE, {
 *   now: Date.now(),
 *   random: () => crypto.randomUUID().replaceAll('-', ''),
 * });
 */
export function issueNonce(state: NonceState, options: IssueNonceOptions): IssuedNonce {
  const ttlMs = options.ttlMs ?? DEFAULT_NONCE_TTL_MS;
  const maxOutstanding = options.maxOutstanding ?? DEFAULT_MAX_OUTSTANDING_NONCES;
  assertPositive('ttlMs', ttlMs);
  assertPositive('maxOutstanding', maxOutstanding);
  const nonce = options.random();
  assertValidNonce(nonce, 'random()');
  if (state.nonces.has(nonce)) {
    throw new TypeError(
      `Expected \`random()\` to return a fresh nonce, got ${JSON.stringify(nonce)}, which is already outstanding. ` +
        'Use a cryptographically secure source of at least 16 random bytes.',
    );
  }
  let nonces = new Map(state.nonces);
  nonces.set(nonce, { issuedAt: options.now, expiresAt: options.now + ttlMs, lastNonceCount: 0 });
  if (nonces.size > maxOutstanding) {
    nonces = new Map(pruneNonces({ nonces }, options.now).nonces);
    // Map iteration follows insertion order, which is issue order: the first keys are the oldest nonces.
    for (const key of nonces.keys()) {
      if (nonces.size <= maxOutstanding) break;
      nonces.delete(key);
    }
  }
  return { nonce, state: { nonces } };
}

/**
 * Forgets every nonce that has expired at `now`. Answers using a forgotten nonce are refused as `unknown-nonce`, still
 * with `stale=true` when the password was right, so clients recover without asking the user.
 */
export function pruneNonces(state: NonceState, now: number): NonceState {
  const nonces = new Map<string, NonceRecord>();
  for (const [nonce, record] of state.nonces) {
    if (now < record.expiresAt) nonces.set(nonce, record);
  }
  return nonces.size === state.nonces.size ? state : { nonces };
}

/** Why a nonce could not be used. */
export type NonceUseFailureReason = 'unknown-nonce' | 'stale-nonce' | 'replayed-nonce-count';

/** Result of {@link useNonce}. */
export type NonceUseResult =
  | { readonly ok: true; readonly state: NonceState }
  | { readonly ok: false; readonly reason: NonceUseFailureReason; readonly state: NonceState };

/**
 * Records one use of a nonce by an answer whose digest is already known to be right.
 *
 * - With a nonce count (`qop=auth`), the count must be higher than every count accepted before for this nonce, which
 *   refuses replayed requests; the nonce stays usable until it expires.
 * - Without one (an RFC 2069 answer, see `allowMissingQop`), nothing distinguishes a replay from a new request, so the
 *   nonce is used up: it is forgotten, and the next answer with it gets a new challenge.
 * - An expired nonce is forgotten and refused as `stale-nonce`.
 *
 * @param nonceCount the `nc` parameter, 8 hex digits, or `undefined` for an answer without `qop`.
 */
export function useNonce(
  state: NonceState,
  nonce: string,
  nonceCount: string | undefined,
  now: number,
): NonceUseResult {
  const record = state.nonces.get(nonce);
  if (record === undefined) return { ok: false, reason: 'unknown-nonce', state };
  if (now >= record.expiresAt) {
    return { ok: false, reason: 'stale-nonce', state: withoutNonce(state, nonce) };
  }
  if (nonceCount === undefined) return { ok: true, state: withoutNonce(state, nonce) };
  const count = Number.parseInt(nonceCount, 16);
  if (!(count > record.lastNonceCount)) return { ok: false, reason: 'replayed-nonce-count', state };
  const nonces = new Map(state.nonces);
  nonces.set(nonce, { ...record, lastNonceCount: count });
  return { ok: true, state: { nonces } };
}

function withoutNonce(state: NonceState, nonce: string): NonceState {
  const nonces = new Map(state.nonces);
  nonces.delete(nonce);
  return { nonces };
}

function assertPositive(name: string, value: number): void {
  if (!(Number.isFinite(value) && value > 0)) {
    throw new TypeError(`Expected \`${name}\` to be a positive number, got ${String(value)}.`);
  }
}
