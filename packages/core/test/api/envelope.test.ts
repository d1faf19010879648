import { describe, expect, it } from 'vitest';
import { envelope, listEnvelope, parseBooleanQuery, serializeBody } from '../../src/api/envelope.js';

describe('envelope', () => {
  it('wraps a single result as {status, content} [spec:envelope-single]', () => {
    expect(envelope(200, { id: 'a' })).toStrictEqual({ status: 200, content: { id: 'a' } });
  });

  it('adds status to a list response without nesting it [spec:envelope-list]', () => {
    const list = {
      results: [1, 2],
      links: [{ href: 'https://h/x?pageNum=1&itemsPerPage=100', rel: 'self' }],
      totalCount: 2,
    };
    expect(listEnvelope(200, list)).toStrictEqual({ ...list, status: 200 });
  });
});

describe('parseBooleanQuery', () => {
  it.for([
    [undefined, false, false],
    [undefined, true, true],
    ['true', false, true],
    ['TRUE', false, true],
    ['True', false, true],
    ['false', true, false],
    ['FALSE', true, false],
    ['', false, true],
  ] as const)('reads %j (default %s) as %s', ([value, fallback, expected]) => {
    expect(parseBooleanQuery('pretty', value, fallback)).toStrictEqual({ ok: true, value: expected });
  });

  it.for(['1', '0', 'yes', 'on', 'truthy'])('refuses envelope=%j with 400 INVALID_QUERY_PARAMETER', (value) => {
    const result = parseBooleanQuery('envelope', value);
    if (result.ok) expect.fail('expected an error');
    expect(result.error).toMatchObject({ error: 400, errorCode: 'INVALID_QUERY_PARAMETER', parameters: ['envelope'] });
  });
});

describe('serializeBody', () => {
  const list = {
    links: [{ href: 'https://h/s', rel: 'self' }],
    results: [],
    totalCount: 0,
    nested: { a: [1, 2], empty: {}, text: 'é "q"' },
  };

  it('is compact by default [spec:query-pretty]', () => {
    expect(serializeBody(list)).toBe(JSON.stringify(list));
    expect(serializeBody(list, { pretty: false })).toBe(JSON.stringify(list));
  });

  it('pretty-prints in the real service style: "key" : value, [ { and empty containers with a space [spec:query-pretty]', () => {
    expect(serializeBody(list, { pretty: true })).toBe(
      [
        '{',
        '  "links" : [ {',
        '    "href" : "https://h/s",',
        '    "rel" : "self"',
        '  } ],',
        '  "results" : [ ],',
        '  "totalCount" : 0,',
        '  "nested" : {',
        '    "a" : [ 1, 2 ],',
        '    "empty" : { },',
        '    "text" : "é \\"q\\""',
        '  }',
        '}',
      ].join('\n'),
    );
  });

  it('separates objects in an array by }, { as the real service does', () => {
    expect(serializeBody([{ a: 1 }, { b: 2 }], { pretty: true })).toBe('[ {\n  "a" : 1\n}, {\n  "b" : 2\n} ]');
  });

  it('leaves out undefined properties and keeps the key order', () => {
    expect(serializeBody({ z: 1, a: undefined, m: null }, { pretty: true })).toBe('{\n  "z" : 1,\n  "m" : null\n}');
  });

  it('pretty output parses back to the same data', () => {
    expect(JSON.parse(serializeBody(list, { pretty: true }))).toStrictEqual(list);
  });
});
