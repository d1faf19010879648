/**
 * The version a published revision carries (`publish/revision.ts`), as `dbkit config push`, the playground and the
 * editor send it: one above the version the document was pulled at, written into the text without touching
 * anything else.
 */
import { describe, expect, it } from 'vitest';
import { nextRevision, versionIn, withVersion } from '../../src/publish/revision.js';

describe('the version sent', () => {
  it('replaces only the value of the top-level version', () => {
    const text = '{\n  "version": 12,\n  "processes": [{ "version": "7.0.12" }]\n}\n';
    expect(withVersion(text, 13)).toBe('{\n  "version": 13,\n  "processes": [{ "version": "7.0.12" }]\n}\n');
  });

  it('adds it when the document has none', () => {
    expect(JSON.parse(withVersion('{\n  "processes": []\n}\n', 1))).toEqual({ processes: [], version: 1 });
  });

  it.for([
    { name: 'a whole number', text: '{"version": 7}', expected: 7 },
    { name: 'no version', text: '{"processes": []}', expected: undefined },
    { name: 'a fraction', text: '{"version": 7.5}', expected: undefined },
    { name: 'a negative number', text: '{"version": -1}', expected: undefined },
    { name: 'a string', text: '{"version": "7"}', expected: undefined },
    { name: 'null', text: 'null', expected: undefined },
    { name: 'text that is not JSON', text: '{"version": 7,}', expected: null },
  ])('reads the version of $name', ({ text, expected }) => {
    expect(versionIn(text)).toBe(expected);
  });
});

describe('the next revision', () => {
  it.for([
    { name: 'pulled at the stored version', text: '{\n  "version": 5\n}\n', stored: 5, base: 5, version: 6 },
    // Someone published 4 and 5 since: the service answers 409 rather than lose them.
    { name: 'pulled at an older version', text: '{\n  "version": 3\n}\n', stored: 5, base: 3, version: 4 },
    { name: 'naming no version', text: '{\n  "processes": []\n}\n', stored: 5, base: 5, version: 6 },
    { name: 'naming a later version', text: '{\n  "version": 9\n}\n', stored: 5, base: 5, version: 6 },
    { name: 'saying the next version already', text: '{\n  "version": 6\n}\n', stored: 5, base: 5, version: 6 },
    { name: 'not JSON', text: '{\n  "version": 5,\n}\n', stored: 5, base: 5, version: 6 },
  ])('builds on the right version when $name', ({ text, stored, base, version }) => {
    const next = nextRevision(text, stored);
    expect(next).toMatchObject({ base, version });
    expect(next.text).toBe(withVersion(text, version));
  });

  it('edits only the digits of the version, or nothing when the text says it already', () => {
    const text = '{\n  "version": 5,\n  "processes": []\n}\n';
    expect(nextRevision(text, 5).edits).toEqual([{ offset: text.indexOf('5'), length: 1, content: '6' }]);
    expect(nextRevision(text.replace('5', '6'), 5).edits).toEqual([]);
  });
});
