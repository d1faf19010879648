/**
 * Where a deployed automation config lives in the editor: `dbkit://<public key>@<host>/<project>/automationConfig.json`,
 * for example `dbkit://FDBKXBWW@127.0.0.1:8080/5e2211c17a3e5a48f5497de3/automationConfig.json`: the key pair's public
 * part, the service's host and the project, which together name one connection. VS Code lowercases a uri's host when
 * it prints it but keeps the user part, so the public key keeps its case and the host is compared without it.
 * A uri of the first form (`dbkit://<hex of the connection's id>/…`), from an editor restored from an older
 * version, still finds its connection.
 */
import type { ServiceConnection } from './connections.js';

/** The file name of a deployed config: one of the catalog's names, so it opens as an automation config. */
export const DEPLOYED_FILE = 'automationConfig.json';

/** The parts of a deployed config's uri (scheme `dbkit`). */
export interface DeployedUriParts {
  readonly authority: string;
  readonly path: string;
}

/**
 * Where a deployed uri points: the project, and the connection by its public key and host (`named`), or by the id
 * a hex authority spells (`legacy`).
 */
export type DeployedAddress = { readonly groupId: string } & (
  | { readonly kind: 'named'; readonly publicKey: string; readonly host: string }
  | { readonly kind: 'legacy'; readonly connectionId: string }
);

/** The host and port of a base URL as a uri prints it (lowercase), or undefined for no URL. */
function hostOf(baseUrl: string): string | undefined {
  try {
    return new URL(baseUrl).host.toLowerCase();
  } catch {
    return undefined;
  }
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
 * deployedUriParts(connection); // { authority: 'FDBKXBWW@127.0.0.1:8080', path: '/5e2211c17a3e5a48f5497de3/automationConfig.json' }
 */
export function deployedUriParts(
  connection: Pick<ServiceConnection, 'baseUrl' | 'groupId' | 'publicKey'>,
): DeployedUriParts {
  const host = hostOf(connection.baseUrl) ?? 'service';
  return { authority: `${connection.publicKey}@${host}`, path: `/${connection.groupId}/${DEPLOYED_FILE}` };
}

/** What a deployed uri's path names: the file, the project's folder, the root, or nothing of ours. */
export type DeployedEntry =
  | { readonly kind: 'file'; readonly address: DeployedAddress }
  | { readonly kind: 'folder'; readonly address: DeployedAddress }
  | { readonly kind: 'root' }
  | { readonly kind: 'none' };

/** The connection part of an authority: `<public key>@<host>`, or the hex of a connection id. */
function connectionPart(
  authority: string,
):
  | { readonly kind: 'named'; readonly publicKey: string; readonly host: string }
  | { readonly kind: 'legacy'; readonly connectionId: string }
  | undefined {
  const at = authority.lastIndexOf('@');
  if (at > 0 && at < authority.length - 1) {
    return { kind: 'named', publicKey: authority.slice(0, at), host: authority.slice(at + 1).toLowerCase() };
  }
  const connectionId = at === -1 ? fromHex(authority) : undefined;
  return connectionId === undefined ? undefined : { kind: 'legacy', connectionId };
}

/** Reads a deployed uri's parts back (a trailing slash allowed on folders). */
export function parseDeployedUri(parts: DeployedUriParts): DeployedEntry {
  const connection = connectionPart(parts.authority);
  if (connection === undefined) return { kind: 'none' };
  const segments = parts.path.split('/').filter((segment) => segment !== '');
  if (segments.length === 0) return { kind: 'root' };
  const [groupId, file, ...rest] = segments as [string, ...string[]];
  const address: DeployedAddress = { groupId, ...connection };
  if (file === undefined) return { kind: 'folder', address };
  return file === DEPLOYED_FILE && rest.length === 0 ? { kind: 'file', address } : { kind: 'none' };
}

/** Whether a connection is the one an address names: its project, and its public key and host (or its id). */
function isAt(connection: ServiceConnection, address: DeployedAddress): boolean {
  if (connection.groupId !== address.groupId) return false;
  return address.kind === 'legacy'
    ? connection.id === address.connectionId
    : connection.publicKey === address.publicKey && hostOf(connection.baseUrl) === address.host;
}

/**
 * The connection a deployed uri belongs to, when it is still there and holds that project. Two connections to one
 * host, project and key (the same service behind two base URLs) are one service: the first is taken.
 */
export function connectionAt(
  connections: readonly ServiceConnection[],
  address: DeployedAddress,
): ServiceConnection | undefined {
  return connections.find((connection) => isAt(connection, address));
}

/** The connections a uri's root lists: those at its authority's host and key (every project). */
export function connectionsAtRoot(
  connections: readonly ServiceConnection[],
  authority: string,
): readonly ServiceConnection[] {
  const part = connectionPart(authority);
  if (part === undefined) return [];
  return connections.filter((connection) => isAt(connection, { groupId: connection.groupId, ...part }));
}

/** One line for a deployed document whose connection is gone: what, why, what to do. */
export function missingConnectionMessage(address: DeployedAddress): string {
  const where = address.kind === 'named' ? ` on ${address.host} with public key ${address.publicKey}` : '';
  return `dbkit: no service connection holds project ${address.groupId}${where} any more (removed or edited), so its deployed config cannot be read or published. Add the connection again (dbkit: Add Service Connection…), then reopen the deployed config.`;
}

/** A deployed document's name in plans and messages: `automationConfig.json of 5e22… on 127.0.0.1:8080`. */
export function deployedDocumentName(connection: Pick<ServiceConnection, 'label'>): string {
  return `${DEPLOYED_FILE} of ${connection.label}`;
}

/** The stored revision's name in plans: `5e22… on 127.0.0.1:8080 (stored version 7)`, as `dbkit config push` says. */
export function storedRevisionName(connection: Pick<ServiceConnection, 'label'>, version: number): string {
  return `${connection.label} (stored version ${version})`;
}
