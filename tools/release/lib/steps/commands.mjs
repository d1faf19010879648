// Step 5: the commands of the installed tarballs, through npx as a user runs them: the CLI, the language server
// over stdio, and the service when it is published.

import { tail, VALID_EXAMPLE } from '../context.mjs';
import { greet } from '../lsp.mjs';
import { collect, groupOutlives, run, signalGroup, start, waitForExit } from '../process.mjs';

const SERVER_BIN = 'dbkit-server';

/** Whether a manifest's `bin` has the command `name`. */
const hasBin = (/** @type {import('../manifest.mjs').Manifest} */ manifest, /** @type {string} */ name) =>
  manifest.bin !== null && typeof manifest.bin === 'object' && name in manifest.bin;

/**
 * `npx --no --`: a command missing from the install must fail, never be fetched from the registry; after `--no`, npx
 * would read the command's own options (`--port`) as npm's unless `--` ends its options.
 */
const NPX = ['--no', '--'];

/**
 * @param {import('../context.mjs').Context} ctx
 * @param {import('../report.mjs').Recorder} report
 */
async function cli(ctx, report) {
  const options = { cwd: ctx.consumerDir, env: ctx.outsideEnv, timeoutMs: 60_000 };
  const validated = await run('npx', [...NPX, 'dbkit', 'validate', 'valid.automation.json'], options);
  if (validated.code !== 0) {
    report.fail({
      what: `npx dbkit validate <the valid example> exited with ${validated.timedOut ? 'a timeout' : `code ${validated.code}`}: ${tail(validated.stderr || validated.stdout)}`,
      why: `${VALID_EXAMPLE} has no diagnostic in the workspace; the installed CLI must agree and exit 0`,
      fix: 'run it in the kept folder (DBKIT_RELEASE_KEEP=1): a file missing from @dbkit/cli\'s "files" or a dependency missing from its manifest shows there',
    });
  }
  const explained = await run('npx', [...NPX, 'dbkit', 'explain', 'DBK202'], options);
  const title = ctx.explained?.title;
  const printed = explained.stdout.includes('DBK202') && (title === undefined || explained.stdout.includes(title));
  if (explained.code !== 0 || !printed) {
    report.fail({
      what: `npx dbkit explain DBK202 ${explained.code === 0 ? 'did not print the entry' : `exited with code ${explained.code}`}: ${tail(explained.stderr || explained.stdout)}`,
      why: `the installed CLI must print the code's entry${title ? ` ("${title}", from the installed @dbkit/core/explain)` : ''}`,
      fix: 'run it in the kept folder (DBKIT_RELEASE_KEEP=1) and compare with `pnpm dbkit explain DBK202`',
    });
  }
  return `dbkit validate exit ${validated.code}, dbkit explain DBK202 ${printed ? 'printed the entry' : 'failed'}`;
}

/**
 * @param {import('../context.mjs').Context} ctx
 * @param {import('../report.mjs').Recorder} report
 */
async function languageServer(ctx, report) {
  const child = start('npx', [...NPX, 'dbkit-language-server', '--stdio'], {
    cwd: ctx.consumerDir,
    env: ctx.outsideEnv,
  });
  const stderr = collect(child.stderr);
  try {
    const result = await greet(child, 30_000);
    const name = result?.serverInfo?.name;
    const version = result?.serverInfo?.version;
    const packed = ctx.tarballs.find((tarball) => hasBin(tarball.manifest, 'dbkit-language-server'))?.version;
    const exited = await waitForExit(child, 10_000);
    if (version !== undefined && version !== packed) {
      report.fail({
        what: `the language server calls itself version ${version}, but its package is ${packed}`,
        why: 'editors log that version, and bug reports quote it',
        fix: "take serverInfo.version from the package's own package.json at build or run time",
      });
    }
    if (name !== 'dbkit-language-server') {
      report.fail({
        what: `the language server answered initialize with serverInfo.name ${JSON.stringify(name)}`,
        why: 'editors show and log the server by that name; dbkit-language-server is what its docs say',
        fix: "set serverInfo in packages/language-server's createServer",
      });
    }
    if (exited.timedOut || exited.code !== 0) {
      report.fail({
        what: `the language server ${exited.timedOut ? 'did not exit within 10 s' : `exited with code ${exited.code}`} after shutdown and exit`,
        why: 'the protocol says a server exits with 0 on exit after shutdown; editors otherwise report a crash',
        fix: 'check the exit handling of the connection in packages/language-server/src/node.ts',
      });
    }
    return `dbkit-language-server --stdio answered initialize as ${name} ${version ?? '(no version)'}, exit ${exited.code}`;
  } catch (error) {
    signalGroup(child);
    report.fail({
      what: `npx dbkit-language-server --stdio: ${/** @type {Error} */ (error).message}; stderr: ${tail(stderr.text())}`,
      why: 'every editor but VS Code starts the server this way from the installed package',
      fix: 'run `npx dbkit-language-server --stdio` in the kept folder (DBKIT_RELEASE_KEEP=1) and send an initialize request',
    });
    return 'dbkit-language-server failed';
  }
}

