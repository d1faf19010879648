#!/usr/bin/env node
// Writes each public entry point's API report (`<package>/api/<name>.api.md`) from the built declarations;
// `--check` writes nothing and exits 1 when a report differs from what the code exports.
import { API_ENTRY_POINTS, reportPath, runApiReport } from './lib/apiReport.mjs';

const check = process.argv.includes('--check');
let stale = 0;
for (const entry of API_ENTRY_POINTS) {
  const result = runApiReport(entry, { update: !check });
  if (result.problem !== undefined) {
    console.error(result.problem);
    stale++;
  } else if (!result.upToDate) {
    console.error(
      `${reportPath(entry)} is stale: the exported API changed. Review it, then run \`pnpm --filter @dbkit/docs gen\`.`,
    );
    stale++;
  } else if (!check) console.log(`wrote ${reportPath(entry)}`);
}
if (stale > 0) process.exitCode = 1;
