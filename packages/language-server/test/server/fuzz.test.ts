/**
 * Protocol-level fuzz: a real client sends hundreds of random edits to the real server over stdio, with requests
 * in between. The server must answer every request (a result, null, or a clear error for rename) and stay up.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { seededRandom } from '../utils.js';
import { startServer, type TestClient } from './harness.js';

const text = readFileSync(
  new URL('../../../../examples/automation/sharded-cluster.automation.json', import.meta.url),
  'utf8',
);

const INSERTS = ['{', '}', '"', ',', ':', ' ', '\n', 'x', '"host": "', '[', ']', '// c'];
const METHODS = [
  'textDocument/completion',
  'textDocument/hover',
  'textDocument/definition',
  'textDocument/documentSymbol',
  'textDocument/foldingRange',
  'textDocument/codeAction',
  'textDocument/prepareRename',
] as const;

describe('the server under random edits', () => {
  let client: TestClient;
  beforeAll(async () => {
    client = await startServer();
  });
  afterAll(() => {
    if (client.process.exitCode === null) client.process.kill();
  });

  it('answers every request after each of 300 random edits and stays up', async () => {
    const uri = 'file:///work/fuzz.automation.json';
    const next = seededRandom(42);
    let document = TextDocument.create(uri, 'json', 1, text);
    await client.open(uri, text);
    let answered = 0;
    for (let version = 2; version <= 301; version++) {
      const length = document.getText().length;
      const start = Math.floor(next() * (length + 1));
      const end = Math.min(length, start + (next() < 0.5 ? 0 : Math.floor(next() * 30)));
      const change = {
        range: { start: document.positionAt(start), end: document.positionAt(end) },
        text: next() < 0.8 ? INSERTS[Math.floor(next() * INSERTS.length)]! : '',
      };
      document = TextDocument.update(document, [change], version);
      await client.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version },
        contentChanges: [change],
      });
      const method = METHODS[version % METHODS.length]!;
      const position = document.positionAt(Math.floor(next() * (document.getText().length + 1)));
      const params =
        method === 'textDocument/codeAction'
          ? { textDocument: { uri }, range: { start: position, end: position }, context: { diagnostics: [] } }
          : { textDocument: { uri }, position };
      try {
        await client.connection.sendRequest(method, params);
        answered++;
      } catch (error) {
        // prepareRename refuses non-names with a reason (an LSP error response): an answer, not a crash.
        expect(method).toBe('textDocument/prepareRename');
        expect(String(error)).toMatch(/rename|names nothing/);
        answered++;
      }
    }
    expect(answered).toBe(300);
    const diagnostics = await client.diagnostics(uri, (p) => p.version === 301);
    expect(Array.isArray(diagnostics.diagnostics)).toBe(true);
    expect(client.stderr()).toBe('');
    expect(client.logs().filter((message) => message.includes('failed'))).toEqual([]);
    expect(await client.shutdown()).toBe(0);
  });
});
