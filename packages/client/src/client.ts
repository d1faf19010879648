/**
 * `createClient()`: every endpoint of the spec and the automation config, returning core's types without envelopes.
 * Lists come two ways: `page()` for one page, and `list()` as an async iterable over every item of every page
 * (following `next` links, or the next `pageNum` when a page has none but more items exist).
 */
import type {
  Alert,
  AlertStatusFilter,
  AutomationStatus,
  Cluster,
  ClusterSnapshot,
  ConfigServerSnapshot,
  ListResponse,
  SnapshotCompletedFilter,
} from '@dbkit/core';
import { DigestSession } from './digest.js';
import { type CallOptions, defaultSleep, type RetryOptions, Transport } from './transport.js';
import { type WaitForGoalOptions, waitForGoal } from './waitForGoal.js';

export type ClientOptions = {
  /** Scheme, host and port of the service, e.g. `http://127.0.0.1:8080` (the client adds `/api/public/v1.0`). */
  readonly baseUrl: string;
  readonly publicKey: string;
  readonly privateKey: string;
  /** @default globalThis.fetch */
  readonly fetch?: typeof fetch;
  readonly retry?: RetryOptions;
  /** Per attempt. @default 30000 */
  readonly timeoutMs?: number;
};

/** What every call accepts. */
export type RequestOptions = { readonly signal?: AbortSignal };
export type PageOptions = RequestOptions & { readonly pageNum?: number; readonly itemsPerPage?: number };
/** Iteration: how many items to ask for per page (at most 500), and a callback after each page. */
export type ListOptions = RequestOptions & {
  readonly pageSize?: number;
  readonly onPage?: (page: ListResponse<unknown>, pageNum: number) => void;
};

/** The automation config as stored: its text exactly, and that text parsed. */
export type StoredConfig = {
  readonly text: string;
  readonly document: Record<string, unknown>;
  readonly version: number;
};

const segment = (value: string) => encodeURIComponent(value);

