import { describe, expect, it } from 'vitest';
import { jsonEqual } from '../../src/plan/context.js';
import { changedKeys } from '../../src/plan/rules/processes.js';

describe('jsonEqual', () => {
  it.for<[string, unknown, unknown, boolean]>([
    ['the same scalar', 'a', 'a', true],
    ['a number and its string', 1, '1', false],
    ['null and an empty object', null, {}, false],
    ['objects with keys in another order', { a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 }, true],
    ['an object with a key more', { a: 1 }, { a: 1, b: 2 }, false],
    ['an object with a key less', { a: 1, b: 2 }, { a: 1 }, false],
    ['the same number of keys, one different', { a: 1, b: 2 }, { a: 1, c: 2 }, false],
    ['arrays in another order', [1, 2], [2, 1], false],
    ['an array and an object with its indexes', [1], { 0: 1 }, false],
    ['a nested difference', { p: [{ args: { net: { port: 1 } } }] }, { p: [{ args: { net: { port: 2 } } }] }, false],
  ])('%s: %s', ([, a, b, equal]) => {
    expect(jsonEqual(a, b)).toBe(equal);
    expect(jsonEqual(b, a)).toBe(equal);
  });
});

describe('changedKeys', () => {
  it.for<[string, unknown, unknown, string[]]>([
    ['nothing changed', { a: 1, b: { c: 1 } }, { b: { c: 1 }, a: 1 }, []],
    ['changed, added and removed keys, sorted', { z: 1, b: 1, a: 1 }, { z: 2, a: 1, c: 1 }, ['b', 'c', 'z']],
    ['a non-object counts as empty', 'x', { a: 1 }, ['a']],
  ])('%s', ([, a, b, keys]) => {
    expect(changedKeys(a, b)).toEqual(keys);
  });
});
