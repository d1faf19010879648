/**
 * `dbkit/plan` over real stdio (the built server, as the extension's client calls it): a plan with its diagnostics,
 * a refusal as an answer rather than an error, and malformed params answered without a crash.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { example } from '../utils.js';
import { startServer, type TestClient } from './harness.js';

const deployed = example('replica-set.automation.json');
const lowered = deployed.replace(/"version": 12/, '"version": 11');

interface Answer {
  readonly ok: boolean;
  readonly text?: string;
  readonly error?: string;
  readonly planDiagnostics?: readonly { readonly code: string; readonly range: { readonly start: { line: number } } }[];
  readonly revisionDiagnostics?: readonly { readonly uri: string; readonly diagnostics: readonly { code: string }[] }[];
}

describe('dbkit/plan over stdio', () => {
  let client: TestClient;
  beforeAll(async () => {
    client = await startServer();
  });
  afterAll(async () => {
    await client.shutdown();
  });

  it.for([
    {
      title: 'plans a lowered version as an error on the plan and in the new revision',
      from: deployed,
      to: lowered,
      check: (answer: Answer) => {
        expect(answer.ok).toBe(true);
        expect(answer.text).toContain('error DBK601');
        const lines = answer.text!.split('\n');
        const [d] = answer.planDiagnostics!;
        expect(lines[d!.range.start.line]).toMatch(/^ {2}next\.automation\.json:\d+:\d+ error DBK601 /);
        expect(answer.revisionDiagnostics?.[0]).toMatchObject({
          uri: 'file:///work/next.automation.json',
          diagnostics: [{ code: 'DBK601' }],
        });
      },
    },
    {
      title: 'answers a revision that is not JSON with the reason',
      from: deployed,
      to: '{ "version": ',
      check: (answer: Answer) => {
        expect(answer).toMatchObject({ ok: false });
        expect(answer.error).toMatch(/^next\.automation\.json:1:\d+: .*not valid JSON/);
      },
    },
  ])('$title', async ({ from, to, check }) => {
    const answer = (await client.connection.sendRequest('dbkit/plan', {
      from: { name: 'HEAD:next.automation.json', text: from },
      to: { name: 'next.automation.json', text: to, uri: 'file:///work/next.automation.json' },
      planUri: 'dbkit-plan:/next.automation.json.plan',
    })) as Answer;
    check(answer);
  });

  it('answers malformed params with a reason and keeps serving', async () => {
    const answer = (await client.connection.sendRequest('dbkit/plan', { to: {} })) as Answer;
    expect(answer).toMatchObject({ ok: false });
    expect(client.logs().some((line) => line.startsWith('dbkit/plan failed'))).toBe(true);
    const again = (await client.connection.sendRequest('dbkit/plan', {
      from: { name: 'a', text: deployed },
      to: { name: 'b', text: deployed },
      planUri: 'dbkit-plan:/b.plan',
    })) as Answer;
    expect(again.text).toContain('No changes');
  });
});
