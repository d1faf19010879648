// The server over real HTTP, on the production build (`dist/`, which turbo builds before `test`).
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { resolve } from 'node:path';
import { stopProcess } from '@dbkit/test-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSchemaFiles } from '../site/schemaFiles.ts';
import { PACKAGE_DIR, run, startServer } from './serverHarness.ts';

const SCHEMA_DIR = resolve(PACKAGE_DIR, '../../packages/schema/schema');
const schemaFiles = readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.json'));
const sitePathOf = new Map(readSchemaFiles(SCHEMA_DIR).map((f) => [f.file, f.sitePath]));

describe('the schema site and the playground over HTTP', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    if (server !== undefined) await stopProcess(server.child);
  });

  it('serves every schema file at the path of its $id', () => {
    expect(schemaFiles.length).toBeGreaterThanOrEqual(10);
    for (const file of schemaFiles.filter((f) => f !== 'catalog.json')) {
      const id = (JSON.parse(readFileSync(resolve(SCHEMA_DIR, file), 'utf8')) as { $id: string }).$id;
      expect(id).toBe(`https://dbkit.dev/schema/v1.0/${file}`);
      expect(sitePathOf.get(file)).toBe(`schema/v1.0/${file}`);
    }
    expect(sitePathOf.get('catalog.json')).toBe('schema/catalog.json');
  });

  it.for(schemaFiles)('%s answers byte-identical, with its content type and CORS', async (file) => {
    const response = await fetch(`${server.url}${sitePathOf.get(file)}`);
    expect(response.status).toBe(200);
    const body = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(body).equals(readFileSync(resolve(SCHEMA_DIR, file)))).toBe(true);
    expect(response.headers.get('content-type')).toBe(
      file === 'catalog.json' ? 'application/json' : 'application/schema+json',
    );
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('lists the schemas with set-up for each editor', async () => {
    const response = await fetch(`${server.url}schema/`);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const page = await response.text();
    for (const file of schemaFiles) expect(page).toContain(file);
    for (const heading of ['VS Code', 'JetBrains', 'neovim (jsonls)', 'SchemaStore catalog users'])
      expect(page).toContain(heading);
    expect(page).toContain('"json.schemas"');
  });

  it('serves the playground with relative asset paths and the right types', async () => {
    const html = await (await fetch(server.url)).text();
    const assets = [...html.matchAll(/(?:src|href)="(\.\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(2);
    expect(html).not.toMatch(/(?:src|href)="\/assets/);
    for (const asset of assets) {
      const response = await fetch(new URL(asset, server.url));
      expect(response.status).toBe(200);
      const type = response.headers.get('content-type');
      expect(type).toBe(asset.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8');
    }
  });

  it.for([
    { path: 'nope.html', status: 404 },
    { path: '..%2f..%2fpackage.json', status: 404 },
    { path: 'assets/..%2f..%2f..%2fpackage.json', status: 404 },
  ])('answers $status for $path', async ({ path, status }) => {
    expect((await fetch(`${server.url}${path}`)).status).toBe(status);
  });
});

describe('the server process', () => {
  let blocker: Server;
  let busyPort: number;
  beforeAll(async () => {
    blocker = createServer();
    await new Promise<void>((done) => blocker.listen(0, '127.0.0.1', done));
    busyPort = (blocker.address() as { port: number }).port;
  });
  afterAll(() => {
    blocker.close();
  });

  it('says in one line that a port is busy, and exits 2', async () => {
    const server = run(['--port', String(busyPort)]);
    expect(await server.exited).toBe(2);
    expect(server.stderr()).toBe(`dbkit web: port ${busyPort} is already in use; choose another with --port or PORT\n`);
  });

  it('takes the port from PORT', async () => {
    const server = run([], { PORT: String(busyPort) });
    expect(await server.exited).toBe(2);
    expect(server.stderr()).toContain(`port ${busyPort} is already in use`);
  });

  it('refuses a bad option in one line, exit 2', async () => {
    const server = run(['--prot', '80']);
    expect(await server.exited).toBe(2);
    expect(server.stderr().trimEnd().split('\n')).toHaveLength(1);
    expect(server.stderr()).toMatch(/^dbkit web: unknown option --prot;/);
  });

  it.for(['SIGINT', 'SIGTERM'] as const)('stops on %s with exit code 0', async (signal) => {
    const server = await startServer();
    expect((await fetch(server.url)).status).toBe(200);
    server.child.kill(signal);
    expect(await server.exited).toBe(0);
    expect(server.stderr()).toBe('');
  });
});
