// The plan in the worker (`planBetween`) and how the compare view lists it (`planModel`).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { countPlan, formatCounts, groupChanges, KIND_MARK, sortDiagnostics } from '../src/app/planModel.ts';
import { planBetween } from '../src/worker/plan.ts';
import type { PlanChangeView, PlanDiagnosticView, PlanView } from '../src/worker/planTypes.ts';
import { MASK, scrub, secretValuesOf } from '../src/worker/secrets.ts';

const example = (name: string) =>
  readFileSync(resolve(import.meta.dirname, '../../../examples/automation', name), 'utf8');
const current = (text: string) => TextDocument.create('file:///playground/1/new.json', 'json', 1, text);
const okPlan = (view: PlanView) => {
  if (!view.ok) throw new Error(view.message);
  return view;
};

describe('planBetween', () => {
  it('places a diagnostic in the document its path points into', () => {
    const view = okPlan(
      planBetween(example('secure.automation.json'), current(example('replica-set.automation.json'))),
    );
    const [d] = view.diagnostics;
    expect(d).toMatchObject({ code: 'DBK601', severity: 'error', document: 'to' });
    expect(d?.range).toEqual({ start: { line: 1, character: 13 }, end: { line: 1, character: 15 } });
    const removed = view.changes.find((c) => c.kind === 'remove' && c.area === 'processes');
    expect(removed?.from).toBeDefined();
    expect(removed?.to).toBeUndefined();
  });

  it.for([
    { side: 'from', old: '{"version": 1,}', now: '{"version": 2}', line: 0 },
    { side: 'to', old: '{"version": 1}', now: '{\n  "version": 2 // no\n}', line: 1 },
    { side: 'from', old: '', now: '{"version": 2}', line: 0 },
  ] as const)('plans nothing when the $side revision is not JSON', ({ side, old, now, line }) => {
    const view = planBetween(old, current(now));
    expect(view.ok).toBe(false);
    if (view.ok) return;
    expect(view.document).toBe(side);
    expect(view.range.start.line).toBe(line);
    expect(view.message).toMatch(/is not valid JSON .*: nothing was planned\./);
  });

  it('never shows a secret of either revision', () => {
    const old = example('secure.automation.json');
    const secrets = [...secretValuesOf(JSON.parse(old))];
    expect(secrets.length).toBeGreaterThan(2);
    const changed = secrets.reduce((text, secret, i) => text.split(secret).join(`new-secret-value-${i}`), old);
    const view = planBetween(old, current(changed));
    const shown = JSON.stringify(view);
    for (const secret of [...secrets, ...secrets.map((_, i) => `new-secret-value-${i}`)])
      expect(shown).not.toContain(secret);
    expect(okPlan(view).changes.length).toBeGreaterThan(0);
  });
});

describe('secrets', () => {
  it('collects the values under secret fields, at any depth, and scrubs them', () => {
    const found = secretValuesOf({
      auth: { autoPwd: 'hunter22', key: 'abc', usersWanted: [{ initPwd: 'pw-1234' }] },
      a: 'hunter22x',
    });
    expect([...found].sort()).toEqual(['abc', 'hunter22', 'pw-1234']);
    expect(scrub('hunter22 and hunter22x and pw-1234', found)).toBe(`${MASK} and ${MASK}x and ${MASK}`);
  });
});

describe('planModel', () => {
  const change = (area: PlanChangeView['area'], kind: PlanChangeView['kind']): PlanChangeView => ({
    area,
    kind,
    summary: `${kind} in ${area}`,
  });
  const diagnostic = (code: string, severity: PlanDiagnosticView['severity']): PlanDiagnosticView => ({
    code,
    severity,
    message: code,
    document: 'to',
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    related: [],
  });

  it('groups the document’s own fields first, then the areas in order, without empty ones', () => {
    const groups = groupChanges([
      change('replicaSets', 'add'),
      change('other', 'change'),
      change('processes', 'remove'),
    ]);
    expect(groups.map((g) => g.area)).toEqual(['other', 'processes', 'replicaSets']);
  });

  it.for([
    { kind: 'add', mark: '+' },
    { kind: 'remove', mark: '-' },
    { kind: 'restart', mark: '~' },
    { kind: 'upgrade', mark: '~' },
    { kind: 'rename-as-remove-add', mark: '-/+' },
    { kind: 'action', mark: '!' },
  ] as const)('marks $kind as $mark', ({ kind, mark }) => {
    expect(KIND_MARK[kind]).toBe(mark);
  });

  it.for([
    { changes: [], diagnostics: [], text: '0 to add, 0 to change, 0 to remove; 0 errors, 0 warnings' },
    {
      changes: [change('processes', 'rename-as-remove-add'), change('processes', 'restart')],
      diagnostics: [diagnostic('DBK612', 'warning')],
      text: '1 to add, 1 to change, 1 to remove; 0 errors, 1 warning',
    },
    {
      changes: [change('processes', 'action'), change('processes', 'add')],
      diagnostics: [diagnostic('DBK650', 'info'), diagnostic('DBK601', 'error'), diagnostic('DBK603', 'error')],
      text: '1 to add, 0 to change, 0 to remove, 1 action; 2 errors, 0 warnings, 1 info',
    },
  ])('counts: $text', ({ changes, diagnostics, text }) => {
    expect(formatCounts(countPlan(changes, diagnostics))).toBe(text);
  });

  it('lists errors first, keeping the plan’s order within a severity', () => {
    const sorted = sortDiagnostics([
      diagnostic('DBK650', 'info'),
      diagnostic('DBK610', 'warning'),
      diagnostic('DBK611', 'error'),
      diagnostic('DBK601', 'error'),
    ]);
    expect(sorted.map((d) => d.code)).toEqual(['DBK611', 'DBK601', 'DBK610', 'DBK650']);
  });
});
