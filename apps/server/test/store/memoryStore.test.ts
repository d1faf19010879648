/** The memory store with its journal passes the store contract; reopening reads the journal folder back. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { MemoryStore } from '../../src/store/memoryStore.js';
import { storeContract } from './contract.js';

const folders: string[] = [];
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

storeContract('MemoryStore (journal in a temporary folder)', () => ({
  async open(initial) {
    const dataDir = await mkdtemp(join(tmpdir(), 'dbkit-store-'));
    folders.push(dataDir);
    return new MemoryStore({ initial, dataDir });
  },
  async reopen(initial) {
    const dataDir = folders.at(-1);
    if (dataDir === undefined) throw new Error('reopen before open');
    return new MemoryStore({ initial, dataDir });
  },
}));
