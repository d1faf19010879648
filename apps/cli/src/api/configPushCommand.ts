/**
 * `dbkit config push GROUP FILE [--force] [--allow-unsafe]`: validates FILE exactly as `dbkit validate` does (same
 * findings, code frames, masked secrets) and refuses on errors unless `--force`; then sends it with `version` one
 * above the version it was pulled at (the stored one), so the service's compare-and-set turns a lost update into a
 * 409. The service plans the step from the stored version and refuses an unsafe one unless `--allow-unsafe`.
 * After a push, FILE's `version` is the stored one, so the next push from it needs no pull. With `--wait` it then
 * waits for the deployment to reach that version.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DbkitApiError } from '@dbkit/client';
import { formatGoalProgress } from '@dbkit/core';
import { nextRevision, versionIn } from '@dbkit/language-server/internal/publish';
import { palette, useColor } from '../output/color.js';
import { formatTextFile, formatTextSummary } from '../output/text.js';
import { plural, totalsOf } from '../output/totals.js';
import { type CheckContext, checkText, locateFindings } from '../validate/check.js';
import { createCheckContext } from '../validate/context.js';
import type { FileResult } from '../validate/finding.js';
import type { ApiAction } from './args.js';
import { formatFailure } from './connection.js';
import type { ApiContext } from './context.js';
import { findingsOf } from './serviceDiagnostics.js';

type PushAction = Extract<ApiAction, { kind: 'config push' }>;

function readText(path: string): { ok: true; text: string } | { ok: false; reason: string } {
  try {
    return { ok: true, text: readFileSync(path, 'utf8') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EACCES' || code === 'EPERM'
          ? 'permission denied'
          : code === 'EISDIR'
            ? 'a folder, not a file'
            : (code ?? String(error));
    return { ok: false, reason };
  }
}

export async function runConfigPush(action: PushAction, ctx: ApiContext): Promise<number> {
  const { io, out, err } = ctx;
  const path = resolve(io.cwd, action.file);
  const read = readText(path);
  if (!read.ok) {
    err.write(`dbkit: cannot read ${action.file}: ${read.reason}; nothing was sent\n`);
    return 2;
  }
  // As in `dbkit validate`, a byte-order mark is dropped: the service takes plain JSON.
  const text = read.text.charCodeAt(0) === 0xfeff ? read.text.slice(1) : read.text;

  const color = useColor(ctx.command.color, io.env, io.stdout.isTTY === true);
  const p = palette(color);
  const { context, schemaUnavailable } = await createCheckContext({
    quiet: false,
    frames: { color },
    jsonSchema: false,
  });
  if (schemaUnavailable !== undefined) {
    err.write(`dbkit: schema not available (${schemaUnavailable}); only core's rules ran\n`);
  }
  const result = checkText(action.file, text, true, context);
  const totals = totalsOf([result]);
  const forced = action.force && result.status === 'checked' && totals.errors > 0;
  // Forced: the service's diagnostics follow, the same findings (core's) placed the same way; printing both doubles them.
  if (!forced) out.write(formatTextFile(result, p, false));
  if (result.status === 'invalid-json') {
    out.write(formatTextSummary(totals, p));
    err.write(`dbkit: ${action.file} is not valid JSON: fix the syntax errors shown; nothing was sent\n`);
    return 2;
  }
  if (totals.errors > 0 && !action.force) {
    out.write(formatTextSummary(totals, p));
    err.write(
      `dbkit: ${action.file} has ${plural(totals.errors, 'error')}: not pushed, nothing was sent; fix them, or push with --force to let the service decide\n`,
    );
    return 1;
  }
  if (forced) err.write(`dbkit: ${action.file} has ${plural(totals.errors, 'error')}; sending it anyway (--force)\n`);

  const stored = await ctx.client.automationConfig.get(action.group);
  const pulled = versionIn(text);
  // The file's version is the version it was pulled at; a file that names none (or a later one) builds on the
  // stored version.
  const { base, version: next, text: sent } = nextRevision(text, stored.version);
  try {
    await ctx.client.automationConfig.put(action.group, sent, { allowUnsafeTransition: action.allowUnsafe });
  } catch (error) {
    if (error instanceof DbkitApiError && error.status === 409) {
      const now = /version (\d+)/.exec(error.detail)?.[1] ?? String(stored.version);
      err.write(
        formatFailure(
          {
            message: `Someone published version ${now} since you pulled version ${base}, so nothing was changed.`,
            reference: referenceOf(error),
            action: `Pull again (dbkit config pull ${action.group} --out ${action.file}), reapply your change and push.`,
          },
          errorPalette(ctx),
        ),
      );
      return 1;
    }
    if (error instanceof DbkitApiError && error.diagnostics.length > 0) {
      const storedName = `${action.group} (stored version ${stored.version})`;
      return refused(error, { file: action.file, text }, { file: storedName, text: stored.text }, context, ctx);
    }
    throw error;
  }

  let note = '';
  try {
    if (pulled !== next) writeFileSync(path, sent);
    note = pulled === next ? '' : ` (${action.file} now says version ${next})`;
  } catch {
    note = ` (${action.file} could not be updated: set its "version" to ${next} before the next push)`;
  }
  out.write(`Pushed ${action.file} to ${action.group}: version ${stored.version} → ${next}${note}.\n`);
  return action.wait === undefined ? 0 : waitForVersion(ctx, action.group, next, action.wait.timeoutMs);
}

/**
 * `--wait`: the progress on stderr (rewritten in place on a terminal, a line per change elsewhere), then 0 at the
 * goal, 1 when a process's agent reports an error, 2 when the time is up.
 */
