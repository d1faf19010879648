/**
 * The explorer's actions without VS Code: the cluster and host ids a user adds (the API cannot list them), the times
 * typed for an expiry or an acknowledgement, the confirmations that name the expiry rules, and the alert documents.
 */
import {
  type Alert,
  type ClusterSnapshot,
  type ConfigServerSnapshot,
  formatServiceTime,
  parseTimestamp,
} from '@dbkit/core';
import type { Checked, ServiceConnection } from './connections.js';
import type { NamedId, ResourceKind } from './explorer.js';
import { shortTime } from './explorerText.js';

/** The key of the added ids in the extension's global state. */
export const RESOURCES_STATE_KEY = 'dbkit.explorer.resources';

/** The ids added for one project. */
export type ProjectResources = { readonly cluster: readonly NamedId[]; readonly host: readonly NamedId[] };

/**
 * Ids belong to the service and project, not to the key pair: editing a connection's key keeps them, and two
 * connections to one project share them.
 */
export function projectKey(connection: Pick<ServiceConnection, 'baseUrl' | 'groupId'>): string {
  return JSON.stringify([connection.baseUrl, connection.groupId]);
}

function readIds(value: unknown): readonly NamedId[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    const e = (entry ?? {}) as Record<string, unknown>;
    if (typeof e.id !== 'string' || e.id === '') return [];
    return [typeof e.name === 'string' && e.name !== '' ? { id: e.id, name: e.name } : { id: e.id }];
  });
}

/** The ids added for a project, read leniently from the stored state (what is not an id is dropped). */
export function readResources(state: unknown, key: string): ProjectResources {
  const all = (state ?? {}) as Record<string, unknown>;
  const entry = (Object.hasOwn(all, key) ? all[key] : {}) as Record<string, unknown> | undefined;
  return { cluster: readIds(entry?.cluster), host: readIds(entry?.host) };
}

/** The stored state with `entry` added (or renamed) under the project. */
export function withResource(state: unknown, key: string, kind: ResourceKind, entry: NamedId): unknown {
  const current = readResources(state, key);
  const ids = current[kind].some((e) => e.id === entry.id)
    ? current[kind].map((e) => (e.id === entry.id ? entry : e))
    : [...current[kind], entry];
  return { ...asRecord(state), [key]: { ...current, [kind]: ids } };
}

/** The stored state without the id under the project. */
export function withoutResource(state: unknown, key: string, kind: ResourceKind, id: string): unknown {
  const current = readResources(state, key);
  return { ...asRecord(state), [key]: { ...current, [kind]: current[kind].filter((e) => e.id !== id) } };
}

const asRecord = (state: unknown): Record<string, unknown> =>
  state !== null && typeof state === 'object' && !Array.isArray(state) ? (state as Record<string, unknown>) : {};

/** A cluster or host id as typed: one word (the service says whether it exists). */
export function checkResourceId(text: string, kind: ResourceKind): Checked<string> {
  const trimmed = text.trim();
  const what = kind === 'cluster' ? 'cluster id' : 'host id';
  if (trimmed === '') return { ok: false, message: `Type the ${what}, e.g. 9c43a8c3b7cf3c25632b9240.` };
  if (/\s|\//.test(trimmed)) return { ok: false, message: `The ${what} is one word without spaces or slashes.` };
  return { ok: true, value: trimmed };
}

/** The name a cluster or host gets from its first snapshot: the cluster's name, the config server's host and port. */
export function nameFromSnapshot(
  kind: ResourceKind,
  snapshot: ClusterSnapshot | ConfigServerSnapshot | undefined,
): string | undefined {
  if (snapshot === undefined) return undefined;
  if (kind === 'cluster') return snapshot.clusterName;
  const part = (snapshot as ConfigServerSnapshot).parts[0];
  return part?.machineId;
}

// The actions' words.

/** A time the user types for an expiry or an acknowledgement: what it is, and its instant. */
export type TypedTime = { readonly text: string; readonly at: number };

/** Checks a typed ISO 8601 time or date the way the service reads it (core's `parseTimestamp`). */
export function checkTime(text: string): Checked<TypedTime> {
  const trimmed = text.trim();
  const forms = 'a time with its zone, 2026-07-01T12:00:00Z, or a date, 2026-07-01 (midnight UTC)';
  if (trimmed === '') return { ok: false, message: `Type ${forms}.` };
  const at = parseTimestamp(trimmed);
  if (at !== undefined) return { ok: true, value: { text: trimmed, at } };
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(trimmed)) {
    return {
      ok: false,
      message: 'Add the zone (Z for UTC, or an offset such as +02:00): without it the time is ambiguous.',
    };
  }
  return { ok: false, message: `${trimmed} is not an ISO 8601 time: type ${forms}.` };
}

/** A modal confirmation: its question, the rule it names, and the button that goes ahead. */
export type Confirmation = { readonly message: string; readonly detail: string; readonly confirm: string };

/** Keep (doNotDelete) removes the expiry; keeping a kept snapshot's toggle lets it expire again. */
export function keepConfirmation(snapshot: ClusterSnapshot): Confirmation {
  const which = `the snapshot of ${shortTime(snapshot.created.date)}`;
  if (snapshot.doNotDelete) {
    return {
      message: `Stop keeping ${which}?`,
      detail: 'It then has no expiry and stays until you set one with Set Snapshot Expiry….',
      confirm: 'Stop Keeping',
    };
  }
  return {
    message: `Keep ${which}?`,
    detail:
      snapshot.expires === undefined
        ? 'Keeping a snapshot (doNotDelete) removes any expiry: the service never deletes it while it is kept.'
        : `Keeping a snapshot (doNotDelete) removes its expiry (${shortTime(snapshot.expires)}): the service never deletes it while it is kept.`,
    confirm: 'Keep',
  };
}

/** Setting an expiry: at or before now, the snapshot goes at the next sweep, and that expiry cannot be changed. */
export function expiryConfirmation(snapshot: ClusterSnapshot, expires: TypedTime, now: Date): Confirmation {
  const when = shortTime(new Date(expires.at).toISOString());
  const which = `the snapshot of ${shortTime(snapshot.created.date)}`;
  const unkeep = snapshot.doNotDelete ? ' It is kept now: setting an expiry stops keeping it.' : '';
  if (expires.at <= now.getTime()) {
    return {
      message: `Delete ${which}? ${when} is at or before now.`,
      detail: `An expiry at or before now deletes the snapshot at the service's next sweep, and an expiry that has passed cannot be changed.${unkeep}`,
      confirm: 'Set Expiry and Delete',
    };
  }
  return {
    message: `Set the expiry of ${which} to ${when}?`,
    detail: `The service deletes it at its first sweep after that time (an expiry at or before now deletes the snapshot at the next sweep).${unkeep}`,
    confirm: 'Set Expiry',
  };
}

/** What the acknowledgement box offers: 24 hours from now, in whole seconds. */
export function defaultAcknowledgeUntil(now: Date): string {
  return formatServiceTime(now.getTime() + 24 * 60 * 60 * 1000);
}

/** The read-only document an alert opens in: its id under its project, named so the alert schema applies. */
export function alertDocumentPath(alert: Pick<Alert, 'groupId' | 'id'>): string {
  return `/${alert.groupId}/${alert.id}.alert.json`;
}

/** The scheme of the alert documents (read-only, from the explorer's loaded data). */
export const ALERT_SCHEME = 'dbkit-alert';
