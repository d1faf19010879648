import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { deflateRawSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { listZip, readTarGz } from '../lib/archive.mjs';

const longPath = `package/dist/${'deeply-nested-folder/'.repeat(6)}index.d.ts.map`;

describe('readTarGz', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dbkit-release-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const files = {
    'package/package.json': '{"name":"x"}\n',
    'package/README.md': '# x\n',
    [longPath]: 'é'.repeat(700),
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, 'tree', path)), { recursive: true });
    writeFileSync(join(dir, 'tree', path), text);
  }

  it.for(['ustar', 'gnu', 'pax'])('reads the paths, sizes and contents of a %s archive made by tar', (format) => {
    const archive = join(dir, `${format}.tgz`);
    execFileSync('tar', [`--format=${format}`, '-czf', archive, '-C', join(dir, 'tree'), 'package']);
    const entries = readTarGz(readFileSync(archive));
    expect(entries.map((entry) => entry.path).sort()).toEqual(Object.keys(files).sort());
    for (const entry of entries) {
      expect(entry.data.toString('utf8')).toBe(files[entry.path]);
      expect(entry.size).toBe(Buffer.byteLength(files[entry.path] ?? ''));
    }
  });

  it('reads an empty archive as no entries', () => {
    expect(readTarGz(gzipSync(Buffer.alloc(1024)))).toEqual([]);
  });
});

/** A zip archive of stored or deflated entries: local headers, central directory, end record. */
function zip(entries: { path: string; data: Buffer; deflate?: boolean }[], comment = ''): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { path, data, deflate } of entries) {
    const name = Buffer.from(path);
    const body = deflate ? deflateRawSync(data) : data;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(deflate ? 8 : 0, 8);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(deflate ? 8 : 0, 10);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  end.writeUInt16LE(Buffer.byteLength(comment), 20);
  return Buffer.concat([...locals, directory, end, Buffer.from(comment)]);
}

describe('listZip', () => {
  const entries = [
    { path: 'extension.vsixmanifest', data: Buffer.from('<xml/>') },
    { path: 'extension/', data: Buffer.alloc(0) },
    { path: 'extension/dist/extension.js', data: Buffer.from('x'.repeat(5000)), deflate: true },
  ];

  it('lists the files of the central directory, without folders, with their sizes', () => {
    const listed = listZip(zip(entries));
    expect(listed.map(({ path, size }) => ({ path, size }))).toEqual([
      { path: 'extension.vsixmanifest', size: 6 },
      { path: 'extension/dist/extension.js', size: 5000 },
    ]);
    expect(listed[1]?.compressedSize).toBeLessThan(5000);
  });

  it('finds the end record behind an archive comment', () => {
    expect(listZip(zip(entries, 'made by a planted packer')).map((entry) => entry.path)).toHaveLength(2);
  });

  it('refuses what is not a zip archive', () => {
    expect(() => listZip(Buffer.from('not a zip archive at all, just text'))).toThrow(/no end-of-central-directory/);
  });
});
