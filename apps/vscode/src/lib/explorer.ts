/**
 * The explorer view's model without VS Code: the nodes of the tree (connection → project → automation config,
 * clusters, config-server snapshots, alerts), their ids and children, and the paged lists with their "Load more…",
 * error and empty nodes. What each node shows is `explorerItem.ts`; the actions' words are `explorerActions.ts`.
 */
import type {
  Alert,
  AlertStatusFilter,
  AutomationStatus,
  ClusterSnapshot,
  ConfigServerSnapshot,
  ListResponse,
  ProcessStatus,
} from '@dbkit/core';
import type { ServiceConnection } from './connections.js';
import type { DraftInfo } from './drafts.js';

export const PAGE_SIZE = 100;

/** The alert groups, in the order shown: what needs attention first. */
export const ALERT_GROUPS: readonly AlertStatusFilter[] = ['OPEN', 'TRACKING', 'CLOSED'];

/**
 * Commands only the tree's own nodes run (a click on "Load more…", "Add cluster id…", "Forget this cluster id"), so
 * they are registered but not contributed: the palette never offers them.
 */
export const ExplorerCommand = {
  loadMore: 'dbkit.services.loadMore',
  addResource: 'dbkit.services.addResource',
  forgetResource: 'dbkit.services.forgetResource',
} as const;

/** What the API lists by an id the user gives: a cluster's snapshots, or a (mirrored) config server's. */
export type ResourceKind = 'cluster' | 'host';

/** A cluster or host id the user added, and the name its first snapshot gave it. */
export type NamedId = { readonly id: string; readonly name?: string };

/** The automation config's version and the agents' status, or why they could not be read. */
export type DeployedSummary =
  | { readonly ok: true; readonly version: number; readonly status: AutomationStatus }
  | { readonly ok: false; readonly message: string };

type On = { readonly connection: ServiceConnection };

/** A list node: its children are a paged list the service answers. */
export type ListOwner =
  | (On & { readonly kind: 'cluster'; readonly cluster: NamedId })
  | (On & { readonly kind: 'configServerHost'; readonly host: NamedId })
  | (On & { readonly kind: 'alertGroup'; readonly status: AlertStatusFilter; readonly totalCount?: number });

/**
 * A node of the tree. Every node carries its connection, so each is also the `{connection}` argument the service
 * commands take when VS Code passes the node to a menu's command.
 */
export type ExplorerNode =
  | (On & { readonly kind: 'connection' })
  | (On & { readonly kind: 'project' })
  | (On & { readonly kind: 'automationConfig'; readonly deployed: DeployedSummary; readonly draft?: DraftInfo })
  | (On & { readonly kind: 'process'; readonly process: ProcessStatus; readonly goalVersion: number })
  | (On & { readonly kind: 'clusters' })
  | (On & { readonly kind: 'configServerSnapshots' })
  | (On & { readonly kind: 'alerts' })
  | ListOwner
  | (On & { readonly kind: 'snapshot'; readonly cluster: NamedId; readonly snapshot: ClusterSnapshot })
  | (On & { readonly kind: 'configServerSnapshot'; readonly host: NamedId; readonly snapshot: ConfigServerSnapshot })
  | (On & { readonly kind: 'alert'; readonly group: AlertStatusFilter; readonly alert: Alert })
  | (On & { readonly kind: 'loadMore'; readonly owner: ListOwner; readonly loaded: number; readonly total: number })
  | (On & { readonly kind: 'addResource'; readonly resource: ResourceKind })
  | (On & { readonly kind: 'forgetResource'; readonly resource: ResourceKind; readonly id: string })
  | (On & { readonly kind: 'error'; readonly parent: string; readonly message: string })
  | (On & { readonly kind: 'empty'; readonly parent: string; readonly message: string });

export type SnapshotNode = Extract<ExplorerNode, { kind: 'snapshot' }>;
export type AlertNode = Extract<ExplorerNode, { kind: 'alert' }>;

