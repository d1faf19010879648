/**
 * Where the service is and who calls it: flags or the environment, what happens when something is missing, wrong
 * or unreachable, and that the private key is never printed (every run checks stdout and stderr for it).
 */
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { beforeEach, describe, expect, it } from 'vitest';
import { dbkit, neverPrinted, useService } from './helpers.js';

const service = useService();
const MADE_UP = 'f00dfeed-0000-4000-8000-made-up-key00';

beforeEach(async () => {
  const s = service();
  neverPrinted(s.privateKey, s.otherPrivateKey, MADE_UP);
  await s.reset();
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('connection settings', () => {
  it('come from the environment', async () => {
    const s = service();
    const result = await dbkit(['alerts', 'list', s.group, '--json'], { env: s.env });
    expect(result.code, result.stderr).toBe(0);
  });

  it('come from flags, which win over the environment', async () => {
    const s = service();
    const flags = ['--base-url', s.url, '--public-key', s.publicKey, '--private-key', s.privateKey];
    const only = await dbkit(['alerts', 'list', s.group, '--json', ...flags]);
    expect(only.code, only.stderr).toBe(0);
    const over = await dbkit(['alerts', 'list', s.group, '--json', ...flags], {
      env: { DBKIT_BASE_URL: 'http://127.0.0.1:1', DBKIT_PUBLIC_KEY: 'NOPE', DBKIT_PRIVATE_KEY: MADE_UP },
    });
    expect(over.code, over.stderr).toBe(0);
    expect(over.stdout).toBe(only.stdout);
  });

  it.for([
    ['DBKIT_BASE_URL', "missing the service's URL (--base-url or DBKIT_BASE_URL)"],
    ['DBKIT_PUBLIC_KEY', 'missing the public key (--public-key or DBKIT_PUBLIC_KEY)'],
    ['DBKIT_PRIVATE_KEY', 'missing the private key (--private-key or DBKIT_PRIVATE_KEY)'],
  ] as const)('without %s: a usage error naming the flag and the variable, nothing sent', async ([name, message]) => {
    const s = service();
    const env = { ...s.env };
    delete env[name];
    const result = await dbkit(['snapshots', 'list', s.group, s.cluster], { env });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.split('\n')).toHaveLength(2);
    expect(result.stderr).toMatch(new RegExp(`^dbkit: ${message.replace(/[()]/g, '\\$&')};`));
    expect(await s.requests()).toEqual([]);
  });

  it('an empty variable counts as missing', async () => {
    const s = service();
    const result = await dbkit(['alerts', 'list', s.group], { env: { ...s.env, DBKIT_PRIVATE_KEY: '' } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('missing the private key (--private-key or DBKIT_PRIVATE_KEY)');
  });

  it('a base URL that is not http(s) is a usage error', async () => {
    const s = service();
    const result = await dbkit(['alerts', 'list', s.group], { env: { ...s.env, DBKIT_BASE_URL: 'localhost:8080' } });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'dbkit: the base URL must be http:// or https://, e.g. http://127.0.0.1:8080, not "localhost:8080"\n',
    );
  });

  it('a service that cannot be reached: exit 2 and one line saying what to do', async () => {
    const s = service();
    const port = await closedPort();
    const result = await dbkit(['alerts', 'list', s.group], {
      env: { ...s.env, DBKIT_BASE_URL: `http://127.0.0.1:${port}` },
    });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `dbkit: Cannot reach the service at http://127.0.0.1:${port}: the connection was refused (ECONNREFUSED). Start the service (npm run serve) or check its address: --base-url or DBKIT_BASE_URL.\n`,
    );
  });

  it('something else at the address (HTML, 200 or 404): one line, exit 2, never a page of HTML', async () => {
    const s = service();
    const page = `<html><body>${'<p>not the service</p>'.repeat(100)}</body></html>`;
    const other = createHttpServer((request, response) => {
      response.writeHead(request.url?.includes('/alerts') ? 200 : 404, { 'Content-Type': 'text/html' });
      response.end(page);
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const address = other.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    try {
      const ok = await dbkit(['alerts', 'list', s.group], { env: { ...s.env, DBKIT_BASE_URL: base } });
      expect(ok.code).toBe(2);
      expect(ok.stderr).toBe(
        `dbkit: The answer from ${base} is not the service's: it is not JSON. Give the service's address, without /api/public/v1.0: --base-url or DBKIT_BASE_URL.\n`,
      );
      const missing = await dbkit(['config', 'pull', s.group], { env: { ...s.env, DBKIT_BASE_URL: base } });
      expect(missing.code).toBe(2);
      expect(missing.stderr).toBe(
        `dbkit: The answer from ${base} is not the service's: a "Not Found" page (HTTP 404). Give the service's address, without /api/public/v1.0: --base-url or DBKIT_BASE_URL.\n`,
      );
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });
});

describe('wrong keys', () => {
  it.for([
    ['a made-up private key', (s: ReturnType<typeof service>) => ({ ...s.env, DBKIT_PRIVATE_KEY: MADE_UP })],
    [
      "another project's key pair",
      (s: ReturnType<typeof service>) => ({ ...s.env, DBKIT_PRIVATE_KEY: s.otherPrivateKey }),
    ],
    ['an unknown public key', (s: ReturnType<typeof service>) => ({ ...s.env, DBKIT_PUBLIC_KEY: 'NOBODY00' })],
  ] as const)('%s: exit 1, one sentence saying what to check, no secret anywhere', async ([, envOf]) => {
    const s = service();
    for (const args of [
      ['alerts', 'list', s.group],
      ['alerts', 'list', s.group, '--json', '--verbose'],
      ['config', 'pull', s.group],
    ]) {
      const result = await dbkit(args, { env: envOf(s) });
      expect(result.code, result.stderr).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr.trimEnd().split('\n').at(-1)).toBe(
        `dbkit: The service rejected the key pair for project ${s.group} (HTTP 401). Check the public and private key: --public-key and --private-key, or DBKIT_PUBLIC_KEY and DBKIT_PRIVATE_KEY.`,
      );
    }
  });

  it('on a terminal (FORCE_COLOR): the reference dimmed, what to do in bold, as the findings are', async () => {
    const s = service();
    const result = await dbkit(['alerts', 'list', s.group], {
      env: { ...s.env, DBKIT_PRIVATE_KEY: MADE_UP, FORCE_COLOR: '1' },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `dbkit: The service rejected the key pair for project ${s.group} \u001b[2m(HTTP 401)\u001b[0m. \u001b[1mCheck the public and private key: --public-key and --private-key, or DBKIT_PUBLIC_KEY and DBKIT_PRIVATE_KEY.\u001b[0m\n`,
    );
  });

  it('the private key given as a flag is not printed either, even with --verbose', async () => {
    const s = service();
    const result = await dbkit(
      ['snapshots', 'list', s.group, s.cluster, '--verbose', '--json', '--private-key', s.privateKey],
      { env: { DBKIT_BASE_URL: s.url, DBKIT_PUBLIC_KEY: s.publicKey } },
    );
    expect(result.code, result.stderr).toBe(0);
    // --verbose: one line per exchange, the challenge included, never a header.
    expect(result.stderr).toMatch(
      /^dbkit: GET \/api\/public\/v1\.0\/groups\/\w+\/clusters\/\w+\/snapshots\?\S+ → 401 \(\d+ ms\)\n/,
    );
    expect(result.stderr).toMatch(/→ 200 \(\d+ ms\)\n$/);
    expect(result.stderr).not.toMatch(/Digest|Authorization|response=/i);
  });
});

describe('help and usage', () => {
  it('dbkit --help lists the API commands; dbkit <command> --help their options', async () => {
    const main = await dbkit(['--help']);
    expect(main.code).toBe(0);
    for (const command of [
      'dbkit validate',
      'dbkit alerts list GROUP',
      'dbkit snapshots list|get|set-expiry|keep',
      'dbkit config-server-snapshots list|get',
      'dbkit config pull GROUP [--out FILE]',
      'dbkit config push GROUP FILE [--force]',
    ]) {
      expect(main.stdout).toContain(command);
    }
    for (const [args, text] of [
      [['alerts', '--help'], '--status <status>'],
      [['snapshots', 'list', '--help'], 'dbkit snapshots keep GROUP CLUSTER SNAPSHOT [--no]'],
      [['help', 'snapshots'], '--completed <filter>'],
      [['config-server-snapshots', '-h'], 'dbkit config-server-snapshots get GROUP HOST SNAPSHOT'],
      [['config', '--help'], 'DBKIT_PRIVATE_KEY'],
    ] as const) {
      const result = await dbkit(args);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(text);
    }
  });

  it.for([
    [['snapshots'], 'dbkit: dbkit snapshots needs a subcommand: list, get, set-expiry or keep'],
    [
      ['snapshots', 'delete', 'g', 'c', 's'],
      'dbkit: unknown subcommand snapshots delete (use list, get, set-expiry or keep)',
    ],
    [['snapshots', 'get', 'g', 'c'], 'dbkit: missing SNAPSHOT: dbkit snapshots get GROUP CLUSTER SNAPSHOT'],
    [['alerts', 'list', 'g', 'extra'], 'dbkit: unexpected argument extra: dbkit alerts list GROUP'],
    [['alerts', 'list', 'g', '--page-size', '0'], 'dbkit: --page-size takes an integer from 1 to 500, not "0"'],
    [['snapshots', 'list', 'g', 'c', '--completed', 'yes'], 'dbkit: --completed takes true, false, all, not "yes"'],
    [['config', 'pull', 'g', '--json'], 'dbkit: unknown option --json'],
    [['config', 'push', 'g'], 'dbkit: missing FILE: dbkit config push GROUP FILE'],
  ] as const)('%j is a usage error (exit 2)', async ([args, message]) => {
    const s = service();
    const result = await dbkit(args, { env: s.env });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/; run dbkit [a-z-]+ --help for usage\n$/);
    expect(result.stderr.startsWith(message)).toBe(true);
  });
});
