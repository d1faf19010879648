#!/usr/bin/env node
/**
 * The README's main job until the `dbkit validate` CLI lands: validates every automation configuration under the
 * given folders with @dbkit/core and prints a readable report.
 *
 * Exit code 0 means the examples behave as documented: every document outside a `mistakes/` folder has no
 * error, and every document inside one has at least one. Anything else exits 1; bad usage exits 2.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { type Diagnostic, formatJsonPath, validateAutomationConfig } from '@dbkit/core';

const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code: string, text: string): string => (color ? `\u001b[${code}m${text}\u001b[0m` : text);
const red = (t: string) => paint('31', t);
const yellow = (t: string) => paint('33', t);
const green = (t: string) => paint('32', t);
const dim = (t: string) => paint('2', t);

function jsonFiles(path: string): string[] {
  const stat = statSync(path);
  if (stat.isFile()) return path.endsWith('.json') ? [path] : [];
  return readdirSync(path)
    .sort()
    .flatMap((name) => jsonFiles(join(path, name)));
}

/** Automation configs are recognised by name (`*.automation.json`) or by their required sections. */
function isAutomationConfig(file: string, value: unknown): boolean {
  if (file.endsWith('.automation.json') || file.endsWith('automation-config.json')) return true;
  return typeof value === 'object' && value !== null && 'processes' in value && 'dbVersions' in value;
}

function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `${before.length}:${(before[before.length - 1]?.length ?? 0) + 1}`;
}

function describe(d: Diagnostic): string {
  const severity = d.severity === 'error' ? red('error') : d.severity === 'warning' ? yellow('warning') : dim('info');
  return `  ${severity} ${d.code} ${dim(formatJsonPath(d.path))}\n      ${d.message}`;
}

function main(argv: readonly string[]): number {
  if (argv.length === 0) {
    console.error('usage: dbkit-demo <folder or file>...  (validates automation configs with @dbkit/core)');
    return 2;
  }
  const files: string[] = [];
  for (const arg of argv) {
    try {
      files.push(...jsonFiles(arg));
    } catch {
      console.error(
        `dbkit-demo: cannot read ${arg}: no such file or folder. Pass a folder of .json files, e.g. examples.`,
      );
      return 2;
    }
  }
  let asDocumented = true;
  let totals = { files: 0, errors: 0, warnings: 0 };
  for (const file of files) {
    const name = relative(process.cwd(), file) || file;
    const text = readFileSync(file, 'utf8');
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const at = /position (\d+)/.exec(message);
      console.log(
        `${red('✖')} ${name}${at ? `:${lineAndColumn(text, Number(at[1]))}` : ''} is not valid JSON: ${message}`,
      );
      asDocumented = false;
      continue;
    }
    if (!isAutomationConfig(file, value)) {
      console.log(`${dim('·')} ${name} ${dim('(API response example; checked against the core types by the tests)')}`);
      continue;
    }
    const diagnostics = validateAutomationConfig(value);
    const errors = diagnostics.filter((d) => d.severity === 'error').length;
    const warnings = diagnostics.filter((d) => d.severity === 'warning').length;
    totals = { files: totals.files + 1, errors: totals.errors + errors, warnings: totals.warnings + warnings };
    const expectMistakes = name.split(sep).includes('mistakes');
    if (expectMistakes !== errors > 0) asDocumented = false;
    const mark = errors > 0 ? red('✖') : warnings > 0 ? yellow('▲') : green('✔');
    const note = expectMistakes ? dim(' (deliberate mistakes)') : '';
    console.log(`${mark} ${name}: ${errors} error(s), ${warnings} warning(s)${note}`);
    for (const d of diagnostics) console.log(describe(d));
  }
  console.log(
    `\n${totals.files} automation config(s) checked: ${totals.errors} error(s), ${totals.warnings} warning(s). ${
      asDocumented ? green('Every example behaves as documented.') : red('Some examples do not behave as documented.')
    }`,
  );
  return asDocumented ? 0 : 1;
}

process.exitCode = main(process.argv.slice(2));
