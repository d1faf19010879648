import { describe, expect, it } from 'vitest';
import { countProblems, describeAttwProblem, judgeAttw } from '../lib/attw.mjs';

describe('judgeAttw', () => {
  it.for([
    [{ kind: 'CJSResolvesToESM', entrypoint: '.', resolutionKind: 'node16-cjs' }, true],
    [{ kind: 'NoResolution', entrypoint: './explain', resolutionKind: 'node10' }, true],
    [{ kind: 'NoResolution', entrypoint: './explain', resolutionKind: 'node16-esm' }, false],
    [{ kind: 'NoResolution', entrypoint: './explain', resolutionKind: 'bundler' }, false],
    [{ kind: 'FalseESM', entrypoint: '.', resolutionKind: 'node16-esm' }, false],
    [{ kind: 'UntypedResolution', entrypoint: '.', resolutionKind: 'node16-esm' }, false],
    [{ kind: 'InternalResolutionError', entrypoint: '.', resolutionKind: 'node10' }, false],
    [{ kind: 'FallbackCondition', entrypoint: '.' }, false],
  ] as const)('%j accepted: %s', ([problem, accepted]) => {
    const verdict = judgeAttw([problem]);
    expect(verdict.accepted.length === 1).toBe(accepted);
    expect(verdict.rejected.length === 1).toBe(!accepted);
  });
});

describe('countProblems and describeAttwProblem', () => {
  it('counts per kind and resolution, in first-seen order', () => {
    expect(
      countProblems([
        { kind: 'CJSResolvesToESM', entrypoint: '.', resolutionKind: 'node16-cjs' },
        { kind: 'NoResolution', entrypoint: './explain', resolutionKind: 'node10' },
        { kind: 'CJSResolvesToESM', entrypoint: './explain', resolutionKind: 'node16-cjs' },
      ]),
    ).toBe('CJSResolvesToESM (node16-cjs) ×2, NoResolution (node10)');
  });

  it('names the entry point and the resolution', () => {
    expect(describeAttwProblem({ kind: 'FalseCJS', entrypoint: './node', resolutionKind: 'node16-esm' })).toBe(
      'FalseCJS at ./node under node16-esm',
    );
  });
});
