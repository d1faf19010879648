/** Secrets never reach what dbkit writes: the values at secret paths, and how quotations and foreign text mask them. */
import { describe, expect, it } from 'vitest';
import { quoterOf, scrubSecrets, secretTextsOf } from '../../src/secrets/mask.js';

describe('secret values', () => {
  it.for([
    ['a password', { auth: { autoPwd: 'hunter22' } }, ['hunter22']],
    ['a keyfile and a new one', { auth: { key: 'K1', newKey: 'K2' } }, ['K1', 'K2']],
    ['a secret of the wrong type', { ldap: { bindQueryPassword: { a: ['x1', 7] } } }, ['x1', '7']],
    ['users’ initial passwords', { auth: { usersWanted: [{ user: 'u', initPwd: 'p4ss' }, 'stray'] } }, ['p4ss']],
    [
      'a server’s key-file password',
      { processes: [{ name: 'a', args2_6: { net: { tls: { certificateKeyFilePassword: 'pem' } } } }] },
      ['pem'],
    ],
    ['no index key', { indexConfigs: [{ key: [['field', 1]] }], auth: { key: 'K' } }, ['K']],
    ['no process named like a password', { processes: [{ name: 'autoPwd' }, { name: 'pwd', key: 'k' }] }, []],
    ['no secret name below the root', { options: { auth: { key: 'k' } } }, []],
  ] as const)('finds %s', ([, document, expected]) => {
    expect(secretTextsOf(document).map((s) => s.value)).toEqual(expected);
  });
});

describe('quotations', () => {
  const q = quoterOf([{ value: 'field' }, { value: 'hunter22' }, { value: 'ab' }, { value: '7' }, { value: '' }]);

  it.for([
    ['a secret quoted whole', 'field', '"********"'],
    ['a long secret inside a value', 'my-hunter22-x', '"my-********-x"'],
    ['a secret inside a structure', [['field', 1]], '[["********",1]]'],
    ['a short secret as a whole string', 'ab', '"********"'],
    ['a short secret inside a word', 'abc', '"abc"'],
    ['a short secret as a number', [7, 17], '[********,17]'],
    ['no secret', 'rs0', '"rs0"'],
    ['a long value shortened after masking', `${'x'.repeat(50)}hunter22${'y'.repeat(20)}`, `"${'x'.repeat(50)}******…`],
  ] as const)('quote: %s', ([, value, expected]) => {
    expect(q.quote(value)).toBe(expected);
  });

  it.for([
    ['a version', '4.4.0', '4.4.0'],
    ['a secret shown bare', 'field', '********'],
    ['a short secret among words', 'a b ab', 'a b ********'],
  ] as const)('bare: %s', ([, value, expected]) => {
    expect(q.bare(value)).toBe(expected);
  });

  it('leaves the words around a quotation alone, whatever the secret', () => {
    const message = `The automation configuration is missing the required field "version"; ${q.quote('field')} is set.`;
    expect(message).toBe('The automation configuration is missing the required field "version"; "********" is set.');
  });

  it('tells which suggestions hold a secret', () => {
    expect([q.holdsSecret('field'), q.holdsSecret('my-hunter22'), q.holdsSecret('abc'), q.holdsSecret('x')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('finds where the secrets stand in a line of the document, as a quotation masks them', () => {
    const line = '"key": [["field", 1]], "n": [7, 17], "s": "ab", "t": "abc"';
    const shown = q.occurrences(line).map(({ offset, length }) => line.slice(offset, offset + length));
    expect(shown).toEqual(['field', '7', '"ab"']);
  });

  it.for([
    { line: '  "processes": [],', secret: 'process', masked: [] },
    { line: '{ "key": [["field", 1]], "field": 2 }', secret: 'field', masked: ['field'] },
    { line: '"autoPwd": "process", "processType": "dbd"', secret: 'process', masked: ['process'] },
    { line: '"name": "field_1"', secret: 'field', masked: ['field'] },
  ])('never masks a property name holding a secret’s word: $line', ({ line, secret, masked }) => {
    const q = quoterOf([{ value: secret }]);
    expect(q.occurrences(line).map(({ offset, length }) => line.slice(offset, offset + length))).toEqual(masked);
    expect(q.quote({ processes: [], field: 1 })).toBe('{"processes":[],"field":1}');
  });

  it('reads the secrets only when a quotation first needs them', () => {
    let reads = 0;
    const lazy = quoterOf(() => {
      reads++;
      return [{ value: 'field' }];
    });
    expect(reads).toBe(0);
    expect([lazy.quote('field'), lazy.quote('x')]).toEqual(['"********"', '"x"']);
    expect(reads).toBe(1);
  });
});

describe('foreign text', () => {
  it.for([
    ['a long value anywhere', 'changed from hunter22 to x', 'changed from ******** to x'],
    ['a quoted value', 'auth "hunter22" set', 'auth "********" set'],
    ['a short value only quoted', 'a "ab" but ab stays', 'a "********" but ab stays'],
  ] as const)('scrubs %s', ([, message, expected]) => {
    expect(scrubSecrets(message, [{ value: 'hunter22' }, { value: 'ab' }, { value: '' }])).toBe(expected);
  });
});
