// The plan in the worker (`planBetween`) and how the compare view lists it (`planModel`).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { secretTextsOf } from '@dbkit/core';
import { describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { groupPlan, KIND_MARK } from '../src/app/planModel.ts';
import { planBetween } from '../src/worker/plan.ts';
import type { PlanChangeView, PlanDiagnosticView, PlanView } from '../src/worker/planTypes.ts';

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
      planBetween(
        example('secure.automation.json'),
        current(example('replica-set.automation.json')),
        'secure.automation.json',
      ),
    );
    const [d] = view.diagnostics;
    expect(d).toMatchObject({ code: 'DBK601', severity: 'error', document: 'to' });
    expect(d?.range).toEqual({ start: { line: 1, character: 13 }, end: { line: 1, character: 15 } });
    expect(d?.area).toBe('other');
    expect(view.countsText).toMatch(/^Plan: \d+ to add, \d+ to change, \d+ to remove; 1 error, 0 warnings\.$/);
    expect(view.text).toMatch(/^dbkit plan: secure\.automation\.json → new\.json\n/);
    expect(view.text).toContain('new.json:2:14 error DBK601');
    expect(view.text).toContain(view.countsText);
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

  it('never shows a secret of either revision, in the plan or its text', () => {
    const old = example('secure.automation.json');
    const secrets = secretTextsOf(JSON.parse(old))
      .map((t) => t.value)
      .filter((v) => v.length >= 4);
    expect(secrets.length).toBeGreaterThan(2);
    const changed = secrets.reduce((text, secret, i) => text.split(secret).join(`new-secret-value-${i}`), old);
    const view = planBetween(old, current(changed));
    const shown = JSON.stringify(view);
    for (const secret of [...secrets, ...secrets.map((_, i) => `new-secret-value-${i}`)])
      expect(shown).not.toContain(secret);
    expect(okPlan(view).changes.length).toBeGreaterThan(0);
  });

  it('keeps every word of the plan when a secret is a common word, and masks it where the plan quotes it', () => {
    const old = JSON.parse(example('index-configs.automation.json'));
    old.auth = { disabled: true, key: 'OLD-KEY-CONTENTS' };
    const next = structuredClone(old);
    next.version += 1;
    next.auth.key = 'added';
    next.indexConfigs.push({ ...next.indexConfigs[0], key: [['added', 1]] });
    const view = okPlan(planBetween(JSON.stringify(old, null, 2), current(JSON.stringify(next, null, 2))));
    const summaries = view.changes.map((c) => c.summary);
    expect(summaries).toContain('auth.key changed (value not shown)');
    expect(summaries.some((s) => /^index ".*\[\["\*{8}",1\]\].*" added$/.test(s))).toBe(true);
    expect(view.text).not.toContain('"added"');
    expect(JSON.stringify(view)).not.toContain('OLD-KEY-CONTENTS');
  });
});

describe('planModel', () => {
  const change = (area: PlanChangeView['area'], kind: PlanChangeView['kind']): PlanChangeView => ({
    area,
    kind,
    summary: `${kind} in ${area}`,
  });
  const diagnostic = (code: string, area: PlanDiagnosticView['area']): PlanDiagnosticView => ({
    code,
    severity: 'warning',
    message: code,
    area,
    document: 'to',
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    related: [],
  });

  it('groups like dbkit plan: the document first, then core’s areas in order, each with its diagnostics', () => {
    const groups = groupPlan(
      [change('replicaSets', 'add'), change('other', 'change'), change('processes', 'remove')],
      [diagnostic('DBK612', 'processes'), diagnostic('DBK640', 'auth')],
    );
    expect(groups.map((g) => [g.area, g.title, g.changes.length, g.diagnostics.map((d) => d.code)])).toEqual([
      ['other', 'Document', 1, []],
      ['processes', 'Processes (processes[])', 1, ['DBK612']],
      ['replicaSets', 'Replica sets (replicaSets[])', 1, []],
      ['auth', 'Authentication (auth)', 0, ['DBK640']],
    ]);
  });

  it('lists the groups in the order of core’s text', () => {
    const view = planBetween(
      example('secure.automation.json'),
      current(example('sharded-cluster.automation.json')),
      'secure.automation.json',
    );
    if (!view.ok) throw new Error(view.message);
    const titles = groupPlan(view.changes, view.diagnostics).map((g) => g.title);
    const inText = titles.map((title) => view.text.indexOf(`\n${title}\n`));
    expect(inText.every((at) => at >= 0)).toBe(true);
    expect([...inText].sort((a, b) => a - b)).toEqual(inText);
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
});
