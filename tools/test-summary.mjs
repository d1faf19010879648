#!/usr/bin/env node
// Prints one closing line for the whole repository, "N passed, N failed, N skipped", from the JSON reports each
// package's vitest run wrote (vitest.config.base.ts). Exits 1 if a report is missing, anything failed, or a rule of
// the spec has no passing test carrying its id (`[spec:<id>]`, tools/docs/spec-rules/): a tagged test that was skipped
// proves nothing.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SPEC_RULES } from './docs/spec-rules/index.mjs';

const root = new URL('..', import.meta.url).pathname;
const totals = { passed: 0, failed: 0, skipped: 0 };
const missing = [];
const provenRules = new Set();
for (const group of ['packages', 'apps', 'tools', 'test']) {
  const dir = join(root, group);
  if (!existsSync(dir)) continue;
  for (const name of readdirSync(dir)) {
    const pkg = join(dir, name);
    if (!existsSync(join(pkg, 'vitest.config.ts'))) continue;
    const report = join(pkg, '.vitest-result.json');
    if (!existsSync(report)) {
      missing.push(`${group}/${name}`);
      continue;
    }
    const result = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += result.numPassedTests;
    totals.failed += result.numFailedTests;
    totals.skipped += result.numPendingTests + (result.numTodoTests ?? 0);
    for (const file of result.testResults ?? []) {
      for (const test of file.assertionResults ?? []) {
        if (test.status !== 'passed') continue;
        for (const match of (test.fullName ?? test.title ?? '').matchAll(/\[spec:([a-z0-9-]+)\]/g))
          provenRules.add(match[1]);
      }
    }
  }
}
if (missing.length > 0) console.error(`no test report from ${missing.join(', ')}: did its tests run?`);
const unproven = SPEC_RULES.filter((rule) => !provenRules.has(rule.id)).map((rule) => rule.id);
if (missing.length === 0 && unproven.length > 0) {
  console.error(`no passing test proves these spec rules: ${unproven.join(', ')} (tools/docs/spec-rules/)`);
}
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exitCode = missing.length > 0 || totals.failed > 0 || unproven.length > 0 ? 1 : 0;
