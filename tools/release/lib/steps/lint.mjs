// Step 6: the tarballs through the packaging linters: publint on every one (anything it says fails), attw on the
// libraries (only the problems the ESM-only decision accepts pass).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { countProblems, describeAttwProblem, judgeAttw } from '../attw.mjs';
import { tail } from '../context.mjs';
import { isLibrary } from '../manifest.mjs';
import { run } from '../process.mjs';

/**
 * publint's messages on one tarball, as text.
 * @param {string} file
 */
export async function publintMessages(file) {
  const data = readFileSync(file);
  const tarball = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
  const { messages, pkg } = await publint({ pack: { tarball }, level: 'suggestion' });
  return messages.map((message) => ({
    type: message.type,
    code: message.code,
    text: formatMessage(message, pkg, { color: false }) ?? message.code,
  }));
}

/**
 * @param {import('../context.mjs').Context} ctx
 * @param {import('../report.mjs').Recorder} report
 */
export async function lint(ctx, report) {
  if (ctx.tarballs.length === 0) {
    report.skip('needs the tarballs of the pack step');
    return '';
  }
  let publintCount = 0;
  for (const tarball of ctx.tarballs) {
    for (const message of await publintMessages(tarball.file)) {
      publintCount++;
      report.fail({
        what: `publint (${message.type}) on ${tarball.name}: ${message.text}`,
        why: 'publint reports what breaks or misleads some tool or runtime loading the package',
        fix: `fix ${tarball.dir}/package.json as the message says (https://publint.dev/rules#${message.code.toLowerCase()})`,
      });
    }
  }

  const attw = join(ctx.releaseDir, 'node_modules', '.bin', 'attw');
  const libraries = ctx.tarballs.filter((tarball) => isLibrary(tarball.manifest));
  const accepted = [];
  for (const tarball of libraries) {
    const result = await run(attw, [tarball.file, '--format', 'json', '--no-definitely-typed'], {
      cwd: ctx.work,
      timeoutMs: 120_000,
    });
    /** @type {{ analysis?: { problems?: import('../attw.mjs').AttwProblem[] } }} */
    let out = {};
    try {
      out = JSON.parse(result.stdout);
    } catch {
      report.fail({
        what: `attw on ${tarball.name} printed no JSON (exit ${result.code}): ${tail(result.stderr || result.stdout)}`,
        why: 'without its analysis the types of the package are unchecked',
        fix: `run \`attw ${tarball.file}\` from tools/release and read its error`,
      });
      continue;
    }
    const verdict = judgeAttw(out.analysis?.problems ?? []);
    accepted.push(...verdict.accepted);
    report.detail(
      `attw ${tarball.name}: ${verdict.accepted.length + verdict.rejected.length === 0 ? 'no problem' : countProblems([...verdict.accepted, ...verdict.rejected])}`,
    );
    for (const problem of verdict.rejected) {
      report.fail({
        what: `attw on ${tarball.name}: ${describeAttwProblem(problem)}`,
        why: 'a TypeScript user under that resolution gets wrong or missing types; the ESM-only decision accepts only CJSResolvesToESM (node16-cjs) and NoResolution (node10)',
        fix: `see https://github.com/arethetypeswrong/arethetypeswrong.github.io/blob/main/docs/problems/${problem.kind}.md and fix ${tarball.dir}/package.json's exports`,
      });
    }
  }
  return `publint: ${publintCount} message${publintCount === 1 ? '' : 's'} on ${ctx.tarballs.length} tarballs; attw: ${libraries.length} libraries, ${accepted.length} problems the ESM-only decision accepts`;
}
