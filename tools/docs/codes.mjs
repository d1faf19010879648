#!/usr/bin/env node
// Writes docs/codes.md from the codes' reference entries; `--check` writes nothing and exits 1 when it is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CODES_FILE, renderCodes } from './lib/codes.mjs';
import { REPO_ROOT } from './lib/repo.mjs';

const path = join(REPO_ROOT, CODES_FILE);
const text = renderCodes();
if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(path, 'utf8');
  } catch {}
  if (committed !== text) {
    console.error(`${CODES_FILE} is stale: run \`pnpm --filter @dbkit/docs gen\` and commit it.`);
    process.exitCode = 1;
  }
} else {
  writeFileSync(path, text);
  console.log(`wrote ${CODES_FILE}`);
}
