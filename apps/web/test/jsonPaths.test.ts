// JSON paths placed in a document (reading the service's path text is core's parseJsonPath, tested there).
import { describe, expect, it } from 'vitest';
import { spanOfPath, treeOf } from '../src/worker/jsonPaths.ts';

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
