import { ChangeArea, type ChangeKind, PlanCode } from '@dbkit/core';
import { describe, expect, it } from 'vitest';
import { palette } from '../src/output/color.js';
import type { LocatedPlan } from '../src/output/planLocated.js';
import { codeArea, countPlan, formatPlanCounts, formatPlanText } from '../src/output/planText.js';

const plain = palette(false);

function planOf(kinds: readonly ChangeKind[]): LocatedPlan {
  return {
    from: 'a.json',
    to: 'b.json',
    changes: kinds.map((kind, i) => ({ area: 'processes', kind, summary: `change ${i} (${kind})` })),
    diagnostics: [],
    notes: [],
  };
}

describe('plan text', () => {
  it('prints every plan code under an area', () => {
    for (const code of Object.keys(PlanCode) as PlanCode[]) expect(ChangeArea).toHaveProperty(codeArea(code));
  });

  it.for([
    { code: 'DBK601', area: 'other' },
    { code: 'DBK604', area: 'versions' },
    { code: 'DBK610', area: 'replicaSets' },
    { code: 'DBK622', area: 'sharding' },
    { code: 'DBK630', area: 'tls' },
    { code: 'DBK644', area: 'auth' },
    { code: 'DBK651', area: 'processes' },
    { code: 'DBK699', area: 'other' },
  ] as const)('prints $code under $area when no change holds its path', ({ code, area }) => {
    expect(codeArea(code)).toBe(area);
  });

  it('counts a rename as one to add and one to remove, and actions apart', () => {
    const counts = countPlan(planOf(['add', 'rename-as-remove-add', 'restart', 'upgrade', 'remove', 'action']));
    expect(counts).toMatchObject({ add: 2, change: 2, remove: 2, action: 1 });
    expect(formatPlanCounts(counts, plain)).toBe(
      'Plan: 2 to add, 2 to change, 2 to remove, 1 action; 0 errors, 0 warnings.\n',
    );
  });

  it('marks each kind of change like terraform plan', () => {
    const text = formatPlanText(planOf(['add', 'remove', 'reconfig', 'rename-as-remove-add', 'action']), plain);
    expect(text).toContain(
      [
        'Processes (processes[])',
        '  + change 0 (add)',
        '  - change 1 (remove)',
        '  ~ change 2 (reconfig)',
        '-/+ change 3 (rename-as-remove-add)',
        '  ! change 4 (action)',
      ].join('\n'),
    );
  });
});
