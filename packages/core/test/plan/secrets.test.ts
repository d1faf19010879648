/** Secrets never reach a shown plan: the values of secret fields, and the scrubbing of text with them. */
import { describe, expect, it } from 'vitest';
import { scrubSecrets, secretTextsOf } from '../../src/plan/secrets.js';

describe('plan secrets', () => {
  it.for([
    ['a password', { auth: { autoPwd: 'hunter22' } }, ['hunter22']],
    ['a keyfile and a new one', { auth: { key: 'K1', newKey: 'K2' } }, ['K1', 'K2']],
    ['a secret of the wrong type', { ldap: { bindQueryPassword: { a: ['x1', 7] } } }, ['x1', '7']],
    ['users’ initial passwords', { auth: { usersWanted: [{ user: 'u', initPwd: 'p4ss' }] } }, ['p4ss']],
    ['nothing secret', { processes: [{ name: 'autoPwd' }] }, []],
  ] as const)('finds %s', ([, document, expected]) => {
    expect(secretTextsOf(document).map((s) => s.value)).toEqual(expected);
  });

  it.for([
    ['a long value anywhere', 'changed from hunter22 to x', 'changed from ******** to x'],
    ['a quoted value', 'auth "hunter22" set', 'auth "********" set'],
    ['a short value only quoted', 'a "ab" but ab stays', 'a "********" but ab stays'],
  ] as const)('scrubs %s', ([, message, expected]) => {
    expect(scrubSecrets(message, [{ value: 'hunter22' }, { value: 'ab' }, { value: '' }])).toBe(expected);
  });
});
