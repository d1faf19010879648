/**
 * The service's project id and key pair, kept in the tab only: `sessionStorage` (gone when the tab closes), never
 * `localStorage`, never the URL or a share link, never logged.
 */

export interface ServiceKeys {
  readonly groupId: string;
  readonly publicKey: string;
  readonly privateKey: string;
}

/** The part of `Storage` used here (a fake in tests). */
export type KeyStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const FIELDS = ['groupId', 'publicKey', 'privateKey'] as const satisfies readonly (keyof ServiceKeys)[];
const itemName = (field: keyof ServiceKeys) => `dbkit.service.${field}`;

export function loadKeys(storage: KeyStorage): ServiceKeys {
  const read = (field: keyof ServiceKeys) => storage.getItem(itemName(field)) ?? '';
  return { groupId: read('groupId'), publicKey: read('publicKey'), privateKey: read('privateKey') };
}

export function saveKeys(storage: KeyStorage, keys: ServiceKeys): void {
  for (const field of FIELDS) {
    const value = keys[field].trim();
    if (value === '') storage.removeItem(itemName(field));
    else storage.setItem(itemName(field), value);
  }
}

export function forgetKeys(storage: KeyStorage): void {
  for (const field of FIELDS) storage.removeItem(itemName(field));
}

/** What is missing before a call can be made, in words; undefined when nothing is. */
export function missingKeys(keys: ServiceKeys): string | undefined {
  const missing = [
    keys.groupId.trim() === '' ? 'the group (project) id' : undefined,
    keys.publicKey.trim() === '' ? 'the public key' : undefined,
    keys.privateKey.trim() === '' ? 'the private key' : undefined,
  ].filter((m) => m !== undefined);
  if (missing.length === 0) return undefined;
  const list = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}`;
  return `Enter ${list}: dbkit-server prints each project's id and key pair when it starts.`;
}
