import type { Alert, AutomationStatus, ClusterSnapshot, ConfigServerSnapshot, ListResponse } from '@dbkit/core';
import { describe, expect, it } from 'vitest';
import { Command } from '../src/lib/constants.ts';
import {
  alertGroups,
  type DeployedSummary,
  deployedChildren,
  EMPTY_LIST,
  ExplorerCommand,
  type ExplorerNode,
  type ListOwner,
  listChildren,
  nextPage,
  nodeId,
  PAGE_SIZE,
  type PagedList,
  projectChildren,
  resourceChildren,
  withItem,
  withListError,
  withPage,
} from '../src/lib/explorer.ts';
import { cannotLoad, explorerItem } from '../src/lib/explorerItem.ts';
import { connection, NOW, rs0, snapshot } from './explorerFixtures.ts';

const hostDown = {
  id: 'a1',
  groupId: 'g1',
  alertConfigId: 'cfg',
  created: '2026-05-31T09:12:00Z',
  updated: '2026-05-31T09:12:00Z',
  links: [],
  status: 'OPEN',
  eventTypeName: 'HOST_DOWN',
  hostnameAndPort: 'rs0-1.example.net:27017',
  replicaSetName: 'rs0',
} as const satisfies Alert;

const item = (node: ExplorerNode) => explorerItem(node, NOW);
const shown = (node: ExplorerNode) => {
  const { label, description, contextValue } = item(node);
  return { label, description, contextValue };
};

describe('the nodes a project shows', () => {
  const status = (processes: AutomationStatus['processes']): DeployedSummary => ({
    ok: true,
    version: 7,
    status: { goalVersion: 7, processes },
  });
  const at = (name: string) => ({ name, hostname: `${name}.example.net`, lastGoalVersionAchieved: 7, plan: [] });
  const working = { name: 'rs0-2', hostname: 'h', lastGoalVersionAchieved: 6, plan: ['ChangeVersion', 'Start'] };
  const stuck = { ...working, name: 'rs0-3', errorCode: 1, errorString: 'cannot reach the download server' };

  it('lists the automation config, the clusters, the deprecated config-server snapshots and the alerts', () => {
    const children = projectChildren(connection, status([]));
    expect(children.map((node) => item(node).label)).toEqual([
      'Automation config v7',
      'Clusters',
      'Config-server snapshots',
      'Alerts',
    ]);
    expect(item(children[2]!).description).toBe('deprecated');
  });

  it.for([
    ['every process at goal', status([at('rs0-0'), at('rs0-1')]), '2/2 at goal', 'pass'],
    ['one still moving', status([at('rs0-0'), working]), '1/2 at goal', 'sync'],
    ['stuck ones counted', status([at('rs0-0'), stuck, { ...stuck, name: 'rs0-4' }]), '2 stuck', 'warning'],
  ] as const)('automation config: %s → %s', ([, deployed, description, icon]) => {
    const node = { kind: 'automationConfig', connection, deployed } as const;
    expect(item(node)).toMatchObject({
      label: 'Automation config v7',
      description,
      contextValue: 'automationConfig',
      collapsible: 'collapsed',
      icon: { id: icon },
      // A click opens the deployed config; the other command only needs the connection.
      command: { command: Command.openDeployedConfig, arguments: [{ connection }] },
    });
  });

  it('marks the automation config with a draft: its description, tooltip and the Publish and Discard actions', () => {
    const draft = { savedAt: NOW.getTime() - 60_000, storedVersion: 7 };
    const [node] = projectChildren(connection, status([at('rs0-0')]), draft);
    const shownItem = item(node!);
    expect(shownItem).toMatchObject({
      label: 'Automation config v7',
      description: 'draft · 1/1 at goal',
      contextValue: 'automationConfigDraft',
    });
    expect(shownItem.tooltip).toContain(
      'draft saved 2026-05-31 23:59 UTC, not published: Publish sends it, Discard Draft drops it.',
    );
    const failed = { ok: false, message: 'dbkit: cannot reach it.' } as const;
    expect(shown({ kind: 'automationConfig', connection, deployed: failed, draft })).toMatchObject({
      description: 'draft · cannot load',
      contextValue: 'automationConfigDraft',
    });
  });

  it.for([
    [at('rs0-0'), 'reached 7 · at goal'],
    [working, 'reached 6 · ChangeVersion'],
    [{ ...working, plan: [] }, 'reached 6 · waiting'],
    [stuck, 'reached 6 · error 1: cannot reach the download server'],
  ] as const)('process %o is %j', ([process, description]) => {
    const [node] = deployedChildren({ kind: 'automationConfig', connection, deployed: status([process]) });
    expect(shown(node!)).toEqual({ label: process.name, description, contextValue: 'process' });
  });

  it('shows why the automation config cannot be read on the node and in one error child, not in a pop-up', () => {
    const deployed = {
      ok: false,
      message:
        'dbkit: the service refused: UNAUTHORIZED (HTTP 401). Check the key pair: dbkit: Edit Service Connection…',
    } as const;
    const node = { kind: 'automationConfig', connection, deployed } as const;
    expect(shown(node)).toEqual({
      label: 'Automation config',
      description: 'cannot load',
      contextValue: 'automationConfig',
    });
    const children = deployedChildren(node);
    expect(children.map((child) => shown(child))).toEqual([
      {
        label:
          'Cannot load: the service refused: UNAUTHORIZED (HTTP 401). Check the key pair: dbkit: Edit Service Connection…',
        description: undefined,
        contextValue: 'error',
      },
    ]);
  });

  it('lists the added cluster ids by name, then the node that adds one', () => {
    const children = resourceChildren(connection, 'cluster', [rs0, { id: 'c2' }]);
    expect(children.map(shown)).toEqual([
      { label: 'rs0', description: 'c1', contextValue: 'cluster' },
      { label: 'c2', description: undefined, contextValue: 'cluster' },
      { label: 'Add cluster id…', description: undefined, contextValue: 'addResource' },
    ]);
    expect(item(children[2]!).command).toEqual({
      command: ExplorerCommand.addResource,
      title: 'Add',
      arguments: [children[2]],
    });
  });

  it('groups alerts as OPEN, TRACKING, CLOSED, with the count once a group is loaded', () => {
    const groups = alertGroups(connection, (status) => (status === 'OPEN' ? 3 : undefined));
    expect(groups.map(shown)).toEqual([
      { label: 'Open', description: '3', contextValue: 'alertGroup' },
      { label: 'Tracking', description: undefined, contextValue: 'alertGroup' },
      { label: 'Closed', description: undefined, contextValue: 'alertGroup' },
    ]);
  });
});

