// Where a deployed config lives in the editor (`src/lib/deployed.ts`):
// `dbkit://<public key>@<host>/<project>/automationConfig.json`, read back to its connection after VS Code has
// printed it (host lowercased), and from the hex uris an older version wrote.
import { describe, expect, it } from 'vitest';
import { connectionOf } from '../src/lib/connections.ts';
import {
  connectionAt,
  connectionsAtRoot,
  DEPLOYED_FILE,
  deployedDocumentName,
  deployedUriParts,
  missingConnectionMessage,
  parseDeployedUri,
  storedRevisionName,
} from '../src/lib/deployed.ts';

const connection = connectionOf('http://127.0.0.1:8080', '5e2211c17a3e5a48f5497de3', 'FDBKXBWW');
const other = connectionOf('https://Ops.example.net', '5e2211c17a3e5a48f5497de3', 'ABCDEFGH');
const secondProject = connectionOf('http://127.0.0.1:8080', 'a08ff49b6f772632716c4306', 'FDBKXBWW');

/** The uri as VS Code prints it: `Uri.toString()` lowercases the host, never the user part. */
const printed = (authority: string) => {
  const at = authority.lastIndexOf('@');
  return `${authority.slice(0, at + 1)}${authority.slice(at + 1).toLowerCase()}`;
};

/** The hex authority an older version wrote: the connection's id, UTF-8, in hex. */
const legacyAuthority = (id: string) =>
  Array.from(new TextEncoder().encode(id), (byte) => byte.toString(16).padStart(2, '0')).join('');

describe('the deployed uri', () => {
  it.for([
    { name: 'a local service', of: connection, uri: 'FDBKXBWW@127.0.0.1:8080' },
    { name: 'a named host, mixed case', of: other, uri: 'ABCDEFGH@ops.example.net' },
  ])('reads as key@host/project for $name, and finds its connection again', ({ of, uri }) => {
    const parts = deployedUriParts(of);
    expect(`dbkit://${printed(parts.authority)}${parts.path}`).toBe(
      `dbkit://${uri}/5e2211c17a3e5a48f5497de3/${DEPLOYED_FILE}`,
    );
    const entry = parseDeployedUri({ ...parts, authority: printed(parts.authority) });
    expect(entry.kind).toBe('file');
    if (entry.kind !== 'file') return;
    expect(connectionAt([connection, other, secondProject], entry.address)).toBe(of);
  });

  it('is short: under 80 characters for a local service', () => {
    const parts = deployedUriParts(connection);
    expect(`dbkit://${parts.authority}${parts.path}`.length).toBeLessThan(80);
  });

  it('tells two projects of one key apart by the path, two keys by the user part', () => {
    const named = (c: typeof connection) => {
      const entry = parseDeployedUri(deployedUriParts(c));
      return entry.kind === 'file' ? connectionAt([connection, secondProject, other], entry.address) : undefined;
    };
    expect(named(secondProject)).toBe(secondProject);
    const otherKey = connectionOf('http://127.0.0.1:8080', connection.groupId, 'ZZZZZZZZ');
    expect(named(otherKey)).toBeUndefined();
  });

  it('opens the uri an older version wrote (the hex of the connection’s id), lowercased or not', () => {
    for (const hex of [legacyAuthority(other.id), legacyAuthority(other.id).toUpperCase()]) {
      const entry = parseDeployedUri({ authority: hex, path: `/${other.groupId}/${DEPLOYED_FILE}` });
      expect(entry.kind === 'file' && connectionAt([connection, other], entry.address)).toBe(other);
    }
  });

  it('lists the projects of its key and host at the root', () => {
    const { authority } = deployedUriParts(connection);
    expect(connectionsAtRoot([connection, other, secondProject], authority)).toEqual([connection, secondProject]);
    expect(connectionsAtRoot([connection], 'not-hex')).toEqual([]);
  });

  it.for([
    { path: '/', kind: 'root' },
    { path: '', kind: 'root' },
    { path: '/5e2211c17a3e5a48f5497de3', kind: 'folder' },
    { path: '/5e2211c17a3e5a48f5497de3/', kind: 'folder' },
    { path: `/5e2211c17a3e5a48f5497de3/${DEPLOYED_FILE}`, kind: 'file' },
    { path: '/5e2211c17a3e5a48f5497de3/other.json', kind: 'none' },
    { path: `/5e2211c17a3e5a48f5497de3/${DEPLOYED_FILE}/more`, kind: 'none' },
  ])('reads $path as $kind', ({ path, kind }) => {
    expect(parseDeployedUri({ authority: deployedUriParts(connection).authority, path }).kind).toBe(kind);
  });

  it.for(['', 'not-hex', 'abc', 'ff', '@127.0.0.1:8080', 'FDBKXBWW@'])(
    'reads authority %j as nothing of ours',
    (authority) => {
      expect(parseDeployedUri({ authority, path: `/g/${DEPLOYED_FILE}` }).kind).toBe('none');
    },
  );

  it('finds no connection once it is removed or holds another project, and says so in one line', () => {
    const entry = parseDeployedUri({ ...deployedUriParts(connection), path: `/another/${DEPLOYED_FILE}` });
    if (entry.kind !== 'file') throw new Error('not a file');
    expect(connectionAt([connection], entry.address)).toBeUndefined();
    const message = missingConnectionMessage(entry.address);
    expect(message).toBe(
      'dbkit: no service connection holds project another on 127.0.0.1:8080 with public key FDBKXBWW any more (removed or edited), so its deployed config cannot be read or published. Add the connection again (dbkit: Add Service Connection…), then reopen the deployed config.',
    );
    const legacy = parseDeployedUri({ authority: legacyAuthority(connection.id), path: `/x/${DEPLOYED_FILE}` });
    if (legacy.kind !== 'file') throw new Error('not a file');
    expect(connectionAt([], legacy.address)).toBeUndefined();
    expect(missingConnectionMessage(legacy.address)).toMatch(/^dbkit: no service connection holds project x any more/);
  });

  it('names the document and the stored revision in plans', () => {
    expect(deployedDocumentName(connection)).toBe(
      'automationConfig.json of 5e2211c17a3e5a48f5497de3 on 127.0.0.1:8080',
    );
    expect(storedRevisionName(connection, 7)).toBe('5e2211c17a3e5a48f5497de3 on 127.0.0.1:8080 (stored version 7)');
  });
});
