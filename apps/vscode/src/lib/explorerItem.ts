/**
 * What each node of the explorer shows, as a function of the API's data: label, description, tooltip, icon, the
 * `viewItem` the package.json menus match, and what a click runs.
 */
import {
  type Alert,
  type AutomationStatus,
  type ClusterSnapshot,
  type ConfigServerSnapshot,
  formatGoalProgress,
  goalProgress,
  isAtGoal,
  isSnapshotExpired,
  isStuck,
  type ProcessStatus,
  parseTimestamp,
} from '@dbkit/core';
import { Command } from './constants.js';
import { draftLabel } from './drafts.js';
import { ExplorerCommand, type ExplorerNode, type NamedId, nodeId, PAGE_SIZE } from './explorer.js';

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

/** A moment as people read it, to the minute in UTC: `2026-07-01 00:00 UTC`, `2026-07-01 12:30 UTC`. */
export function shortTime(timestamp: string): string {
  const epochMillis = parseTimestamp(timestamp);
  if (epochMillis === undefined) return timestamp;
  const iso = new Date(epochMillis).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** `complete · expires 2026-07-01 · kept`: what the expiry rules read, in the order a user decides by. */
export function snapshotDescription(snapshot: ClusterSnapshot | ConfigServerSnapshot, now: Date): string {
  const parts = [snapshot.complete ? 'complete' : 'in progress'];
  if (snapshot.expires !== undefined) {
    parts.push(
      isSnapshotExpired(snapshot, now)
        ? `expired ${shortTime(snapshot.expires)}, deleted at the next sweep`
        : `expires ${shortTime(snapshot.expires)}`,
    );
  }
  if (snapshot.doNotDelete) parts.push('kept');
  return parts.join(' · ');
}

/**
 * The `viewItem` of a cluster snapshot: `snapshot` or `snapshotKept` (the menus' `^snapshot` offers Keep and Set
 * expiry…); a snapshot whose expiry has passed is `expiredSnapshot`, as the service refuses to change it.
 */
export function snapshotContext(snapshot: ClusterSnapshot, now: Date): string {
  if (isSnapshotExpired(snapshot, now)) return 'expiredSnapshot';
  return snapshot.doNotDelete ? 'snapshotKept' : 'snapshot';
}

/** What an alert is about: the metric and host of a threshold alert, else the host, replica set or cluster. */
export function alertSubject(alert: Alert): string | undefined {
  const fields = alert as Partial<Record<'metricName' | 'hostnameAndPort' | 'replicaSetName' | 'clusterName', string>>;
  if (fields.metricName !== undefined) {
    return fields.hostnameAndPort === undefined ? fields.metricName : `${fields.metricName} ${fields.hostnameAndPort}`;
  }
  return fields.hostnameAndPort ?? fields.replicaSetName ?? fields.clusterName;
}

/** `opened 2026-07-01 09:12 UTC · acknowledged until 2026-07-02`, or when a closed one closed. */
export function alertDescription(alert: Alert): string {
  const parts = [
    alert.status === 'CLOSED' ? `closed ${shortTime(alert.resolved)}` : `opened ${shortTime(alert.created)}`,
  ];
  if (alert.acknowledgedUntil !== undefined) parts.push(`acknowledged until ${shortTime(alert.acknowledgedUntil)}`);
  return parts.join(' · ');
}

/** `14/14 at goal`, or `2 stuck` when an agent reports an error. */
export function statusDescription(status: AutomationStatus): string {
  const progress = goalProgress(status);
  return progress.stuck.length > 0 ? `${progress.stuck.length} stuck` : `${progress.atGoal}/${progress.total} at goal`;
}

/** `reached 7 · at goal`, `reached 6 · ChangeVersion`, or `reached 6 · error 1: …`. */
export function processDescription(process: ProcessStatus, goalVersion: number): string {
  const reached = `reached ${process.lastGoalVersionAchieved}`;
  if (isStuck(process)) return `${reached} · error ${process.errorCode}: ${process.errorString ?? ''}`.trim();
  if (isAtGoal(process, goalVersion)) return `${reached} · at goal`;
  return `${reached} · ${process.plan[0] ?? 'waiting'}`;
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

/** What the view shows for a node at `now` (which decides whether an expiry has passed). */
export function explorerItem(node: ExplorerNode, now: Date): ExplorerItem {
  const id = nodeId(node);
  const { connection } = node;
  switch (node.kind) {
    case 'connection':
      return {
        id,
        label: connection.label,
        description: connection.baseUrl,
        tooltip: lines(connection.baseUrl, `project ${connection.groupId}`, `public key ${connection.publicKey}`),
        contextValue: 'connection',
        collapsible: 'collapsed',
        icon: { id: 'plug' },
      };
    case 'project':
      return {
        id,
        label: `Project ${connection.groupId}`,
        contextValue: 'project',
        collapsible: 'expanded',
        icon: { id: 'project' },
      };
    case 'automationConfig': {
      const { deployed } = node;
      const open = {
        command: Command.openDeployedConfig,
        title: 'Open Deployed Config',
        arguments: [{ connection }],
      } as const;
      if (!deployed.ok) {
        return {
          id,
          label: 'Automation config',
          description: node.draft === undefined ? 'cannot load' : 'draft · cannot load',
          tooltip: cannotLoad(deployed.message),
          contextValue: node.draft === undefined ? 'automationConfig' : 'automationConfigDraft',
          collapsible: 'collapsed',
          icon: { id: 'error', color: 'errorForeground' },
          command: open,
        };
      }
      const progress = goalProgress(deployed.status);
      const { draft } = node;
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
    case 'process': {
      const { process, goalVersion } = node;
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
    case 'clusters':
      return {
        id,
        label: 'Clusters',
        tooltip: 'The project’s clusters, as the service lists them: their snapshots below each.',
        contextValue: 'clusters',
        collapsible: 'collapsed',
        icon: { id: 'database' },
      };
    case 'cluster':
      return {
        id,
        label: named(node.cluster),
        ...(node.cluster.name === undefined ? {} : { description: node.cluster.id }),
        tooltip: `cluster ${node.cluster.id}`,
        contextValue: 'cluster',
        collapsible: 'collapsed',
        icon: { id: 'database' },
      };
    case 'snapshot': {
      const { snapshot } = node;
      const icon = snapshot.doNotDelete ? 'lock' : snapshot.complete ? 'archive' : 'loading~spin';
      return snapshotItem(id, snapshot, now, snapshotContext(snapshot, now), icon);
    }
    case 'configServerSnapshots':
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
    case 'configServerHost':
      return {
        id,
        label: named(node.host),
        ...(node.host.name === undefined ? {} : { description: node.host.id }),
        tooltip: `config server host ${node.host.id}`,
        contextValue: 'configServerHost',
        collapsible: 'collapsed',
        icon: { id: 'server' },
      };
    case 'configServerSnapshot': {
      const { snapshot } = node;
      // Read-only: the deprecated resource has no change-expiry request in the spec.
      return snapshotItem(id, snapshot, now, 'configServerSnapshot', snapshot.doNotDelete ? 'lock' : 'archive');
    }
    case 'alerts':
      return { id, label: 'Alerts', contextValue: 'alerts', collapsible: 'collapsed', icon: { id: 'bell' } };
    case 'alertGroup':
      return {
        id,
        label: node.status.charAt(0) + node.status.slice(1).toLowerCase(),
        ...(node.totalCount === undefined ? {} : { description: String(node.totalCount) }),
        tooltip: `Alerts whose status is ${node.status}`,
        contextValue: 'alertGroup',
        collapsible: 'collapsed',
        icon: { id: node.status === 'CLOSED' ? 'bell-slash' : node.status === 'OPEN' ? 'bell-dot' : 'bell' },
      };
    case 'alert': {
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
    case 'loadMore':
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
    case 'addResource':
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
    case 'forgetResource':
      return {
        id,
        label: node.resource === 'cluster' ? 'Forget this cluster id' : 'Forget this host id',
        tooltip: `Remove ${node.id} from this view; the service is not changed.`,
        contextValue: 'forgetResource',
        collapsible: 'none',
        icon: { id: 'trash' },
        command: { command: ExplorerCommand.forgetResource, title: 'Forget', arguments: [node] },
      };
    case 'error': {
      const label = cannotLoad(node.message);
      return {
        id,
        label,
        tooltip: label,
        contextValue: 'error',
        collapsible: 'none',
        icon: { id: 'error', color: 'errorForeground' },
      };
    }
    case 'empty':
      return { id, label: node.message, contextValue: 'empty', collapsible: 'none', icon: { id: 'info' } };
    default:
      return node satisfies never;
  }
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
