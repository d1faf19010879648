import { readdirSync } from 'node:fs';
import { SECRET_FIELDS, SECRET_MASK, scrubSecrets, seededRandom } from '@dbkit/core';
import { describe, expect, it } from 'vitest';
import { findSecretValues, scrubberOf } from '../src/validate/mask.js';
import { example, examples } from './helpers.js';

const values = (text: string, valid = false) =>
  findSecretValues(text, valid).map((s) => text.slice(s.offset, s.offset + s.length));

describe('secret values', () => {
  it.for<[string, string, string[]]>([
    ['a string', '{"autoPwd": "hunter2"}', ['"hunter2"']],
    ['a number', '{"pwd": 1234}', ['1234']],
    [
      'every field of SECRET_FIELDS',
      '{"key": "k", "newKey": "n", "initPwd": "i", "PEMKeyPassword": "p"}',
      ['"k"', '"n"', '"i"', '"p"'],
    ],
    [
      'strings and numbers inside an object or array value',
      '{"key": {"a": ["x", 1], "b": true}}',
      ['"a"', '"x"', '1', '"b"'],
    ],
    ['not the values of other fields', '{"autoUser": "me", "keyfile": "/k", "note": "autoPwd"}', []],
    ['not a secret name used as a value', '{"a": "key", "b": ["autoPwd", "x"]}', []],
    ['an unquoted value in broken JSON', '{"autoPwd": hunter2, "x": 1}', ['hunter2']],
    ['an unterminated string', '{"autoPwd": "hunter2\n}', ['"hunter2']],
    ['with comments around', '{"autoPwd" /* c */ : // c\n "s"}', ['"s"']],
    ['nested anywhere', '{"auth": {"usersWanted": [{"pwd": "h"}]}}', ['"h"']],
    ['a key spelt with a \\u escape', '{"auto\\u0050wd": "s"}', ['"s"']],
  ])('%s', ([, text, expected]) => {
    expect(values(text)).toEqual(expected);
  });

  // Valid JSON is read only after each quoted secret name; it must find what the whole-text scan finds.
  it.for<[string, string, string[]]>([
    ['a string and a number', '{"autoPwd": "hunter2", "pwd": 1234}', ['"hunter2"', '1234']],
    ['white space before the colon', '{"autoPwd"\n\t : "s"}', ['"s"']],
    [
      'nested values of any depth',
      '{"key": {"a": [["x", {"b": 2}]], "c": null}, "d": "y"}',
      ['"a"', '"x"', '"b"', '2', '"c"'],
    ],
    ['secrets in the wrong type', '{"autoPwd": true, "pwd": [1, "2"], "initPwd": null}', ['1', '"2"']],
    ['a secret name inside a string value', '{"note": "set \\"autoPwd\\": \\"x\\"", "a": 1}', []],
    ['a secret name as a value, then a colon in a string', '{"a": "key", "b": ":"}', []],
    ['a secret name as an array item', '{"a": ["key", "pwd"]}', []],
    ['a key ending in an escaped backslash before a name', '{"a\\\\": "x", "key": "k"}', ['"k"']],
    [
      'a secret field inside a secret value',
      '{"autoPwd": {"key": "k", "pwd": [1]}, "x": 2}',
      ['"key"', '"k"', '"pwd"', '1'],
    ],
    ['a secret name in a key that holds more', '{"my key": 1, "key ": 2, "keys": 3}', []],
    ['a name ending as a secret name does', '{"monkey": "x", "passWord": 1, "a": "turkey"}', []],
    ['a value with escapes', '{"pwd": "a\\"b\\\\c\\n", "key": -0.5e-7}', ['"a\\"b\\\\c\\n"', '-0.5e-7']],
    ['a key spelt with a \\u escape', '{"auto\\u0050wd": "s", "note": "\\u00e9"}', ['"s"']],
    ['the same field in many objects', '{"i": [{"key": {"a": 1}}, {"key": {"b": 2}}]}', ['"a"', '1', '"b"', '2']],
    ['no secret field', '{"a": 1}', []],
  ])('in valid JSON: %s', ([, text, expected]) => {
    expect(() => JSON.parse(text)).not.toThrow();
    expect(values(text, true)).toEqual(expected);
    expect(findSecretValues(text, true)).toEqual(findSecretValues(text, false));
  });
});

