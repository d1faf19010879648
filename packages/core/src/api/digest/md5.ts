import { utf8Encode } from './utf8.js';

// RFC 1321 §3.4: per-round shift amounts, and the sine table T[i] = floor(2^32 * |sin(i + 1)|), written out rather than
// computed so that no floating-point platform difference can change a constant.
const SHIFTS = [
  7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 4,
  11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
] as const;

const SINES = [
  0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501, 0x698098d8,
  0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821, 0xf61e2562, 0xc040b340,
  0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8, 0x21e1cde6, 0xc33707d6, 0xf4d50d87,
  0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a, 0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c,
  0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70, 0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039,
  0xe6db99e5, 0x1fa27cf8, 0xc4ac5665, 0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92,
  0xffeff47d, 0x85845dd1, 0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb,
  0xeb86d391,
] as const;

/**
 * The MD5 message digest (RFC 1321) of raw bytes, as 32 lowercase hex digits.
 *
 * MD5 is broken for collision resistance; it is here only because HTTP Digest authentication with `algorithm=MD5`
 * (RFC 7616) requires it. Do not use it for anything else.
 *
 * @example
 * md5HexOfBytes(new Uint8Array([0x61, 0x62, 0x63])); // '900150983cd24fb0d6963f7d28e17f72'
 */
export function md5HexOfBytes(message: Uint8Array): string {
  const padded = new Uint8Array(paddedLengthOf(message.length));
  padded.set(message);
  return md5OfPadded(padded, message.length);
}

/**
 * The MD5 message digest (RFC 1321) of the UTF-8 bytes of `text`, as 32 lowercase hex digits: the `H()` function of
 * HTTP Digest authentication with `algorithm=MD5` (RFC 7616 §3.4.2, which hashes strings as UTF-8). ASCII text (every
 * Digest input in practice) is copied straight into the padded block, without an encoding pass.
 *
 * @example
 * md5Hex('abc'); // '900150983cd24fb0d6963f7d28e17f72'
 */
export function md5Hex(text: string): string {
  const length = text.length;
  const padded = new Uint8Array(paddedLengthOf(length));
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x80) return md5HexOfBytes(utf8Encode(text));
    padded[i] = code;
  }
  return md5OfPadded(padded, length);
}

/** The length of a message of `length` bytes once padded: a multiple of 64 with room for the 1 bit and the length. */
function paddedLengthOf(length: number): number {
  return (Math.floor((length + 8) / 64) + 1) * 64;
}

/** MD5 of the first `length` bytes of `padded` (sized by `paddedLengthOf`, zeros after the message), padding it. */
function md5OfPadded(padded: Uint8Array, length: number): string {
  // Padding (RFC 1321 §3.1–3.2): a 1 bit, zeros up to 56 mod 64 bytes, then the bit length as a 64-bit little-endian
  // integer. The bit length is split in two 32-bit words because it can exceed 2^32 for messages of 512 MiB or more.
  const paddedLength = padded.length;
  padded[length] = 0x80;
  const bitLengthLow = (length * 8) >>> 0;
  const bitLengthHigh = Math.floor(length / 0x20000000) >>> 0;
  writeUint32LittleEndian(padded, paddedLength - 8, bitLengthLow);
  writeUint32LittleEndian(padded, paddedLength - 4, bitLengthHigh);

  let a0 = 0x67452301;
  let b0 = 0xefcdab89;
  let c0 = 0x98badcfe;
  let d0 = 0x10325476;
  const words = new Array<number>(16);

  for (let block = 0; block < paddedLength; block += 64) {
    for (let j = 0; j < 16; j++) {
      const at = block + j * 4;
      words[j] = (padded[at]! | (padded[at + 1]! << 8) | (padded[at + 2]! << 16) | (padded[at + 3]! << 24)) >>> 0;
    }
    let a = a0;
    let b = b0;
    let c = c0;
    let d = d0;
    for (let i = 0; i < 64; i++) {
      let f: number;
      let g: number;
      if (i < 16) {
        f = (b & c) | (~b & d);
        g = i;
      } else if (i < 32) {
        f = (d & b) | (~d & c);
        g = (5 * i + 1) % 16;
      } else if (i < 48) {
        f = b ^ c ^ d;
        g = (3 * i + 5) % 16;
      } else {
        f = c ^ (b | ~d);
        g = (7 * i) % 16;
      }
      const sum = (a + f + SINES[i]! + words[g]!) | 0;
      const shift = SHIFTS[i]!;
      a = d;
      d = c;
      c = b;
      b = (b + ((sum << shift) | (sum >>> (32 - shift)))) | 0;
    }
    a0 = (a0 + a) | 0;
    b0 = (b0 + b) | 0;
    c0 = (c0 + c) | 0;
    d0 = (d0 + d) | 0;
  }
  return hexLittleEndian(a0) + hexLittleEndian(b0) + hexLittleEndian(c0) + hexLittleEndian(d0);
}

function writeUint32LittleEndian(target: Uint8Array, offset: number, value: number): void {
  target[offset] = value & 0xff;
  target[offset + 1] = (value >>> 8) & 0xff;
  target[offset + 2] = (value >>> 16) & 0xff;
  target[offset + 3] = (value >>> 24) & 0xff;
}

/** Two hex digits for every byte value. */
const HEX_BYTES = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

function hexLittleEndian(word: number): string {
  return (
    HEX_BYTES[word & 0xff]! +
    HEX_BYTES[(word >>> 8) & 0xff]! +
    HEX_BYTES[(word >>> 16) & 0xff]! +
    HEX_BYTES[(word >>> 24) & 0xff]!
  );
}
