/**
 * The explorer's actions: keep a snapshot or set its expiry, acknowledge an alert, add or forget a cluster or host
 * id. Each asks through input boxes and modal confirmations (their words are `lib/explorerActions.ts`), sends one
 * request and shows what the service answered in its place; a failure says so once.
 */
import type { DbkitClient } from '@dbkit/client';
import type { Alert, ClusterSnapshot } from '@dbkit/core';
import * as vscode from 'vscode';
import type { ServiceConnection } from '../lib/connections.js';
import { SERVICES_VIEW } from '../lib/constants.js';
import {
  type AlertNode,
  type ExplorerNode,
  listOwnerOf,
  type ResourceKind,
  type SnapshotNode,
} from '../lib/explorer.js';
import {
  type Confirmation,
  checkResourceId,
  checkTime,
  defaultAcknowledgeUntil,
  expiryConfirmation,
  keepConfirmation,
  nameFromSnapshot,
  projectKey,
  RESOURCES_STATE_KEY,
  withoutResource,
  withResource,
} from '../lib/explorerActions.js';
import type { AlertDocuments } from './alertDocuments.js';
import type { ExplorerLoads } from './explorerLoads.js';
import type { ServiceContext } from './serviceContext.js';

/** What the actions share with the explorer: what it loaded, the open alert documents, and how to show the tree. */
export interface ExplorerActionContext {
  readonly services: ServiceContext;
  readonly loads: ExplorerLoads;
  readonly alerts: AlertDocuments;
  /** Shows the nodes again from what is loaded. */
  readonly redraw: () => void;
}

export async function keepSnapshot(actions: ExplorerActionContext, node: SnapshotNode): Promise<void> {
  if (!(await confirm(keepConfirmation(node.snapshot)))) return;
  const keep = !node.snapshot.doNotDelete;
  await act(actions, node, (client) =>
    client.snapshots.keep(node.connection.groupId, node.cluster.id, node.snapshot.id, keep),
  );
}

export async function setSnapshotExpiry(actions: ExplorerActionContext, node: SnapshotNode): Promise<void> {
  const typed = await vscode.window.showInputBox({
    title: 'dbkit: Set Snapshot Expiry',
    prompt: 'When the service may delete the snapshot: an ISO 8601 time with its zone, or a date (midnight UTC)',
    placeHolder: '2026-07-01 or 2026-07-01T12:00:00Z',
    value: node.snapshot.expires ?? '',
    ignoreFocusOut: true,
    validateInput: (text) => messageOf(checkTime(text)),
  });
  const expires = typed === undefined ? undefined : checkTime(typed);
  if (expires === undefined || !expires.ok) return;
  if (!(await confirm(expiryConfirmation(node.snapshot, expires.value, new Date())))) return;
  const { groupId } = node.connection;
  await act(actions, node, async (client) => {
    // A kept snapshot refuses an expiry; letting it go first leaves it without one, never deleted, if the second
    // request fails.
    if (node.snapshot.doNotDelete) await client.snapshots.keep(groupId, node.cluster.id, node.snapshot.id, false);
    return client.snapshots.setExpiry(groupId, node.cluster.id, node.snapshot.id, expires.value.text);
  });
}

export async function acknowledgeAlert(actions: ExplorerActionContext, node: AlertNode): Promise<void> {
  const title = (step: number) => `dbkit: Acknowledge ${node.alert.eventTypeName} (${step}/2)`;
  const until = await vscode.window.showInputBox({
    title: title(1),
    prompt: 'Acknowledged until: an ISO 8601 time with its zone, or a date (midnight UTC); a past time ends it',
    value: defaultAcknowledgeUntil(new Date()),
    ignoreFocusOut: true,
    validateInput: (text) => messageOf(checkTime(text)),
  });
  const checked = until === undefined ? undefined : checkTime(until);
  if (checked === undefined || !checked.ok) return;
  const comment = await vscode.window.showInputBox({
    title: title(2),
    prompt: 'A comment for whoever reads the alert next (optional)',
    value: node.alert.acknowledgementComment ?? '',
    ignoreFocusOut: true,
  });
  if (comment === undefined) return;
  await act(actions, node, (client) =>
    client.alerts.acknowledge(node.connection.groupId, node.alert.id, {
      until: checked.value.text,
      ...(comment.trim() === '' ? {} : { comment }),
    }),
  );
}

