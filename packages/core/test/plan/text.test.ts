/** The readable plan (`dbkit plan` and the editor's plan document): markers, grouping, counts, diagnostic lines. */
import { describe, expect, it } from 'vitest';
import type { PlanCode } from '../../src/plan/planCodes.js';
import {
  type LocatedChange,
  type LocatedPlan,
  type LocatedPlanDiagnostic,
  type PlanLocation,
  renderPlanText,
} from '../../src/plan/text.js';
import type { ChangeKind } from '../../src/plan/types.js';
import type { JsonPath } from '../../src/validation/diagnostic.js';

function at(document: 'from' | 'to', path: JsonPath, line: number): PlanLocation {
  return {
    document,
    file: document === 'from' ? 'HEAD:a.json' : 'a.json',
    path,
    range: { start: { line, column: 3 }, end: { line, column: 9 } },
  };
}

function change(kind: ChangeKind, summary: string, path: JsonPath = ['processes', 0]): LocatedChange {
  return { area: 'processes', kind, summary, to: at('to', path, 4) };
}

function diagnostic(code: PlanCode, line: number, path: JsonPath = ['replicaSets', 0]): LocatedPlanDiagnostic {
  return { code, severity: 'error', message: `message of ${code}`, location: at('to', path, line) };
}

function plan(changes: readonly LocatedChange[], diagnostics: readonly LocatedPlanDiagnostic[] = []): LocatedPlan {
  return { from: 'HEAD:a.json', to: 'a.json', changes, diagnostics, notes: [] };
}

describe('plan text', () => {
  it.for([
    ['add', '  + new'],
    ['remove', '  - new'],
    ['restart', '  ~ new'],
    ['upgrade', '  ~ new'],
    ['rename-as-remove-add', '-/+ new'],
    ['action', '  ! new'],
  ] as const)('marks a %s change as "%s"', ([kind, line]) => {
    expect(renderPlanText(plan([change(kind, 'new')])).text.split('\n')).toContain(line);
  });

  it('is plain text without a palette', () => {
    const { text } = renderPlanText(plan([change('add', 'process "x" added')], [diagnostic('DBK610', 7)]));
    expect(text).not.toContain('\u001b');
    expect(text).toBe(
      [
        'dbkit plan: HEAD:a.json → a.json',
        '',
        'Processes (processes[])',
        '  + process "x" added',
        '',
        'Replica sets (replicaSets[])',
        '',
        '  a.json:7:3 error DBK610 message of DBK610',
        '',
        'Plan: 1 to add, 0 to change, 0 to remove; 1 error, 0 warnings.',
        '',
      ].join('\n'),
    );
  });

  it('says when nothing changes', () => {
    expect(renderPlanText(plan([])).text).toContain('No changes: the new revision describes the same deployment.');
  });

  it('gives the line each diagnostic is printed on, in the plan’s order', () => {
    const diagnostics = [
      diagnostic('DBK630', 20, ['tls']),
      diagnostic('DBK610', 7),
      diagnostic('DBK601', 2, ['version']),
      diagnostic('DBK612', 9),
    ];
    const { text, diagnosticLines } = renderPlanText(plan([change('add', 'p')], diagnostics));
    const lines = text.split('\n');
    expect(diagnosticLines.map((line) => lines[line])).toEqual([
      '  a.json:20:3 error DBK630 message of DBK630',
      '  a.json:7:3 error DBK610 message of DBK610',
      '  a.json:2:3 error DBK601 message of DBK601',
      '  a.json:9:3 error DBK612 message of DBK612',
    ]);
  });

  it('counts lines past related places and code frames', () => {
    const first: LocatedPlanDiagnostic = {
      ...diagnostic('DBK610', 7),
      related: [{ ...at('from', ['replicaSets', 0], 3), message: 'was here' }],
      frame: '> 7 | "members": [\n    |  ^^^^',
    };
    const { text, diagnosticLines } = renderPlanText(plan([], [first, diagnostic('DBK611', 8)]));
    const lines = text.split('\n');
    expect(lines[diagnosticLines[0]! + 1]).toBe('    ↳ HEAD:a.json:3:3 was here');
    expect(lines[diagnosticLines[1]!]).toBe('  a.json:8:3 error DBK611 message of DBK611');
  });
});
