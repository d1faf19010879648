/**
 * A seeded pseudo-random generator (mulberry32: 32 bits of state, one add and three multiply-xor rounds a number).
 * It is for reproducible data, never for secrets: the server's seeded projects and keys, and the randomised tests,
 * whose failures replay from their seed.
 *
 * @param seed any integer; it is read as an unsigned 32-bit number, so `seed` and `seed + 2 ** 32` give the same
 *   sequence.
 * @returns a function giving the next number of the sequence, in [0, 1), each call.
 * @example
 * const next = seededRandom(1);
 * next(); // 0.6270739405881613
 * const index = Math.floor(next() * items.length);
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