export function createClient(options: ClientOptions) {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const transport = new Transport({
    baseUrl: options.baseUrl,
    session: new DigestSession({ publicKey: options.publicKey, privateKey: options.privateKey }),
    fetch: fetchImpl,
    retry: { retries: 3, baseDelayMs: 250, maxDelayMs: 10_000, ...options.retry },
    timeoutMs: options.timeoutMs ?? 30_000,
    sleep: defaultSleep,
    random: Math.random,
  });

  const json = async <T>(method: string, path: string, call: CallOptions = {}): Promise<T> => {
    const answer = await transport.call(method, transport.url(path, call.query), call);
    return JSON.parse(answer.text) as T;
  };

  const page = <T>(path: string, query: CallOptions['query'], opts: PageOptions = {}) =>
    json<ListResponse<T>>('GET', path, {
      query: { ...query, pageNum: opts.pageNum, itemsPerPage: opts.itemsPerPage },
      ...(opts.signal ? { signal: opts.signal } : {}),
    });

  async function* iterate<T>(path: string, query: CallOptions['query'], opts: ListOptions = {}): AsyncGenerator<T> {
    const itemsPerPage = opts.pageSize ?? 100;
    let pageNum = 1;
    let url: string | URL = transport.url(path, { ...query, pageNum, itemsPerPage });
    let seen = 0;
    for (;;) {
      const answer = await transport.call('GET', url, opts.signal ? { signal: opts.signal } : {});
      const current = JSON.parse(answer.text) as ListResponse<T>;
      opts.onPage?.(current, pageNum);
      for (const item of current.results) yield item;
      seen += current.results.length;
      const next = current.links?.find((link) => link.rel === 'next')?.href;
      if (next !== undefined) url = next;
      else if (current.results.length > 0 && seen < current.totalCount) {
        url = transport.url(path, { ...query, pageNum: pageNum + 1, itemsPerPage });
      } else return;
      pageNum += 1;
    }
  }

  const signalOf = (opts: RequestOptions = {}) => (opts.signal ? { signal: opts.signal } : {});

  return {
    alerts: {
      page: (groupId: string, opts: PageOptions & { readonly status?: AlertStatusFilter } = {}) =>
        page<Alert>(`/groups/${segment(groupId)}/alerts`, { status: opts.status }, opts),
      list: (groupId: string, opts: ListOptions & { readonly status?: AlertStatusFilter } = {}) =>
        iterate<Alert>(`/groups/${segment(groupId)}/alerts`, { status: opts.status }, opts),
      /** One alert: what its `self` link answers. */
      get: (groupId: string, alertId: string, opts: RequestOptions = {}) =>
        json<Alert>('GET', `/groups/${segment(groupId)}/alerts/${segment(alertId)}`, signalOf(opts)),
      /**
       * Acknowledges the alert until `until` (an ISO 8601 time or a date; a past one ends the acknowledgement), with
       * an optional comment; `until: undefined` takes the acknowledgement away. Answers the alert as it now is.
       */
      acknowledge: (
        groupId: string,
        alertId: string,
        acknowledgement: { readonly until: string | undefined; readonly comment?: string },
        opts: RequestOptions = {},
      ) =>
        json<Alert>('PATCH', `/groups/${segment(groupId)}/alerts/${segment(alertId)}`, {
          body: JSON.stringify({
            ...(acknowledgement.until === undefined ? {} : { acknowledgedUntil: acknowledgement.until }),
            ...(acknowledgement.comment === undefined ? {} : { acknowledgementComment: acknowledgement.comment }),
          }),
          ...signalOf(opts),
        }),
    },
    clusters: {
      /** The clusters of a project: the ids the snapshot calls take. */
      page: (groupId: string, opts: PageOptions = {}) =>
        page<Cluster>(`/groups/${segment(groupId)}/clusters`, {}, opts),
      list: (groupId: string, opts: ListOptions = {}) =>
        iterate<Cluster>(`/groups/${segment(groupId)}/clusters`, {}, opts),
      get: (groupId: string, clusterId: string, opts: RequestOptions = {}) =>
        json<Cluster>('GET', `/groups/${segment(groupId)}/clusters/${segment(clusterId)}`, signalOf(opts)),
    },
    snapshots: {
      page: (
        groupId: string,
        clusterId: string,
        opts: PageOptions & { readonly completed?: SnapshotCompletedFilter } = {},
      ) =>
        page<ClusterSnapshot>(
          `/groups/${segment(groupId)}/clusters/${segment(clusterId)}/snapshots`,
          { completed: opts.completed },
          opts,
        ),
      list: (
        groupId: string,
        clusterId: string,
        opts: ListOptions & { readonly completed?: SnapshotCompletedFilter } = {},
      ) =>
        iterate<ClusterSnapshot>(
          `/groups/${segment(groupId)}/clusters/${segment(clusterId)}/snapshots`,
          { completed: opts.completed },
          opts,
        ),
      get: (groupId: string, clusterId: string, snapshotId: string, opts: RequestOptions = {}) =>
        json<ClusterSnapshot>(
          'GET',
          `/groups/${segment(groupId)}/clusters/${segment(clusterId)}/snapshots/${segment(snapshotId)}`,
          signalOf(opts),
        ),
      /** Changes the expiry: an ISO 8601 time (or a date); at or before now schedules deletion. */
      setExpiry: (groupId: string, clusterId: string, snapshotId: string, expires: string, opts: RequestOptions = {}) =>
        json<ClusterSnapshot>(
          'PATCH',
          `/groups/${segment(groupId)}/clusters/${segment(clusterId)}/snapshots/${segment(snapshotId)}`,
          { body: JSON.stringify({ expires }), ...signalOf(opts) },
        ),
      /** Keeps the snapshot (`doNotDelete`), which removes its expiry; `false` lets it expire again. */
      keep: (groupId: string, clusterId: string, snapshotId: string, keep = true, opts: RequestOptions = {}) =>
        json<ClusterSnapshot>(
          'PATCH',
          `/groups/${segment(groupId)}/clusters/${segment(clusterId)}/snapshots/${segment(snapshotId)}`,
          { body: JSON.stringify({ doNotDelete: keep }), ...signalOf(opts) },
        ),
    },
    configServerSnapshots: {
      page: (groupId: string, hostId: string, opts: PageOptions = {}) =>
        page<ConfigServerSnapshot>(`/groups/${segment(groupId)}/hosts/${segment(hostId)}/snapshots`, {}, opts),
      list: (groupId: string, hostId: string, opts: ListOptions = {}) =>
        iterate<ConfigServerSnapshot>(`/groups/${segment(groupId)}/hosts/${segment(hostId)}/snapshots`, {}, opts),
      get: (groupId: string, hostId: string, snapshotId: string, opts: RequestOptions = {}) =>
        json<ConfigServerSnapshot>(
          'GET',
          `/groups/${segment(groupId)}/hosts/${segment(hostId)}/snapshots/${segment(snapshotId)}`,
          signalOf(opts),
        ),
    },
    automation: {
      /** Where each process's agent is: the goal version, the version each reached, the moves left, errors. */
      status: (groupId: string, opts: RequestOptions = {}) =>
        json<AutomationStatus>('GET', `/groups/${segment(groupId)}/automationStatus`, signalOf(opts)),
      /**
       * Polls the status until every process is at the goal (`kind: 'goal'`), an agent reports an error
       * (`'stuck'`) or `timeoutMs` passes (`'timeout'`); `onProgress` sees each status.
       * @example
       * await client.automationConfig.put(group, next);
       * const outcome = await client.automation.waitForGoal(group, { version: next.version, timeoutMs: 300_000 });
       * if (outcome.kind !== 'goal') process.exitCode = 1;
       */
      waitForGoal: (groupId: string, opts: WaitForGoalOptions = {}) =>
        waitForGoal(
          {
            status: (signal) =>
              json<AutomationStatus>('GET', `/groups/${segment(groupId)}/automationStatus`, signal ? { signal } : {}),
          },
          opts,
        ),
    },
    automationConfig: {
      /** The stored document: its exact text (unknown fields, number spellings) and the parsed value. */
      get: async (groupId: string, opts: RequestOptions = {}): Promise<StoredConfig> => {
        const answer = await transport.call(
          'GET',
          transport.url(`/groups/${segment(groupId)}/automationConfig`),
          signalOf(opts),
        );
        const document = JSON.parse(answer.text) as Record<string, unknown>;
        return { text: answer.text, document, version: typeof document.version === 'number' ? document.version : 0 };
      },
      /**
       * Replaces the document (its `version` must be higher than the stored one). Text is sent byte for byte; an
       * object is serialised with two-space indentation. A 400 carries the validator's `diagnostics`
       * (`AUTOMATION_CONFIG_INVALID`) or the transition plan's (`AUTOMATION_CONFIG_UNSAFE_TRANSITION`, which
       * `allowUnsafeTransition` overrides); a 409 means someone else published first.
       */
      put: async (
        groupId: string,
        document: string | Record<string, unknown>,
        opts: RequestOptions & { readonly allowUnsafeTransition?: boolean } = {},
      ) => {
        const body = typeof document === 'string' ? document : `${JSON.stringify(document, null, 2)}\n`;
        const query = opts.allowUnsafeTransition === true ? { allowUnsafeTransition: true } : {};
        await transport.call('PUT', transport.url(`/groups/${segment(groupId)}/automationConfig`, query), {
          body,
          ...signalOf(opts),
        });
      },
    },
  };
}

export type DbkitClient = ReturnType<typeof createClient>;