/**
 * @param {import('../context.mjs').Context} ctx
 * @param {import('../report.mjs').Recorder} report
 */
export async function service(ctx, report) {
  if (!ctx.installed) {
    report.skip('needs the install step');
    return '';
  }
  if (!ctx.tarballs.some((tarball) => hasBin(tarball.manifest, SERVER_BIN))) {
    const owner = ctx.workspace.find((pkg) => hasBin(pkg.manifest, SERVER_BIN));
    report.skip(
      `no published package has the ${SERVER_BIN} command${owner ? ` (${owner.manifest.name} in ${owner.dir} is private)` : ''}`,
    );
    return '';
  }
  const child = start('npx', [...NPX, SERVER_BIN, '--in-memory', '--port', '0'], {
    cwd: ctx.consumerDir,
    env: ctx.outsideEnv,
  });
  const stdout = collect(child.stdout);
  const stderr = collect(child.stderr);
  const match = await stdout.waitFor(/dbkit server: (http:\/\/\S+)/, 30_000);
  if (!match) {
    signalGroup(child);
    report.fail({
      what: `npx ${SERVER_BIN} --in-memory --port 0 printed no URL within 30 s; stderr: ${tail(stderr.text())}`,
      why: 'users start the service this way and read its address from that line',
      fix: `run it in the kept folder (DBKIT_RELEASE_KEEP=1): a file or dependency missing from the package shows there`,
    });
    return `${SERVER_BIN} did not start`;
  }
  const url = `${match[1]?.replace(/\/$/, '')}/`;
  let status = 'no answer';
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    status = `HTTP ${response.status}`;
  } catch (error) {
    report.fail({
      what: `${SERVER_BIN} printed ${url} but it does not answer: ${/** @type {Error} */ (error).message}`,
      why: 'the printed address is what users and the docs call',
      fix: 'check the host and port the service listens on against the line it prints',
    });
  }
  // Ctrl-C in a terminal: SIGINT to the whole foreground process group, npx and the service.
  signalGroup(child, 'SIGINT');
  const exited = await waitForExit(child, 15_000);
  const lingers = await groupOutlives(child, 5_000);
  const stopped = /SIGINT, stopping/.test(stdout.text());
  if (exited.timedOut || lingers) {
    signalGroup(child);
    report.fail({
      what: `${SERVER_BIN} was still running 15 s after SIGINT (Ctrl-C)${stopped ? ', though it printed that it was stopping' : ''}`,
      why: 'a service that outlives Ctrl-C keeps its port and leaves a terminal stuck',
      fix: "check the SIGINT handler in the service's main.ts",
    });
  }
  return `${SERVER_BIN} printed its URL, ${url} answered ${status}; SIGINT ${lingers || exited.timedOut ? 'did not stop it' : `stopped it${stopped ? ' (it printed "stopping")' : ''}`}`;
}

/**
 * @param {import('../context.mjs').Context} ctx
 * @param {import('../report.mjs').Recorder} report
 */
export async function commands(ctx, report) {
  if (!ctx.installed) {
    report.skip('needs the install step');
    return '';
  }
  return `${await cli(ctx, report)}; ${await languageServer(ctx, report)}`;
}
