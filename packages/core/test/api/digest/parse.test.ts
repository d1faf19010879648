import { describe, expect, it } from 'vitest';
import {
  type DigestCredentials,
  type DigestParseFailureReason,
  parseDigestAuthorization,
} from '../../../src/api/digest/parse.js';

const RESPONSE = '8ca523f5e9506fed4657c9700eebdbec';
const BASE = `username="pub", realm="dbkit", nonce="n1", uri="/a?b=c", response="${RESPONSE}"`;
const QOP = 'qop=auth, nc=00000001, cnonce="c1"';

const common = {
  username: 'pub',
  realm: 'dbkit',
  nonce: 'n1',
  uri: '/a?b=c',
  response: RESPONSE,
  algorithm: 'MD5',
} as const;

function check(header: string | undefined): DigestCredentials {
  const result = parseDigestAuthorization(header);
  if (!result.ok)
    throw new Error(`expected ${JSON.stringify(header)} to parse, got ${result.reason}: ${result.message}`);
  return result.value;
}

describe('parseDigestAuthorization accepts what real clients send', () => {
  it.for<[string, string, DigestCredentials]>([
    ['qop=auth answer', `Digest ${BASE}, ${QOP}`, { ...common, qop: 'auth', nc: '00000001', cnonce: 'c1' }],
    [
      'curl',
      `Digest username="pub", realm="dbkit", nonce="n1", uri="/a?b=c", cnonce="c1", nc=00000001, qop=auth, response="${RESPONSE}", algorithm=MD5`,
      { ...common, qop: 'auth', nc: '00000001', cnonce: 'c1' },
    ],
    [
      'Python requests (quoted algorithm)',
      `Digest username="pub", realm="dbkit", nonce="n1", uri="/a?b=c", response="${RESPONSE}", algorithm="MD5", qop="auth", nc=00000001, cnonce="c1"`,
      { ...common, qop: 'auth', nc: '00000001', cnonce: 'c1' },
    ],
    ['RFC 2069 answer without qop', `Digest ${BASE}`, common],
    [
      'lower-case scheme and upper-case names',
      `digest USERNAME="pub", Realm="dbkit", NONCE="n1", Uri="/a?b=c", Response="${RESPONSE}"`,
      common,
    ],
    ['no spaces after commas', `Digest ${BASE.replaceAll(', ', ',')}`, common],
    [
      'spaces around = and empty list elements',
      `Digest  ,username = "pub" ,, realm="dbkit",nonce=n1,uri="/a?b=c" , response=${RESPONSE},`,
      common,
    ],
    [
      'tabs as whitespace',
      `Digest\tusername="pub",\trealm="dbkit", nonce="n1", uri="/a?b=c", response="${RESPONSE}"`,
      common,
    ],
    [
      'commas and escaped quotes inside quoted values',
      `Digest username="a, \\"b\\"", realm="dbkit", nonce="n1", uri="/a?b=c,d", response="${RESPONSE}"`,
      { ...common, username: 'a, "b"', uri: '/a?b=c,d' },
    ],
    ['an upper-case response, normalised', `Digest ${BASE.replace(RESPONSE, RESPONSE.toUpperCase())}`, common],
    ['opaque, kept', `Digest ${BASE}, opaque="xyz"`, { ...common, opaque: 'xyz' }],
    ['unknown parameters, ignored', `Digest ${BASE}, foo=bar, userhash=false`, common],
    ['lower-case algorithm md5', `Digest ${BASE}, algorithm=md5`, common],
  ])('reads %s', ([, header, expected]) => {
    expect(check(header)).toEqual(expected);
  });
});

