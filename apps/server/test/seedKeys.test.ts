/**
 * The README's quick start prints the first project's key and a curl line that must work as printed: the seed's keys
 * are pinned here, so a change to the generated data (which draws from another stream) cannot change them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { seedState } from '../src/seed.js';

const README = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

describe('the seed’s keys', () => {
  it('are the ones the README’s curl line uses, for any seed time', () => {
    const [first] = Object.values(seedState(1, new Date('2026-01-01T00:00:00Z')).groups);
    const again = Object.values(seedState(1, new Date('2030-06-01T12:00:00Z')).groups)[0];
    const key = `${first?.keys[0]?.publicKey}:${first?.keys[0]?.privateKey}`;
    expect(`${again?.keys[0]?.publicKey}:${again?.keys[0]?.privateKey}`).toBe(key);
    expect(README).toContain(
      `curl --digest -u ${key} 'http://127.0.0.1:8080/api/public/v1.0/groups/${first?.id}/alerts`,
    );
  });

  it('do not move when the project has fewer or more generated resources', () => {
    const two = Object.values(seedState(1, new Date(), 2).groups).map((g) => g.keys[0]?.publicKey);
    const three = Object.values(seedState(1, new Date(), 3).groups).map((g) => g.keys[0]?.publicKey);
    expect(three.slice(0, 2)).toEqual(two);
  });
});
