/**
 * A plan placed in its two revisions (`locatePlan`), as `dbkit plan`, the editor and the playground place it: every
 * path in the revision it points into, shown by the caller's anchor, core's texts as core wrote them (its quotations
 * already masked), frames where the caller renders them, lines counted the caller's way when it says so.
 */
import { formatPlanLocation, type LocatedPlan, type Plan } from '@dbkit/core';
import { parseTree } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { type LocatePlanOptions, locatePlan, type PlanText } from '../../../../src/service/features/plan/locatePlan.js';

/** A secret that is a word of the plan's texts: core masked it where the plan quotes a revision, nowhere else. */
const SECRET = 'removed';

const FROM = `{
  "version": 12,
  "processes": [
    { "name": "a" },
    {
      "name": "b"
    }
  ]
}`;

const TO = `{"version": 11, "processes": [{ "name": "a" }], "auth": {"autoPwd": "${SECRET}"}}`;

const PLAN: Plan = {
  changes: [
    { area: 'processes', kind: 'remove', summary: 'process "b" removed', fromPath: ['processes', 1] },
    {
      area: 'processes',
      kind: 'restart',
      summary: 'process "a" restarts',
      fromPath: ['processes', 0],
      toPath: ['processes', 0],
    },
    { area: 'auth', kind: 'action', summary: 'auth.autoPwd changed (value not shown)', toPath: ['auth'] },
  ],
  diagnostics: [
    {
      code: 'DBK601',
      severity: 'error',
      message: 'version lowered',
      document: 'to',
      path: ['version'],
      related: [{ document: 'from', path: ['version'], message: 'deployed: 12' }],
    },
    {
      code: 'DBK612',
      severity: 'warning',
      message: 'a member removed',
      document: 'from',
      path: ['processes', 1, 'name'],
    },
  ],
  notes: ['a member is removed'],
};

const revisions = (from: Partial<PlanText> = {}, to: Partial<PlanText> = {}) => ({
  from: { name: 'old.json', text: FROM, ...from },
  to: { name: 'new.json', text: TO, ...to },
});

/** Where each change and diagnostic is, as `dbkit plan` prints places. */
function places(located: LocatedPlan): string[] {
  return [
    ...located.changes.map((c) => [c.from, c.to].map((l) => (l ? formatPlanLocation(l) : '-')).join(' → ')),
    ...located.diagnostics.map((d) => [d.location, ...(d.related ?? [])].map((l) => formatPlanLocation(l)).join(' ↳ ')),
  ];
}

describe('locatePlan', () => {
  it.for<[string, Partial<LocatePlanOptions>, string[]]>([
    [
      "value (dbkit plan, the editor): a multi-line item's brace, a one-line container whole",
      {},
      [
        'old.json:5:5 → -',
        'old.json:4:5 → new.json:1:31',
        '- → new.json:1:57',
        'new.json:1:13 ↳ old.json:2:14',
        'old.json:6:15',
      ],
    ],
    [
      "name (the playground): a container's key, an array item whole",
      { anchor: 'name' },
      [
        'old.json:5:5 → -',
        'old.json:4:5 → new.json:1:31',
        '- → new.json:1:49',
        'new.json:1:13 ↳ old.json:2:14',
        'old.json:6:15',
      ],
    ],
  ])('places every path in its own revision, by anchor: %s', ([, options, expected]) => {
    expect(places(locatePlan(PLAN, revisions(), options))).toEqual(expected);
  });

  it('keeps core’s summaries, messages and notes as they are: a secret that is one of their words masks nothing', () => {
    const located = locatePlan(PLAN, revisions());
    expect(located.changes.map((c) => c.summary)).toEqual(PLAN.changes.map((c) => c.summary));
    expect(located.diagnostics.map((d) => d.message)).toEqual(PLAN.diagnostics.map((d) => d.message));
    expect(located.diagnostics[0]?.related?.[0]?.message).toBe('deployed: 12');
    expect(located.notes).toEqual(['a member is removed']);
  });

  it('leaves out what the plan leaves out: no related, no frame, no location for a missing side', () => {
    const [, member] = locatePlan(PLAN, revisions()).diagnostics;
    expect(member).not.toHaveProperty('related');
    expect(member).not.toHaveProperty('frame');
    expect(locatePlan(PLAN, revisions()).changes[0]).not.toHaveProperty('to');
  });

  it("frames each diagnostic from the span its location shows, in the diagnostic's own revision", () => {
    const located = locatePlan(PLAN, revisions(), {
      frame: (d, span) => {
        const text = d.document === 'from' ? FROM : TO;
        return `${d.code}: ${text.slice(span.offset, span.offset + span.length)}`;
      },
    });
    expect(located.diagnostics.map((d) => d.frame)).toEqual(['DBK601: 11', 'DBK612: "b"']);
  });

  it("walks the caller's tree when it has one, and counts lines its way when it says so", () => {
    const scanned = locatePlan(PLAN, revisions());
    expect(locatePlan(PLAN, revisions({ tree: parseTree(FROM)! }, { tree: parseTree(TO)! }))).toEqual(scanned);
    // An editor that ends a line at a lone `\r` too: every place of the old revision one line further down.
    const fromCr = `\r${FROM}`;
    const lines = (offset: number) => {
      const before = fromCr.slice(0, offset);
      return {
        line: before.split(/\r\n|\r|\n/).length - 1,
        character: offset - Math.max(before.lastIndexOf('\n'), before.lastIndexOf('\r')) - 1,
      };
    };
    const shifted = locatePlan(PLAN, revisions({ text: fromCr, positionAt: lines }));
    expect(shifted.diagnostics[1]?.location.range.start).toEqual({ line: 7, column: 15 });
    expect(locatePlan(PLAN, revisions({ text: fromCr })).diagnostics[1]?.location.range.start).toEqual({
      line: 6,
      column: 15,
    });
  });
});
