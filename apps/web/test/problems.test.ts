// The problems list lists and counts each finding once, whoever reported it.
import type { editor } from 'monaco-editor/esm/vs/editor/editor.api';
import { describe, expect, it } from 'vitest';
import { uniqueMarkers } from '../src/app/problems.ts';

const marker = (over: Partial<editor.IMarker>): editor.IMarker =>
  ({
    owner: 'dbkit',
    resource: {},
    severity: 8,
    message: 'm',
    code: 'DBK102',
    source: 'dbkit',
    startLineNumber: 5,
    startColumn: 17,
    endLineNumber: 5,
    endColumn: 22,
    ...over,
  }) as editor.IMarker;

describe('uniqueMarkers', () => {
  it.for([
    {
      name: 'the same finding from the worker and the service',
      second: { owner: 'dbkit-service', source: 'dbkit service' },
      count: 1,
      source: 'dbkit, dbkit service',
    },
    { name: 'the same finding twice from one source', second: {}, count: 1, source: 'dbkit' },
    { name: 'another code', second: { code: 'DBK401' }, count: 2, source: 'dbkit' },
    { name: 'another place', second: { startColumn: 3 }, count: 2, source: 'dbkit' },
    { name: 'another message', second: { message: 'n' }, count: 2, source: 'dbkit' },
  ])('$name → $count', ({ second, count, source }) => {
    const unique = uniqueMarkers([marker({}), marker(second)]);
    expect(unique).toHaveLength(count);
    expect(unique[0]?.source).toBe(source);
  });
});