describe('snapshots and alerts', () => {
  const node = (fields: Partial<ClusterSnapshot>) =>
    ({ kind: 'snapshot', connection, cluster: rs0, snapshot: snapshot(fields) }) as const;

  it.for([
    [
      'complete with an expiry',
      { expires: '2026-07-01T00:00:00Z' },
      'complete · expires 2026-07-01 00:00 UTC',
      'snapshot',
    ],
    [
      'expiring at a time of day',
      { expires: '2026-06-02T06:00:00Z' },
      'complete · expires 2026-06-02 06:00 UTC',
      'snapshot',
    ],
    ['in progress', { complete: false }, 'in progress', 'snapshot'],
    ['kept (no expiry)', { doNotDelete: true }, 'complete · kept', 'snapshotKept'],
    [
      'past its expiry, waiting for the sweep (no actions: the service refuses them)',
      { expires: '2026-05-31T00:00:00Z' },
      'complete · expired 2026-05-31 00:00 UTC, deleted at the next sweep',
      'expiredSnapshot',
    ],
  ] as const)('a snapshot %s: %j', ([, fields, description, contextValue]) => {
    expect(shown(node(fields))).toEqual({
      label: '2026-05-31 18:30 UTC',
      description,
      contextValue,
    });
  });

  it('a config-server snapshot is read-only: the deprecated resource has no change-expiry request', () => {
    const old = { ...snapshot({ doNotDelete: true }), parts: [] } as unknown as ConfigServerSnapshot;
    const host = { id: 'h1', name: 'cfg-0.example.net:27019' };
    expect(shown({ kind: 'configServerSnapshot', connection, host, snapshot: old })).toEqual({
      label: '2026-05-31 18:30 UTC',
      description: 'complete · kept',
      contextValue: 'configServerSnapshot',
    });
  });

  it.for([
    ['open', hostDown, 'HOST_DOWN · rs0-1.example.net:27017', 'opened 2026-05-31 09:12 UTC', 'alert'],
    [
      'acknowledged',
      { ...hostDown, acknowledgedUntil: '2026-06-02T00:00:00Z', acknowledgementComment: 'disk swap' },
      'HOST_DOWN · rs0-1.example.net:27017',
      'opened 2026-05-31 09:12 UTC · acknowledged until 2026-06-02 00:00 UTC',
      'alert',
    ],
    [
      'closed (nothing to acknowledge)',
      { ...hostDown, status: 'CLOSED', resolved: '2026-05-31T10:00:00Z' },
      'HOST_DOWN · rs0-1.example.net:27017',
      'closed 2026-05-31 10:00 UTC',
      'closedAlert',
    ],
    [
      'about a metric',
      {
        ...hostDown,
        eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
        metricName: 'ASSERT_REGULAR',
        currentValue: { number: 12, units: 'RAW' },
      },
      'OUTSIDE_METRIC_THRESHOLD · ASSERT_REGULAR rs0-1.example.net:27017',
      'opened 2026-05-31 09:12 UTC',
      'alert',
    ],
  ] as const)('an alert %s', ([, alert, label, description, contextValue]) => {
    const node = { kind: 'alert', connection, group: 'OPEN', alert: alert as Alert } as const;
    expect(shown(node)).toEqual({ label, description, contextValue });
    // A click opens it to read.
    expect(item(node).command).toEqual({ command: Command.openAlert, title: 'Open Alert', arguments: [node] });
  });
});

