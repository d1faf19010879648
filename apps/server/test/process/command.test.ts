/**
 * `dbkit-server` run as a user runs it: it prints its URL and a key pair, curl --digest works with what it printed,
 * Ctrl-C stops it cleanly, a busy port or a bad flag gets one clear line and exit code 2, `--cors` reaches the
 * service.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseArguments } from '../../src/cli.js';
import { curl, lastResponse } from '../helpers.js';
import { firstProject, runProcess, startProcess } from './helpers.js';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

describe('dbkit-server', () => {
  it('prints its URL, the projects and a curl line that works as printed; Ctrl-C exits 0 [spec:auth-key-pairs]', async () => {
    const started = await startProcess(['--port', '0', '--seed', '7', '--in-memory']);
    const { id, credentials } = firstProject(started.stdout());
    const tryLine = /try: (curl .*)$/m.exec(started.stdout())?.[1] ?? '';
    expect(tryLine).toContain(`--digest -u ${credentials}`);
    const result = await curl([
      '--digest',
      '-u',
      credentials,
      `${started.url}/api/public/v1.0/groups/${id}/alerts?pretty=true`,
    ]);
    expect(JSON.parse(result.stdout)).toMatchObject({ totalCount: 28 });
    started.child.kill('SIGINT');
    expect(await started.exited).toBe(0);
    expect(started.stdout()).toMatch(/SIGINT, stopping/);
    expect(started.stderr()).toBe('');
  });

  it("says its package's version: under the URL line, in X-DB-Service-Version, and with --version", async () => {
    const started = await startProcess(['--port', '0', '--in-memory']);
    const [urlLine, versionLine] = started.stdout().split('\n');
    expect([urlLine, versionLine]).toEqual([`dbkit server: ${started.url}/api/public/v1.0`, `  version ${version}`]);
    const answer = lastResponse((await curl(['-i', `${started.url}/api/public/v1.0/groups/x/alerts`])).stdout);
    expect(answer.headers.get('x-db-service-version')).toBe(
      `gitHash=${'0'.repeat(40)}; versionString=dbkit-${version}`,
    );
    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
    expect(await runProcess(['--version'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('PORT chooses the port; a busy port gets one line and exit 2', async () => {
    const first = await startProcess(['--in-memory'], { PORT: '0' });
    const port = new URL(first.url).port;
    const second = await runProcess(['--in-memory'], { PORT: port });
    expect(second.code).toBe(2);
    expect(second.stderr).toBe(`dbkit server: port ${port} is already in use; choose another with --port or PORT.\n`);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  });

  it('--cors lets pages of the origin call the API: it says so, and a preflight gets the origin', async () => {
    const started = await startProcess(['--port', '0', '--in-memory', '--cors', 'https://vscode.dev']);
    expect(started.stdout()).toContain('  browsers may call it from: https://vscode.dev\n');
    const { id } = firstProject(started.stdout());
    const result = await curl([
      '-i',
      '-X',
      'OPTIONS',
      '-H',
      'Origin: https://vscode.dev',
      '-H',
      'Access-Control-Request-Method: GET',
      `${started.url}/api/public/v1.0/groups/${id}/alerts`,
    ]);
    const answer = lastResponse(result.stdout);
    expect([answer.status, answer.headers.get('access-control-allow-origin')]).toEqual([204, 'https://vscode.dev']);
    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
  });

  it.for([
    [['--port', 'eighty'], /^dbkit server: --port needs a whole number, got "eighty"\.\nUsage:/],
    [['--frobnicate'], /^dbkit server: unknown argument "--frobnicate"\.\nUsage:/],
    [['--port', '70000'], /^dbkit server: --port must be from 0 to 65535, got 70000\./],
    [['--cors', 'https://vscode.dev/'], /^dbkit server: --cors: an origin is scheme:\/\/host\[:port\], .*\nUsage:/],
  ] as const)('%j: one line saying what is wrong, the usage, exit 2, no stack trace', async ([args, message]) => {
    const result = await runProcess(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('parseArguments', () => {
  it.for([
    [[], {}, { port: 8080, host: '127.0.0.1', seed: 1, admin: false, dataDir: '.dbkit-data' }],
    [[], { PORT: '9090' }, { port: 9090 }],
    [['--port=0', '--seed', '42', '--admin', '--data', 'dir'], {}, { port: 0, seed: 42, admin: true, dataDir: 'dir' }],
    [
      ['--spec-literal-challenge', '--realm', 'MMS Public API'],
      {},
      { specLiteralChallenge: true, realm: 'MMS Public API' },
    ],
    [[], {}, { cors: [] }],
    [
      ['--cors', 'https://vscode.dev', '--cors=http://localhost:8080, HTTPS://*.VSCode-CDN.net:443'],
      {},
      { cors: ['https://vscode.dev', 'http://localhost:8080', 'https://*.vscode-cdn.net'] },
    ],
    [['--cors', '*', '--cors', '*'], {}, { cors: ['*'] }],
    [['--version'], {}, { version: true, help: false }],
  ] as const)('%j with %j', ([argv, env, expected]) => {
    const parsed = parseArguments(argv, env);
    expect(parsed.ok && parsed.value).toMatchObject(expected);
  });

  it.for([
    [['--seed', '-1'], /--seed needs a whole number/],
    [['--host'], /--host needs an address/],
    [['--realm', 'a"b'], /--realm needs printable ASCII without quotes/],
    [['--cors'], /^--cors: an origin is scheme:\/\/host\[:port\], .* got ""\.$/],
    [['--cors', 'https://vscode.dev,'], /^--cors: an origin is scheme:\/\/host\[:port\], .* got ""\.$/],
    [
      ['--cors', 'https://vscode.dev/'],
      /^--cors: an origin is scheme:\/\/host\[:port\], .* got "https:\/\/vscode\.dev\/"\.$/,
    ],
    [['--cors', 'vscode.dev'], /got "vscode\.dev"\.$/],
  ] as const)('refuses %j', ([argv, message]) => {
    const parsed = parseArguments(argv, {});
    expect(parsed.ok ? '' : parsed.message).toMatch(message);
  });

  it('refuses a bad PORT variable', () => {
    const parsed = parseArguments([], { PORT: 'x' });
    expect(parsed.ok ? '' : parsed.message).toBe('PORT needs a whole number, got "x".');
  });
});
