// Where a deployed config lives in the editor (`src/lib/deployed.ts`):
// `dbkit://<connection>/<project>/automationConfig.json`, read back to its connection even after VS Code has
// lowercased the uri's authority.
import { describe, expect, it } from 'vitest';
import { connectionOf } from '../src/lib/connections.ts';
import {
  connectionAt,
  DEPLOYED_FILE,
  deployedDocumentName,
  deployedUriParts,
  missingConnectionMessage,
  parseDeployedUri,
  storedRevisionName,
} from '../src/lib/deployed.ts';

const connection = connectionOf('http://127.0.0.1:8080', '5e2211c17a3e5a48f5497de3', 'FDBKXBWW');
const other = connectionOf('https://Ops.example.net', '5e2211c17a3e5a48f5497de3', 'ABCDEFGH');

describe('the deployed uri', () => {
  it('names the project and the catalog’s file name, and finds its connection again', () => {
    const parts = deployedUriParts(connection);
    expect(parts.path).toBe(`/5e2211c17a3e5a48f5497de3/${DEPLOYED_FILE}`);
    const entry = parseDeployedUri(parts);
    expect(entry).toEqual({ kind: 'file', address: { connectionId: connection.id, groupId: connection.groupId } });
    if (entry.kind !== 'file') return;
    expect(connectionAt([other, connection], entry.address)).toBe(connection);
  });

  it('survives VS Code lowercasing the authority (the public key and host are mixed case)', () => {
    const parts = deployedUriParts(other);
    expect(parts.authority).toBe(parts.authority.toLowerCase());
    const entry = parseDeployedUri({ ...parts, authority: parts.authority.toUpperCase() });
    expect(entry.kind === 'file' && connectionAt([connection, other], entry.address)).toBe(other);
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

  it.for(['', 'not-hex', 'abc', 'ff'])('reads authority %j as nothing of ours', (authority) => {
    expect(parseDeployedUri({ authority, path: `/g/${DEPLOYED_FILE}` }).kind).toBe('none');
  });

  it('finds no connection once it is removed or holds another project, and says what to do', () => {
    const address = { connectionId: connection.id, groupId: 'another' };
    expect(connectionAt([connection], address)).toBeUndefined();
    expect(connectionAt([], { connectionId: connection.id, groupId: connection.groupId })).toBeUndefined();
    expect(missingConnectionMessage(address)).toMatch(/project another .* Add the connection again/);
  });

  it('names the document and the stored revision in plans', () => {
    expect(deployedDocumentName(connection)).toBe(
      'automationConfig.json of 5e2211c17a3e5a48f5497de3 on 127.0.0.1:8080',
    );
    expect(storedRevisionName(connection, 7)).toBe('5e2211c17a3e5a48f5497de3 on 127.0.0.1:8080 (stored version 7)');
  });
});
