// One conversion of a core diagnostic, a validation's or a plan's, to LSP's (`src/service/features/lspDiagnostic.ts`).
import { describe, expect, it } from 'vitest';
import { toLspDiagnostic } from '../../../src/service/features/lspDiagnostic.js';

const range = { start: { line: 1, character: 2 }, end: { line: 1, character: 9 } };

describe('toLspDiagnostic', () => {
  it.for([
    ['error', 1],
    ['warning', 2],
    ['info', 3],
  ] as const)('gives %s the LSP severity %i', ([severity, lsp]) => {
    expect(toLspDiagnostic({ code: 'DBK301', severity, message: 'm' }, range, 'dbkit').severity).toBe(lsp);
  });

  it('says only what it has: no empty related list, tags or data', () => {
    expect(toLspDiagnostic({ code: 'DBK604', severity: 'error', message: 'm' }, range, 'dbkit plan')).toEqual({
      range,
      severity: 1,
      code: 'DBK604',
      source: 'dbkit plan',
      message: 'm',
    });
  });

  it('keeps tags, related places and data', () => {
    const related = [{ location: { uri: 'file:///a.json', range }, message: 'first declaration' }];
    const d = toLspDiagnostic(
      { code: 'DBK501', severity: 'warning', message: 'm', tags: ['deprecated', 'unnecessary'] },
      range,
      'dbkit',
      related,
      { path: ['processes', 0] },
    );
    expect(d.tags).toEqual([2, 1]);
    expect(d.relatedInformation).toEqual(related);
    expect(d.data).toEqual({ path: ['processes', 0] });
  });
});
