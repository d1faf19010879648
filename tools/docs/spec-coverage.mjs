#!/usr/bin/env node
// Writes docs/spec-coverage.md from the spec's rules and the tests' `[spec:<id>]` titles;
// `--check` writes nothing and exits 1 when a rule has no test or the committed file is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './lib/repo.mjs';
import { COVERAGE_FILE, collectSpecTags, coverageProblems, renderCoverage } from './lib/specCoverage.mjs';

const check = process.argv.includes('--check');
const tags = collectSpecTags();
const problems = coverageProblems(undefined, tags);
const text = renderCoverage(undefined, tags);
const path = join(REPO_ROOT, COVERAGE_FILE);
for (const problem of problems) console.error(problem);
if (check) {
  let committed = '';
  try {
    committed = readFileSync(path, 'utf8');
  } catch {}
  if (committed !== text) {
    console.error(`${COVERAGE_FILE} is stale: run \`pnpm --filter @dbkit/docs gen\` and commit it.`);
    process.exitCode = 1;
  }
} else {
  writeFileSync(path, text);
  console.log(`wrote ${COVERAGE_FILE}`);
}
if (problems.length > 0) process.exitCode = 1;
