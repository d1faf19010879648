// What "dbkit: Publish to Service…" decides at each step (`src/lib/publish.ts`): the validation's errors stop it, a
// plan with errors needs "Publish Anyway" (the service's override), and the service's answers — read from the
// client's real errors by `@dbkit/language-server/internal/publish`, as the CLI and the playground read them — become
// markers, an offer to compare, a wait for the agents, or one line.
import { DbkitApiError, DbkitTransportError } from '@dbkit/client';
import type { GoalProgress } from '@dbkit/core';
import { factsOf, failureOf } from '@dbkit/language-server/internal/publish';
import type { PlanResult } from '@dbkit/language-server/server';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageclient';
import {
  afterAnswer,
  afterPlan,
  afterValidation,
  afterWatch,
  COMPARE_STORED,
  LISTED_PROBLEMS,
  type PublishAnswer,
  type PublishTarget,
  type WatchEnd,
} from '../src/lib/publish.ts';

const file: PublishTarget = {
  name: 'deploy/a.automation.json',
  connectionLabel: 'g1 on 127.0.0.1:8080',
  deployed: false,
};
const deployed: PublishTarget = { ...file, name: 'automationConfig.json of g1 on 127.0.0.1:8080', deployed: true };

describe('step 1: validation', () => {
  it.for([
    { errors: 0, warnings: 0, kind: 'continue' },
    { errors: 0, warnings: 3, kind: 'continue' },
    { errors: 1, warnings: 0, kind: 'stop' },
    { errors: 2, warnings: 1, kind: 'stop' },
  ])('$errors errors, $warnings warnings: $kind', ({ errors, warnings, kind }) => {
    const decision = afterValidation(file, { errors, warnings });
    expect(decision.kind).toBe(kind);
    if (decision.kind !== 'stop') return;
    expect(decision.showProblems).toBe(true);
    expect(decision.message).toContain(`deploy/a.automation.json has ${errors} error${errors === 1 ? '' : 's'}`);
    expect(decision.message).toMatch(/nothing was sent\. Fix them \(see the Problems panel\)/);
  });
});

describe('step 2: the plan from the stored revision', () => {
  const counts = { add: 1, change: 2, remove: 0, action: 0, errors: 0, warnings: 0, infos: 0 };
  const line = (severity: 1 | 2 | 3, code: string, message: string): Diagnostic => ({
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity,
    code,
    message,
  });
  const planned = (more: Partial<typeof counts>, planDiagnostics: Diagnostic[] = []): PlanResult => ({
    ok: true,
    text: '',
    counts: { ...counts, ...more },
    planDiagnostics,
    revisionDiagnostics: [],
  });
  const versions = { stored: 4, next: 5 };

  it.for([
    {
      name: 'a safe plan',
      plan: planned({}),
      action: 'Publish',
      allowUnsafeTransition: false,
      message: 'Publish deploy/a.automation.json to g1 on 127.0.0.1:8080 as version 5?',
      detail: ['Plan from version 4: 1 to add, 2 to change, 0 to remove; 0 errors, 0 warnings.'],
    },
    {
      name: 'warnings, listed (infos left out)',
      plan: planned({ warnings: 1, infos: 1 }, [line(2, 'DBK621', 'rs0_2 restarts'), line(3, 'DBK690', 'an info')]),
      action: 'Publish',
      allowUnsafeTransition: false,
      message: 'Publish deploy/a.automation.json to g1 on 127.0.0.1:8080 as version 5?',
      detail: [
        'Plan from version 4: 1 to add, 2 to change, 0 to remove; 0 errors, 1 warning.',
        'Warning DBK621: rs0_2 restarts',
      ],
    },
    {
      name: 'an unsafe step',
      plan: planned({ errors: 1, action: 1 }, [line(1, 'DBK643', 'authSchemaVersion cannot go down')]),
      action: 'Publish Anyway',
      allowUnsafeTransition: true,
      message:
        'Publish deploy/a.automation.json to g1 on 127.0.0.1:8080 as version 5? The step is unsafe: the service refuses it unless you publish anyway.',
      detail: [
        'Plan from version 4: 1 to add, 2 to change, 0 to remove, 1 action; 1 error, 0 warnings.',
        'Error DBK643: authSchemaVersion cannot go down',
      ],
    },
  ])('$name: asks with “$action”', ({ plan, action, allowUnsafeTransition, message, detail }) => {
    expect(afterPlan(file, versions, plan)).toEqual({
      kind: 'confirm',
      message,
      detail: detail.join('\n'),
      action,
      allowUnsafeTransition,
    });
  });

  it(`lists at most ${LISTED_PROBLEMS} problems, then points at the plan`, () => {
    const many = Array.from({ length: LISTED_PROBLEMS + 3 }, (_, i) => line(2, 'DBK621', `process ${i} restarts`));
    const decision = afterPlan(file, versions, planned({ warnings: many.length }, many));
    expect(decision.kind === 'confirm' && decision.detail.split('\n')).toHaveLength(LISTED_PROBLEMS + 2);
    expect(decision.kind === 'confirm' && decision.detail).toMatch(/… and 3 more in the plan\.$/);
  });

  it('stops when there is no plan, saying why', () => {
    const decision = afterPlan(file, versions, {
      ok: false,
      error: 'deploy/a.automation.json is not valid JSON (2:3: comma expected).',
    });
    expect(decision).toEqual({
      kind: 'stop',
      message:
        'dbkit: no plan from the stored revision to deploy/a.automation.json: deploy/a.automation.json is not valid JSON (2:3: comma expected). Nothing was sent.',
    });
  });
});

