import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatJsonPath, validateAutomationConfig } from '@dbkit/core';
import { describe, expect, it } from 'vitest';
import { jsonFilesUnder, readJson, repoRoot } from './helpers.js';

const automationDir = join(repoRoot, 'examples', 'automation');
const valid = jsonFilesUnder(automationDir).filter((file) => !file.startsWith('mistakes/'));

describe('examples/automation', () => {
  it('has the documented set of examples', () => {
    expect(valid).toEqual([
      'index-configs.automation.json',
      'replica-set.automation.json',
      'secure.automation.json',
      'sharded-cluster.automation.json',
    ]);
  });

  it.for(valid)('%s has no diagnostic at all', (file) => {
    const diagnostics = validateAutomationConfig(readJson(join(automationDir, file)));
    expect(diagnostics.map((d) => `${d.code} ${formatJsonPath(d.path)}: ${d.message}`)).toEqual([]);
  });

  it('mistakes/broken.automation.json yields exactly the mistakes its README lists, at their paths', () => {
    const readme = readFileSync(join(automationDir, 'mistakes', 'README.md'), 'utf8');
    // Rows: | 1 | `path` | … | severity |
    const listed = [...readme.matchAll(/^\|\s*\d+\s*\|\s*`([^`]+)`.*\|\s*(error|warning)\s*\|\s*$/gm)].map(
      (m) => `${m[2]} ${m[1]}`,
    );
    expect(listed).toHaveLength(10);
    const diagnostics = validateAutomationConfig(readJson(join(automationDir, 'mistakes', 'broken.automation.json')));
    const found = diagnostics.map((d) => `${d.severity} ${formatJsonPath(d.path)}`);
    expect(found.sort()).toEqual(listed.sort());
  });
});
