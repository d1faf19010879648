/**
 * The explorer view ("dbkit" in the activity bar): each connection's project, loaded as the user expands it, with
 * the snapshot and alert actions. What a node is and shows is in `lib/explorer.ts` and `lib/explorerItem.ts`, the
 * actions' words in `lib/explorerActions.ts`; here are the tree and its commands, `explorerLoads.ts` the loads and
 * the caches a refresh clears, `explorerActions.ts` the input boxes and confirmations, and `alertDocuments.ts` the
 * read-only alert documents. A failed load is an error node on the node that failed, never a pop-up; a failed action
 * the user asked for says so once.
 */
import * as vscode from 'vscode';
import type { ServiceConnection } from '../lib/connections.js';
import { Command, SERVICES_VIEW } from '../lib/constants.js';
import {
  alertGroups,
  deployedChildren,
  ExplorerCommand,
  type ExplorerNode,
  listChildren,
  type NamedId,
  nodeId,
  projectChildren,
  resourceChildren,
} from '../lib/explorer.js';
import { projectKey, RESOURCES_STATE_KEY, readResources } from '../lib/explorerActions.js';
import { type ExplorerItem, explorerItem } from '../lib/explorerItem.js';
import { AlertDocuments } from './alertDocuments.js';
import {
  acknowledgeAlert,
  addResource,
  type ExplorerActionContext,
  forgetResource,
  keepSnapshot,
  setSnapshotExpiry,
} from './explorerActions.js';
import { ExplorerLoads } from './explorerLoads.js';
import type { ServiceContext } from './serviceContext.js';

/** Registers the explorer view and its commands; called once by `activateServices`. */
export function registerExplorer(services: ServiceContext): void {
  const alerts = new AlertDocuments();
  const loads = new ExplorerLoads(services);
  const explorer = new ServicesExplorer(services, loads);
  const actions: ExplorerActionContext = { services, loads, alerts, redraw: () => explorer.redraw() };
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
    register(Command.keepSnapshot, (node?: ExplorerNode) => node?.kind === 'snapshot' && keepSnapshot(actions, node)),
    register(
      Command.setSnapshotExpiry,
      (node?: ExplorerNode) => node?.kind === 'snapshot' && setSnapshotExpiry(actions, node),
    ),
    register(Command.openAlert, (node?: ExplorerNode) => node?.kind === 'alert' && alerts.show(node.alert)),
    register(
      Command.acknowledgeAlert,
      (node?: ExplorerNode) => node?.kind === 'alert' && acknowledgeAlert(actions, node),
    ),
    register(ExplorerCommand.loadMore, (node?: ExplorerNode) => node?.kind === 'loadMore' && explorer.loadMore(node)),
    register(
      ExplorerCommand.addResource,
      (node?: ExplorerNode) => node?.kind === 'addResource' && addResource(actions, node.connection, node.resource),
    ),
    register(
      ExplorerCommand.forgetResource,
      (node?: ExplorerNode) => node?.kind === 'forgetResource' && forgetResource(actions, node),
    ),
  );
}

class ServicesExplorer implements vscode.TreeDataProvider<ExplorerNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ExplorerNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;

  constructor(
    private readonly services: ServiceContext,
    private readonly loads: ExplorerLoads,
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
        return projectChildren(connection, await this.loads.summary(connection), this.services.drafts.info(connection));
      case 'automationConfig':
        return deployedChildren(node);
      case 'clusters':
        return this.clusters(node);
      case 'configServerSnapshots':
        return resourceChildren(connection, 'host', this.resources(connection).host);
      case 'alerts':
        return alertGroups(connection, (status) => this.loads.totalOf({ kind: 'alertGroup', connection, status }));
      case 'cluster':
      case 'configServerHost':
      case 'alertGroup': {
        if (!this.loads.has(node)) await this.loads.load(node);
        return listChildren(node, this.loads.listOf(node));
      }
      default:
        return [];
    }
  }

  /** Forgets everything loaded: the next expansion asks the service again. */
  refresh(): void {
    this.loads.clear();
    this.changed.fire(undefined);
  }

  /** Shows the nodes again from what is loaded (a draft saved or discarded, an action's answer). */
  redraw(): void {
    this.changed.fire(undefined);
  }

  async loadMore(node: Extract<ExplorerNode, { kind: 'loadMore' }>): Promise<void> {
    await this.loads.load(node.owner);
    this.changed.fire(undefined);
  }

  dispose(): void {
    this.changed.dispose();
  }

  private resources(connection: ServiceConnection) {
    return readResources(this.services.context.globalState.get(RESOURCES_STATE_KEY), projectKey(connection));
  }

  /**
   * The project's clusters as the service lists them, then the ids the user added that it did not list (a service
   * without the list). When the list fails, the added ids and the error.
   */
  private async clusters(node: Extract<ExplorerNode, { kind: 'clusters' }>): Promise<readonly ExplorerNode[]> {
    const { connection } = node;
    const added = this.resources(connection).cluster;
    try {
      const client = await this.loads.client(connection);
      const listed: NamedId[] = [];
      for await (const cluster of client.clusters.list(connection.groupId)) {
        listed.push({ id: cluster.id, name: cluster.clusterName });
      }
      const extra = added.filter((entry) => !listed.some((c) => c.id === entry.id));
      return resourceChildren(connection, 'cluster', [...listed, ...extra]);
    } catch (error) {
      const message = this.loads.describe(error, connection);
      return [
        ...resourceChildren(connection, 'cluster', added),
        { kind: 'error', connection, parent: nodeId(node), message },
      ];
    }
  }
}

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
