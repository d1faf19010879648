/**
 * `dbkit plan OLD NEW`: read and parse the two revisions (files, or `-` for stdin), run core's `planTransition`,
 * place every path in its file, print the plan (text, json or sarif), and exit 1 when it has errors. Anything that
 * stops the plan from being made (usage, an unreadable file, invalid JSON, a document that is not an object) is one
 * line on stderr and exit 2.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { planTransition } from '@dbkit/core';
import type { PlanCommand } from './args.js';
import { displayName, STDIN_NAME } from './inputs.js';
import type { Io } from './io.js';
import { palette, useColor } from './output/color.js';
import { buildPlanJson } from './output/planJson.js';
import { locatePlan, type PlanDocument } from './output/planLocated.js';
import { buildPlanSarif } from './output/planSarif.js';
import { countPlan, formatPlanText } from './output/planText.js';
import { plural } from './output/totals.js';
import { rangesOf } from './validate/lines.js';
import { syntaxFindings } from './validate/syntax.js';

type Revision =
  | { readonly ok: true; readonly document: PlanDocument; readonly value: unknown }
  | { readonly ok: false; readonly error: string };

/** Why a file cannot be read, in a few words. */
function readFailure(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'a folder, not a file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] ?? message;
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

/** Parses one revision. Plain JSON, as `dbkit validate` and the service take it; a byte-order mark is dropped. */
export function parseRevision(name: string, source: string): Revision {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const findings = syntaxFindings(text, error instanceof Error ? error.message : String(error));
    const first = findings[0];
    const at = rangesOf(text, [{ offset: first?.span?.offset ?? 0, length: 0 }])[0]!.start;
    const more = findings.length > 1 ? ` (and ${plural(findings.length - 1, 'more syntax error')})` : '';
    return {
      ok: false,
      error: `${name}:${at.line}:${at.column}: not valid JSON: ${first?.message ?? 'the parser stops here.'}${more}`,
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {
      ok: false,
      error: `${name} is not an automation config: the document is ${describeType(value)}, not an object`,
    };
  }
  const document: PlanDocument = { name, text };
  return { ok: true, document, value };
}

async function readRevision(arg: string, io: Io): Promise<Revision> {
  if (arg === '-') return parseRevision(STDIN_NAME, await io.readStdin());
  const path = resolve(io.cwd, arg);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return { ok: false, error: `cannot read ${arg}: ${readFailure(error)}` };
  }
  return parseRevision(displayName(io.cwd, path), text);
}

function refuse(error: string, io: Io): number {
  io.stderr.write(`dbkit: ${error}\n`);
  return 2;
}

export async function runPlan(command: PlanCommand, io: Io): Promise<number> {
  // The deployed revision is read first: when it cannot be planned, stdin (if NEW is `-`) is left unread.
  const from = await readRevision(command.from, io);
  if (!from.ok) return refuse(from.error, io);
  const to = await readRevision(command.to, io);
  if (!to.ok) return refuse(to.error, io);
  const color = useColor(command.color, io.env, io.stdout.isTTY === true);
  const p = palette(color);
  const plan = locatePlan(
    planTransition(from.value, to.value),
    { from: from.document, to: to.document },
    command.format === 'text' ? p : undefined,
  );
  if (command.format === 'text') io.stdout.write(formatPlanText(plan, p));
  else if (command.format === 'json') io.stdout.write(`${JSON.stringify(buildPlanJson(plan), null, 2)}\n`);
  else {
    const root = pathToFileURL(io.cwd).href.replace(/\/?$/, '/');
    const sarif = buildPlanSarif(plan, { tool: io.tool, root, stdinName: STDIN_NAME });
    io.stdout.write(`${JSON.stringify(sarif, null, 2)}\n`);
  }
  return countPlan(plan).errors > 0 ? 1 : 0;
}
