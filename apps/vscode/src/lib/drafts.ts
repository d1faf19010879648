/**
 * Drafts of deployed configs as plain data. Saving a deployed document keeps its text as a draft of the
 * connection's project instead of publishing it; Publish is the step that sends. The text may hold the deployment's
 * secrets (`auth.key`, `auth.autoPwd`, …), so it is kept in VS Code's `SecretStorage` under {@link draftSecretKey};
 * global state keeps only which connections have one, since when, and the stored version it was saved over.
 */
import type { ServiceConnection } from './connections.js';

/** What is known of a draft without reading its text. */
export interface DraftInfo {
  /** When it was last saved, as epoch milliseconds. */
  readonly savedAt: number;
  /** The stored version the document was read at when it was saved; undefined when not known. */
  readonly storedVersion: number | undefined;
}

/** The drafts by connection id. */
export type DraftIndex = Readonly<Record<string, DraftInfo>>;

/** The key of the draft index in the extension's global state. */
export const DRAFTS_STATE_KEY = 'dbkit.drafts';

/** Where a connection's draft text is kept in `SecretStorage`. */
export function draftSecretKey(connection: Pick<ServiceConnection, 'id'>): string {
  return `dbkit.draft:${connection.id}`;
}

/** The stored index, read leniently: entries that are not drafts are dropped, never a reason to fail. */
export function readDraftIndex(value: unknown): DraftIndex {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
  const index: Record<string, DraftInfo> = {};
  for (const [id, entry] of Object.entries(value as Record<string, unknown>)) {
    const e = (entry ?? {}) as Record<string, unknown>;
    if (typeof e.savedAt !== 'number' || !Number.isFinite(e.savedAt)) continue;
    const storedVersion = typeof e.storedVersion === 'number' ? e.storedVersion : undefined;
    index[id] = { savedAt: e.savedAt, storedVersion };
  }
  return index;
}

/** The index with a connection's draft saved (`info`) or dropped (undefined). */
export function withDraft(index: DraftIndex, connectionId: string, info: DraftInfo | undefined): DraftIndex {
  const { [connectionId]: _dropped, ...rest } = index;
  return info === undefined ? rest : { ...rest, [connectionId]: info };
}

/** The index without the drafts of connections no longer in the list. */
export function draftsOf(index: DraftIndex, connections: readonly Pick<ServiceConnection, 'id'>[]): DraftIndex {
  const ids = new Set(connections.map((c) => c.id));
  return Object.fromEntries(Object.entries(index).filter(([id]) => ids.has(id)));
}

/**
 * What the explorer and the editor tab say of a draft: `draft saved 14:05 UTC, not published`. A day other than
 * `now`'s is named by its date.
 */
export function draftLabel(info: DraftInfo, now: Date): string {
  const iso = new Date(info.savedAt).toISOString();
  const day = iso.slice(0, 10) === now.toISOString().slice(0, 10) ? '' : `${iso.slice(0, 10)} `;
  return `draft saved ${day}${iso.slice(11, 16)} UTC, not published`;
}
