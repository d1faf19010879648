/**
 * The explorer view ("dbkit" in the activity bar): each connection's project, loaded as the user expands it, with
 * the snapshot and alert actions. What a node is and shows is in `lib/explorer.ts` and `lib/explorerItem.ts`, the
 * actions' words in `lib/explorerActions.ts`; here are the loads, the caches a refresh clears, the input boxes and
 * confirmations, and the read-only alert documents. A failed load is an error node on the node that failed, never a
 * pop-up; a failed action the user asked for says so once.
 */
import type { DbkitClient } from '@dbkit/client';
import type { Alert, ClusterSnapshot, ConfigServerSnapshot, ListResponse } from '@dbkit/core';
import * as vscode from 'vscode';
import { type ConnectionFailure, failureText, noPrivateKey } from '../lib/connectionFailure.js';
import type { ServiceConnection } from '../lib/connections.js';
import { Command, SERVICES_VIEW } from '../lib/constants.js';
import {
  type AlertNode,
  alertGroups,
  type DeployedSummary,
  deployedChildren,
  EMPTY_LIST,
  ExplorerCommand,
  type ExplorerNode,
  type ListItemOf,
  type ListOwner,
  listChildren,
  listOwnerOf,
  type NamedId,
  nextPage,
  nodeId,
  PAGE_SIZE,
  type PagedList,
  projectChildren,
  type ResourceKind,
  resourceChildren,
  type SnapshotNode,
  withItem,
  withListError,
  withPage,
} from '../lib/explorer.js';
import {
  ALERT_SCHEME,
  alertDocumentPath,
  type Confirmation,
  checkResourceId,
  checkTime,
  defaultAcknowledgeUntil,
  expiryConfirmation,
  keepConfirmation,
  nameFromSnapshot,
  projectKey,
  RESOURCES_STATE_KEY,
  readResources,
  withoutResource,
  withResource,
} from '../lib/explorerActions.js';
import { type ExplorerItem, explorerItem } from '../lib/explorerItem.js';
import type { ServiceContext } from './serviceContext.js';

/** Registers the explorer view and its commands; called once by `activateServices`. */
export function registerExplorer(services: ServiceContext): void {
  const alerts = new AlertDocuments();
  const explorer = new ServicesExplorer(services, alerts);
  const view = vscode.window.createTreeView(SERVICES_VIEW, { treeDataProvider: explorer, showCollapseAll: true });
  const register = <A extends unknown[]>(command: string, run: (...args: A) => unknown) =>
    vscode.commands.registerCommand(command, run);
  services.context.subscriptions.push(
    alerts,
    explorer,
    view,
    services.connections.onDidChange(() => explorer.refresh()),
    // A draft is the editor's, not the service's: shown again from what is loaded, without asking the service.
    services.drafts.onDidChange(() => explorer.redraw()),
    register(Command.refreshServices, () => explorer.refresh()),
    register(Command.keepSnapshot, (node?: ExplorerNode) => node?.kind === 'snapshot' && explorer.keep(node)),
    register(Command.setSnapshotExpiry, (node?: ExplorerNode) => node?.kind === 'snapshot' && explorer.setExpiry(node)),
    register(Command.openAlert, (node?: ExplorerNode) => node?.kind === 'alert' && alerts.show(node.alert)),
    register(Command.acknowledgeAlert, (node?: ExplorerNode) => node?.kind === 'alert' && explorer.acknowledge(node)),
    register(ExplorerCommand.loadMore, (node?: ExplorerNode) => node?.kind === 'loadMore' && explorer.loadMore(node)),
    register(
      ExplorerCommand.addResource,
      (node?: ExplorerNode) => node?.kind === 'addResource' && explorer.addResource(node.connection, node.resource),
    ),
    register(
      ExplorerCommand.forgetResource,
      (node?: ExplorerNode) => node?.kind === 'forgetResource' && explorer.forgetResource(node),
    ),
  );
}

/** Thrown when a connection's private key is missing and the user does not give it. */
class NoPrivateKey extends Error {}

type AnyList = PagedList<ClusterSnapshot | ConfigServerSnapshot | Alert>;

