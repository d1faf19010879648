import { describe, expect, it } from 'vitest';
import { findSecretValues, MASK, scrub } from '../src/validate/mask.js';

const values = (text: string) => findSecretValues(text).map((s) => text.slice(s.offset, s.offset + s.length));

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
  ])('%s', ([, text, expected]) => {
    expect(values(text)).toEqual(expected);
  });

  it('are found quickly absent: no secret field name, no scan', () => {
    expect(findSecretValues('{"a": 1}')).toEqual([]);
  });
});

describe('scrub', () => {
  const secrets = findSecretValues('{"autoPwd": "hunter2-long", "pwd": "ab"}');
  it.for<[string, string]>([
    ['value hunter2-long leaked', `value ${MASK} leaked`],
    ['quoted "hunter2-long"', `quoted "${MASK}"`],
    ['a short secret only when quoted: "ab", abc', `a short secret only when quoted: "${MASK}", abc`],
    ['nothing to hide', 'nothing to hide'],
  ])('%j', ([message, expected]) => {
    expect(scrub(message, secrets)).toBe(expected);
  });
});
