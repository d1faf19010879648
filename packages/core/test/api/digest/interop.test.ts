// Real HTTP clients (curl, Python requests) authenticating against a tiny node:http server built from the digest
// functions. This proves that real clients accept the challenge and that the verifier accepts their answers.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runTracked } from '@dbkit/test-process';
import { afterEach, describe, expect, it } from 'vitest';
import { type DigestChallengeStyle, unauthorizedResponse } from '../../../src/api/digest/challenge.js';
import { EMPTY_NONCE_STATE, issueNonce } from '../../../src/api/digest/nonce.js';
import { parseDigestAuthorization } from '../../../src/api/digest/parse.js';
import { verifyDigestAuthorization } from '../../../src/api/digest/verify.js';

/** Runs a client to its end (killed after 15 s); fails unless it exits with 0. */
async function run(command: string, args: readonly string[]): Promise<{ stdout: string }> {
  const result = await runTracked(command, args, { timeout: 15_000 });
  if (result.code !== 0) {
    throw new Error(`${command} failed (${result.signal ?? `exit code ${result.code}`}): ${result.stderr}`);
  }
  return result;
}
const KEYS: Readonly<Record<string, string>> = { pub: 'priv' };
const TTL_MS = 60_000;
const PATH = '/api/public/v1.0/groups/g1/alerts?status=OPEN&pageNum=1';

function available(command: string, args: readonly string[]): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}
const hasCurl = available('curl', ['--version']);
const hasRequests = available('python3', ['-c', 'import requests']);

interface TestServer {
  readonly url: string;
  /** Status of every response sent, in order, with the refusal reason for 401s. */
  readonly log: string[];
  /** Makes every outstanding nonce expire, as if the nonce lifetime had passed. */
  readonly expireNonces: () => void;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function startServer(style: DigestChallengeStyle = 'interoperable'): Promise<TestServer> {
  let state = EMPTY_NONCE_STATE;
  let clock = Date.now();
  const log: string[] = [];
  const server = createServer((req, res) => {
    const now = clock;
    let stale = false;
    const parsed = parseDigestAuthorization(req.headers.authorization);
    if (parsed.ok) {
      const verified = verifyDigestAuthorization(
        parsed.value,
        {
          method: req.method ?? 'GET',
          lookupKey: (publicKey) => KEYS[publicKey],
          ...(req.url === undefined ? {} : { requestUri: req.url }),
          allowMissingQop: style === 'spec-literal',
        },
        state,
        now,
      );
      state = verified.state;
      if (verified.ok) {
        log.push('200');
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ user: verified.username }));
        return;
      }
      stale = verified.stale;
      log.push(`401 ${verified.reason}`);
    } else {
      log.push(`401 ${parsed.reason}`);
    }
    const issued = issueNonce(state, { now, random: () => randomBytes(16).toString('hex'), ttlMs: TTL_MS });
    state = issued.state;
    const response = unauthorizedResponse({ nonce: issued.nonce, stale, now, style });
    res.writeHead(response.status, { ...response.headers }).end(response.body);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, log, expireNonces: () => (clock += TTL_MS) };
}

/** Runs curl with Digest auth; returns the final status of each URL. */
async function curl(user: string, urls: readonly string[], extra: readonly string[] = []): Promise<string[]> {
  const { stdout } = await run('curl', [
    '--silent',
    '--digest',
    '--user',
    user,
    ...extra,
    ...urls.flatMap((u) => ['--output', '/dev/null', '--write-out', '%{http_code}\\n', u]),
  ]);
  return stdout.trim().split('\n');
}

describe.skipIf(!hasCurl)(`curl --digest${hasCurl ? '' : ' (skipped: curl is not on PATH)'}`, () => {
  it('gets 401 with the challenge, then 200 when answering it [spec:auth-digest] [spec:auth-repeat]', async () => {
    const server = await startServer();
    expect(await curl('pub:priv', [server.url + PATH])).toEqual(['200']);
    expect(server.log).toEqual(['401 missing-header', '200']);
  });

  it('stays at 401 with a wrong private key', async () => {
    const server = await startServer();
    expect(await curl('pub:wrong', [server.url + PATH])).toEqual(['401']);
    expect(server.log).toEqual(['401 missing-header', '401 bad-response']);
  });

  it('stays at 401 with an unknown public key', async () => {
    const server = await startServer();
    expect(await curl('nobody:priv', [server.url + PATH])).toEqual(['401']);
    expect(server.log).toEqual(['401 missing-header', '401 unknown-user']);
  });

  it('authenticates a PATCH with a body', async () => {
    const server = await startServer();
    const extra = [
      '--request',
      'PATCH',
      '--header',
      'Content-Type: application/json',
      '--data',
      '{"doNotDelete":true}',
    ];
    expect(await curl('pub:priv', [server.url + PATH], extra)).toEqual(['200']);
    expect(server.log).toEqual(['401 missing-header', '200']);
  });

  it('authenticates each of several URLs in one run (curl 7.x answers a fresh challenge per URL)', async () => {
    const server = await startServer();
    expect(await curl('pub:priv', [server.url + PATH, `${server.url}/api/public/v1.0/groups/g2/alerts`])).toEqual([
      '200',
      '200',
    ]);
    expect(server.log).toEqual(['401 missing-header', '200', '401 missing-header', '200']);
  });

  it('works with the spec-literal challenge (op="auth"), answering in RFC 2069 form', async () => {
    const server = await startServer('spec-literal');
    expect(await curl('pub:priv', [server.url + PATH])).toEqual(['200']);
    expect(await curl('pub:wrong', [server.url + PATH])).toEqual(['401']);
    expect(server.log).toEqual(['401 missing-header', '200', '401 missing-header', '401 bad-response']);
  });
});

const PYTHON_CLIENT = `
import sys, requests
from requests.auth import HTTPDigestAuth
url, user, password, expire_url = sys.argv[1:5]
session = requests.Session()
session.auth = HTTPDigestAuth(user, password)
print(session.get(url).status_code)
print(session.get(url).status_code)
requests.post(expire_url)
print(session.get(url).status_code)
`;

describe.skipIf(!hasRequests)(
  `Python requests HTTPDigestAuth${hasRequests ? '' : ' (skipped: python3 with requests is not installed)'}`,
  () => {
    async function python(user: string, password: string): Promise<{ statuses: string[]; log: string[] }> {
      const server = await startServer();
      // A side channel the script calls to make the server's nonces expire between two requests.
      const expireServer = createServer((_req, res) => {
        server.expireNonces();
        res.end();
      });
      servers.push(expireServer);
      await new Promise<void>((resolve) => expireServer.listen(0, '127.0.0.1', resolve));
      const expireUrl = `http://127.0.0.1:${(expireServer.address() as AddressInfo).port}/`;
      const { stdout } = await run('python3', ['-c', PYTHON_CLIENT, server.url + PATH, user, password, expireUrl]);
      return { statuses: stdout.trim().split('\n'), log: server.log };
    }

    it('gets 200 after the challenge, reuses the nonce, and recovers silently from a stale nonce [spec:auth-repeat]', async () => {
      const { statuses, log } = await python('pub', 'priv');
      expect(statuses).toEqual(['200', '200', '200']);
      expect(log).toEqual(['401 missing-header', '200', '200', '401 stale-nonce', '200']);
    });

    it('stays at 401 with a wrong private key', async () => {
      const { statuses } = await python('pub', 'wrong');
      expect(statuses).toEqual(['401', '401', '401']);
    });
  },
);
