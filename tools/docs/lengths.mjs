#!/usr/bin/env node
// The long-function and long-file report: every function in a package's or app's src/ over the limit, and every file
// over its limit, each marked with its listed reason; `--check` exits 1 on one that is neither short nor listed, or on
// a listed one that is short now (a stale reason). `--top N` prints the N longest functions whatever their length.
import { lengthReport } from './lib/lengths.mjs';

const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args[topAt + 1]) : 0;
if (topAt >= 0 && !(Number.isInteger(top) && top > 0)) {
  console.error('lengths: --top takes a whole number of functions, for example --top 20');
  process.exit(2);
}
const report = lengthReport({ top });
console.log(report.text);
if (args.includes('--check') && report.problems.length > 0) {
  console.error(report.problems.join('\n'));
  process.exitCode = 1;
}
