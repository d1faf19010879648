import { describe, expect, it } from 'vitest';
import {
  checkBaseUrl,
  checkGroupId,
  checkPrivateKey,
  checkPublicKey,
  connectionOf,
  readConnections,
  secretKeyOf,
  withConnection,
  writeConnections,
} from '../src/lib/connections.ts';

describe('what the user types', () => {
  it.each([
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    [' http://127.0.0.1:8080/ ', 'http://127.0.0.1:8080'],
    ['http://127.0.0.1:8080/api/public/v1.0', 'http://127.0.0.1:8080'],
    ['https://ops.example.net/prefix/', 'https://ops.example.net/prefix'],
  ])('address %j is %j', (typed, value) => {
    expect(checkBaseUrl(typed)).toEqual({ ok: true, value });
  });

  it.each([
    ['127.0.0.1:8080', /e\.g\. http:\/\/127\.0\.0\.1:8080/],
    ['ftp://host', /http:\/\/ or https:\/\//],
    ['http://KEY:secret@127.0.0.1:8080', /Leave the keys out of the address/],
  ])('address %j is refused: %s', (typed, message) => {
    const checked = checkBaseUrl(typed);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.message).toMatch(message);
  });

  it.each([
    [checkGroupId, '', false],
    [checkGroupId, ' a08ff49b6f772632716c4306 ', true],
    [checkGroupId, 'a b', false],
    [checkPublicKey, 'FDBKXBWW', true],
    [checkPublicKey, 'x/y', false],
    [checkPrivateKey, '', false],
    [checkPrivateKey, ' spaces kept ', true],
  ])('%o(%j) ok: %s', (check, typed, ok) => {
    expect(check(typed).ok).toBe(ok);
  });
});

describe('the stored list', () => {
  const a = connectionOf('http://127.0.0.1:8080', 'g1', 'PUB1');
  const b = connectionOf('http://127.0.0.1:9090', 'g2', 'PUB2', 'staging');

  it('never holds a private key: written, it is the four fields', () => {
    const written = writeConnections([a, b]);
    expect(written).toEqual([
      { label: 'g1 on 127.0.0.1:8080', baseUrl: 'http://127.0.0.1:8080', groupId: 'g1', publicKey: 'PUB1' },
      { label: 'staging', baseUrl: 'http://127.0.0.1:9090', groupId: 'g2', publicKey: 'PUB2' },
    ]);
    expect(readConnections(JSON.parse(JSON.stringify(written)))).toEqual([a, b]);
  });

  it('reads leniently: what is not a connection is dropped', () => {
    expect(readConnections(undefined)).toEqual([]);
    expect(readConnections([{ baseUrl: 'x' }, 7, null, (writeConnections([a]) as unknown[])[0]])).toEqual([a]);
  });

  it('adds, replaces by id, and replaces an edited one in place', () => {
    expect(withConnection([a], b)).toEqual([a, b]);
    expect(withConnection([a, b], { ...a, label: 'renamed' })).toEqual([{ ...a, label: 'renamed' }, b]);
    const moved = connectionOf('http://127.0.0.1:8081', 'g1', 'PUB1');
    expect(withConnection([a, b], moved, a.id)).toEqual([moved, b]);
  });

  it('keys each private key by its connection', () => {
    expect(secretKeyOf(a)).not.toBe(secretKeyOf(b));
    expect(secretKeyOf(a)).toBe(secretKeyOf(connectionOf('http://127.0.0.1:8080', 'g1', 'PUB1', 'other label')));
  });
});
