// Step 2: in an empty folder outside the workspace, `npm install` the tarballs, and nothing else of ours, with plain
// npm: third-party dependencies come from the registry, dbkit's own from the tarballs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tail } from '../context.mjs';
import { tarballResolutions, thirdPartyCount } from '../lockfile.mjs';
import { protocolLeaks } from '../manifest.mjs';
import { run } from '../process.mjs';
import { formatSeconds } from '../report.mjs';

/**
 * @param {import('../context.mjs').Context} ctx
 * @param {import('../report.mjs').Recorder} report
 */
export async function install(ctx, report) {
  if (ctx.tarballs.length === 0) {
    report.skip('needs the tarballs of the pack step');
    return '';
  }
  let leaked = 0;
  for (const tarball of ctx.tarballs) {
    for (const { field, name, spec } of protocolLeaks(tarball.manifest)) {
      leaked++;
      report.fail({
        what: `${tarball.name}'s packed package.json has ${field}["${name}"] = "${spec}"`,
        why: `npm cannot resolve pnpm's "${spec.split(':')[0]}:" protocol: installing ${tarball.name} fails with EUNSUPPORTEDPROTOCOL`,
        fix: `pack with \`pnpm pack\`, which rewrites it to a version, never \`npm pack\`; check ${tarball.dir}/package.json's publishConfig`,
      });
    }
  }
  if (leaked > 0) return `${leaked} pnpm protocol version${leaked === 1 ? '' : 's'} left in the packed manifests`;

  const options = { cwd: ctx.consumerDir, env: ctx.outsideEnv };
  const init = await run('npm', ['init', '-y'], { ...options, timeoutMs: 60_000 });
  if (init.code !== 0) {
    report.fail({
      what: `npm init -y failed in ${ctx.consumerDir}: ${tail(init.stderr || init.stdout)}`,
      why: 'the consumer project needs a package.json',
      fix: 'run it by hand in an empty folder and fix the npm setup it reports',
    });
    return 'no consumer project';
  }
  const files = ctx.tarballs.map((tarball) => tarball.file);
  const installed = await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...files], {
    ...options,
    timeoutMs: 300_000,
  });
  if (installed.code !== 0) {
    report.fail({
      what: `npm install of the ${files.length} tarballs ${installed.timedOut ? 'timed out' : `exited with code ${installed.code}`}: ${tail(installed.stderr || installed.stdout)}`,
      why: 'a user installing these packages with npm gets the same failure',
      fix: `reproduce it: \`npm init -y && npm install ${files.join(' ')}\` in an empty folder, with DBKIT_RELEASE_KEEP=1 to keep this one`,
    });
    return 'install failed';
  }
  const lock = JSON.parse(readFileSync(join(ctx.consumerDir, 'package-lock.json'), 'utf8'));
  const names = ctx.tarballs.map((tarball) => tarball.name);
  for (const { name, problem, detail } of tarballResolutions(lock, names)) {
    report.fail({
      what: `${name}: ${detail}`,
      why:
        problem === 'registry'
          ? 'the consumer would run a published version, not the one being released'
          : problem === 'copy'
            ? 'a dependency range between dbkit packages does not accept the packed version, so npm took another'
            : 'the consumer cannot import it',
      fix: 'make dbkit packages depend on each other with `workspace:*`, which pnpm pack turns into the packed version',
    });
  }
  ctx.installed = true;
  return `npm installed ${names.length} tarballs and ${thirdPartyCount(lock, names)} registry packages in ${formatSeconds(installed.ms)}; every dbkit package came from its tarball`;
}
