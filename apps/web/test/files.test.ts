import { describe, expect, it } from 'vitest';
import { decodeText } from '../src/app/files.ts';
import { formatStatus } from '../src/app/status.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('opening a local file', () => {
  it.for([
    { name: 'JSON', input: bytes('{ "a": 1 }'), text: '{ "a": 1 }' },
    { name: 'JSON with a byte-order mark', input: bytes('\uFEFF{}'), text: '{}' },
    { name: 'text that is not JSON (the worker reports it)', input: bytes('hello'), text: 'hello' },
  ])('reads $name', ({ input, text }) => {
    expect(decodeText('f.json', input)).toEqual({ ok: true, fileName: 'f.json', text });
  });

  it.for([
    { name: 'a PNG', input: Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]) },
    { name: 'invalid UTF-8', input: Uint8Array.from([0x7b, 0xff, 0xfe, 0x7d]) },
    { name: 'text with NUL', input: bytes('{"a":\u0000}') },
  ])('refuses $name with a message', ({ input }) => {
    expect(decodeText('x.bin', input)).toEqual({ ok: false, error: 'x.bin is not a text file: open a JSON document.' });
  });
});

describe('status line', () => {
  it.for([
    {
      facts: { kindLabel: 'Automation config', schemaVersion: 'v1.0', errors: 0, warnings: 0 },
      text: 'Automation config · schema v1.0 · 0 errors, 0 warnings · validating…',
    },
    {
      facts: {
        kindLabel: 'Alert',
        schemaVersion: 'v1.0',
        errors: 1,
        warnings: 2,
        validatedAt: new Date(2026, 0, 1, 9, 5, 7),
        durationMs: 12.4,
      },
      text: 'Alert · schema v1.0 · 1 error, 2 warnings · validated at 09:05:07 (12 ms)',
    },
  ])('says $text', ({ facts, text }) => {
    expect(formatStatus(facts)).toBe(text);
  });
});
