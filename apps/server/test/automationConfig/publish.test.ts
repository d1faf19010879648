/**
 * A PUT of the automation config without HTTP, on the memory store: each outcome as a caller sees it (the error
 * code and diagnostics, the version stored, the agents' new revision), and a refusal stores nothing.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { putRevision } from '../../src/automationConfig/publish.js';
import { Clock } from '../../src/clock.js';
import { ParsedRevision } from '../../src/http/parsedRevision.js';
import { seedState } from '../../src/seed.js';
import type { StoredGroup } from '../../src/state.js';
import { MemoryStore } from '../../src/store/memoryStore.js';

const example = readFileSync(
  new URL('../../../../examples/automation/replica-set.automation.json', import.meta.url),
  'utf8',
);
/** The example's own version: the stored revision every case starts from. */
const STORED = 12;

type Example = {
  version: number;
  options: { downloadBase: string };
  processes: { hostname?: string }[];
  replicaSets: { members: unknown[] }[];
};

/** The example changed by `change`, as a client would send it. */
function edited(change: (document: Example) => void): string {
  const document = JSON.parse(example) as Example;
  change(document);
  return JSON.stringify(document, null, 2);
}

type Expected =
  | { readonly kind: 'invalid' | 'unsafe' | 'conflict'; readonly errorCode: string; readonly codes?: string[] }
  | { readonly kind: 'stored' };

/** PUTs `text` to a project whose stored config is the example; returns the outcome and what is stored after it. */
async function check(text: string, allowUnsafeTransition: boolean) {
  const [group] = Object.values(seedState(1, new Date('2026-06-01T12:00:00Z'), 1).groups) as [StoredGroup];
  const initial = { ...group, automationConfig: { version: STORED, text: example } };
  const store = new MemoryStore({ initial: { groups: { [group.id]: initial } } });
  const clock = new Clock(() => Date.parse('2026-06-01T12:00:00Z'));
  const outcome = await putRevision({ store, clock, configs: new ParsedRevision() }, group.id, text, {
    allowUnsafeTransition,
  });
  return { outcome, stored: await store.getAutomationConfig(group.id) };
}

const safe = edited((d) => {
  d.version = STORED + 1;
  d.options.downloadBase = '/srv/db-automation';
});
const unsafe = edited((d) => {
  d.version = STORED + 1;
  d.replicaSets[0]?.members.splice(1);
});

describe('putRevision', () => {
  it.for<[string, string, boolean, Expected]>([
    ['an empty body', '', false, { kind: 'invalid', errorCode: 'INVALID_JSON' }],
    ['text that is not JSON', '{"version": ', false, { kind: 'invalid', errorCode: 'INVALID_JSON' }],
    ['JSON that is no object', '[]', false, { kind: 'invalid', errorCode: 'INVALID_JSON' }],
    [
      'a document with errors',
      edited((d) => {
        d.version = STORED + 1;
        delete d.processes[0]?.hostname;
      }),
      false,
      { kind: 'invalid', errorCode: 'AUTOMATION_CONFIG_INVALID', codes: ['DBK101'] },
    ],
    [
      'a transition core calls unsafe',
      unsafe,
      false,
      { kind: 'unsafe', errorCode: 'AUTOMATION_CONFIG_UNSAFE_TRANSITION', codes: ['DBK610', 'DBK611'] },
    ],
    [
      'the stored version again',
      safe.replace(`"version": ${STORED + 1}`, `"version": ${STORED}`),
      false,
      { kind: 'conflict', errorCode: 'AUTOMATION_CONFIG_CONCURRENT_MODIFICATION' },
    ],
    [
      'an older version, even with allowUnsafeTransition',
      unsafe.replace(`"version": ${STORED + 1}`, `"version": ${STORED - 1}`),
      true,
      { kind: 'conflict', errorCode: 'AUTOMATION_CONFIG_CONCURRENT_MODIFICATION' },
    ],
    ['a valid document with a higher version', safe, false, { kind: 'stored' }],
    ['an unsafe transition with allowUnsafeTransition', unsafe, true, { kind: 'stored' }],
  ])('%s', async ([, text, allowUnsafeTransition, expected]) => {
    const { outcome, stored } = await check(text, allowUnsafeTransition);
    expect(outcome.kind).toBe(expected.kind);
    if (outcome.kind === 'stored' || expected.kind === 'stored') {
      // Stored exactly as sent, with the agents' revision of the new version.
      expect(outcome).toEqual({ kind: 'stored', version: STORED + 1 });
      expect(stored?.version).toBe(STORED + 1);
      expect(stored?.text).toBe(text);
      expect(stored?.agents?.revisions.at(-1)?.version).toBe(STORED + 1);
      return;
    }
    expect(outcome.error.errorCode).toBe(expected.errorCode);
    expect(outcome.error.error).toBe(outcome.kind === 'conflict' ? 409 : 400);
    const diagnostics = (outcome.error as { diagnostics?: { code: string }[] }).diagnostics;
    expect(diagnostics?.map((d) => d.code)).toEqual(expected.codes);
    if (outcome.kind === 'conflict') {
      expect(outcome.current.version).toBe(STORED);
      expect(outcome.error.detail).toContain(`PUT it with version ${STORED + 1}. Nothing was changed.`);
    }
    // Nothing was stored: the example, with no agents' record yet.
    expect(stored).toEqual({ version: STORED, text: example });
  });
});