/** A random JSON text where secret field names turn up as keys, as values and inside strings, spaced at random. */
function randomJson(next: () => number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const words = [...SECRET_FIELDS, 'name', 'a b', 'say \\"key\\"', 'x\\\\', ':', '{', ']'];
  const space = (): string => pick(['', ' ', '\n  ', '\t']);
  const value = (depth: number): string => {
    const roll = next();
    if (depth > 3 || roll < 0.3) {
      return pick(['0', '1', '-2.5e3', '1E+2', 'true', 'false', 'null', '"a\\/b\\n"', ...words.map((w) => `"${w}"`)]);
    }
    const items = Array.from({ length: Math.floor(next() * 4) }, () => value(depth + 1));
    if (roll < 0.5) return `[${items.map((item) => `${space()}${item}`).join(',')}${space()}]`;
    const members = items.map((item) => `${space()}"${pick(words)}"${space()}:${space()}${item}`);
    return `{${members.join(',')}${space()}}`;
  };
  return value(0);
}

describe('secret values of valid JSON, read after the names, are those of the whole-text scan', () => {
  it('in random documents', () => {
    const next = seededRandom(25);
    for (let i = 0; i < 2000; i++) {
      const text = randomJson(next);
      expect(() => JSON.parse(text), text).not.toThrow();
      expect(findSecretValues(text, true), text).toEqual(findSecretValues(text, false));
    }
  });

  it.for(readdirSync(examples).filter((name) => name.endsWith('.json')))('in %s', (name) => {
    const text = example(name);
    expect(findSecretValues(text, true)).toEqual(findSecretValues(text, false));
  });
});

describe('scrub', () => {
  const secrets = findSecretValues('{"autoPwd": "hunter2-long", "pwd": "ab"}');
  it.for<[string, string]>([
    ['value hunter2-long leaked', `value ${SECRET_MASK} leaked`],
    ['quoted "hunter2-long"', `quoted "${SECRET_MASK}"`],
    ['a short secret only when quoted: "ab", abc', `a short secret only when quoted: "${SECRET_MASK}", abc`],
    ['nothing to hide', 'nothing to hide'],
  ])('%j', ([message, expected]) => {
    expect(scrubSecrets(message, secrets)).toBe(expected);
  });
});

describe("scrubbing a document's messages with only the secrets each could show", () => {
  const values = ['hunter22', 'ab', 'hunter', '****', 'a"b', 'x\\y', 'tab\there', '"********"', 'k*y', '', '12345'];
  const secrets = values.map((value) => ({ value }));

  it.for<[string]>([
    ['nothing to hide'],
    ['hunter22 and hunter and "ab" and ab'],
    ['a quoted "hunter22" and a "a\\"b"'],
    ['stars **** and "****" and k*y'],
    ['x\\y "x\\\\y" tab\there "tab\\there" 12345'],
    ['"********" hunter2 "hunter"'],
  ])('%j as with every secret', ([message]) => {
    expect(scrubberOf(secrets)(message)).toBe(scrubSecrets(message, secrets));
  });

  it('in random messages', () => {
    const next = seededRandom(7);
    const pieces = [...values, ...values.map((value) => JSON.stringify(value)), ' ', '*', '"', 'hun', 'ter', 'x'];
    const scrub = scrubberOf(secrets);
    for (let i = 0; i < 3000; i++) {
      const message = Array.from(
        { length: 1 + Math.floor(next() * 8) },
        () => pieces[Math.floor(next() * pieces.length)],
      ).join('');
      expect(scrub(message), message).toBe(scrubSecrets(message, secrets));
    }
  });
});
