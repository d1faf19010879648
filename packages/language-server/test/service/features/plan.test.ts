/**
 * The plan between two revisions (`dbkit/plan`, the editor's "Compare with…"): the replica-set example against
 * edited copies, as `dbkit plan`'s tests do. The text is core's renderer's; these check what the editor adds: the
 * diagnostics on their plan line and at their place in the revision, the refusals, and that no secret shows.
 */
import { describe, expect, it } from 'vitest';
import { getPlan, PLAN_DIAGNOSTIC_SOURCE, type PlanResult } from '../../../src/service/features/plan.js';
import { example } from '../../utils.js';

// biome-ignore lint/suspicious/noExplicitAny: the tests edit an example document freely.
type Json = any;

const deployed = example('replica-set.automation.json');
const PLAN_URI = 'dbkit-plan:/next.automation.json.plan';
const TO_URI = 'file:///work/next.automation.json';
const FROM_URI = 'file:///work/deployed.automation.json';

function edit(text: string, change: (doc: Json) => void): string {
  const doc: Json = JSON.parse(text);
  change(doc);
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/** A copy of process orders-2 and a voting member for it, as the `index`th new process. */
function addMember(doc: Json, index: number): void {
  const process = structuredClone(doc.processes[2]);
  process.name = `orders-${index}`;
  process.hostname = `orders-${index}.db.example.net`;
  doc.processes.push(process);
  doc.replicaSets[0].members.push({ _id: index, host: `orders-${index}`, votes: 1, priority: 1 });
}

/** 0-based line of the first occurrence of `needle`. */
function lineOf(text: string, needle: string): number {
  const at = text.indexOf(needle);
  if (at === -1) throw new Error(`${needle} not in text`);
  return text.slice(0, at).split('\n').length - 1;
}

const OLD_KEY = 'T0xELWtleWZpbGUtY29udGVudHMtZm9yLXRlc3RzLW9ubHk=';
const NEW_KEY = 'TkVXLWtleWZpbGUtY29udGVudHMtZm9yLXRlc3RzLW9ubHk=';
const AUTO_PWD = 'FAKE-plan-automation-password';
const withAuth = edit(deployed, (doc) => {
  doc.auth = {
    disabled: false,
    autoUser: 'db-automation',
    autoPwd: AUTO_PWD,
    deploymentAuthMechanisms: ['SCRAM-SHA-256'],
    autoAuthMechanisms: ['SCRAM-SHA-256'],
    key: OLD_KEY,
    keyfile: '/var/lib/db-automation/keyfile',
  };
});

function plan(from: string, to: string, fromUri?: string): PlanResult {
  return getPlan({
    from: { name: 'HEAD:next.automation.json', text: from, ...(fromUri ? { uri: fromUri } : {}) },
    to: { name: 'next.automation.json', text: to, uri: TO_URI },
    planUri: PLAN_URI,
  });
}

function ok(result: PlanResult): Extract<PlanResult, { ok: true }> {
  if (!result.ok) throw new Error(result.error);
  return result;
}

interface Case {
  readonly title: string;
  readonly from?: string;
  readonly change: (doc: Json) => void;
  /** Lines the plan text holds. */
  readonly says: readonly string[];
  /** The diagnostic expected in the new revision: its code, severity and the text of its line there. */
  readonly at?: { readonly code: string; readonly severity: 1 | 2; readonly line: string };
  readonly never?: readonly string[];
}

const cases: readonly Case[] = [
  {
    title: 'two voting members added at once',
    change: (doc) => {
      doc.version = 13;
      addMember(doc, 3);
      addMember(doc, 4);
    },
    says: [
      '  + process "orders-4" added',
      '  ~ version 12 → 13',
      'Plan: 2 to add, 3 to change, 0 to remove; 0 errors, 1 warning.',
    ],
    at: { code: 'DBK610', severity: 2, line: '"members": [' },
  },
  {
    title: 'version lowered',
    change: (doc) => {
      doc.version = 11;
    },
    says: [
      '    ↳ HEAD:next.automation.json:2:14 deployed: 12',
      'Plan: 0 to add, 0 to change, 0 to remove; 1 error, 0 warnings.',
    ],
    at: { code: 'DBK601', severity: 1, line: '"version": 11' },
  },
  {
    title: 'the key replaced without newKey',
    from: withAuth,
    change: (doc) => {
      doc.version = 13;
      doc.auth.key = NEW_KEY;
      doc.auth.autoPwd = 'FAKE-plan-new-automation-password';
    },
    says: ['Authentication (auth)'],
    at: { code: 'DBK644', severity: 1, line: '"key": ' },
    never: [OLD_KEY, NEW_KEY, AUTO_PWD, 'FAKE-plan-new-automation-password'],
  },
  {
    title: 'the key replaced by a common word, beside an index keyed on "field"',
    from: withAuth,
    change: (doc) => {
      doc.version = 13;
      doc.auth.key = 'replaced';
      doc.indexConfigs = [
        { key: [['field', 1]], rsName: 'orders', dbName: 'shop', collectionName: 'orders', options: {} },
      ];
    },
    says: [
      '  ~ auth.key changed (value not shown)',
      'error DBK644 auth.key is replaced directly: processes restarted with the new key cannot authenticate',
      '  + index "orders/shop.orders [["field",1]]" added',
    ],
    at: { code: 'DBK644', severity: 1, line: '"key": ' },
    never: [OLD_KEY, '"replaced"', '********'],
  },
  {
    title: 'nothing changed',
    change: () => {},
    says: ['No changes: the new revision describes the same deployment.'],
  },
];

describe('dbkit/plan: the plan between two revisions', () => {
  it.for(cases)('$title', ({ from = deployed, change, says, at, never }) => {
    const next = edit(from, change);
    const result = ok(plan(from, next));
    const lines = result.text.split('\n');
    expect(lines[0]).toBe('dbkit plan: HEAD:next.automation.json → next.automation.json');
    for (const line of says) expect(result.text).toContain(line);
    expect(result.text).not.toContain('\u001b[');
    for (const secret of never ?? []) expect(JSON.stringify(result)).not.toContain(secret);
    if (at === undefined) {
      expect(result.planDiagnostics).toEqual([]);
      expect(result.revisionDiagnostics).toEqual([]);
      return;
    }
    // On the plan document: the diagnostic's own line, which names its place in the new revision.
    const inPlan = result.planDiagnostics.find((d) => d.code === at.code);
    expect(inPlan).toMatchObject({ severity: at.severity, source: PLAN_DIAGNOSTIC_SOURCE });
    const planLine = lines[inPlan!.range.start.line]!;
    const line = lineOf(next, at.line);
    expect(planLine).toMatch(new RegExp(`^  next\\.automation\\.json:${line + 1}:\\d+ \\w+ ${at.code} `));
    expect(inPlan!.relatedInformation?.[0]?.location).toMatchObject({ uri: TO_URI, range: { start: { line } } });
    // In the new revision: at its place, linked back to the plan.
    const [source] = result.revisionDiagnostics;
    expect(source?.uri).toBe(TO_URI);
    const inSource = source!.diagnostics.find((d) => d.code === at.code);
    expect(inSource?.range.start.line).toBe(line);
    expect(inSource?.message).toBe(inPlan!.message);
    expect(inSource?.relatedInformation?.[0]?.location).toEqual({ uri: PLAN_URI, range: inPlan!.range });
  });

  it('gives a deployed revision that has a uri the diagnostics that point into it', () => {
    const next = edit(deployed, (doc) => {
      doc.version = 11;
    });
    const result = ok(plan(deployed, next, FROM_URI));
    const related = result.planDiagnostics[0]?.relatedInformation?.map((r) => r.location.uri);
    expect(related).toEqual([TO_URI, FROM_URI]);
  });

  it.for([
    [
      'the deployed revision is not JSON',
      '{"version": 1,,}',
      deployed,
      /^HEAD:next\.automation\.json:1:15: .*not valid JSON/,
    ],
    [
      'the new revision is not JSON',
      deployed,
      '{\n  "version": 1\n  "processes": []\n}',
      /^next\.automation\.json:3:3: .*not valid JSON/,
    ],
    ['a revision is an array', '[]', deployed, /is not an automation config: the document is an array, not an object/],
    ['a revision is empty', '', deployed, /not valid JSON/],
  ] as const)('refuses with one sentence when %s', ([, from, to, error]) => {
    const result = plan(from, to);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toMatch(error);
      expect(result.error).not.toMatch(/\n|at \w+ \(/);
    }
  });
});
