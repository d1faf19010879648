import { describe, expect, it } from 'vitest';
import { byteLength, parseServiceVersionHeader, serviceVersionHeader, successHeaders } from '../../src/api/headers.js';

const GIT_HASH = 'fc6c89f2083752779568a2630910698cf2fd01a0';

describe('serviceVersionHeader', () => {
  it('writes gitHash=<git_hash>; versionString=<application_version> [spec:service-version-header]', () => {
    expect(serviceVersionHeader({ gitHash: GIT_HASH, versionString: '4.2.4.56729.20191105T2247Z' })).toBe(
      `gitHash=${GIT_HASH}; versionString=4.2.4.56729.20191105T2247Z`,
    );
  });
});

describe('parseServiceVersionHeader', () => {
  it.for([
    [`gitHash=${GIT_HASH}; versionString=master`, 'master'],
    [`gitHash=${GIT_HASH};versionString=8.0.1`, '8.0.1'],
    [` versionString=8.0.1 ; gitHash=${GIT_HASH} `, '8.0.1'],
    [`gitHash=${GIT_HASH}; versionString=a=b; extra=1`, 'a=b'],
  ] as const)('reads %j', ([value, versionString]) => {
    expect(parseServiceVersionHeader(value)).toStrictEqual({ ok: true, value: { gitHash: GIT_HASH, versionString } });
  });

  it('reads back what serviceVersionHeader writes', () => {
    const version = { gitHash: GIT_HASH, versionString: '7.0.2.500.20231010T0000Z' };
    expect(parseServiceVersionHeader(serviceVersionHeader(version))).toStrictEqual({ ok: true, value: version });
  });

  it.for([
    ['versionString=master', 'gitHash'],
    [`gitHash=${GIT_HASH}`, 'versionString'],
    [`gitHash=${GIT_HASH}; versionString=`, 'versionString'],
    ['', 'gitHash and versionString'],
  ] as const)('refuses %j, saying it lacks %s', ([value, missing]) => {
    const result = parseServiceVersionHeader(value);
    if (result.ok) expect.fail('expected an error');
    expect(result.message).toContain(`lacks ${missing};`);
  });
});

describe('successHeaders', () => {
  const date = new Date('2025-04-02T15:37:20Z');

  it('carries every header the spec lists for successful responses, in its order [spec:success-headers] [spec:hsts-max-age]', () => {
    expect(successHeaders({ gitHash: GIT_HASH, versionString: 'master', contentLength: 1234, date })).toStrictEqual({
      Vary: 'Accept-Encoding',
      'Content-Type': 'application/json',
      'Strict-Transport-Security': 'max-age=300',
      Date: 'Wed, 02 Apr 2025 15:37:20 GMT',
      Connection: 'keep-alive',
      'Content-Length': '1234',
      'X-DB-Service-Version': `gitHash=${GIT_HASH}; versionString=master`,
    });
    expect(Object.keys(successHeaders({ gitHash: 'g', versionString: 'v', contentLength: 0, date }))).toStrictEqual([
      'Vary',
      'Content-Type',
      'Strict-Transport-Security',
      'Date',
      'Connection',
      'Content-Length',
      'X-DB-Service-Version',
    ]);
  });

  it('sends Connection: close when asked', () => {
    const headers = successHeaders({ gitHash: 'g', versionString: 'v', contentLength: 0, date, connection: 'close' });
    expect(headers.Connection).toBe('close');
  });
});

describe('byteLength', () => {
  it.for([
    ['', 0],
    ['{"a":1}', 7],
    ['é', 2],
    ['€', 3],
    ['😀', 4],
    ['\ud800', 3],
  ] as const)('of %j is %i bytes, as TextEncoder counts', ([text, expected]) => {
    expect(byteLength(text)).toBe(expected);
    expect(byteLength(text)).toBe(new TextEncoder().encode(text).length);
  });
});