describe('paged lists', () => {
  const cluster: ListOwner = { kind: 'cluster', connection, cluster: rs0 };
  const open: ListOwner = { kind: 'alertGroup', connection, status: 'OPEN' };
  const snapshots = (from: number, count: number) =>
    Array.from({ length: count }, (_, i) => snapshot({ id: `s${from + i}` }));
  const page = (results: readonly ClusterSnapshot[], totalCount: number): ListResponse<ClusterSnapshot> => ({
    results,
    totalCount,
    links: [],
  });
  const labels = (list: PagedList<ClusterSnapshot>) =>
    listChildren(cluster, list)
      .filter((node) => node.kind !== 'snapshot')
      .map((node) => `${item(node).label}${item(node).description ? ` (${item(node).description})` : ''}`);

  it('asks for page 1 first, then one page at a time, and stops at the total', () => {
    expect(PAGE_SIZE).toBe(100);
    let list: PagedList<ClusterSnapshot> = EMPTY_LIST;
    const seen: (number | undefined)[] = [nextPage(list)];
    for (const [from, count] of [
      [0, 100],
      [100, 100],
      [200, 50],
    ] as const) {
      list = withPage(list, page(snapshots(from, count), 250));
      seen.push(nextPage(list));
    }
    expect(seen).toEqual([1, 2, 3, undefined]);
    expect(list.items).toHaveLength(250);
  });

  it.for([
    ['one page of many', [page(snapshots(0, 100), 250)], ['Load more… (100 of 250)']],
    ['two pages of many', [page(snapshots(0, 100), 250), page(snapshots(100, 100), 250)], ['Load more… (200 of 250)']],
    ['all of it', [page(snapshots(0, 3), 3)], []],
    ['nothing', [page([], 0)], ['No snapshots']],
    // The list shifted between two requests: the repeated snapshot is shown once.
    ['a repeated item', [page(snapshots(0, 2), 4), page(snapshots(1, 2), 4)], ['Load more… (3 of 4)']],
    // An empty page ends the list whatever its total says, so "Load more…" cannot loop.
    ['an empty page before the total', [page(snapshots(0, 2), 9), page([], 9)], []],
  ] as const)('%s: %j', ([, pages, extra]) => {
    const list = pages.reduce<PagedList<ClusterSnapshot>>((acc, p) => withPage(acc, p), EMPTY_LIST);
    expect(labels(list)).toEqual(extra);
    const ids = listChildren(cluster, list).map(nodeId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('shows a failed first page as an error node, with a way to forget a wrong cluster id', () => {
    const failed = withListError(
      EMPTY_LIST,
      'dbkit: the service refused: CLUSTER_NOT_FOUND (HTTP 404): No cluster with ID c1 exists in group g1.',
    );
    const children = listChildren(cluster, failed);
    expect(children.map(shown)).toEqual([
      {
        label:
          'Cannot load: the service refused: CLUSTER_NOT_FOUND (HTTP 404): No cluster with ID c1 exists in group g1.',
        description: undefined,
        contextValue: 'error',
      },
      { label: 'Forget this cluster id', description: undefined, contextValue: 'forgetResource' },
    ]);
    expect(item(children[1]!).command?.command).toBe(ExplorerCommand.forgetResource);
    // Alert groups are the service's own: nothing to forget.
    expect(listChildren(open, withListError(EMPTY_LIST, 'dbkit: cannot reach it')).map((n) => n.kind)).toEqual([
      'error',
    ]);
  });

  it('keeps what was loaded when a later page fails, and offers that page again', () => {
    const list = withListError(withPage(EMPTY_LIST, page(snapshots(0, 100), 150)), 'dbkit: no answer in time');
    expect(labels(list)).toEqual(['Cannot load: no answer in time', 'Load more… (100 of 150)']);
    expect(nextPage(list)).toBe(2);
    // The retried page clears the error.
    expect(labels(withPage(list, page(snapshots(100, 50), 150)))).toEqual([]);
  });

  it('"Load more…" runs the command that loads the next page of its list', () => {
    const list = withPage(EMPTY_LIST, page(snapshots(0, 100), 101));
    const more = listChildren(cluster, list).at(-1)!;
    expect(item(more)).toMatchObject({
      id: `${nodeId(cluster)}#more`,
      collapsible: 'none',
      command: { command: ExplorerCommand.loadMore, arguments: [more] },
    });
  });

  it('shows an item as the service answered an action on it, in its place', () => {
    const list = withPage(EMPTY_LIST, page(snapshots(0, 3), 3));
    const kept = withItem(list, snapshot({ id: 's1', doNotDelete: true }));
    expect(kept.items.map((s) => s.doNotDelete)).toEqual([false, true, false]);
  });

  it('says what an empty alert group is', () => {
    expect(listChildren(open, { ...EMPTY_LIST, pagesLoaded: 1 }).map((n) => item(n).label)).toEqual(['No open alerts']);
  });
});

describe('node ids', () => {
  it('are stable, distinct, and rooted at the connection', () => {
    const nodes: ExplorerNode[] = [
      { kind: 'connection', connection },
      { kind: 'project', connection },
      { kind: 'clusters', connection },
      { kind: 'cluster', connection, cluster: rs0 },
      { kind: 'snapshot', connection, cluster: rs0, snapshot: snapshot() },
      { kind: 'addResource', connection, resource: 'cluster' },
      { kind: 'forgetResource', connection, resource: 'cluster', id: 'c1' },
      { kind: 'configServerSnapshots', connection },
      { kind: 'addResource', connection, resource: 'host' },
      { kind: 'alerts', connection },
      { kind: 'alertGroup', connection, status: 'OPEN' },
      { kind: 'alertGroup', connection, status: 'TRACKING' },
      // The same alert under two groups (its status changed between two loads) is two nodes.
      { kind: 'alert', connection, group: 'OPEN', alert: hostDown },
      { kind: 'alert', connection, group: 'TRACKING', alert: hostDown },
      { kind: 'error', connection, parent: nodeId({ kind: 'cluster', connection, cluster: rs0 }), message: 'x' },
    ];
    const ids = nodes.map((node) => item(node).id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id.startsWith(connection.id)).toBe(true);
    expect(ids.slice(3, 5)).toEqual([`${connection.id}/clusters/c1`, `${connection.id}/clusters/c1/s1`]);
  });
});

describe('errors', () => {
  it('error lines are one line without the extension’s prefix', () => {
    expect(cannotLoad('dbkit: cannot reach http://127.0.0.1:8080 (ECONNREFUSED):\n  is the service running?')).toBe(
      'Cannot load: cannot reach http://127.0.0.1:8080 (ECONNREFUSED): is the service running?',
    );
  });
});
