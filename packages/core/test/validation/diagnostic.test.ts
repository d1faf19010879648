import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/random.js';
import { formatJsonPath, type JsonPath, parseJsonPath } from '../../src/validation/diagnostic.js';

const parsed = (text: string) => {
  const result = parseJsonPath(text);
  return result.ok ? result.path : undefined;
};

describe('formatJsonPath and parseJsonPath', () => {
  it.for<[JsonPath, string]>([
    [[], '(document root)'],
    [['version'], 'version'],
    [['processes', 2, 'args2_6', 'net'], 'processes[2].args2_6.net'],
    [['processes', 2, 'authSchemaVersion'], 'processes[2].authSchemaVersion'],
    [['replicaSets', 0, 'members', 1], 'replicaSets[0].members[1]'],
    [['replicaSets', 10, 'members', 3], 'replicaSets[10].members[3]'],
    [[3], '[3]'],
    [[0, 'a', 1], '[0].a[1]'],
    [['$ref', '_id', 'a1'], '$ref._id.a1'],
    [['clusterWideConfigurations', 'rs-0'], 'clusterWideConfigurations["rs-0"]'],
    [['options', 'download base', 'x'], 'options["download base"].x'],
    [['0'], '["0"]'],
    [['1abc'], '["1abc"]'],
    [[''], '[""]'],
    [['a.b', '[0]'], '["a.b"]["[0]"]'],
    [['(document root)'], '["(document root)"]'],
    [['a', 'with "quote" and ]', 'b'], 'a["with \\"quote\\" and ]"].b'],
    [['back\\slash'], '["back\\\\slash"]'],
    [['tab\tnew\nline\u0000'], '["tab\\tnew\\nline\\u0000"]'],
    [['é', '😀', 'lone \ud800'], '["é"]["😀"]["lone \\ud800"]'],
  ])('%j is written %s and read back', ([path, text]) => {
    expect(formatJsonPath(path)).toBe(text);
    expect(parseJsonPath(text)).toEqual({ ok: true, path });
  });

  it('reads back every path it writes (500 random paths)', () => {
    const next = seededRandom(22);
    const alphabet = ['a', 'Z', '_', '$', '0', '9', '-', '.', ' ', '[', ']', '"', '\\', '\n', 'é', '😀', '\u2028'];
    const segment = () =>
      next() < 0.3
        ? Math.floor(next() * 1000)
        : Array.from({ length: Math.floor(next() * 6) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
    for (let i = 0; i < 500; i++) {
      const path = Array.from({ length: Math.floor(next() * 5) }, segment);
      expect(parseJsonPath(formatJsonPath(path))).toEqual({ ok: true, path });
    }
  });

  // Text formatJsonPath would write otherwise, that a reader still understands.
  it.for<[string, JsonPath]>([
    ['processes[0].args2_6["net"]', ['processes', 0, 'args2_6', 'net']],
    ['["version"]', ['version']],
    ['a["\\u0041\\/"]', ['a', 'A/']],
    ['a[007]', ['a', 7]],
  ])('also reads %s', ([text, path]) => {
    expect(parsed(text)).toEqual(path);
  });

  it.for([
    '',
    '.version',
    '.a',
    'a.',
    'a..b',
    'a[x]',
    'a[',
    'a[1',
    'a[-1]',
    'a[ 1 ]',
    'a["open',
    'a["open"',
    'a["bad \\x escape"]',
    'a["raw\ttab"]',
    "a['single']",
    '1abc',
    'a b',
    '[0]a',
    'a.1',
    '(document root).a',
  ])('refuses %j with a message, never a throw', (text) => {
    const result = parseJsonPath(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/^Not a JSON path: /);
  });

  it('says where the text stops being a path', () => {
    expect(parseJsonPath('processes[2]..net')).toEqual({
      ok: false,
      message: 'Not a JSON path: "processes[2]..net" (at character 13: expected .name, [index] or ["key"]).',
    });
  });
});
