/**
 * The `dbkit` binary, once `main.ts` has set up the compile cache. Every failure ends as one line on stderr and an
 * exit code, never a stack trace: 0 clean, 1 findings (or the service refused), 2 usage, input, connection or
 * internal errors.
 */
import { readFileSync } from 'node:fs';
import { main } from './cli.js';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
  homepage?: string;
};

// `dbkit validate … | head` closes stdout early: stop quietly instead of crashing on EPIPE.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  readStdin: async () => (await import('node:stream/consumers')).text(process.stdin),
  cwd: process.cwd(),
  env: process.env,
  tool: {
    name: 'dbkit',
    version: pkg.version,
    informationUri: pkg.homepage ?? 'https://www.npmjs.com/package/@dbkit/cli',
  },
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(
      `dbkit: internal error: ${message.split('\n')[0]}. Please report it with the command you ran.\n`,
    );
    process.exitCode = 2;
  },
);