/** The id of a node: the connection's, then the path down to it. */
export function nodeId(node: ExplorerNode): string {
  const root = node.connection.id;
  switch (node.kind) {
    case 'connection':
      return root;
    case 'project':
    case 'automationConfig':
    case 'clusters':
    case 'configServerSnapshots':
    case 'alerts':
      return `${root}/${node.kind}`;
    case 'process':
      return `${root}/automationConfig/${node.process.name}`;
    case 'cluster':
      return `${root}/clusters/${node.cluster.id}`;
    case 'configServerHost':
      return `${root}/configServerSnapshots/${node.host.id}`;
    case 'alertGroup':
      return `${root}/alerts/${node.status}`;
    case 'snapshot':
      return `${root}/clusters/${node.cluster.id}/${node.snapshot.id}`;
    case 'configServerSnapshot':
      return `${root}/configServerSnapshots/${node.host.id}/${node.snapshot.id}`;
    case 'alert':
      // Under its group, not its status: an alert that changed status between two pages may be in two groups.
      return `${root}/alerts/${node.group}/${node.alert.id}`;
    case 'loadMore':
      return `${nodeId(node.owner)}#more`;
    case 'addResource':
      return `${root}/${node.resource === 'cluster' ? 'clusters' : 'configServerSnapshots'}#add`;
    case 'forgetResource':
      return `${root}/${node.resource === 'cluster' ? 'clusters' : 'configServerSnapshots'}/${node.id}#forget`;
    case 'error':
      return `${node.parent}#error`;
    case 'empty':
      return `${node.parent}#empty`;
    default:
      return node satisfies never;
  }
}

/** The fixed children of a project: what the service has about it. */
export function projectChildren(
  connection: ServiceConnection,
  deployed: DeployedSummary,
  draft?: DraftInfo,
): readonly ExplorerNode[] {
  return [
    { kind: 'automationConfig', connection, deployed, ...(draft === undefined ? {} : { draft }) },
    { kind: 'clusters', connection },
    { kind: 'configServerSnapshots', connection },
    { kind: 'alerts', connection },
  ];
}

/** The processes under the automation config, or why the status could not be read. */
export function deployedChildren(node: Extract<ExplorerNode, { kind: 'automationConfig' }>): readonly ExplorerNode[] {
  const { connection, deployed } = node;
  if (!deployed.ok) return [{ kind: 'error', connection, parent: nodeId(node), message: deployed.message }];
  return deployed.status.processes.map((process) => ({
    kind: 'process',
    connection,
    process,
    goalVersion: deployed.status.goalVersion,
  }));
}

/** The added clusters or hosts, then the node that adds one. */
export function resourceChildren(
  connection: ServiceConnection,
  resource: ResourceKind,
  ids: readonly NamedId[],
): readonly ExplorerNode[] {
  const nodes: ExplorerNode[] = ids.map((entry) =>
    resource === 'cluster'
      ? { kind: 'cluster', connection, cluster: entry }
      : { kind: 'configServerHost', connection, host: entry },
  );
  nodes.push({ kind: 'addResource', connection, resource });
  return nodes;
}

/** The alert groups, each with its count once its first page is loaded. */
export function alertGroups(
  connection: ServiceConnection,
  totalOf: (status: AlertStatusFilter) => number | undefined,
): readonly ExplorerNode[] {
  return ALERT_GROUPS.map((status) => {
    const totalCount = totalOf(status);
    return totalCount === undefined
      ? { kind: 'alertGroup', connection, status }
      : { kind: 'alertGroup', connection, status, totalCount };
  });
}

// Paged lists.

/** The items of a list loaded so far, page by page, and how the last request went. */
export type PagedList<T> = {
  readonly items: readonly T[];
  readonly totalCount: number;
  /** Pages loaded; the next request asks for `pagesLoaded + 1`. */
  readonly pagesLoaded: number;
  /** The service answered an empty page: whatever `totalCount` says, there is nothing more to ask for. */
  readonly exhausted: boolean;
  /** Why the last page could not be loaded (the items loaded before it stay). */
  readonly error?: string;
};

/** The empty list, before its first page. */
export const EMPTY_LIST: PagedList<never> = { items: [], totalCount: 0, pagesLoaded: 0, exhausted: false };

