/**
 * What each node of the explorer shows, as a function of the API's data: label, description, tooltip, icon, the
 * `viewItem` the package.json menus match, and what a click runs; one function per kind of node. The one-line words
 * for the API's data are `explorerText.ts`.
 */
import {
  type ClusterSnapshot,
  type ConfigServerSnapshot,
  formatGoalProgress,
  goalProgress,
  isAtGoal,
  isSnapshotExpired,
  isStuck,
} from '@dbkit/core';
import { Command } from './constants.js';
import { draftLabel } from './drafts.js';
import { ExplorerCommand, type ExplorerNode, type NamedId, nodeId, PAGE_SIZE } from './explorer.js';
import {
  alertDescription,
  alertSubject,
  processDescription,
  shortTime,
  snapshotDescription,
  statusDescription,
} from './explorerText.js';

/** What the view shows for a node; `common/explorer.ts` turns it into a `vscode.TreeItem`. */
export type ExplorerItem = {
  /** Stable across refreshes, so VS Code keeps what is expanded and tests can find the node. */
  readonly id: string;
  readonly label: string;
  readonly description?: string;
  readonly tooltip?: string;
  /** The `viewItem` the package.json menus match. */
  readonly contextValue?: string;
  readonly collapsible: 'none' | 'collapsed' | 'expanded';
  /** A codicon id and an optional theme colour. */
  readonly icon?: { readonly id: string; readonly color?: string };
  /** What a click runs. */
  readonly command?: { readonly command: string; readonly title: string; readonly arguments: readonly unknown[] };
};

/**
 * The `viewItem` of a cluster snapshot: `snapshot` or `snapshotKept` (the menus' `^snapshot` offers Keep and Set
 * expiry…); a snapshot whose expiry has passed is `expiredSnapshot`, as the service refuses to change it.
 */
export function snapshotContext(snapshot: ClusterSnapshot, now: Date): string {
  if (isSnapshotExpired(snapshot, now)) return 'expiredSnapshot';
  return snapshot.doNotDelete ? 'snapshotKept' : 'snapshot';
}

/** An error as the error node shows it: one line, without the `dbkit: ` every message of the extension starts with. */
export function cannotLoad(message: string): string {
  return `Cannot load: ${message
    .replace(/^dbkit: /, '')
    .replace(/\s+/g, ' ')
    .trim()}`;
}

const named = (entry: NamedId) => entry.name ?? entry.id;
const lines = (...text: readonly (string | undefined | false)[]) => text.filter(Boolean).join('\n');

/** A node of one kind. */
type NodeOf<K extends ExplorerNode['kind']> = Extract<ExplorerNode, { readonly kind: K }>;

/** What the view shows for a node at `now` (which decides whether an expiry has passed). */
export function explorerItem(node: ExplorerNode, now: Date): ExplorerItem {
  const id = nodeId(node);
  switch (node.kind) {
    case 'connection':
      return connectionItem(id, node);
    case 'project':
      return projectItem(id, node);
    case 'automationConfig':
      return automationConfigItem(id, node, now);
    case 'process':
      return processItem(id, node);
    case 'clusters':
      return clustersItem(id);
    case 'cluster':
      return clusterItem(id, node);
    case 'snapshot':
      return clusterSnapshotItem(id, node, now);
    case 'configServerSnapshots':
      return configServerSnapshotsItem(id);
    case 'configServerHost':
      return configServerHostItem(id, node);
    case 'configServerSnapshot':
      return configServerSnapshotItem(id, node, now);
    case 'alerts':
      return alertsItem(id);
    case 'alertGroup':
      return alertGroupItem(id, node);
    case 'alert':
      return alertItem(id, node);
    case 'loadMore':
      return loadMoreItem(id, node);
    case 'addResource':
      return addResourceItem(id, node);
    case 'forgetResource':
      return forgetResourceItem(id, node);
    case 'error':
      return errorItem(id, node);
    case 'empty':
      return emptyItem(id, node);
    default:
      return node satisfies never;
  }
}

function connectionItem(id: string, { connection }: NodeOf<'connection'>): ExplorerItem {
  return {
    id,
    label: connection.label,
    description: connection.baseUrl,
    tooltip: lines(connection.baseUrl, `project ${connection.groupId}`, `public key ${connection.publicKey}`),
    contextValue: 'connection',
    collapsible: 'collapsed',
    icon: { id: 'plug' },
  };
}

function projectItem(id: string, { connection }: NodeOf<'project'>): ExplorerItem {
  return {
    id,
    label: `Project ${connection.groupId}`,
    contextValue: 'project',
    collapsible: 'expanded',
    icon: { id: 'project' },
  };
}

