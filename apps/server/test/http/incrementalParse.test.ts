/**
 * A body parsed against the last revision is always what `JSON.parse` gives, with the members the body did not change
 * shared with the last revision's document; whatever it cannot place is left to a whole parse.
 */
import { seededRandom } from '@dbkit/core/internal';
import { describe, expect, it } from 'vitest';
import { changedStretch, memberSpans, type ParsedText, parseChanged } from '../../src/http/incrementalParse.js';

const base = JSON.stringify(
  {
    version: 7,
    options: { downloadBase: '/var/lib/db' },
    processes: [
      { name: 'a', hostname: 'h1', args2_6: { net: { port: 27017 } } },
      { name: 'b', hostname: 'h2', note: 'say "hi" \\ \u00e9' },
    ],
    replicaSets: [{ _id: 'rs0', members: [{ _id: 0, host: 'a' }] }],
    auth: { disabled: true },
  },
  null,
  2,
);

function basisOf(text: string): ParsedText {
  const spans = memberSpans(text);
  if (spans === undefined) throw new Error(`no spans for ${text}`);
  return { text, document: JSON.parse(text), spans };
}

/** The new text parsed against the basis; checks it against JSON.parse, key order included. */
function check(basis: ParsedText, text: string): ParsedText | undefined {
  const stretch = changedStretch(basis.text, text);
  const next = stretch && parseChanged(basis, text, stretch);
  if (next !== undefined) {
    const whole = JSON.parse(text) as Record<string, unknown>;
    expect(next.document).toEqual(whole);
    expect(JSON.stringify(next.document)).toBe(JSON.stringify(whole));
    // Every span holds its member's value, so the next body can be parsed against this one.
    next.spans.keys.forEach((key, i) => {
      expect(JSON.parse(text.slice(next.spans.starts[i], next.spans.ends[i]))).toEqual(whole[key]);
    });
  }
  return next;
}

describe('parseChanged', () => {
  it.for<[string, (text: string) => string, readonly string[]]>([
    ['the version raised', (t) => t.replace('"version": 7', '"version": 8'), ['version']],
    ['the version given more digits', (t) => t.replace('"version": 7', '"version": 7000'), ['version']],
    ['one field of one process', (t) => t.replace('"port": 27017', '"port": 27018'), ['processes']],
    ['a process added', (t) => t.replace('"hostname": "h2"', '"hostname": "h2" }, { "name": "c"'), ['processes']],
    ['a string with escapes changed', (t) => t.replace('say', 'said'), ['processes']],
    ['spaces inside a value', (t) => t.replace('"downloadBase"', '  "downloadBase"'), ['options']],
    [
      'two neighbouring members changed together',
      (t) => t.replace('"h2"', '"h3"').replace('"host": "a"', '"host": "b"'),
      ['processes', 'replicaSets'],
    ],
    [
      'the version and one process: the members between them are kept without a scan',
      (t) => t.replace('"version": 7', '"version": 8').replace('"port": 27017', '"port": 27018'),
      ['version', 'processes'],
    ],
    [
      'a member added between two (the one after it, whose key starts alike, is parsed too)',
      (t) => t.replace('"auth":', '"ldap": {"servers": "x"},\n  "auth":'),
      ['ldap', 'auth'],
    ],
    ['a member renamed', (t) => t.replace('"options"', '"option"'), ['option']],
    ['a member added at the end', (t) => t.replace(/\}\s*$/, ', "tls": {}\n}'), ['tls']],
  ])('%s: parses only what changed', ([, change, parsed]) => {
    const basis = basisOf(base);
    const next = check(basis, change(base));
    expect(next).toBeDefined();
    const before = basis.document as Record<string, unknown>;
    for (const [key, value] of Object.entries(next?.document as Record<string, unknown>)) {
      if (parsed.includes(key)) expect(value, key).not.toBe(before[key]);
      else expect(value, key).toBe(before[key]);
    }
  });

  it.for<[string, string, string]>([
    ['the same text', base, base],
    ['a value that is not JSON', base, base.replace('"version": 7', '"version": 7x')],
    ['a change before the object', base, ` ${base}`],
    ['a key given twice in the basis', '{"a": 1, "a": 2, "b": 3}', '{"a": 1, "a": 2, "b": 4}'],
    ['a key given twice in the new text', base, base.replace('"auth":', '"version": 9, "auth":')],
    ['a __proto__ key', base, base.replace('"auth":', '"__proto__": {"x": 1}, "auth":')],
    ['every member removed', '{"a": 1}', '{}'],
    ['a change over more than half the text', base, JSON.stringify({ ...JSON.parse(base), version: 8, auth: {} })],
  ])('leaves %s to a whole parse', ([, old, text]) => {
    const spans = memberSpans(old);
    const stretch = changedStretch(old, text);
    const basis = spans && { text: old, document: JSON.parse(old), spans };
    expect(basis && stretch && parseChanged(basis, text, stretch)).toBeUndefined();
  });

  it('a text that is no object, or gives a key twice, has no spans', () => {
    expect(memberSpans('[1, 2]')).toBeUndefined();
    expect(memberSpans('{"a": 1, "\\u0061": 2}')).toBeUndefined();
    expect(memberSpans('{"__proto__": 1}')).toBeUndefined();
    expect(memberSpans(' {"a\\"b": [1, "]"], "c": {"d": "}"} } ')?.keys).toEqual(['a"b', 'c']);
  });

  it('equals JSON.parse over chains of random edits (3 000 seeded edits)', () => {
    const rnd = seededRandom(0x1c0);
    const pieces = ['"', ',', ':', '{', '}', '[', ']', ' ', '\n', '7', 'x', '\\', 'null', '"k"', '"a": 2,', ', "z": 3'];
    let basis = basisOf(base);
    let reused = 0;
    for (let n = 0; n < 3000; n++) {
      const at = Math.floor(rnd() * (basis.text.length + 1));
      const cut = Math.floor(rnd() * 4);
      const piece = pieces[Math.floor(rnd() * pieces.length)] as string;
      const text = basis.text.slice(0, at) + piece + basis.text.slice(at + cut);
      let valid = true;
      try {
        JSON.parse(text);
      } catch {
        valid = false;
      }
      const next = check(basis, text);
      if (!valid) expect(next, text).toBeUndefined();
      if (next !== undefined) reused++;
      // Go on from the new text when it is valid; start over when it cannot serve as a basis.
      if (valid) basis = next ?? (memberSpans(text) !== undefined ? basisOf(text) : basisOf(base));
    }
    expect(reused).toBeGreaterThan(500);
  });
});
