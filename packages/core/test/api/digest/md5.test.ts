import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { md5Hex, md5HexOfBytes } from '../../../src/api/digest/md5.js';
import { utf8Encode } from '../../../src/api/digest/utf8.js';
import { seededRandom } from '../../../src/random.js';

const nodeMd5 = (text: string): string => createHash('md5').update(text, 'utf8').digest('hex');

// Code points from every UTF-8 length class, plus lone surrogates (encoded as U+FFFD, as Buffer and TextEncoder do).
const ALPHABET = [
  'a',
  'Z',
  '0',
  ':',
  ' ',
  '"',
  '\\',
  'é',
  'ß',
  '€',
  '中',
  '😀',
  '𝄞',
  '\u0000',
  '\u07ff',
  '\uffff',
  '\ud800',
  '\udfff',
];

function randomString(next: () => number, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[Math.floor(next() * ALPHABET.length)];
  return out;
}

describe('md5Hex', () => {
  // RFC 1321 appendix A.5, "test suite".
  it.for([
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['a', '0cc175b9c0f1b6a831c399e269772661'],
    ['abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
    ['abcdefghijklmnopqrstuvwxyz', 'c3fcd3d76192e4007dfb496cca67e13b'],
    ['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 'd174ab98d277d9f5a5611c2c9f419d9f'],
    [
      '12345678901234567890123456789012345678901234567890123456789012345678901234567890',
      '57edf4a22be3c955ac49da2e2107b67a',
    ],
  ] as const)('matches the RFC 1321 test suite for %j', ([input, digest]) => {
    expect(md5Hex(input)).toBe(digest);
  });

  // Lengths around the 56-byte padding boundary and the 64-byte block size are where padding bugs show.
  it.for([0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 1000])(
    'agrees with node:crypto on %i ASCII bytes',
    (length) => {
      const text = 'x'.repeat(length);
      expect(md5Hex(text)).toBe(nodeMd5(text));
    },
  );

  it.for(Array.from({ length: 40 }, (_, seed) => seed))(
    'agrees with node:crypto on a random string with non-ASCII characters (seed %i)',
    (seed) => {
      const next = seededRandom(seed);
      const text = randomString(next, Math.floor(next() * 150));
      expect(md5Hex(text)).toBe(nodeMd5(text));
    },
  );

  it('hashes raw bytes including every byte value', () => {
    const bytes = Uint8Array.from({ length: 256 * 3 }, (_, i) => i % 256);
    expect(md5HexOfBytes(bytes)).toBe(createHash('md5').update(bytes).digest('hex'));
  });
});

describe('utf8Encode', () => {
  it.for([
    ['ASCII', 'abc'],
    ['two-byte', 'é'],
    ['three-byte', '€中\uffff'],
    ['surrogate pair', '😀'],
    ['lone high surrogate', '\ud800x'],
    ['lone low surrogate', 'x\udfff'],
    ['high surrogate at the end', 'x\udbff'],
  ] as const)('encodes %s text like Buffer does', ([, text]) => {
    expect([...utf8Encode(text)]).toEqual([...Buffer.from(text, 'utf8')]);
  });
});
