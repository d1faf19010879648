// Readers for the two archive formats a release ships: npm tarballs (gzipped ustar) and .vsix files (zip). Only
// what the check needs: each entry's path and size, and a tarball's file contents. No dependency, no unzip binary.
import { gunzipSync } from 'node:zlib';

/**
 * @typedef {{ path: string, size: number, data: Buffer }} TarEntry
 * @typedef {{ path: string, size: number, compressedSize: number }} ZipEntry
 */

const BLOCK = 512;

/** @param {Buffer} block @param {number} start @param {number} length */
function text(block, start, length) {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? raw.length : end).toString('utf8');
}

/** A numeric header field: octal text, or base-256 when its first byte has the high bit set (large files). */
function number(/** @type {Buffer} */ block, /** @type {number} */ start, /** @type {number} */ length) {
  const field = block.subarray(start, start + length);
  if ((field[0] ?? 0) & 0x80) {
    let value = (field[0] ?? 0) & 0x7f;
    for (const byte of field.subarray(1)) value = value * 256 + byte;
    return value;
  }
  const digits = text(block, start, length).trim();
  return digits === '' ? 0 : Number.parseInt(digits, 8);
}

/** The `path` of a pax extended header's records (`<length> path=<value>\n`), if it has one. */
function paxPath(/** @type {Buffer} */ data) {
  for (const record of data.toString('utf8').split('\n')) {
    const match = /^\d+ path=(.*)$/.exec(record);
    if (match) return match[1];
  }
  return undefined;
}

/**
 * The regular files of a gzipped tar archive, with their contents, in archive order.
 * Reads ustar, pax (`x` headers' `path`) and GNU long names (`L`), which npm and pnpm write for long paths.
 * @param {Buffer} gzipped
 * @returns {TarEntry[]}
 */
export function readTarGz(gzipped) {
  const tar = gunzipSync(gzipped);
  /** @type {TarEntry[]} */
  const entries = [];
  /** @type {string | undefined} */
  let longName;
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const size = number(header, 124, 12);
    const type = String.fromCharCode(header[156] ?? 0);
    const data = tar.subarray(offset + BLOCK, offset + BLOCK + size);
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (type === 'x') {
      longName = paxPath(data) ?? longName;
      continue;
    }
    if (type === 'L') {
      longName = text(data, 0, data.length);
      continue;
    }
    if (type === 'g') continue;
    const prefix = text(header, 257, 6) === 'ustar' ? text(header, 345, 155) : '';
    const path = longName ?? (prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100));
    longName = undefined;
    if (type === '0' || type === '\0') entries.push({ path, size, data: Buffer.from(data) });
  }
  return entries;
}

/**
 * The file entries of a zip archive, from its central directory.
 * @param {Buffer} zip
 * @returns {ZipEntry[]}
 */
export function listZip(zip) {
  // The end-of-central-directory record is the last 22 bytes, unless a comment (at most 65535 bytes) follows it.
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end === -1) throw new Error('Expected a zip archive, found no end-of-central-directory record');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  if (count === 0xffff || at === 0xffffffff) throw new Error('Expected a zip archive without zip64 records');
  /** @type {ZipEntry[]} */
  const entries = [];
  for (let index = 0; index < count; index++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`Expected a central directory entry at byte ${at}`);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const path = zip.toString('utf8', at + 46, at + 46 + nameLength);
    if (!path.endsWith('/')) entries.push({ path, size, compressedSize });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
