// The service's keys in the tab's sessionStorage: saved trimmed, empty fields removed, forgotten entirely.
import { describe, expect, it } from 'vitest';
import { forgetKeys, type KeyStorage, loadKeys, missingKeys, saveKeys } from '../src/app/serviceKeys.ts';

function memoryStorage(): KeyStorage & { readonly items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (name) => items.get(name) ?? null,
    setItem: (name, value) => void items.set(name, value),
    removeItem: (name) => void items.delete(name),
  };
}

describe('service keys', () => {
  it('round-trips, trimmed, and forgets every key', () => {
    const storage = memoryStorage();
    saveKeys(storage, { groupId: ' g1 ', publicKey: 'PUB', privateKey: 'secret-1' });
    expect(loadKeys(storage)).toEqual({ groupId: 'g1', publicKey: 'PUB', privateKey: 'secret-1' });
    saveKeys(storage, { groupId: 'g1', publicKey: '', privateKey: 'secret-1' });
    expect([...storage.items.keys()].sort()).toEqual(['dbkit.service.groupId', 'dbkit.service.privateKey']);
    forgetKeys(storage);
    expect(storage.items.size).toBe(0);
    expect(loadKeys(storage)).toEqual({ groupId: '', publicKey: '', privateKey: '' });
  });

  it.for([
    { keys: { groupId: 'g', publicKey: 'p', privateKey: 'k' }, says: undefined },
    { keys: { groupId: '', publicKey: 'p', privateKey: 'k' }, says: 'Enter the group (project) id:' },
    { keys: { groupId: 'g', publicKey: ' ', privateKey: '' }, says: 'Enter the public key and the private key:' },
    {
      keys: { groupId: '', publicKey: '', privateKey: '' },
      says: 'Enter the group (project) id, the public key and the private key:',
    },
  ])('says what is missing: $says', ({ keys, says }) => {
    const missing = missingKeys(keys);
    if (says === undefined) expect(missing).toBeUndefined();
    else expect(missing).toContain(says);
  });
});
