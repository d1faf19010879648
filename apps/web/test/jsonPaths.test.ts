// JSON paths as the service writes them, read back and placed in a document.
import { describe, expect, it } from 'vitest';
import { parsePathText, spanOfPath, treeOf } from '../src/worker/jsonPaths.ts';

describe('parsePathText', () => {
  it.for([
    ['(document root)', []],
    ['version', ['version']],
    ['processes[2].authSchemaVersion', ['processes', 2, 'authSchemaVersion']],
    ['processes[0].args2_6["net"]', ['processes', 0, 'args2_6', 'net']],
    ['a["with \\"quote\\" and ]"].b', ['a', 'with "quote" and ]', 'b']],
    ['replicaSets[10].members[3]', ['replicaSets', 10, 'members', 3]],
  ] as const)('%s', ([text, path]) => {
    expect(parsePathText(text)).toEqual(path);
  });

  it.for(['.version', 'a..b', 'a[x]', 'a[', 'a["open', '1abc', 'a b'])('refuses %s', (text) => {
    expect(parsePathText(text)).toBeUndefined();
  });
});

describe('spanOfPath', () => {
  const text = '{\n  "version": 3,\n  "auth": { "disabled": true },\n  "processes": [{ "name": "a" }]\n}';
  const { root } = treeOf(text);
  const at = (path: readonly (string | number)[]) => {
    const span = spanOfPath(root, path);
    return text.slice(span.offset, span.offset + span.length);
  };
  it.for([
    { path: ['version'], shown: '3' },
    { path: ['auth'], shown: '"auth"' },
    { path: ['auth', 'disabled'], shown: 'true' },
    { path: ['processes', 0, 'name'], shown: '"a"' },
    { path: ['processes', 0], shown: '{ "name": "a" }' },
    { path: ['processes', 5, 'name'], shown: '"processes"' },
    { path: ['missing'], shown: '{' },
    { path: [], shown: '{' },
  ])('$path is shown at $shown', ({ path, shown }) => {
    expect(at(path)).toBe(shown);
  });

  it('finds syntax errors as plain JSON does: comments and trailing commas', () => {
    expect(treeOf('{"a": 1, // no\n}').errors.length).toBeGreaterThan(0);
    expect(treeOf('{"a": 1,}').errors.length).toBeGreaterThan(0);
    expect(treeOf('{"a": 1}').errors).toEqual([]);
  });
});
