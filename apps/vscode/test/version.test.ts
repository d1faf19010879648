// The version a user sees: the output channel's activation line names the extension's, the changelog has its
// section, and the bundled language server (dist/server.js, what the .vsix runs) answers initialize with
// @dbkit/language-server's.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { spawnTracked } from '@dbkit/test-process';
import { describe, expect, it } from 'vitest';
import { activationLine } from '../src/lib/activation.ts';

const readJson = (path: string | URL) => JSON.parse(readFileSync(path, 'utf8'));
const manifest = readJson(new URL('../package.json', import.meta.url));
const languageServer = readJson(createRequire(import.meta.url).resolve('@dbkit/language-server/package.json'));

/** Sends `initialize` to the bundled server over stdio and resolves with its result. */
function initialize(): Promise<{ serverInfo?: unknown }> {
  const server = fileURLToPath(new URL('../dist/server.js', import.meta.url));
  const child = spawnTracked(process.execPath, [server, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { processId: null, rootUri: null, capabilities: {} },
  });
  child.stdin?.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  return new Promise((resolve) => {
    let received = Buffer.alloc(0);
    child.stdout?.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const text = received.toString('utf8');
      const length = Number(/Content-Length: (\d+)\r\n\r\n/.exec(text)?.[1]);
      const start = text.indexOf('\r\n\r\n') + 4;
      if (!(length > 0) || Buffer.byteLength(text.slice(start)) < length) return;
      const message = JSON.parse(received.subarray(Buffer.byteLength(text.slice(0, start))).toString('utf8'));
      child.kill();
      resolve(message.result);
    });
  });
}

describe('the version a user sees', () => {
  it("names the extension's version in the output channel when it activates", () => {
    expect(activationLine(manifest, 'web worker')).toBe(
      `dbkit ${manifest.version} activated; language server: web worker`,
    );
    expect(activationLine({}, 'Node process (IPC)')).toBe(
      'dbkit of unknown version activated; language server: Node process (IPC)',
    );
  });

  it('has a section of the changelog the Marketplace shows for its version', () => {
    const changelog = readFileSync(new URL('../CHANGELOG.md', import.meta.url), 'utf8');
    expect(changelog.split('\n')).toContain(`## ${manifest.version}`);
  });

  it("the bundled language server answers initialize with its package's version", async () => {
    const result = await initialize();
    expect(result.serverInfo).toEqual({ name: 'dbkit-language-server', version: languageServer.version });
  });
});