async function waitForVersion(ctx: ApiContext, group: string, version: number, timeoutMs: number): Promise<number> {
  const { out, err } = ctx;
  const tty = ctx.io.stderr.isTTY === true;
  let last = '';
  const outcome = await ctx.client.automation.waitForGoal(group, {
    version,
    timeoutMs,
    onProgress: (progress) => {
      const line = formatGoalProgress(progress);
      if (line === last) return;
      last = line;
      err.write(tty ? `\r\u001b[K${line}` : `${line}\n`);
    },
  });
  if (tty && last !== '') err.write('\r\u001b[K');
  const summary = outcome.progress ? formatGoalProgress(outcome.progress) : 'no status was read';
  if (outcome.kind === 'goal') {
    out.write(`Version ${version} is applied: ${summary}.\n`);
    return 0;
  }
  if (outcome.kind === 'stuck') {
    const stuck = outcome.progress.stuck.map((p) => `${p.name} (error ${p.errorCode}: ${p.errorString})`).join(', ');
    err.write(`dbkit: version ${version} is not applied: the agent of ${stuck} reports an error; ${summary}\n`);
    return 1;
  }
  err.write(
    `dbkit: version ${version} was not applied within ${spoken(timeoutMs)}: ${summary}; dbkit status ${group} shows where each process is\n`,
  );
  return 2;
}

interface Revision {
  readonly file: string;
  readonly text: string;
}

/**
 * The service's 400: its diagnostics placed and printed like `dbkit validate`'s, then one line. An unsafe
 * transition's diagnostics point into the sent file (`to`) or the stored version (`from`): each is placed in its
 * own document, so a removed member is shown where it stood.
 */
function refused(
  error: DbkitApiError,
  sent: Revision,
  stored: Revision,
  context: CheckContext,
  ctx: ApiContext,
): number {
  const fromStored = error.diagnostics.filter((d) => d.document === 'from');
  const results: FileResult[] = [
    { name: sent.file, diagnostics: error.diagnostics.filter((d) => d.document !== 'from'), text: sent.text },
    { name: stored.file, diagnostics: fromStored, text: stored.text },
  ]
    .filter(({ diagnostics }, index) => index === 0 || diagnostics.length > 0)
    .map(({ name, diagnostics, text }) => ({
      name,
      status: 'checked',
      findings: locateFindings({ text }, findingsOf(diagnostics), context),
    }));
  const p = context.frames ?? palette(false);
  for (const result of results) ctx.out.write(formatTextFile(result, p, false));
  ctx.out.write(formatTextSummary(totalsOf(results), p));
  // The service's detail ends with a validator's message, which may end with its own full stop.
  const detail = error.detail
    .replace(/\s+/g, ' ')
    .replace(/[\s.,;:]+$/, '')
    .trim();
  const unsafe = error.errorCode === 'AUTOMATION_CONFIG_UNSAFE_TRANSITION';
  ctx.err.write(
    formatFailure(
      unsafe
        ? {
            message: `The service refused the step from ${stored.file} to ${sent.file}: ${detail}.`,
            reference: referenceOf(error),
            action:
              'Nothing was changed: make the change in smaller steps, or push with --allow-unsafe to publish it anyway.',
          }
        : {
            message: `The service refused ${sent.file}: ${detail}.`,
            reference: referenceOf(error),
            action: 'Nothing was changed: fix the errors shown, then push again.',
          },
      errorPalette(ctx),
    ),
  );
  return 1;
}

/** `HTTP 409, AUTOMATION_CONFIG_CONCURRENT_MODIFICATION`: for a search, printed after the words. */
const referenceOf = (error: DbkitApiError) => `HTTP ${error.status}, ${error.errorCode}`;

/** The palette of stderr, where the failures go (the frames' is stdout's). */
const errorPalette = (ctx: ApiContext) =>
  palette(useColor(ctx.command.color, ctx.io.env, ctx.io.stderr.isTTY === true));

/** `250 ms`, `90 s`, `10 min`. */
function spoken(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  return `${Math.round(ms / 60_000)} min`;
}
