// Drafts of deployed configs as plain data (`src/lib/drafts.ts`): the index in global state, read leniently, and
// what the explorer and the editor tab say of a draft.
import { describe, expect, it } from 'vitest';
import { draftLabel, draftSecretKey, draftsOf, readDraftIndex, withDraft } from '../src/lib/drafts.ts';

describe('the draft index', () => {
  it.for([
    { stored: undefined, read: {} },
    { stored: [], read: {} },
    { stored: 'text', read: {} },
    { stored: { a: { savedAt: 5, storedVersion: 2 } }, read: { a: { savedAt: 5, storedVersion: 2 } } },
    { stored: { a: { savedAt: 5 } }, read: { a: { savedAt: 5, storedVersion: undefined } } },
    {
      stored: { a: { savedAt: 'soon' }, b: null, c: { savedAt: 7 } },
      read: { c: { savedAt: 7, storedVersion: undefined } },
    },
  ])('reads $stored as $read', ({ stored, read }) => {
    expect(readDraftIndex(stored)).toEqual(read);
  });

  it('keeps the text out of global state: only the time and the version', () => {
    const index = withDraft({}, 'c1', { savedAt: 1, storedVersion: 3 });
    expect(JSON.stringify(index)).toBe('{"c1":{"savedAt":1,"storedVersion":3}}');
    expect(draftSecretKey({ id: 'c1' })).toBe('dbkit.draft:c1');
  });

  it('adds, replaces and drops a connection’s draft, and drops those of removed connections', () => {
    const one = withDraft({}, 'c1', { savedAt: 1, storedVersion: 3 });
    const two = withDraft(one, 'c2', { savedAt: 2, storedVersion: undefined });
    expect(Object.keys(two)).toEqual(['c1', 'c2']);
    expect(withDraft(two, 'c1', { savedAt: 9, storedVersion: 4 }).c1).toEqual({ savedAt: 9, storedVersion: 4 });
    expect(withDraft(two, 'c1', undefined)).toEqual({ c2: two.c2 });
    expect(draftsOf(two, [{ id: 'c2' }, { id: 'c3' }])).toEqual({ c2: two.c2 });
  });

  it.for([
    { savedAt: '2026-07-01T14:05:30Z', now: '2026-07-01T18:00:00Z', label: 'draft saved 14:05 UTC, not published' },
    {
      savedAt: '2026-07-01T00:00:00Z',
      now: '2026-07-02T08:00:00Z',
      label: 'draft saved 2026-07-01 00:00 UTC, not published',
    },
  ])('labels a draft saved $savedAt, seen $now', ({ savedAt, now, label }) => {
    expect(draftLabel({ savedAt: Date.parse(savedAt), storedVersion: 1 }, new Date(now))).toBe(label);
  });
});