/** Asks for a cluster or host id, checks it with one request (which also names it), and adds it. */
export async function addResource(
  actions: ExplorerActionContext,
  connection: ServiceConnection,
  kind: ResourceKind,
  value = '',
): Promise<void> {
  const { services, loads } = actions;
  const typed = await vscode.window.showInputBox({
    title: kind === 'cluster' ? 'dbkit: Add Cluster Id' : 'dbkit: Add Config-Server Host Id',
    prompt:
      kind === 'cluster'
        ? 'A cluster id of this project (dbkit-server prints it: “cluster rs0 id …”)'
        : 'The host id of a mirrored config server of this project',
    value,
    ignoreFocusOut: true,
    validateInput: (text) => messageOf(checkResourceId(text, kind)),
  });
  const id = typed === undefined ? undefined : checkResourceId(typed, kind);
  if (id === undefined || !id.ok) return;
  let name: string | undefined;
  try {
    const client = await loads.client(connection);
    const page =
      kind === 'cluster'
        ? await client.snapshots.page(connection.groupId, id.value, { completed: 'all', itemsPerPage: 1 })
        : await client.configServerSnapshots.page(connection.groupId, id.value, { itemsPerPage: 1 });
    name = nameFromSnapshot(kind, page.results[0]);
  } catch (error) {
    const add = 'Add Anyway';
    const again = 'Edit Again';
    const choice = await services.connections.showFailure(loads.failure(error, connection), connection, add, again);
    if (choice === again) return addResource(actions, connection, kind, id.value);
    if (choice !== add) return;
  }
  const state = services.context.globalState;
  const entry = name === undefined ? { id: id.value } : { id: id.value, name };
  await state.update(
    RESOURCES_STATE_KEY,
    withResource(state.get(RESOURCES_STATE_KEY), projectKey(connection), kind, entry),
  );
  actions.redraw();
}

export async function forgetResource(
  actions: ExplorerActionContext,
  node: Extract<ExplorerNode, { kind: 'forgetResource' }>,
): Promise<void> {
  const state = actions.services.context.globalState;
  const key = projectKey(node.connection);
  await state.update(RESOURCES_STATE_KEY, withoutResource(state.get(RESOURCES_STATE_KEY), key, node.resource, node.id));
  actions.redraw();
}

/**
 * Runs an action on a snapshot or an alert and shows what the service answered in its place. A failure says so
 * once, and the item's list is loaded again, so the node shows the service's state rather than a stale one.
 */
async function act<T extends ClusterSnapshot | Alert>(
  actions: ExplorerActionContext,
  node: SnapshotNode | AlertNode,
  run: (client: DbkitClient) => Promise<T>,
): Promise<void> {
  const { services, loads } = actions;
  const owner = listOwnerOf(node);
  try {
    const updated = await vscode.window.withProgress({ location: { viewId: SERVICES_VIEW } }, async () =>
      run(await loads.client(node.connection)),
    );
    loads.update(owner, updated);
    if (node.kind === 'alert') actions.alerts.update(updated as Alert);
    services.output.info(`dbkit: ${node.kind} ${updated.id} of ${node.connection.label} updated`);
  } catch (error) {
    loads.drop(owner);
    void services.connections.showFailure(loads.failure(error, node.connection), node.connection);
  }
  actions.redraw();
}

/** A modal question; true when the user chose to go ahead. */
async function confirm(confirmation: Confirmation): Promise<boolean> {
  const choice = await vscode.window.showWarningMessage(
    confirmation.message,
    { modal: true, detail: confirmation.detail },
    confirmation.confirm,
  );
  return choice === confirmation.confirm;
}

const messageOf = (checked: { readonly ok: true } | { readonly ok: false; readonly message: string }) =>
  checked.ok ? undefined : checked.message;
