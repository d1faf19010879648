/**
 * The schema's invariant (ARCHITECTURE.md): it reports an error only where core's `validateAutomationConfig` does.
 */
import { join } from 'node:path';
import { validateAutomationConfig } from '@dbkit/core';
import { describe, expect, it } from 'vitest';
import { automationConfigSchema } from '../src/index.js';
import { directedDamage, seededDamage, uncovered } from './damage.js';
import { automationExamplesDir, compile, jsonFilesIn, readJson } from './helpers.js';

const validateConfig = compile(automationConfigSchema);

/**
 * The drift the invariant forbids (ARCHITECTURE.md: the schema reports an error only where core does), measured on
 * damaged examples: an Ajv error that no core error covers (as `dbkit validate` merges them) is listed with one
 * damage that produces it (docs/decisions/validation.md, "Core checks every field the schema types").
 */
describe('on damaged examples, the schema reports no error that core does not', () => {
  const files = [...jsonFilesIn(automationExamplesDir), join('mistakes', 'broken.automation.json')];
  const uncoveredIn = (docs: Iterable<readonly [string, unknown]>): string[] => {
    const places = new Map<string, string>();
    for (const [what, doc] of docs) {
      for (const line of uncovered(validateConfig(doc), validateAutomationConfig(doc))) {
        const place = line.replace(/\/\d+(?=\/|\s)/g, '/*');
        if (!places.has(place)) places.set(place, `${place} (${what})`);
      }
    }
    return [...places.values()];
  };

  it.for(files)('%s: every property the schema declares, given each kind of value or deleted', (file) => {
    expect(uncoveredIn(directedDamage(automationConfigSchema, readJson(join(automationExamplesDir, file))))).toEqual(
      [],
    );
  });

  it('seeded random edits of every example (2 000 documents)', () => {
    const bases = files.map((file) => readJson(join(automationExamplesDir, file)));
    function* damaged(): Generator<readonly [string, unknown]> {
      for (let seed = 1; seed <= 2000; seed++) {
        yield [`seed ${seed} of ${files[seed % files.length]}`, seededDamage(bases[seed % bases.length], seed)];
      }
    }
    expect(uncoveredIn(damaged())).toEqual([]);
  });
});
