#!/usr/bin/env node
// Draws the extension's icons (no image tools needed): images/icon.png (128×128, the Marketplace icon) and
// images/file-icon.png (32×32, the Automation Config language's file icon). A database cylinder on a teal tile,
// with an amber check badge; the file icon has no tile and a teal cylinder, for light and dark themes alike. Shapes are tested per sub-pixel (4×4) and encoded as an RGBA PNG with zlib.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const TEAL_TOP = [20, 128, 120];
const TEAL_BOTTOM = [15, 61, 62];
const WHITE = [255, 255, 255];
const LINE = [15, 90, 88];
const AMBER = [245, 158, 11];

/** Shapes in a 128-unit square; each returns a colour or undefined at (x, y). Later layers paint over earlier. */
function layers(tile) {
  const cx = 54;
  const rx = 32;
  const ry = 11;
  const top = 30;
  const bottom = 92;
  const inEllipse = (x, y, ey, grow = 0) => ((x - cx) / (rx + grow)) ** 2 + ((y - ey) / (ry + grow)) ** 2 <= 1;
  const roundedTile = (x, y) => {
    const r = 26;
    const qx = Math.max(Math.abs(x - 64) - (64 - r), 0);
    const qy = Math.max(Math.abs(y - 64) - (64 - r), 0);
    return qx * qx + qy * qy <= r * r;
  };
  const band = (x, y, ey) => Math.abs(x - cx) <= rx && y >= ey && inEllipse(x, y, ey, 2.2) && !inEllipse(x, y, ey);
  const badge = (x, y) => (x - 96) ** 2 + (y - 96) ** 2 <= 26 ** 2;
  const badgeRing = (x, y) => (x - 96) ** 2 + (y - 96) ** 2 <= 30 ** 2;
  const segment = (x, y, [ax, ay], [bx, by], w) => {
    const t = Math.max(
      0,
      Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)),
    );
    return (x - ax - t * (bx - ax)) ** 2 + (y - ay - t * (by - ay)) ** 2 <= w * w;
  };
  const check = (x, y) => segment(x, y, [84, 97], [93, 106], 4.2) || segment(x, y, [93, 106], [109, 87], 4.2);
  return [
    (x, y) => (tile && roundedTile(x, y) ? mix(TEAL_TOP, TEAL_BOTTOM, y / 128) : undefined),
    (x, y) =>
      inEllipse(x, y, top) || inEllipse(x, y, bottom) || (Math.abs(x - cx) <= rx && y >= top && y <= bottom)
        ? tile
          ? WHITE
          : TEAL_TOP
        : undefined,
    (x, y) => (band(x, y, top) || band(x, y, top + 21) || band(x, y, top + 42) ? (tile ? LINE : WHITE) : undefined),
    (x, y) => (!tile && badgeRing(x, y) ? [0, 0, 0, 0] : undefined),
    (x, y) => (tile && badgeRing(x, y) ? TEAL_BOTTOM : undefined),
    (x, y) => (badge(x, y) ? AMBER : undefined),
    (x, y) => (check(x, y) ? WHITE : undefined),
  ];
}

function mix(a, b, t) {
  return a.map((v, i) => Math.round(v + (b[i] - v) * t));
}

function render(size, tile) {
  const shapes = layers(tile);
  const samples = 4;
  const rgba = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = ((px + (sx + 0.5) / samples) * 128) / size;
          const y = ((py + (sy + 0.5) / samples) * 128) / size;
          let colour;
          for (const shape of shapes) colour = shape(x, y) ?? colour;
          if (colour === undefined || colour[3] === 0) continue;
          for (let i = 0; i < 3; i++) sum[i] += colour[i];
          sum[3] += 255;
        }
      }
      const n = samples * samples;
      const covered = sum[3] / 255;
      const o = (py * size + px) * 4;
      for (let i = 0; i < 3; i++) rgba[o + i] = covered === 0 ? 0 : Math.round(sum[i] / covered);
      rgba[o + 3] = Math.round(sum[3] / n);
    }
  }
  return png(size, rgba);
}

function png(size, rgba) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(buffer) {
  let crc = ~0;
  for (const byte of buffer) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

const images = new URL('../images/', import.meta.url);
writeFileSync(new URL('icon.png', images), render(128, true));
writeFileSync(new URL('file-icon.png', images), render(32, false));
console.log('images/icon.png, images/file-icon.png');
