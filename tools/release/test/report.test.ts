import { describe, expect, it } from 'vitest';
import { describeFiles, formatBytes, newStep, renderStep, renderVerdict } from '../lib/report.mjs';

describe('formatBytes', () => {
  it.for([
    [812, '812 B'],
    [23_962, '23.4 KiB'],
    [1_331_692, '1.27 MiB'],
  ] as const)('prints %i as %s', ([bytes, text]) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

describe('describeFiles', () => {
  it('groups by top folder, folders first', () => {
    expect(describeFiles(['package.json', 'dist/a.js', 'dist/b/c.js', 'README.md', 'bin/x.js'])).toBe(
      'bin/ 1, dist/ 2, package.json, README.md',
    );
  });
});

describe('renderStep and renderVerdict', () => {
  it('prints a failing step as what, why and what to do', () => {
    const { result, recorder } = newStep('pack');
    recorder.detail('@dbkit/core@0.1.0  459 KiB');
    recorder.warn('@dbkit/core ships dist/.tsbuildinfo');
    recorder.fail({ what: 'bin is missing', why: 'the command fails', fix: 'add bin to "files"' });
    result.summary = '1 tarball';
    result.ms = 2400;
    expect(renderStep(result)).toEqual([
      'FAIL  pack: 1 tarball (2.4 s)',
      '      @dbkit/core@0.1.0  459 KiB',
      '      warning: @dbkit/core ships dist/.tsbuildinfo',
      '      ✗ bin is missing',
      '        why: the command fails',
      '        to do: add bin to "files"',
    ]);
    expect(renderVerdict([result], 61_000)).toBe('release check: FAIL (pack failed; 1 steps) in 61.0 s');
  });

  it('passes with skipped steps, and says how many', () => {
    const passed = newStep('pack').result;
    const skipped = newStep('service');
    skipped.recorder.skip('no published package has the dbkit-server command');
    expect(skipped.result.status).toBe('skip');
    expect(renderVerdict([passed, skipped.result], 30_000)).toBe('release check: PASS (2 steps, 1 skipped) in 30.0 s');
  });

  it('keeps a failure a failure when the step later skips a part', () => {
    const { result, recorder } = newStep('commands');
    recorder.fail({ what: 'x', why: 'y', fix: 'z' });
    recorder.skip('needs the install step');
    expect(result.status).toBe('fail');
  });
});
