/**
 * The real server over stdio, driven by a real LSP client: what an editor sees from initialize to exit.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CompletionItem,
  CompletionList,
  Hover,
  LocationLink,
  WorkspaceEdit,
} from 'vscode-languageserver-protocol';
import { DEFAULT_CAPABILITIES, startServer, type TestClient } from './harness.js';

const examples = new URL('../../../../examples/automation/', import.meta.url);
const broken = readFileSync(new URL('mistakes/broken.automation.json', examples), 'utf8');
const replicaSet = readFileSync(new URL('replica-set.automation.json', examples), 'utf8');

/** Line and character of the first occurrence of `needle` (plus `delta` characters). */
function positionOf(text: string, needle: string, delta = 0) {
  const offset = text.indexOf(needle);
  if (offset === -1) throw new Error(`${needle} not in the text`);
  const before = text.slice(0, offset + delta);
  const line = before.split('\n').length - 1;
  return { line, character: offset + delta - (before.lastIndexOf('\n') + 1) };
}

describe('dbkit-language-server --stdio', () => {
  let client: TestClient;
  beforeAll(async () => {
    client = await startServer();
  });
  afterAll(async () => {
    if (client.process.exitCode === null) client.process.kill();
  });

  it('announces every feature it serves', () => {
    const caps = client.initializeResult.capabilities;
    expect(client.initializeResult.serverInfo?.name).toBe('dbkit-language-server');
    expect(caps).toMatchObject({
      hoverProvider: true,
      definitionProvider: true,
      referencesProvider: true,
      renameProvider: { prepareProvider: true },
      documentFormattingProvider: true,
      foldingRangeProvider: true,
      selectionRangeProvider: true,
    });
    expect(caps.completionProvider).toBeDefined();
    expect(caps.codeActionProvider).toBeDefined();
  });

  it("names itself with its package's version in serverInfo", () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(client.initializeResult.serverInfo).toEqual({ name: 'dbkit-language-server', version });
  });

  it('publishes diagnostics with dbkit codes when a broken config is opened', async () => {
    const uri = 'file:///work/shop.automation.json';
    await client.open(uri, broken);
    const { diagnostics } = await client.diagnostics(uri);
    const host = diagnostics.find((d) => d.code === 'DBK202');
    expect(host).toMatchObject({
      source: 'dbkit',
      severity: 1,
      range: { start: positionOf(broken, '"shop-shard1-2"') },
    });
    expect(host?.message).toContain('"shop-shard1-2" does not name a process');
    expect(diagnostics.filter((d) => d.severity === 1)).toHaveLength(7);
    expect(diagnostics.filter((d) => d.severity === 2)).toHaveLength(3);
    // Duplicate process: related information points at the first declaration.
    const duplicate = diagnostics.find((d) => d.code === 'DBK106');
    expect(duplicate?.relatedInformation?.[0]?.location.uri).toBe(uri);
  });

  it('links every dbkit code to its reference page, and leaves JSON syntax codes alone', async () => {
    const uri = 'file:///work/links.automation.json';
    await client.open(uri, `${broken.trimEnd().slice(0, -1)}, // a comment\n}`);
    const { diagnostics } = await client.diagnostics(uri);
    const dbk = diagnostics.filter((d) => typeof d.code === 'string' && d.code.startsWith('DBK'));
    expect(dbk.length).toBeGreaterThan(5);
    for (const d of dbk) expect(d.codeDescription).toEqual({ href: `https://dbkit.dev/codes/${d.code}` });
    const syntax = diagnostics.filter((d) => typeof d.code === 'string' && d.code.startsWith('json/'));
    expect(syntax.length).toBeGreaterThan(0);
    for (const d of syntax) expect(d.codeDescription).toBeUndefined();
  });

  it('pushes keys given twice right after the first diagnostics', async () => {
    const uri = 'file:///work/twice.automation.json';
    await client.open(uri, replicaSet.replace('{', '{\n  "version": 0,'));
    const { diagnostics } = await client.diagnostics(uri, (p) =>
      p.diagnostics.some((d) => d.code === 'json/duplicate-key'),
    );
    expect(diagnostics.filter((d) => d.code === 'json/duplicate-key')).toHaveLength(1);
  });

  it('publishes fresh diagnostics after an edit, and none for a fixed document', async () => {
    const uri = 'file:///work/edit.automation.json';
    await client.open(uri, replicaSet);
    expect((await client.diagnostics(uri)).diagnostics).toEqual([]);
    const at = positionOf(replicaSet, '"votes": 1', '"votes": '.length);
    await client.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ range: { start: at, end: { line: at.line, character: at.character + 1 } }, text: '7' }],
    });
    const after = await client.diagnostics(uri, (p) => p.version === 2);
    expect(after.diagnostics.map((d) => [d.code, String(d.message).slice(0, 22)])).toEqual([
      ['DBK302', '"votes" is 7, but a me'],
    ]);
  });

  it('leaves other JSON documents alone', async () => {
    const uri = 'file:///work/package.json';
    await client.open(uri, '{ "name": "x", "processes": 3 }');
    expect((await client.diagnostics(uri)).diagnostics).toEqual([]);
    const hover = await client.connection.sendRequest('textDocument/hover', {
      textDocument: { uri },
      position: { line: 0, character: 4 },
    });
    expect(hover).toBeNull();
  });

  it('goes from a member host to its process, and renames the process everywhere', async () => {
    const uri = 'file:///work/rs.automation.json';
    await client.open(uri, replicaSet);
    await client.diagnostics(uri);
    const name = JSON.parse(replicaSet).replicaSets[0].members[1].host as string;
    const memberAt = positionOf(replicaSet, `"host": "${name}"`, '"host": "'.length + 1);
    const links = (await client.connection.sendRequest('textDocument/definition', {
      textDocument: { uri },
      position: memberAt,
    })) as LocationLink[];
    expect(links[0]?.targetSelectionRange.start).toEqual(
      positionOf(replicaSet, `"name": "${name}"`, '"name": '.length),
    );

    const prepared = await client.connection.sendRequest('textDocument/prepareRename', {
      textDocument: { uri },
      position: memberAt,
    });
    expect(prepared).toMatchObject({ placeholder: name });
    const edit = (await client.connection.sendRequest('textDocument/rename', {
      textDocument: { uri },
      position: memberAt,
      newName: 'renamed-1',
    })) as WorkspaceEdit;
    const edits = edit.changes?.[uri] ?? [];
    const occurrences = replicaSet.split(`"${name}"`).length - 1;
    expect(edits).toHaveLength(occurrences);
    expect(edits.every((e) => e.newText === 'renamed-1')).toBe(true);
  });

  it('refuses to rename what is not a name, with a reason', async () => {
    const uri = 'file:///work/rs.automation.json';
    await expect(
      client.connection.sendRequest('textDocument/prepareRename', {
        textDocument: { uri },
        position: positionOf(replicaSet, '"downloadBase"', 2),
      }),
    ).rejects.toThrow(/Only names can be renamed/);
  });

  it('answers hover and completion', async () => {
    const uri = 'file:///work/rs.automation.json';
    const hover = (await client.connection.sendRequest('textDocument/hover', {
      textDocument: { uri },
      position: positionOf(replicaSet, '"processType"', 3),
    })) as Hover | null;
    expect(JSON.stringify(hover?.contents)).toMatch(/dbd/);
    const completion = (await client.connection.sendRequest('textDocument/completion', {
      textDocument: { uri },
      position: positionOf(replicaSet, '"processType": "dbd"', '"processType": "'.length),
    })) as CompletionList | null;
    expect(completion?.items.map((i) => i.label)).toEqual(expect.arrayContaining(['"dbd"', '"dbs"']));
  });

  it('validates a document it was never sent (dbkit/validate), for Validate Workspace', async () => {
    const diagnostics = (await client.connection.sendRequest('dbkit/validate', {
      uri: 'file:///work/closed.automation.json',
      text: broken,
    })) as { code: string }[];
    expect(diagnostics.filter((d) => d.code === 'DBK202')).toHaveLength(1);
    const ignored = await client.connection.sendRequest('dbkit/validate', {
      uri: 'file:///work/other.json',
      text: broken,
    });
    expect(ignored).toEqual([]);
    const forced = (await client.connection.sendRequest('dbkit/validate', {
      uri: 'file:///work/other.json',
      text: broken,
      force: true,
    })) as unknown[];
    expect(forced.length).toBe(10);
  });

  it('completes a member host with the process names', async () => {
    const uri = 'file:///work/rs.automation.json';
    const host = JSON.parse(replicaSet).replicaSets[0].members[0].host as string;
    const completion = (await client.connection.sendRequest('textDocument/completion', {
      textDocument: { uri },
      position: positionOf(replicaSet, `"host": "${host}"`, '"host": "'.length + 1),
    })) as CompletionList | null;
    const names = (JSON.parse(replicaSet).processes as { name: string }[]).map((p) => JSON.stringify(p.name));
    expect(completion?.items.map((i) => i.label)).toEqual(expect.arrayContaining(names));
    const item = completion?.items.find((i) => i.label === JSON.stringify(host));
    expect(item?.textEdit).toMatchObject({ newText: JSON.stringify(host) });
  });

  it('completes a member host right after its closing quote, every name replacing the whole value', async () => {
    const uri = 'file:///work/rs.automation.json';
    const host = JSON.stringify(JSON.parse(replicaSet).replicaSets[0].members[0].host as string);
    const at = positionOf(replicaSet, `"host": ${host}`, '"host": '.length + host.length);
    const completion = (await client.connection.sendRequest('textDocument/completion', {
      textDocument: { uri },
      position: at,
    })) as CompletionList | null;
    const names = (JSON.parse(replicaSet).processes as { name: string }[]).map((p) => JSON.stringify(p.name));
    expect(completion?.items.map((i) => i.label)).toEqual(expect.arrayContaining(names));
    for (const item of completion?.items ?? []) {
      // The editor filters by the value before the cursor: each name matches it.
      expect(item.filterText ?? item.label).toBe(host);
      expect(item.textEdit).toMatchObject({
        range: { start: { line: at.line, character: at.character - host.length }, end: at },
      });
    }
  });

  it('links the codes to the pages the client names (a local schema site)', async () => {
    const local = await startServer(DEFAULT_CAPABILITIES, {
      dbkit: { codes: { baseUrl: 'http://localhost:5178/codes' } },
    });
    try {
      const uri = 'file:///work/local.automation.json';
      await local.open(uri, broken);
      const { diagnostics } = await local.diagnostics(uri);
      expect(diagnostics.find((d) => d.code === 'DBK202')?.codeDescription).toEqual({
        href: 'http://localhost:5178/codes/DBK202',
      });
    } finally {
      local.process.kill();
    }
  });

  it('shuts down and exits with code 0', async () => {
    expect(await client.shutdown()).toBe(0);
    expect(client.stderr()).not.toMatch(/failed/);
  });
});

