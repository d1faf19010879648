// `bin/dbkit-web.mjs --service URL` over real HTTP, in front of a real dbkit service (`apps/server`, in memory):
// the service's API passes through same-origin with its challenge and status, the client works through it, and
// every failure (no service configured, service down, a bad URL) is a clear answer or one line and exit code 2.
import { createServer } from 'node:net';
import { createClient, DbkitApiError } from '@dbkit/client';
import { stopProcess } from '@dbkit/test-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Project, type Service, startService } from '../e2e/service.ts';
import { run, startServer } from './serverHarness.ts';

type Web = Awaited<ReturnType<typeof startServer>>;
const stop = async (web: Web | undefined) => {
  if (web !== undefined) await stopProcess(web.child);
};

/** A port nothing listens on: taken, then released. */
async function deadPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const address = probe.address();
  await new Promise((done) => probe.close(done));
  return typeof address === 'object' && address !== null ? address.port : 1;
}

describe('the service proxy', () => {
  let service: Service;
  let project: Project;
  let web: Web;
  let bare: Web;
  beforeAll(async () => {
    // With the admin API on, so that a request escaping the API prefix would reach something.
    service = await startService(['--admin']);
    project = service.projects[0]!;
    web = await startServer(['--port', '0', '--service', `${service.url}/api/public/v1.0`]);
    bare = await startServer(['--port', '0']);
  });
  afterAll(async () => {
    await stop(web);
    await stop(bare);
    await service?.stop();
  });
  const api = (base: string) => `${base}api/public/v1.0/groups/${project.id}/automationConfig`;

  it('prints where the service is reached', () => {
    expect(web.stdout()).toContain(`dbkit service:    ${service.url} (through http://localhost:`);
  });

  it('says whether a service is configured', async () => {
    const configured = await fetch(`${web.url}dbkit-web/service.json`);
    expect(configured.status).toBe(200);
    expect(await configured.json()).toEqual({ service: service.url, api: '/api/public/v1.0/' });
    const none = await fetch(`${bare.url}dbkit-web/service.json`);
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({ errorCode: 'NO_SERVICE' });
  });

  it('passes a request on with the service’s status, challenge and body', async () => {
    const response = await fetch(api(web.url));
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Digest realm="dbkit", .*qop="auth"/);
    expect(response.headers.get('x-db-service-version')).toContain('dbkit');
  });

  it('carries Digest, GET and PUT for @dbkit/client', async () => {
    const client = createClient({ baseUrl: web.url, publicKey: project.publicKey, privateKey: project.privateKey });
    const stored = await client.automationConfig.get(project.id);
    await client.automationConfig.put(
      project.id,
      stored.text.replace(/"version": \d+/, `"version": ${stored.version + 1}`),
    );
    expect((await client.automationConfig.get(project.id)).version).toBe(stored.version + 1);
  });

  it.for([
    { name: 'a wrong key', privateKey: 'wrong', status: 401 },
    { name: 'a stale version', privateKey: undefined, status: 409 },
  ])('passes the service’s refusal on: $name', async ({ privateKey, status }) => {
    const client = createClient({
      baseUrl: web.url,
      publicKey: project.publicKey,
      privateKey: privateKey ?? project.privateKey,
    });
    // The stored document as it is: its version is not higher than the stored one.
    const owner = createClient({ baseUrl: web.url, publicKey: project.publicKey, privateKey: project.privateKey });
    const { text } = await owner.automationConfig.get(project.id);
    const error = await client.automationConfig.put(project.id, text).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DbkitApiError);
    expect((error as DbkitApiError).status).toBe(status);
  });

  it('answers 404 NO_SERVICE under the API without a service, and still serves the page', async () => {
    const response = await fetch(api(bare.url));
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ errorCode: 'NO_SERVICE' });
    expect((await fetch(bare.url)).status).toBe(200);
    expect((await fetch(web.url)).status).toBe(200);
  });

  it.for([
    '/api/public/v1.0/../../__dbkit/requests',
    '/api/public/v1.0/%2e%2e/%2E%2E/__dbkit/requests',
    '/api/public/v1.0/..%2f..%2f__dbkit/requests',
  ])('never passes on what leaves the API: %s', async (path) => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((done, failed) => {
      // fetch would resolve the dot segments itself; a raw request sends the path as written.
      const sent = request(new URL(web.url), { path, method: 'GET' }, (response) => {
        response.resume();
        done(response.statusCode ?? 0);
      });
      sent.on('error', failed);
      sent.end();
    });
    expect([404, 401]).toContain(status);
  });

  it('answers 502 SERVICE_UNREACHABLE when the service is down', async () => {
    const port = await deadPort();
    const down = await startServer(['--port', '0', '--service', `http://127.0.0.1:${port}`]);
    try {
      const response = await fetch(api(down.url));
      expect(response.status).toBe(502);
      const body = (await response.json()) as { errorCode: string; detail: string };
      expect(body.errorCode).toBe('SERVICE_UNREACHABLE');
      expect(body.detail).toContain(`http://127.0.0.1:${port} (ECONNREFUSED)`);
    } finally {
      await stop(down);
    }
  });
});

describe('the --service option', () => {
  it.for([
    { args: ['--service'], env: {}, error: '--service needs a URL' },
    { args: ['--service', 'not a url'], env: {}, error: "--service must be the service's URL" },
    { args: ['--service=ftp://x'], env: {}, error: '--service must be an http or https URL' },
    { args: [], env: { DBKIT_SERVICE_URL: 'nope' }, error: "DBKIT_SERVICE_URL must be the service's URL" },
  ])('refuses $args $env with one line and exit code 2', async ({ args, env, error }) => {
    const started = run(['--port', '0', ...args], env);
    expect(await started.exited).toBe(2);
    expect(started.stderr()).toContain(`dbkit web: ${error}`);
    expect(started.stderr().trim().split('\n')).toHaveLength(1);
  });

  it('takes the service from DBKIT_SERVICE_URL and lists it under --help', async () => {
    const help = run(['--help']);
    expect(await help.exited).toBe(0);
    expect(help.stdout()).toContain('--service URL');
    const fromEnv = run(['--port', '0'], { DBKIT_SERVICE_URL: 'http://127.0.0.1:1' });
    await new Promise<void>((done) => {
      const look = () => (fromEnv.stdout().includes('dbkit service:') ? done() : undefined);
      fromEnv.child.stdout?.on('data', look);
      look();
    });
    expect(fromEnv.stdout()).toContain('dbkit service:    http://127.0.0.1:1 (through');
    fromEnv.child.kill('SIGTERM');
    expect(await fromEnv.exited).toBe(0);
  });
});