/**
 * The list with one more page: items already shown are not repeated (the list may shift between requests, and two
 * nodes with one id would break the tree).
 */
export function withPage<T extends { readonly id: string }>(list: PagedList<T>, page: ListResponse<T>): PagedList<T> {
  const seen = new Set(list.items.map((item) => item.id));
  const fresh = page.results.filter((item) => !seen.has(item.id) && seen.add(item.id));
  return {
    items: [...list.items, ...fresh],
    totalCount: page.totalCount,
    pagesLoaded: list.pagesLoaded + 1,
    exhausted: page.results.length === 0,
  };
}

/** The list after a failed request: what was loaded stays, the error is shown after it. */
export function withListError<T>(list: PagedList<T>, message: string): PagedList<T> {
  return { ...list, error: message };
}

/** The list with one item as the service now answers it (after Keep, Set expiry or Acknowledge). */
export function withItem<T extends { readonly id: string }>(list: PagedList<T>, item: T): PagedList<T> {
  return { ...list, items: list.items.map((current) => (current.id === item.id ? item : current)) };
}

/** The page to ask for next, or undefined when everything is loaded. */
export function nextPage(list: PagedList<unknown>): number | undefined {
  if (list.pagesLoaded === 0) return 1;
  return list.exhausted || list.items.length >= list.totalCount ? undefined : list.pagesLoaded + 1;
}

/** The items of a list owner, as the service lists them. */
export type ListItemOf<O extends ListOwner> = O extends { kind: 'cluster' }
  ? ClusterSnapshot
  : O extends { kind: 'configServerHost' }
    ? ConfigServerSnapshot
    : Alert;

/** A list node's children: its items, then an error node, a "Load more…" node, or a note that it is empty. */
export function listChildren<O extends ListOwner>(owner: O, list: PagedList<ListItemOf<O>>): readonly ExplorerNode[] {
  const { connection } = owner;
  const parent = nodeId(owner);
  const nodes: ExplorerNode[] = list.items.map((item) => itemNode(owner, item));
  if (list.error !== undefined) nodes.push({ kind: 'error', connection, parent, message: list.error });
  if (list.pagesLoaded > 0 && nextPage(list) !== undefined) {
    nodes.push({ kind: 'loadMore', connection, owner, loaded: list.items.length, total: list.totalCount });
  }
  if (list.error !== undefined && list.pagesLoaded === 0 && owner.kind !== 'alertGroup') {
    // A wrong id fails its first page for ever: let the user take it back where the error shows.
    const id = owner.kind === 'cluster' ? owner.cluster.id : owner.host.id;
    nodes.push({ kind: 'forgetResource', connection, resource: owner.kind === 'cluster' ? 'cluster' : 'host', id });
  }
  if (nodes.length === 0) nodes.push({ kind: 'empty', connection, parent, message: emptyMessage(owner) });
  return nodes;
}

/** The list node an item is listed under, whose list an action on the item updates. */
export function listOwnerOf(node: SnapshotNode | AlertNode): ListOwner {
  return node.kind === 'snapshot'
    ? { kind: 'cluster', connection: node.connection, cluster: node.cluster }
    : { kind: 'alertGroup', connection: node.connection, status: node.group };
}

function itemNode(owner: ListOwner, item: ClusterSnapshot | ConfigServerSnapshot | Alert): ExplorerNode {
  const { connection } = owner;
  switch (owner.kind) {
    case 'cluster':
      return { kind: 'snapshot', connection, cluster: owner.cluster, snapshot: item as ClusterSnapshot };
    case 'configServerHost':
      return { kind: 'configServerSnapshot', connection, host: owner.host, snapshot: item as ConfigServerSnapshot };
    case 'alertGroup':
      return { kind: 'alert', connection, group: owner.status, alert: item as Alert };
    default:
      return owner satisfies never;
  }
}

function emptyMessage(owner: ListOwner): string {
  switch (owner.kind) {
    case 'cluster':
    case 'configServerHost':
      return 'No snapshots';
    case 'alertGroup':
      return `No ${owner.status.toLowerCase()} alerts`;
    default:
      return owner satisfies never;
  }
}
