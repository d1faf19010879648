import { readdirSync } from 'node:fs';
import { SECRET_MASK, scrubSecrets } from '@dbkit/core';
import { SECRET_KEYS, seededRandom } from '@dbkit/core/internal';
import { describe, expect, it } from 'vitest';
import { findSecretValues, scrubberOf } from '../src/validate/mask.js';
import { example, examples } from './helpers.js';

const values = (text: string, valid = false) =>
  findSecretValues(text, valid).map((s) => text.slice(s.offset, s.offset + s.length));

describe('secret values, by their path', () => {
  it.for<[string, string, string[]]>([
    ['a string', '{"auth": {"autoPwd": "hunter2"}}', ['"hunter2"']],
    ['a number', '{"auth": {"usersWanted": [{"pwd": 1234}]}}', ['1234']],
    [
      'the secrets of auth, ldap, tls and a process',
      '{"auth": {"key": "k", "newKey": "n"}, "ldap": {"bindQueryPassword": "b"}, "tls": {"autoPEMKeyFilePwd": "t"}, "processes": [{"args2_6": {"net": {"ssl": {"PEMKeyPassword": "p"}}}}]}',
      ['"k"', '"n"', '"b"', '"t"', '"p"'],
    ],
    [
      'strings and numbers inside an object or array value',
      '{"auth": {"key": {"a": ["x", 1], "b": true}}}',
      ['"a"', '"x"', '1', '"b"'],
    ],
    ['not the values of other fields', '{"auth": {"autoUser": "me", "keyfile": "/k"}, "note": "autoPwd"}', []],
    ['not an index’s key (the vendor’s example)', '{"indexConfigs": [{"key": [["field", 1]], "rsName": "rs0"}]}', []],
    ['not a process named like a password', '{"processes": [{"name": "pwd", "key": "k", "autoPwd": "a"}]}', []],
    ['not a secret name outside its place', '{"key": "k", "autoPwd": "a", "options": {"auth": {"key": "x"}}}', []],
    ['an unquoted value in broken JSON', '{"auth": {"autoPwd": hunter2, "x": 1}', ['hunter2']],
    ['an unterminated string', '{"auth": {"autoPwd": "hunter2\n}', ['"hunter2']],
    ['with comments around', '{"auth": {"autoPwd" /* c */ : // c\n "s"}}', ['"s"']],
    ['after a literal', '{"auth": {"disabled": true, "autoPwd": "s"}}', ['"s"']],
    ['a key spelt with a \\u escape', '{"auth": {"auto\\u0050wd": "s"}}', ['"s"']],
  ])('%s', ([, text, expected]) => {
    expect(values(text)).toEqual(expected);
  });

  // Valid JSON is read by one pass along the secret paths; it must find what the whole-text scan finds.
  it.for<[string, string, string[]]>([
    [
      'a string and a number',
      '{"auth": {"autoPwd": "hunter2", "usersWanted": [{"pwd": 1234}]}}',
      ['"hunter2"', '1234'],
    ],
    ['white space before the colon', '{"auth": {"autoPwd"\n\t : "s"}}', ['"s"']],
    [
      'nested values of any depth',
      '{"auth": {"key": {"a": [["x", {"b": 2}]], "c": null}, "d": "y"}}',
      ['"a"', '"x"', '"b"', '2', '"c"'],
    ],
    ['secrets in the wrong type', '{"auth": {"autoPwd": true, "key": [1, "2"], "newKey": null}}', ['1', '"2"']],
    ['a secret name inside a string value', '{"auth": {"note": "set \\"autoPwd\\": \\"x\\"", "a": 1}}', []],
    ['a secret name as an array item', '{"auth": {"a": ["key", "pwd"]}}', []],
    ['a key ending in an escaped backslash before a name', '{"auth": {"a\\\\": "x", "key": "k"}}', ['"k"']],
    ['a key given twice: both values', '{"auth": {"key": "first", "key": "last"}}', ['"first"', '"last"']],
    [
      'a secret field inside a secret value',
      '{"auth": {"autoPwd": {"key": "k", "pwd": [1]}, "x": 2}}',
      ['"key"', '"k"', '"pwd"', '1'],
    ],
    ['a value with escapes', '{"auth": {"key": "a\\"b\\\\c\\n", "autoPwd": -0.5e-7}}', ['"a\\"b\\\\c\\n"', '-0.5e-7']],
    ['a key spelt with a \\u escape', '{"\\u0061uth": {"auto\\u0050wd": "s"}, "note": "\\u00e9"}', ['"s"']],
    [
      'the same field in many items',
      '{"auth": {"usersWanted": [{"initPwd": {"a": 1}}, {"initPwd": {"b": 2}}]}}',
      ['"a"', '1', '"b"', '2'],
    ],
    ['no secret field', '{"a": 1}', []],
  ])('in valid JSON: %s', ([, text, expected]) => {
    expect(() => JSON.parse(text)).not.toThrow();
    expect(values(text, true)).toEqual(expected);
    expect(findSecretValues(text, true)).toEqual(findSecretValues(text, false));
  });
});

/** A random JSON text where the keys of secret paths turn up as keys, as values and inside strings, spaced at random. */
function randomJson(next: () => number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const path = ['auth', 'usersWanted', 'ldap', 'tls', 'processes', 'args2_6', 'net', 'ssl'];
  const words = [...SECRET_KEYS, ...path, 'name', 'a b', 'say \\"key\\"', 'x\\\\', ':', '{', ']'];
  const space = (): string => pick(['', ' ', '\n  ', '\t']);
  const value = (depth: number): string => {
    const roll = next();
    if (depth > 6 || roll < 0.25) {
      return pick(['0', '1', '-2.5e3', '1E+2', 'true', 'false', 'null', '"a\\/b\\n"', ...words.map((w) => `"${w}"`)]);
    }
    const items = Array.from({ length: Math.floor(next() * 4) }, () => value(depth + 1));
    if (roll < 0.45) return `[${items.map((item) => `${space()}${item}`).join(',')}${space()}]`;
    // Keys along a secret path at the depth they belong, else any word.
    const members = items.map(
      (item) =>
        `${space()}"${next() < 0.5 ? pick(words) : (path[depth] ?? pick(SECRET_KEYS))}"${space()}:${space()}${item}`,
    );
    return `{${members.join(',')}${space()}}`;
  };
  return value(0);
}

describe('secret values of valid JSON, read by one pass along the paths, are those of the whole-text scan', () => {
  it('in random documents', () => {
    const next = seededRandom(25);
    let found = 0;
    for (let i = 0; i < 2000; i++) {
      const text = randomJson(next);
      expect(() => JSON.parse(text), text).not.toThrow();
      const valid = findSecretValues(text, true);
      expect(valid, text).toEqual(findSecretValues(text, false));
      found += valid.length;
    }
    expect(found).toBeGreaterThan(50);
  });

  it.for(readdirSync(examples).filter((name) => name.endsWith('.json')))('in %s', (name) => {
    const text = example(name);
    expect(findSecretValues(text, true)).toEqual(findSecretValues(text, false));
  });
});

describe('scrub', () => {
  const secrets = findSecretValues('{"auth": {"autoPwd": "hunter2-long", "usersWanted": [{"pwd": "ab"}]}}');
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