class ServicesExplorer implements vscode.TreeDataProvider<ExplorerNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ExplorerNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  // Everything loaded since the last refresh, by node id; a refresh starts a new generation and drops it all.
  private generation = 0;
  private readonly clients = new Map<string, Promise<DbkitClient | undefined>>();
  private readonly deployed = new Map<string, Promise<DeployedSummary>>();
  private readonly lists = new Map<string, AnyList>();
  private readonly loading = new Map<string, Promise<void>>();

  constructor(
    private readonly services: ServiceContext,
    private readonly alerts: AlertDocuments,
  ) {}

  getTreeItem(node: ExplorerNode): vscode.TreeItem {
    return treeItem(explorerItem(node, new Date()));
  }

  async getChildren(node?: ExplorerNode): Promise<ExplorerNode[]> {
    return [...(await this.children(node))];
  }

  private async children(node: ExplorerNode | undefined): Promise<readonly ExplorerNode[]> {
    if (node === undefined) {
      return this.services.connections.list().map((connection) => ({ kind: 'connection', connection }) as const);
    }
    const { connection } = node;
    switch (node.kind) {
      case 'connection':
        return [{ kind: 'project', connection }];
      case 'project':
        return projectChildren(connection, await this.summary(connection), this.services.drafts.info(connection));
      case 'automationConfig':
        return deployedChildren(node);
      case 'clusters':
        return this.clusters(node);
      case 'configServerSnapshots':
        return resourceChildren(connection, 'host', this.resources(connection).host);
      case 'alerts':
        return alertGroups(connection, (status) => {
          const list = this.lists.get(nodeId({ kind: 'alertGroup', connection, status }));
          return list !== undefined && list.pagesLoaded > 0 ? list.totalCount : undefined;
        });
      case 'cluster':
      case 'configServerHost':
      case 'alertGroup': {
        if (!this.lists.has(nodeId(node))) await this.load(node);
        return listChildren(node, this.listOf(node));
      }
      default:
        return [];
    }
  }

  /** Forgets everything loaded: the next expansion asks the service again. */
  refresh(): void {
    this.generation++;
    this.clients.clear();
    this.deployed.clear();
    this.lists.clear();
    this.loading.clear();
    this.changed.fire(undefined);
  }

  /** Shows the nodes again from what is loaded (a draft saved or discarded). */
  redraw(): void {
    this.changed.fire(undefined);
  }

  async loadMore(node: Extract<ExplorerNode, { kind: 'loadMore' }>): Promise<void> {
    await this.load(node.owner);
    this.changed.fire(undefined);
  }

  async keep(node: SnapshotNode): Promise<void> {
    if (!(await confirm(keepConfirmation(node.snapshot)))) return;
    const keep = !node.snapshot.doNotDelete;
    await this.act(node, (client) =>
      client.snapshots.keep(node.connection.groupId, node.cluster.id, node.snapshot.id, keep),
    );
  }

  async setExpiry(node: SnapshotNode): Promise<void> {
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
    await this.act(node, async (client) => {
      // A kept snapshot refuses an expiry; letting it go first leaves it without one, never deleted, if the second
      // request fails.
      if (node.snapshot.doNotDelete) await client.snapshots.keep(groupId, node.cluster.id, node.snapshot.id, false);
      return client.snapshots.setExpiry(groupId, node.cluster.id, node.snapshot.id, expires.value.text);
    });
  }

  async acknowledge(node: AlertNode): Promise<void> {
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
    await this.act(node, (client) =>
      client.alerts.acknowledge(node.connection.groupId, node.alert.id, {
        until: checked.value.text,
        ...(comment.trim() === '' ? {} : { comment }),
      }),
    );
  }

  /** Asks for a cluster or host id, checks it with one request (which also names it), and adds it. */
  async addResource(connection: ServiceConnection, kind: ResourceKind, value = ''): Promise<void> {
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
      const client = await this.client(connection);
      const page =
        kind === 'cluster'
          ? await client.snapshots.page(connection.groupId, id.value, { completed: 'all', itemsPerPage: 1 })
          : await client.configServerSnapshots.page(connection.groupId, id.value, { itemsPerPage: 1 });
      name = nameFromSnapshot(kind, page.results[0]);
    } catch (error) {
      const add = 'Add Anyway';
      const again = 'Edit Again';
      const choice = await this.services.connections.showFailure(
        this.failure(error, connection),
        connection,
        add,
        again,
      );
      if (choice === again) return this.addResource(connection, kind, id.value);
      if (choice !== add) return;
    }
    const state = this.services.context.globalState;
    const entry = name === undefined ? { id: id.value } : { id: id.value, name };
    await state.update(
      RESOURCES_STATE_KEY,
      withResource(state.get(RESOURCES_STATE_KEY), projectKey(connection), kind, entry),
    );
    this.changed.fire(undefined);
  }

  async forgetResource(node: Extract<ExplorerNode, { kind: 'forgetResource' }>): Promise<void> {
    const state = this.services.context.globalState;
    const key = projectKey(node.connection);
    await state.update(
      RESOURCES_STATE_KEY,
      withoutResource(state.get(RESOURCES_STATE_KEY), key, node.resource, node.id),
    );
    this.changed.fire(undefined);
  }

  dispose(): void {
    this.changed.dispose();
  }

  private resources(connection: ServiceConnection) {
    return readResources(this.services.context.globalState.get(RESOURCES_STATE_KEY), projectKey(connection));
  }

  private listOf<O extends ListOwner>(owner: O): PagedList<ListItemOf<O>> {
    return (this.lists.get(nodeId(owner)) ?? EMPTY_LIST) as PagedList<ListItemOf<O>>;
  }

  /** One client per connection and refresh, so a missing private key is asked for once, not once per node. */
  private async client(connection: ServiceConnection): Promise<DbkitClient> {
    let client = this.clients.get(connection.id);
    if (client === undefined) {
      client = this.services.connections.client(connection);
      this.clients.set(connection.id, client);
    }
    const answered = await client;
    if (answered === undefined) throw new NoPrivateKey();
    return answered;
  }

  /**
   * The project's clusters as the service lists them, then the ids the user added that it did not list (a service
   * without the list). When the list fails, the added ids and the error.
   */
  private async clusters(node: Extract<ExplorerNode, { kind: 'clusters' }>): Promise<readonly ExplorerNode[]> {
    const { connection } = node;
    const added = this.resources(connection).cluster;
    try {
      const client = await this.client(connection);
      const listed: NamedId[] = [];
      for await (const cluster of client.clusters.list(connection.groupId)) {
        listed.push({ id: cluster.id, name: cluster.clusterName });
      }
      const extra = added.filter((entry) => !listed.some((c) => c.id === entry.id));
      return resourceChildren(connection, 'cluster', [...listed, ...extra]);
    } catch (error) {
      const message = this.describe(error, connection);
      return [
        ...resourceChildren(connection, 'cluster', added),
        { kind: 'error', connection, parent: nodeId(node), message },
      ];
    }
  }

  /** The automation config's version and status, read once per refresh. */
  private summary(connection: ServiceConnection): Promise<DeployedSummary> {
    let summary = this.deployed.get(connection.id);
    if (summary === undefined) {
      summary = (async (): Promise<DeployedSummary> => {
        try {
          const client = await this.client(connection);
          const [config, status] = await Promise.all([
            client.automationConfig.get(connection.groupId),
            client.automation.status(connection.groupId),
          ]);
          return { ok: true, version: config.version, status };
        } catch (error) {
          return { ok: false, message: this.describe(error, connection) };
        }
      })();
      this.deployed.set(connection.id, summary);
    }
    return summary;
  }

  /** Loads the next page of a list node's list; concurrent calls share one request. */
  private load(owner: ListOwner): Promise<void> {
    const key = nodeId(owner);
    const running = this.loading.get(key);
    if (running !== undefined) return running;
    const generation = this.generation;
    const loading = (async () => {
      const list: AnyList = this.lists.get(key) ?? EMPTY_LIST;
      const pageNum = nextPage(list);
      if (pageNum === undefined) return;
      let next: AnyList;
      try {
        next = withPage<ClusterSnapshot | ConfigServerSnapshot | Alert>(list, await this.page(owner, pageNum));
      } catch (error) {
        next = withListError(list, this.describe(error, owner.connection));
      }
      // A refresh during the request dropped this list: its answer belongs to the old tree.
      if (generation === this.generation) this.lists.set(key, next);
    })().finally(() => {
      if (this.loading.get(key) === loading) this.loading.delete(key);
    });
    this.loading.set(key, loading);
    return loading;
  }

  private async page(
    owner: ListOwner,
    pageNum: number,
  ): Promise<ListResponse<ClusterSnapshot | ConfigServerSnapshot | Alert>> {
    const client = await this.client(owner.connection);
    const { groupId } = owner.connection;
    const paging = { pageNum, itemsPerPage: PAGE_SIZE };
    switch (owner.kind) {
      case 'cluster':
        return client.snapshots.page(groupId, owner.cluster.id, { ...paging, completed: 'all' });
      case 'configServerHost':
        return client.configServerSnapshots.page(groupId, owner.host.id, paging);
      case 'alertGroup':
        return client.alerts.page(groupId, { ...paging, status: owner.status });
      default:
        return owner satisfies never;
    }
  }

  /**
   * Runs an action on a snapshot or an alert and shows what the service answered in its place. A failure says so
   * once, and the item's list is loaded again, so the node shows the service's state rather than a stale one.
   */
  private async act<T extends ClusterSnapshot | Alert>(
    node: SnapshotNode | AlertNode,
    run: (client: DbkitClient) => Promise<T>,
  ): Promise<void> {
    const owner = listOwnerOf(node);
    const key = nodeId(owner);
    try {
      const updated = await vscode.window.withProgress({ location: { viewId: SERVICES_VIEW } }, async () =>
        run(await this.client(node.connection)),
      );
      const list = this.lists.get(key);
      if (list !== undefined)
        this.lists.set(key, withItem<ClusterSnapshot | ConfigServerSnapshot | Alert>(list, updated));
      if (node.kind === 'alert') this.alerts.update(updated as Alert);
      this.services.output.info(`dbkit: ${node.kind} ${updated.id} of ${node.connection.label} updated`);
    } catch (error) {
      this.lists.delete(key);
      void this.services.connections.showFailure(this.failure(error, node.connection), node.connection);
    }
    this.changed.fire(undefined);
  }

  /**
   * A failure as a notification shows it, with its button: the connection store's words for the client's errors;
   * a bug is logged as such.
   */
  private failure(error: unknown, connection: ServiceConnection): ConnectionFailure {
    if (error instanceof NoPrivateKey) return noPrivateKey(connection);
    const failure = this.services.connections.failure(error, connection);
    if (failure !== undefined) return failure;
    const message = error instanceof Error ? error.message : String(error);
    this.services.output.error(`dbkit: explorer: unexpected error: ${message}`);
    const said = message
      .replace(/\s+/g, ' ')
      .replace(/[\s.,;:]+$/, '')
      .trim();
    return { message: `dbkit: The explorer failed: ${said}. The dbkit output has the details.` };
  }

  /** A failure in one line of words alone, for a node (which has no buttons). */
  private describe(error: unknown, connection: ServiceConnection): string {
    return failureText(this.failure(error, connection));
  }
}

