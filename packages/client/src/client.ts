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
import {
  iterateItems,
  type ListOptions,
  type PageOptions,
  type RequestOptions,
  requestJson,
  requestPage,
  segment,
  signalOf,
} from './requests.js';
import { defaultSleep, type RetryOptions, Transport } from './transport.js';
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

/** The automation config as stored: its text exactly, and that text parsed. */
export type StoredConfig = {
  readonly text: string;
  readonly document: Record<string, unknown>;
  readonly version: number;
};

/** The one transport every call of a client goes through: its Digest session, retries and timeout. */
function transportOf(options: ClientOptions): Transport {
  return new Transport({
    baseUrl: options.baseUrl,
    session: new DigestSession({ publicKey: options.publicKey, privateKey: options.privateKey }),
    fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
    retry: { retries: 3, baseDelayMs: 250, maxDelayMs: 10_000, ...options.retry },
    timeoutMs: options.timeoutMs ?? 30_000,
    sleep: defaultSleep,
    random: Math.random,
  });
}

/** `client.alerts`: a project's alerts, by page or all of them, one alert, and acknowledging one. */
function alertCalls(transport: Transport) {
  return {
    page: (
      groupId: string,
      opts: PageOptions & { readonly status?: AlertStatusFilter } = {},
    ): Promise<ListResponse<Alert>> =>
      requestPage<Alert>(transport, `/groups/${segment(groupId)}/alerts`, { status: opts.status }, opts),
    list: (groupId: string, opts: ListOptions & { readonly status?: AlertStatusFilter } = {}) =>
      iterateItems<Alert>(transport, `/groups/${segment(groupId)}/alerts`, { status: opts.status }, opts),
    /** One alert: what its `self` link answers. */
    get: (groupId: string, alertId: string, opts: RequestOptions = {}) =>
      requestJson<Alert>(transport, 'GET', `/groups/${segment(groupId)}/alerts/${segment(alertId)}`, signalOf(opts)),
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
      requestJson<Alert>(transport, 'PATCH', `/groups/${segment(groupId)}/alerts/${segment(alertId)}`, {
        body: JSON.stringify({
          ...(acknowledgement.until === undefined ? {} : { acknowledgedUntil: acknowledgement.until }),
          ...(acknowledgement.comment === undefined ? {} : { acknowledgementComment: acknowledgement.comment }),
        }),
        ...signalOf(opts),
      }),
  };
}

/** `client.clusters`: a project's clusters, by page or all of them, and one cluster. */
function clusterCalls(transport: Transport) {
  return {
    /** The clusters of a project: the ids the snapshot calls take. */
    page: (groupId: string, opts: PageOptions = {}): Promise<ListResponse<Cluster>> =>
      requestPage<Cluster>(transport, `/groups/${segment(groupId)}/clusters`, {}, opts),
    list: (groupId: string, opts: ListOptions = {}) =>
      iterateItems<Cluster>(transport, `/groups/${segment(groupId)}/clusters`, {}, opts),
    get: (groupId: string, clusterId: string, opts: RequestOptions = {}) =>
      requestJson<Cluster>(
        transport,
        'GET',
        `/groups/${segment(groupId)}/clusters/${segment(clusterId)}`,
        signalOf(opts),
      ),
  };
}

