/**
 * What the explorer has loaded from the service since the last refresh: one client per connection, each project's
 * version and status, and the paged lists, a page at a time; and a failure in the words a node or a notification
 * shows. A refresh drops it all.
 */
import type { DbkitClient } from '@dbkit/client';
import type { Alert, ClusterSnapshot, ConfigServerSnapshot, ListResponse } from '@dbkit/core';
import { type ConnectionFailure, failureText, noPrivateKey } from '../lib/connectionFailure.js';
import type { ServiceConnection } from '../lib/connections.js';
import {
  type DeployedSummary,
  EMPTY_LIST,
  type ListItemOf,
  type ListOwner,
  nextPage,
  nodeId,
  PAGE_SIZE,
  type PagedList,
  withItem,
  withListError,
  withPage,
} from '../lib/explorer.js';
import type { ServiceContext } from './serviceContext.js';

/** Thrown when a connection's private key is missing and the user does not give it. */
class NoPrivateKey extends Error {}

/** An item of any paged list. */
type AnyItem = ClusterSnapshot | ConfigServerSnapshot | Alert;
type AnyList = PagedList<AnyItem>;

export class ExplorerLoads {
  // Everything loaded since the last refresh, by node id; a refresh starts a new generation and drops it all.
  private generation = 0;
  private readonly clients = new Map<string, Promise<DbkitClient | undefined>>();
  private readonly deployed = new Map<string, Promise<DeployedSummary>>();
  private readonly lists = new Map<string, AnyList>();
  private readonly loading = new Map<string, Promise<void>>();

  constructor(private readonly services: ServiceContext) {}

  /** Forgets everything loaded: the next expansion asks the service again. */
  clear(): void {
    this.generation++;
    this.clients.clear();
    this.deployed.clear();
    this.lists.clear();
    this.loading.clear();
  }

  /** Whether a list node's list was loaded (or failed to load) since the last refresh. */
  has(owner: ListOwner): boolean {
    return this.lists.has(nodeId(owner));
  }

  listOf<O extends ListOwner>(owner: O): PagedList<ListItemOf<O>> {
    return (this.lists.get(nodeId(owner)) ?? EMPTY_LIST) as PagedList<ListItemOf<O>>;
  }

  /** A list's total count, once its first page is loaded. */
  totalOf(owner: ListOwner): number | undefined {
    const list = this.lists.get(nodeId(owner));
    return list !== undefined && list.pagesLoaded > 0 ? list.totalCount : undefined;
  }

  /** Puts what the service answered for an item in its place in its list, when the list is loaded. */
  update(owner: ListOwner, item: AnyItem): void {
    const key = nodeId(owner);
    const list = this.lists.get(key);
    if (list !== undefined) this.lists.set(key, withItem<AnyItem>(list, item));
  }

  /** Drops a list, so the next expansion loads it again. */
  drop(owner: ListOwner): void {
    this.lists.delete(nodeId(owner));
  }

  /** One client per connection and refresh, so a missing private key is asked for once, not once per node. */
  async client(connection: ServiceConnection): Promise<DbkitClient> {
    let client = this.clients.get(connection.id);
    if (client === undefined) {
      client = this.services.connections.client(connection);
      this.clients.set(connection.id, client);
    }
    const answered = await client;
    if (answered === undefined) throw new NoPrivateKey();
    return answered;
  }

  /** The automation config's version and status, read once per refresh. */
  summary(connection: ServiceConnection): Promise<DeployedSummary> {
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
  load(owner: ListOwner): Promise<void> {
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
        next = withPage<AnyItem>(list, await this.page(owner, pageNum));
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

  /**
   * A failure as a notification shows it, with its button: the connection store's words for the client's errors;
   * a bug is logged as such.
   */
  failure(error: unknown, connection: ServiceConnection): ConnectionFailure {
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
  describe(error: unknown, connection: ServiceConnection): string {
    return failureText(this.failure(error, connection));
  }

  private async page(owner: ListOwner, pageNum: number): Promise<ListResponse<AnyItem>> {
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
}