describe('parseDigestAuthorization refuses malformed headers with a clear reason', () => {
  it.for<[string, string | undefined, DigestParseFailureReason, RegExp]>([
    ['no header', undefined, 'missing-header', /no credentials/],
    ['an empty header', '', 'missing-header', /no credentials/],
    ['a blank header', '   ', 'missing-header', /no credentials/],
    ['Basic auth', 'Basic cHViOnByaXY=', 'unsupported-scheme', /Basic scheme.*only HTTP Digest/],
    ['Bearer auth', 'Bearer abc.def', 'unsupported-scheme', /Bearer scheme/],
    ['garbage', '%%%garbage%%%', 'unsupported-scheme', /unrecognised scheme/],
    ['the bare scheme', 'Digest', 'missing-parameter', /`username`, `realm`, `nonce`, `uri`, `response`/],
    [
      'a missing response',
      'Digest username="pub", realm="dbkit", nonce="n1", uri="/"',
      'missing-parameter',
      /lack `response`/,
    ],
    [
      'a missing uri and nonce',
      `Digest username="pub", realm="dbkit", response="${RESPONSE}"`,
      'missing-parameter',
      /`nonce`, `uri`/,
    ],
    [
      'username* instead of username',
      `Digest username*=UTF-8''p, realm="dbkit", nonce="n1", uri="/", response="${RESPONSE}"`,
      'missing-parameter',
      /username\*/,
    ],
    [
      'an unterminated quote',
      'Digest realm="dbkit", username="pub, nonce=n1',
      'malformed-header',
      /`username`.*never closed/,
    ],
    ['a parameter without value', `Digest ${BASE}, stale`, 'malformed-header', /`stale` has no value/],
    ['a quoted string without name', `Digest "pub", ${BASE}`, 'malformed-header', /without a name at offset 7/],
    [
      'text after a value',
      `Digest username=pub extra, realm="dbkit"`,
      'malformed-header',
      /after Digest parameter `username` at offset 20/,
    ],
    ['a duplicate parameter', `Digest ${BASE}, Nonce="n2"`, 'duplicate-parameter', /`nonce` appears more than once/],
    ['MD5-sess', `Digest ${BASE}, algorithm=MD5-sess`, 'unsupported-algorithm', /"MD5-sess".*only MD5/],
    ['SHA-256', `Digest ${BASE}, algorithm=SHA-256`, 'unsupported-algorithm', /"SHA-256".*only MD5/],
    ['an unknown algorithm', `Digest ${BASE}, algorithm=ROT13`, 'unsupported-algorithm', /"ROT13"/],
    ['auth-int', `Digest ${BASE}, qop=auth-int, nc=00000001, cnonce="c1"`, 'unsupported-qop', /"auth-int"/],
    ['qop without nc', `Digest ${BASE}, qop=auth, cnonce="c1"`, 'incomplete-qop', /no `nc`/],
    ['qop without nc and cnonce', `Digest ${BASE}, qop=auth`, 'incomplete-qop', /no `nc` and `cnonce`/],
    ['nc without qop', `Digest ${BASE}, nc=00000001, cnonce="c1"`, 'incomplete-qop', /without `qop`/],
    ['a short nc', `Digest ${BASE}, qop=auth, nc=1, cnonce="c1"`, 'malformed-nonce-count', /8 hex digits/],
    ['a non-hex nc', `Digest ${BASE}, qop=auth, nc=0000000g, cnonce="c1"`, 'malformed-nonce-count', /8 hex digits/],
    [
      'a short response',
      'Digest username="pub", realm="dbkit", nonce="n1", uri="/", response="abc"',
      'malformed-response',
      /32 hex digits/,
    ],
    ['userhash', `Digest ${BASE}, userhash=true`, 'unsupported-userhash', /userhash=true/],
  ])('%s', ([, header, reason, message]) => {
    const result = parseDigestAuthorization(header);
    expect(result).toMatchObject({ ok: false, reason });
    if (!result.ok) expect(result.message).toMatch(message);
  });

  it('never repeats Basic credentials in the message', () => {
    const result = parseDigestAuthorization('Basic cHViOnByaXY=');
    expect(result.ok || result.message).not.toContain('cHViOnByaXY');
  });
});