/** The deployed config's version and how far the agents are, or why it could not be read; a click opens it. */
function automationConfigItem(id: string, node: NodeOf<'automationConfig'>, now: Date): ExplorerItem {
  const { connection, deployed, draft } = node;
  const open = {
    command: Command.openDeployedConfig,
    title: 'Open Deployed Config',
    arguments: [{ connection }],
  } as const;
  if (!deployed.ok) {
    return {
      id,
      label: 'Automation config',
      description: draft === undefined ? 'cannot load' : 'draft · cannot load',
      tooltip: cannotLoad(deployed.message),
      contextValue: draft === undefined ? 'automationConfig' : 'automationConfigDraft',
      collapsible: 'collapsed',
      icon: { id: 'error', color: 'errorForeground' },
      command: open,
    };
  }
  const progress = goalProgress(deployed.status);
  return {
    id,
    label: `Automation config v${deployed.version}`,
    description:
      draft === undefined ? statusDescription(deployed.status) : `draft · ${statusDescription(deployed.status)}`,
    tooltip: lines(
      formatGoalProgress(progress),
      draft !== undefined && `${draftLabel(draft, now)}: Publish sends it, Discard Draft drops it.`,
      'Click to open the deployed config.',
    ),
    contextValue: draft === undefined ? 'automationConfig' : 'automationConfigDraft',
    collapsible: deployed.status.processes.length > 0 ? 'collapsed' : 'none',
    icon:
      progress.stuck.length > 0
        ? { id: 'warning', color: 'problemsWarningIcon.foreground' }
        : { id: progress.done ? 'pass' : 'sync', ...(progress.done ? { color: 'testing.iconPassed' } : {}) },
    command: open,
  };
}

function processItem(id: string, { process, goalVersion }: NodeOf<'process'>): ExplorerItem {
  const stuck = isStuck(process);
  const done = isAtGoal(process, goalVersion);
  return {
    id,
    label: process.name,
    description: processDescription(process, goalVersion),
    tooltip: lines(
      process.hostname,
      `reached version ${process.lastGoalVersionAchieved} of ${goalVersion}`,
      process.plan.length > 0 && `moves left: ${process.plan.join(' → ')}`,
      stuck && `error ${process.errorCode}: ${process.errorString ?? ''}`,
    ),
    contextValue: 'process',
    collapsible: 'none',
    icon: stuck
      ? { id: 'error', color: 'errorForeground' }
      : done
        ? { id: 'pass', color: 'testing.iconPassed' }
        : { id: 'sync' },
  };
}

function clustersItem(id: string): ExplorerItem {
  return {
    id,
    label: 'Clusters',
    tooltip: 'The project’s clusters, as the service lists them: their snapshots below each.',
    contextValue: 'clusters',
    collapsible: 'collapsed',
    icon: { id: 'database' },
  };
}

function clusterItem(id: string, { cluster }: NodeOf<'cluster'>): ExplorerItem {
  return {
    id,
    label: named(cluster),
    ...(cluster.name === undefined ? {} : { description: cluster.id }),
    tooltip: `cluster ${cluster.id}`,
    contextValue: 'cluster',
    collapsible: 'collapsed',
    icon: { id: 'database' },
  };
}

function clusterSnapshotItem(id: string, { snapshot }: NodeOf<'snapshot'>, now: Date): ExplorerItem {
  const icon = snapshot.doNotDelete ? 'lock' : snapshot.complete ? 'archive' : 'loading~spin';
  return snapshotItem(id, snapshot, now, snapshotContext(snapshot, now), icon);
}

function configServerSnapshotsItem(id: string): ExplorerItem {
  return {
    id,
    label: 'Config-server snapshots',
    description: 'deprecated',
    tooltip:
      'Deprecated: only mirrored config servers (database server before 3.4) have them; replica-set config servers are backed up in their cluster’s snapshots.',
    contextValue: 'configServerSnapshots',
    collapsible: 'collapsed',
    icon: { id: 'archive' },
  };
}

function configServerHostItem(id: string, { host }: NodeOf<'configServerHost'>): ExplorerItem {
  return {
    id,
    label: named(host),
    ...(host.name === undefined ? {} : { description: host.id }),
    tooltip: `config server host ${host.id}`,
    contextValue: 'configServerHost',
    collapsible: 'collapsed',
    icon: { id: 'server' },
  };
}

function configServerSnapshotItem(id: string, { snapshot }: NodeOf<'configServerSnapshot'>, now: Date): ExplorerItem {
  // Read-only: the deprecated resource has no change-expiry request in the spec.
  return snapshotItem(id, snapshot, now, 'configServerSnapshot', snapshot.doNotDelete ? 'lock' : 'archive');
}

function alertsItem(id: string): ExplorerItem {
  return { id, label: 'Alerts', contextValue: 'alerts', collapsible: 'collapsed', icon: { id: 'bell' } };
}