describe('dbkit-language-server --stdio, with a client that reads completion itemDefaults (as VS Code does)', () => {
  it('says the shared range, format and document once, and still resolves each name', async () => {
    const client = await startServer({
      ...DEFAULT_CAPABILITIES,
      textDocument: {
        ...DEFAULT_CAPABILITIES.textDocument,
        completion: {
          ...DEFAULT_CAPABILITIES.textDocument!.completion,
          completionList: {
            itemDefaults: ['commitCharacters', 'editRange', 'insertTextFormat', 'insertTextMode', 'data'],
          },
        },
      },
    });
    try {
      const uri = 'file:///work/rs-defaults.automation.json';
      await client.open(uri, replicaSet);
      const host = JSON.parse(replicaSet).replicaSets[0].members[0].host as string;
      const at = positionOf(replicaSet, `"host": "${host}"`, '"host": "'.length + 1);
      const completion = (await client.connection.sendRequest('textDocument/completion', {
        textDocument: { uri },
        position: at,
      })) as CompletionList;
      const hostStart = { line: at.line, character: at.character - 2 }; // the opening quote
      expect(completion.itemDefaults?.editRange).toEqual({
        start: hostStart,
        end: { line: at.line, character: hostStart.character + JSON.stringify(host).length },
      });
      expect(completion.itemDefaults?.data).toEqual({ uri });
      const item = completion.items.find((i) => i.label === JSON.stringify(host));
      expect(item).toBeDefined();
      expect(item).not.toHaveProperty('textEdit');
      expect(item).not.toHaveProperty('filterText');
      // resolve gets the item as the editor holds it: its own data, without the document's uri
      const resolved = (await client.connection.sendRequest('completionItem/resolve', item)) as CompletionItem;
      expect(resolved.detail).toBeTruthy();
      expect(resolved.documentation).toBeTruthy();
    } finally {
      await client.shutdown();
    }
  });
});