/** The alerts opened from the explorer, as read-only JSON documents named `<id>.alert.json` (the alert schema). */
class AlertDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly contents = new Map<string, string>();
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(ALERT_SCHEME, this);

  async show(alert: Alert): Promise<void> {
    const uri = this.uriOf(alert);
    this.set(uri, alert);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: true });
  }

  /** Shows an alert's new state in its document, if it is open. */
  update(alert: Alert): void {
    const uri = this.uriOf(alert);
    if (this.contents.has(uri.toString())) this.set(uri, alert);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return (
      this.contents.get(uri.toString()) ?? '// This alert is no longer loaded: open it again from the dbkit explorer.\n'
    );
  }

  dispose(): void {
    this.registration.dispose();
    this.changed.dispose();
  }

  private uriOf(alert: Alert): vscode.Uri {
    return vscode.Uri.from({ scheme: ALERT_SCHEME, path: alertDocumentPath(alert) });
  }

  private set(uri: vscode.Uri, alert: Alert): void {
    this.contents.set(uri.toString(), `${JSON.stringify(alert, null, 2)}\n`);
    this.changed.fire(uri);
  }
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

const COLLAPSIBLE = {
  none: vscode.TreeItemCollapsibleState.None,
  collapsed: vscode.TreeItemCollapsibleState.Collapsed,
  expanded: vscode.TreeItemCollapsibleState.Expanded,
} as const;

function treeItem(item: ExplorerItem): vscode.TreeItem {
  const tree = new vscode.TreeItem(item.label, COLLAPSIBLE[item.collapsible]);
  tree.id = item.id;
  if (item.description !== undefined) tree.description = item.description;
  if (item.tooltip !== undefined) tree.tooltip = item.tooltip;
  if (item.contextValue !== undefined) tree.contextValue = item.contextValue;
  if (item.icon !== undefined) {
    const color = item.icon.color === undefined ? undefined : new vscode.ThemeColor(item.icon.color);
    tree.iconPath = new vscode.ThemeIcon(item.icon.id, color);
  }
  if (item.command !== undefined) tree.command = { ...item.command, arguments: [...item.command.arguments] };
  return tree;
}