function alertGroupItem(id: string, { status, totalCount }: NodeOf<'alertGroup'>): ExplorerItem {
  return {
    id,
    label: status.charAt(0) + status.slice(1).toLowerCase(),
    ...(totalCount === undefined ? {} : { description: String(totalCount) }),
    tooltip: `Alerts whose status is ${status}`,
    contextValue: 'alertGroup',
    collapsible: 'collapsed',
    icon: { id: status === 'CLOSED' ? 'bell-slash' : status === 'OPEN' ? 'bell-dot' : 'bell' },
  };
}

/** An alert: what it is about, when it opened or closed, its acknowledgement; a click opens it as a document. */
function alertItem(id: string, node: NodeOf<'alert'>): ExplorerItem {
  const { alert } = node;
  const subject = alertSubject(alert);
  return {
    id,
    label: subject === undefined ? alert.eventTypeName : `${alert.eventTypeName} · ${subject}`,
    description: alertDescription(alert),
    tooltip: lines(
      `${alert.eventTypeName} (${alert.status})`,
      subject,
      `opened ${alert.created}`,
      alert.status === 'CLOSED' && `closed ${alert.resolved}`,
      alert.acknowledgedUntil !== undefined &&
        `acknowledged until ${alert.acknowledgedUntil}${alert.acknowledgingUsername ? ` by ${alert.acknowledgingUsername}` : ''}`,
      alert.acknowledgementComment,
    ),
    // A closed alert sends no more notifications: there is nothing to acknowledge.
    contextValue: alert.status === 'CLOSED' ? 'closedAlert' : 'alert',
    collapsible: 'none',
    icon: alert.acknowledgedUntil !== undefined ? { id: 'bell-slash' } : { id: 'bell-dot' },
    command: { command: Command.openAlert, title: 'Open Alert', arguments: [node] },
  };
}

function loadMoreItem(id: string, node: NodeOf<'loadMore'>): ExplorerItem {
  return {
    id,
    label: 'Load more…',
    description: `${node.loaded} of ${node.total}`,
    tooltip: `Load the next ${PAGE_SIZE}`,
    contextValue: 'loadMore',
    collapsible: 'none',
    icon: { id: 'more' },
    command: { command: ExplorerCommand.loadMore, title: 'Load more', arguments: [node] },
  };
}

function addResourceItem(id: string, node: NodeOf<'addResource'>): ExplorerItem {
  return {
    id,
    label: node.resource === 'cluster' ? 'Add cluster id…' : 'Add config-server host id…',
    tooltip:
      node.resource === 'cluster'
        ? 'The API cannot list clusters: give a cluster’s id (dbkit-server prints it: “cluster rs0 id …”).'
        : 'The API cannot list hosts: give a mirrored config server’s host id.',
    contextValue: 'addResource',
    collapsible: 'none',
    icon: { id: 'add' },
    command: { command: ExplorerCommand.addResource, title: 'Add', arguments: [node] },
  };
}

function forgetResourceItem(id: string, node: NodeOf<'forgetResource'>): ExplorerItem {
  return {
    id,
    label: node.resource === 'cluster' ? 'Forget this cluster id' : 'Forget this host id',
    tooltip: `Remove ${node.id} from this view; the service is not changed.`,
    contextValue: 'forgetResource',
    collapsible: 'none',
    icon: { id: 'trash' },
    command: { command: ExplorerCommand.forgetResource, title: 'Forget', arguments: [node] },
  };
}

function errorItem(id: string, { message }: NodeOf<'error'>): ExplorerItem {
  const label = cannotLoad(message);
  return {
    id,
    label,
    tooltip: label,
    contextValue: 'error',
    collapsible: 'none',
    icon: { id: 'error', color: 'errorForeground' },
  };
}

function emptyItem(id: string, { message }: NodeOf<'empty'>): ExplorerItem {
  return { id, label: message, contextValue: 'empty', collapsible: 'none', icon: { id: 'info' } };
}

function snapshotTooltip(snapshot: ClusterSnapshot | ConfigServerSnapshot): string {
  return lines(
    `snapshot ${snapshot.id}`,
    `created ${snapshot.created.date}`,
    snapshot.complete ? 'complete' : 'in progress',
    snapshot.doNotDelete ? 'kept (doNotDelete): the service never deletes it' : undefined,
    snapshot.expires !== undefined && `expires ${snapshot.expires}`,
  );
}

/** A snapshot of either kind: its creation time, its state, and what the user may do with it (`contextValue`). */
function snapshotItem(
  id: string,
  snapshot: ClusterSnapshot | ConfigServerSnapshot,
  now: Date,
  contextValue: string,
  icon: string,
): ExplorerItem {
  return {
    id,
    label: shortTime(snapshot.created.date),
    description: snapshotDescription(snapshot, now),
    tooltip: snapshotTooltip(snapshot),
    contextValue,
    collapsible: 'none',
    icon: { id: icon },
  };
}
