/**
 * Completion of names in a large document: thousands of processes could be proposed at a member's `host`; the
 * answer holds at most MAX_REFERENCE_ITEMS, the best matches of what is typed first, and says `isIncomplete` so
 * the editor asks again as the user types.
 */
import { describe, expect, it } from 'vitest';
// @ts-expect-error: the benchmark generator is plain JavaScript without types.
import { generateConfig, serialize } from '../../../../core/bench/generate.mjs';
import { MAX_REFERENCE_ITEMS } from '../../../src/service/features/completion/references.js';
import { atCursor } from '../../utils.js';

/** 500 shards of 3 members: 1 500 data processes, 3 config servers, 20 routers. */
const text: string = serialize(generateConfig({ shards: 500, membersPerShard: 3, routers: 20 }));
const hostAt = text.indexOf('"host": "', text.indexOf('"replicaSets"')) + '"host": "'.length;
const hostEnd = text.indexOf('"', hostAt);

/** The document with the first member's host replaced by `typed` and the cursor after it. */
async function completeAfter(typed: string) {
  const marked = `${text.slice(0, hostAt)}${typed}|${text.slice(hostEnd)}`;
  const { service, doc, position } = atCursor(marked);
  const list = await service.doComplete(doc, position);
  if (list === null) throw new Error('no completion');
  return { ...list, labels: list.items.map((item) => JSON.parse(String(item.label)) as string) };
}

describe('completion of names in a large document', () => {
  it.for([
    ['nothing typed: the first 1 000 by likelihood', '', MAX_REFERENCE_ITEMS],
    ['"bench-shard49": its processes first, then those containing it', 'bench-shard49', 33],
    ['"SHARD499" in another case', 'SHARD499', 3],
  ] as const)('%s', async ([, typed, count]) => {
    const list = await completeAfter(typed);
    expect(list.isIncomplete).toBe(true);
    expect(list.items).toHaveLength(count);
    expect(list.labels.every((label) => label.toLowerCase().includes(typed.toLowerCase()))).toBe(true);
    const firstContainsOnly = list.labels.findIndex((label) => !label.toLowerCase().startsWith(typed.toLowerCase()));
    if (firstContainsOnly !== -1) {
      expect(
        list.labels.slice(firstContainsOnly).every((label) => !label.toLowerCase().startsWith(typed.toLowerCase())),
      ).toBe(true);
    }
  });

  it('right after a whole value, proposes the first 1 000 by likelihood, as with nothing typed', async () => {
    const written = text.slice(hostAt - 1, hostEnd + 1);
    const { service, doc, position } = atCursor(`${text.slice(0, hostEnd + 1)}|${text.slice(hostEnd + 1)}`);
    const list = await service.doComplete(doc, position);
    const nothingTyped = await completeAfter('');
    expect(list?.isIncomplete).toBe(true);
    expect(list?.items.map((item) => item.label)).toEqual(nothingTyped.items.map((item) => item.label));
    // The editor filters by the whole value before the cursor: each proposal matches it.
    expect(list?.items.every((item) => (item.filterText ?? item.label) === written)).toBe(true);
  });

  it('the answer stays under 1 MB', async () => {
    const list = await completeAfter('');
    expect(Buffer.byteLength(JSON.stringify(list.items))).toBeLessThan(1_000_000);
  });
});