describe('step 3: the service’s answer', () => {
  const sent =
    '{\n  "version": 5,\n  "auth": { "autoPwd": "hunter22" },\n  "processes": [\n    { "name": "a", "disabled": "yes" }\n  ]\n}\n';
  const stored = { text: '{\n  "version": 4,\n  "processes": [\n    { "name": "gone" }\n  ]\n}\n', version: 4 };
  /** The answer as the extension reads it: the client's real error, through the shared outcome. */
  const refused = (status: number, body: unknown): PublishAnswer =>
    failureOf(factsOf(new DbkitApiError(status, body, 'PUT /groups/g1/automationConfig')), {
      groupId: 'g1',
      base: 4,
      sent: 5,
      sentText: sent,
      stored,
    });
  const lineOf = (text: string, part: string) => text.split('\n').findIndex((l) => l.includes(part));
  const invalid = refused(400, {
    errorCode: 'AUTOMATION_CONFIG_INVALID',
    detail: 'The automation config has 1 error.',
    diagnostics: [
      { code: 'DBK102', severity: 'error', path: 'processes[0].disabled', message: 'disabled must be a boolean' },
      { code: 'DBK305', severity: 'warning', path: 'auth.autoPwd', message: 'autoPwd "hunter22" is weak' },
    ],
  });
  const unsafe = refused(400, {
    errorCode: 'AUTOMATION_CONFIG_UNSAFE_TRANSITION',
    detail: 'The step is unsafe.',
    diagnostics: [
      { code: 'DBK601', severity: 'error', path: 'processes[0]', message: 'gone is removed', document: 'from' },
      { code: 'DBK602', severity: 'error', path: 'processes[0]', message: 'a is new', document: 'to' },
    ],
  });

  it('a success: watch the published version', () => {
    expect(afterAnswer(file, { kind: 'published', from: 4, to: 5 })).toEqual({
      kind: 'watch',
      version: 5,
      message: 'dbkit: published deploy/a.automation.json to g1 on 127.0.0.1:8080: version 4 → 5.',
    });
  });

  it('a 400 (invalid): markers at their places in the document, no secret in them', () => {
    const decision = afterAnswer(file, invalid);
    expect(decision.kind).toBe('markers');
    if (decision.kind !== 'markers') return;
    expect(decision.message).toBe(
      'dbkit: The service refused deploy/a.automation.json (1 error, 1 warning), so nothing was changed. The problems are marked in the editor: fix them and publish again.',
    );
    expect(decision.stored).toEqual([]);
    expect(decision.editor.map((d) => [d.code, d.severity, d.range.start.line])).toEqual([
      ['DBK102', 1, lineOf(sent, '"disabled"')],
      ['DBK305', 2, lineOf(sent, '"autoPwd"')],
    ]);
    expect(decision.editor[1]?.message).toBe('autoPwd "********" is weak');
  });

  it('a 400 (unsafe) from a file: the stored revision’s markers go on the deployed document', () => {
    const decision = afterAnswer(file, unsafe);
    expect(decision.kind).toBe('markers');
    if (decision.kind !== 'markers') return;
    expect(decision.message).toBe(
      'dbkit: The service refused the step from version 4 to deploy/a.automation.json as unsafe (2 errors, 0 warnings), so nothing was changed. The problems are marked: publish again to see the plan, and publish anyway only if you mean it.',
    );
    expect(decision.editor.map((d) => [d.code, d.range.start.line])).toEqual([['DBK602', lineOf(sent, '"a"')]]);
    expect(decision.stored.map((d) => [d.code, d.range.start.line])).toEqual([
      ['DBK601', lineOf(stored.text, '"gone"')],
    ]);
  });

  it('a 400 (unsafe) from the deployed document: all on it, the stored revision’s at its start', () => {
    const decision = afterAnswer(deployed, unsafe);
    if (decision.kind !== 'markers') throw new Error(decision.kind);
    expect(decision.stored).toEqual([]);
    expect(decision.editor.map((d) => [d.code, d.range.start.line, d.message])).toEqual([
      ['DBK602', lineOf(sent, '"a"'), 'a is new'],
      ['DBK601', 0, 'In the stored revision: gone is removed'],
    ]);
  });

  it('a 409: offers to compare with the stored revision', () => {
    const conflict = refused(409, {
      errorCode: 'AUTOMATION_CONFIG_CONCURRENT_MODIFICATION',
      detail: 'The stored configuration is at version 6 and the new version must be 7.',
    });
    expect(afterAnswer(file, conflict)).toEqual({
      kind: 'conflict',
      message:
        'dbkit: Someone published version 6 since deploy/a.automation.json was opened at version 4, so version 5 would overwrite it. Nothing was changed: compare with the stored revision, make your change on it, and publish again.',
      action: COMPARE_STORED,
    });
  });

  it.for([
    {
      name: 'a rejected key, in the connection’s words',
      answer: refused(401, { errorCode: 'UNAUTHORIZED' }),
      described:
        'dbkit: The service rejected the key pair for project g1. Check the public and private key. Edit the connection with the pencil beside it in the dbkit view.',
      message:
        'dbkit: The service rejected the key pair for project g1. Check the public and private key. Edit the connection with the pencil beside it in the dbkit view.',
    },
    {
      name: 'an unreachable service, in the shared words when the connection has none',
      answer: failureOf(factsOf(new DbkitTransportError('network failure (ECONNREFUSED)', 'network', 'PUT /x')), {
        groupId: 'g1',
      }),
      described: undefined,
      message: 'dbkit: Not published: The service could not be reached (ECONNREFUSED).',
    },
    {
      name: 'any other refusal',
      answer: refused(500, { errorCode: 'UNEXPECTED_ERROR', detail: 'boom' }),
      described: undefined,
      message: 'dbkit: Not published: boom.',
    },
  ])('$name: one line', ({ answer, described, message }) => {
    expect(afterAnswer(file, answer, described)).toEqual({ kind: 'error', message });
  });
});

