/**
 * Service connections as plain data: what the user types when adding one, checked; how the list is kept (global
 * state, without the private key) and where its private key is kept (`SecretStorage`, under {@link secretKeyOf}).
 */

/** One service and project the extension talks to. The private key is never part of it. */
export interface ServiceConnection {
  /** Stable: the base URL, project and public key together. */
  readonly id: string;
  /** `project 5e22… on 127.0.0.1:8080`, or what the user named it. */
  readonly label: string;
  /** Scheme, host and port, e.g. `http://127.0.0.1:8080` (the client adds `/api/public/v1.0`). */
  readonly baseUrl: string;
  readonly groupId: string;
  readonly publicKey: string;
}

export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

/** The base URL as the client wants it, from what the user typed (a trailing `/api/public/v1.0` is dropped). */
export function checkBaseUrl(text: string): Checked<string> {
  const trimmed = text.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return {
      ok: false,
      message: 'Type the service’s address, e.g. http://127.0.0.1:8080 (as dbkit-server prints it).',
    };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, message: `The address must start with http:// or https://, not ${url.protocol}//.` };
  }
  if (url.username !== '' || url.password !== '') {
    return { ok: false, message: 'Leave the keys out of the address: they are asked for next.' };
  }
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api\/public\/v1\.0$/, '');
  return { ok: true, value: `${url.origin}${path}` };
}

/** A project id or public key: one word, no spaces (the service decides whether it exists). */
function checkWord(text: string, what: string, example: string): Checked<string> {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: `Type the ${what}, e.g. ${example}.` };
  if (/\s|\//.test(trimmed)) return { ok: false, message: `The ${what} is one word without spaces or slashes.` };
  return { ok: true, value: trimmed };
}

export const checkGroupId = (text: string) => checkWord(text, 'project id', 'a08ff49b6f772632716c4306');
export const checkPublicKey = (text: string) => checkWord(text, 'public key', 'FDBKXBWW');

export function checkPrivateKey(text: string): Checked<string> {
  return text === ''
    ? { ok: false, message: 'Type the private key (it is kept in VS Code’s secret storage).' }
    : { ok: true, value: text };
}

/** Builds a connection; its id is the same for the same service, project and key. */
export function connectionOf(baseUrl: string, groupId: string, publicKey: string, label?: string): ServiceConnection {
  const host = (() => {
    try {
      return new URL(baseUrl).host;
    } catch {
      return baseUrl;
    }
  })();
  return {
    id: JSON.stringify([baseUrl, groupId, publicKey]),
    label: label?.trim() || `${groupId} on ${host}`,
    baseUrl,
    groupId,
    publicKey,
  };
}

/** Where the private key of a connection is kept in `SecretStorage`. */
export function secretKeyOf(connection: Pick<ServiceConnection, 'id'>): string {
  return `dbkit.privateKey:${connection.id}`;
}

/** The key of the connection list in the extension's global state. */
export const CONNECTIONS_STATE_KEY = 'dbkit.connections';

/** The stored list, read leniently: entries that are not connections are dropped, never a reason to fail. */
export function readConnections(value: unknown): readonly ServiceConnection[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    const e = (entry ?? {}) as Record<string, unknown>;
    const fields = [e.baseUrl, e.groupId, e.publicKey];
    if (!fields.every((f): f is string => typeof f === 'string' && f !== '')) return [];
    const [baseUrl, groupId, publicKey] = fields as [string, string, string];
    return [connectionOf(baseUrl, groupId, publicKey, typeof e.label === 'string' ? e.label : undefined)];
  });
}

/** What is written to global state: the fields, never a key. */
export function writeConnections(connections: readonly ServiceConnection[]): unknown {
  return connections.map(({ label, baseUrl, groupId, publicKey }) => ({ label, baseUrl, groupId, publicKey }));
}

/** The list with `connection` added, or replacing the one with `replaces`' id (or its own id). */
export function withConnection(
  connections: readonly ServiceConnection[],
  connection: ServiceConnection,
  replaces?: string,
): readonly ServiceConnection[] {
  const index = connections.findIndex((c) => c.id === (replaces ?? connection.id));
  if (index < 0) return [...connections.filter((c) => c.id !== connection.id), connection];
  return connections
    .map((c, i) => (i === index ? connection : c))
    .filter((c, i) => i === index || c.id !== connection.id);
}