/** `client.snapshots`: a cluster's snapshots, read, expired and kept. */
function snapshotCalls(transport: Transport) {
  return {
    page: (
      groupId: string,
      clusterId: string,
      opts: PageOptions & { readonly completed?: SnapshotCompletedFilter } = {},
    ): Promise<ListResponse<ClusterSnapshot>> =>
      requestPage<ClusterSnapshot>(
        transport,
        `/groups/${segment(groupId)}/clusters/${segment(clusterId)}/snapshots`,
        { completed: opts.completed },
        opts,
      ),
    list: (
      groupId: string,
      clusterId: string,
      opts: ListOptions & { readonly completed?: SnapshotCompletedFilter } = {},
    ) =>
      iterateItems<ClusterSnapshot>(
        transport,
        `/groups/${segment(groupId)}/clusters/${segment(clusterId)}/snapshots`,
        { completed: opts.completed },
        opts,
      ),
    get: (groupId: string, clusterId: string, snapshotId: string, opts: RequestOptions = {}) =>
      requestJson<ClusterSnapshot>(
        transport,
        'GET',
        `/groups/${segment(groupId)}/clusters/${segment(clusterId)}/snapshots/${segment(snapshotId)}`,
        signalOf(opts),
      ),
    /** Changes the expiry: an ISO 8601 time (or a date); at or before now schedules deletion. */
    setExpiry: (groupId: string, clusterId: string, snapshotId: string, expires: string, opts: RequestOptions = {}) =>
      requestJson<ClusterSnapshot>(
        transport,
        'PATCH',
        `/groups/${segment(groupId)}/clusters/${segment(clusterId)}/snapshots/${segment(snapshotId)}`,
        { body: JSON.stringify({ expires }), ...signalOf(opts) },
      ),
    /** Keeps the snapshot (`doNotDelete`), which removes its expiry; `false` lets it expire again. */
    keep: (groupId: string, clusterId: string, snapshotId: string, keep = true, opts: RequestOptions = {}) =>
      requestJson<ClusterSnapshot>(
        transport,
        'PATCH',
        `/groups/${segment(groupId)}/clusters/${segment(clusterId)}/snapshots/${segment(snapshotId)}`,
        { body: JSON.stringify({ doNotDelete: keep }), ...signalOf(opts) },
      ),
  };
}

/** `client.configServerSnapshots`: a config server's snapshots (read only). */
function configServerSnapshotCalls(transport: Transport) {
  return {
    page: (groupId: string, hostId: string, opts: PageOptions = {}): Promise<ListResponse<ConfigServerSnapshot>> =>
      requestPage<ConfigServerSnapshot>(
        transport,
        `/groups/${segment(groupId)}/hosts/${segment(hostId)}/snapshots`,
        {},
        opts,
      ),
    list: (groupId: string, hostId: string, opts: ListOptions = {}) =>
      iterateItems<ConfigServerSnapshot>(
        transport,
        `/groups/${segment(groupId)}/hosts/${segment(hostId)}/snapshots`,
        {},
        opts,
      ),
    get: (groupId: string, hostId: string, snapshotId: string, opts: RequestOptions = {}) =>
      requestJson<ConfigServerSnapshot>(
        transport,
        'GET',
        `/groups/${segment(groupId)}/hosts/${segment(hostId)}/snapshots/${segment(snapshotId)}`,
        signalOf(opts),
      ),
  };
}

/** `client.automation`: where the agents are, and waiting for them to reach the goal. */
function automationCalls(transport: Transport) {
  return {
    /** Where each process's agent is: the goal version, the version each reached, the moves left, errors. */
    status: (groupId: string, opts: RequestOptions = {}) =>
      requestJson<AutomationStatus>(transport, 'GET', `/groups/${segment(groupId)}/automationStatus`, signalOf(opts)),
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
            requestJson<AutomationStatus>(
              transport,
              'GET',
              `/groups/${segment(groupId)}/automationStatus`,
              signal ? { signal } : {},
            ),
        },
        opts,
      ),
  };
}

/** `client.automationConfig`: the automation config as stored (its exact text), and replacing it. */
function automationConfigCalls(transport: Transport) {
  return {
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
  };
}

export function createClient(options: ClientOptions) {
  const transport = transportOf(options);
  return {
    alerts: alertCalls(transport),
    clusters: clusterCalls(transport),
    snapshots: snapshotCalls(transport),
    configServerSnapshots: configServerSnapshotCalls(transport),
    automation: automationCalls(transport),
    automationConfig: automationConfigCalls(transport),
  };
}

export type DbkitClient = ReturnType<typeof createClient>;