describe('step 4: watching the agents', () => {
  const progress = (more: Partial<GoalProgress> = {}): GoalProgress => ({
    goalVersion: 5,
    atGoal: 3,
    total: 3,
    done: true,
    working: [],
    stuck: [],
    ...more,
  });
  it.for([
    {
      end: { kind: 'goal', progress: progress() },
      level: 'info',
      message: 'dbkit: Version 5 is applied: 3/3 processes at goal version 5.',
    },
    {
      end: {
        kind: 'stuck',
        progress: progress({
          atGoal: 2,
          done: false,
          stuck: [{ name: 'rs0_2', errorCode: 42, errorString: 'The host does not answer.' }],
        }),
      },
      level: 'error',
      message:
        'dbkit: Version 5 is not applied: the agent of rs0_2 (error 42: The host does not answer.) reports an error; 2/3 processes at goal version 5; rs0_2: error 42 The host does not answer..',
    },
    {
      end: { kind: 'timeout', progress: progress({ atGoal: 1, done: false, working: [{ name: 'a', move: 'Start' }] }) },
      level: 'warning',
      message:
        'dbkit: Version 5 is not applied after 10 min: 1/3 processes at goal version 5; a: Start. The agents may still be working: the dbkit explorer shows where each process is.',
    },
    {
      end: { kind: 'cancelled' },
      level: 'info',
      message:
        'dbkit: stopped watching version 5; the agents go on applying it (the dbkit explorer shows where they are).',
    },
    {
      end: {
        kind: 'failed',
        message:
          'dbkit: Cannot reach the service at http://127.0.0.1:8080: the connection was refused. Start the service (npm run serve) or correct its address.',
      },
      level: 'error',
      message:
        'dbkit: Cannot reach the service at http://127.0.0.1:8080: the connection was refused. Start the service (npm run serve) or correct its address. Version 5 was published; how far its agents are could not be read.',
    },
  ] satisfies { end: WatchEnd; level: string; message: string }[])('$end.kind: $level', ({ end, level, message }) => {
    expect(afterWatch(5, end, 600_000)).toEqual({ level, message });
  });
});
