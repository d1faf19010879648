/**
 * The stored revision a PUT plans from is parsed once per revision: a run of PUTs parses only each new text, and
 * any other revision (another project or version, or the same version with another text) is read afresh.
 */
import { readFileSync } from 'node:fs';
import { planTransition } from '@dbkit/core';
import { describe, expect, it } from 'vitest';
import { ParsedRevision } from '../../src/http/parsedRevision.js';
import { invalidConfigBody, unsafeTransitionBody } from '../../src/routes/automationConfig.js';

const example = readFileSync(
  new URL('../../../../examples/automation/replica-set.automation.json', import.meta.url),
  'utf8',
);
const stored = { version: 3, text: example };

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

describe('ParsedRevision', () => {
  it('parses a revision once: asked again, it answers the same document', () => {
    const revisions = new ParsedRevision();
    const first = revisions.get('g1', stored);
    expect(first?.document).toEqual(JSON.parse(example));
    expect(revisions.get('g1', { ...stored })?.document).toBe(first?.document);
  });

  it.for([
    ['another project', 'g2', stored],
    ['another version', 'g1', { ...stored, version: 4 }],
    ['the same version with another text (a reset, another instance)', 'g1', { version: 3, text: '{"version": 3}' }],
  ] as const)('reads %s afresh', ([, groupId, other]) => {
    const revisions = new ParsedRevision();
    const first = revisions.get('g1', stored)?.document;
    const read = revisions.get(groupId, other)?.document;
    expect(read).not.toBe(first);
    expect(read).toEqual(JSON.parse(other.text));
  });

  it('an accepted PUT’s document is the next PUT’s stored revision, without parsing its text again', () => {
    const revisions = new ParsedRevision();
    const document = JSON.parse(example) as unknown;
    revisions.remember('g1', stored, document);
    expect(revisions.get('g1', stored)?.document).toBe(document);
  });

  it('parses a body against the last revision: JSON.parse’s value, the members it kept shared', () => {
    const revisions = new ParsedRevision();
    const first = revisions.get('g1', stored)?.document as Record<string, unknown>;
    const text = example.replace(/"version": \d+/, '"version": 4');
    const body = revisions.parseBody(text) as Record<string, unknown>;
    expect(body).toEqual(JSON.parse(text));
    expect(body.processes).toBe(first.processes);
    // Accepted, it is the next body's basis, without a pass over its text.
    revisions.remember('g1', { version: 4, text }, body);
    const next = revisions.parseBody(text.replace('"version": 4', '"version": 5')) as Record<string, unknown>;
    expect(next.version).toBe(5);
    expect(next.processes).toBe(first.processes);
  });

  it.for([
    ['with no revision yet', false],
    ['against a revision', true],
  ] as const)('a body that is not JSON throws as JSON.parse does, %s', ([, withRevision]) => {
    const revisions = new ParsedRevision();
    if (withRevision) revisions.get('g1', stored);
    const broken = example.replace(/"version": \d+/, '"version": 4,,');
    let message = '';
    try {
      JSON.parse(broken);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/JSON/);
    expect(() => revisions.parseBody(broken)).toThrow(message);
  });

  it('a stored text that is not JSON has nothing to plan from', () => {
    expect(new ParsedRevision().get('g1', { version: 1, text: '{"version": ' })).toBeUndefined();
  });

  it('validation and the plan never change the documents they read, so a kept document stays the stored one', () => {
    const from = deepFreeze(JSON.parse(example) as { version: number; replicaSets: { members: unknown[] }[] });
    const to = structuredClone(from);
    to.version += 1;
    to.replicaSets[0]?.members.splice(1);
    deepFreeze(to);
    expect(invalidConfigBody(to)).toBeUndefined();
    expect(unsafeTransitionBody(stored, planTransition(from, to))?.errorCode).toBe(
      'AUTOMATION_CONFIG_UNSAFE_TRANSITION',
    );
    expect(from).toEqual(JSON.parse(example));
  });
});
