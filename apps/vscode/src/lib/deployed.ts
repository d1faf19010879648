/**
 * Where a deployed automation config lives in the editor: `dbkit://<connection>/<project>/automationConfig.json`.
 * The connection's id (its base URL, project and public key) is written in lowercase hex: VS Code lowercases a uri's
 * authority when it prints it, and uris travel as strings (to the language server, into restored editors), so
 * only a spelling that survives lowercasing finds its connection again.
 */
import type { ServiceConnection } from './connections.js';

/** The file name of a deployed config: one of the catalog's names, so it opens as an automation config. */
export const DEPLOYED_FILE = 'automationConfig.json';

/** The parts of a deployed config's uri (scheme `dbkit`). */
export interface DeployedUriParts {
  readonly authority: string;
  readonly path: string;
}

/** Where a deployed uri points: the connection's id and the project. */
export interface DeployedAddress {
  readonly connectionId: string;
  readonly groupId: string;
}

function toHex(text: string): string {
  return Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function fromHex(hex: string): string | undefined {
  if (hex === '' || !/^(?:[0-9a-f]{2})+$/i.test(hex)) return undefined;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * The uri parts of a connection's deployed config.
 *
 * @example
 * deployedUriParts(connection); // { authority: '5b2268…', path: '/5e2211c17a3e5a48f5497de3/automationConfig.json' }
 */
export function deployedUriParts(connection: Pick<ServiceConnection, 'id' | 'groupId'>): DeployedUriParts {
  return { authority: toHex(connection.id), path: `/${connection.groupId}/${DEPLOYED_FILE}` };
}

/** What a deployed uri's path names: the file, the project's folder, the root, or nothing of ours. */
export type DeployedEntry =
  | { readonly kind: 'file'; readonly address: DeployedAddress }
  | { readonly kind: 'folder'; readonly address: DeployedAddress }
  | { readonly kind: 'root'; readonly connectionId: string }
  | { readonly kind: 'none' };

/** Reads a deployed uri's parts back (a trailing slash allowed on folders). */
export function parseDeployedUri(parts: DeployedUriParts): DeployedEntry {
  const connectionId = fromHex(parts.authority);
  if (connectionId === undefined) return { kind: 'none' };
  const segments = parts.path.split('/').filter((segment) => segment !== '');
  if (segments.length === 0) return { kind: 'root', connectionId };
  const [groupId, file, ...rest] = segments as [string, ...string[]];
  const address = { connectionId, groupId };
  if (file === undefined) return { kind: 'folder', address };
  return file === DEPLOYED_FILE && rest.length === 0 ? { kind: 'file', address } : { kind: 'none' };
}

/** The connection a deployed uri belongs to, when it is still there and holds that project. */
export function connectionAt(
  connections: readonly ServiceConnection[],
  address: DeployedAddress,
): ServiceConnection | undefined {
  return connections.find((c) => c.id === address.connectionId && c.groupId === address.groupId);
}

/** One line for a deployed document whose connection is gone: what, why, what to do. */
export function missingConnectionMessage(address: DeployedAddress): string {
  return `dbkit: no service connection holds project ${address.groupId} any more (removed or edited), so its deployed config cannot be read or published. Add the connection again (dbkit: Add Service Connection…), then reopen the deployed config.`;
}

/** A deployed document's name in plans and messages: `automationConfig.json of 5e22… on 127.0.0.1:8080`. */
export function deployedDocumentName(connection: Pick<ServiceConnection, 'label'>): string {
  return `${DEPLOYED_FILE} of ${connection.label}`;
}

/** The stored revision's name in plans: `5e22… on 127.0.0.1:8080 (stored version 7)`, as `dbkit config push` says. */
export function storedRevisionName(connection: Pick<ServiceConnection, 'label'>, version: number): string {
  return `${connection.label} (stored version ${version})`;
}
