/** Secrets are places in the document, never field names: what `isSecretPath` answers for each kind of place. */
import { describe, expect, it } from 'vitest';
import {
  isSecretPath,
  mayHoldSecretBelow,
  SECRET_KEYS,
  SECRET_PATHS,
  SECRET_ROOT,
  secretStep,
} from '../../src/secrets/paths.js';
import type { JsonPath } from '../../src/validation/diagnostic.js';

describe('secret paths', () => {
  it.for([
    ['the automation password', ['auth', 'autoPwd'], true],
    ['the key file contents', ['auth', 'key'], true],
    ['a rotation’s new key and password', ['auth', 'newKey'], true],
    ['a wanted user’s initial password', ['auth', 'usersWanted', 3, 'initPwd'], true],
    ['a wanted user’s SCRAM-SHA-1 hash', ['auth', 'usersWanted', 0, 'pwd'], true],
    ['the LDAP bind password', ['ldap', 'bindQueryPassword'], true],
    ['the PEM password under ssl', ['ssl', 'autoPEMKeyFilePwd'], true],
    ['the PEM password under tls', ['tls', 'autoPEMKeyFilePwd'], true],
    ['a server’s key-file password', ['processes', 2, 'args2_6', 'net', 'ssl', 'PEMKeyPassword'], true],
    ['a server’s cluster password', ['processes', 0, 'args2_6', 'net', 'tls', 'clusterPassword'], true],
    ['inside a secret of the wrong type', ['auth', 'key', 'a', 0], true],
    ['an index’s key pattern', ['indexConfigs', 0, 'key'], false],
    ['a field name inside an index key', ['indexConfigs', 0, 'key', 0, 0], false],
    ['a sharded collection’s key', ['sharding', 0, 'collections', 0, 'key'], false],
    ['a process named like a password', ['processes', 0, 'name'], false],
    ['a field called key elsewhere', ['processes', 0, 'key'], false],
    ['auth nested below the root', ['options', 'auth', 'key'], false],
    ['a user’s name', ['auth', 'usersWanted', 0, 'user'], false],
    ['pwd outside usersWanted', ['auth', 'pwd'], false],
    ['usersWanted given as an object', ['auth', 'usersWanted', 'a', 'pwd'], false],
    ['the auth object itself', ['auth'], false],
    ['the root', [], false],
  ] as const)('%s', ([, path, expected]) => {
    expect(isSecretPath(path as JsonPath)).toBe(expected);
  });

  it('steps through the trie as a walker does, a secret node holding everything below it', () => {
    const auth = secretStep(SECRET_ROOT, 'auth');
    const key = auth && secretStep(auth, 'key');
    expect(key?.secret).toBe(true);
    expect(key && secretStep(key, 0)).toBe(key);
    expect(secretStep(SECRET_ROOT, 'indexConfigs')).toBeUndefined();
    const process = secretStep(SECRET_ROOT, 'processes');
    expect(process && secretStep(process, 'name')).toBeUndefined();
    expect(process && secretStep(process, 4)?.keys.has('args2_6')).toBe(true);
  });

  it('declares every path it names once, and their last keys for text searches', () => {
    expect(new Set(SECRET_PATHS).size).toBe(SECRET_PATHS.length);
    for (const path of SECRET_PATHS) {
      const segments = path.split('.').flatMap((part) => (part.endsWith('[]') ? [part.slice(0, -2), 0] : [part]));
      expect(isSecretPath(segments), path).toBe(true);
    }
    expect(SECRET_KEYS).toEqual(
      expect.arrayContaining(['autoPwd', 'key', 'initPwd', 'pwd', 'PEMKeyPassword', 'certificateKeyFilePassword']),
    );
  });

  it.for([
    ['the root, a text naming no secret key', SECRET_ROOT, '{"processes": [{"name": "a"}]}', false],
    ['the root, an index’s key (it might be auth’s)', SECRET_ROOT, '{"indexConfigs": [{"key": []}]}', true],
    [
      'the processes, a key-file password',
      ['processes'],
      '[{"args2_6": {"net": {"tls": {"PEMKeyPassword": 1}}}}]',
      true,
    ],
    ['the processes, auth’s keys only', ['processes'], '[{"name": "pwd", "autoPwd": "a", "key": "k"}]', false],
    ['the processes, a \\u escape', ['processes'], '[{"a\\u0041": 1}]', true],
  ] as const)('says whether a text may hold a secret below %s', ([, at, text, expected]) => {
    const node = Array.isArray(at) ? at.reduce((n, key) => secretStep(n, key)!, SECRET_ROOT) : at;
    expect(mayHoldSecretBelow(node, text)).toBe(expected);
    expect(mayHoldSecretBelow(node, `xx${text}yy`, 2, text.length + 2)).toBe(expected);
  });
});
