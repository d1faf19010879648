/**
 * The API commands as data: `dbkit <resource> <action> POSITIONALS [options]` → one `ApiAction` and the options
 * every API command shares (connection, `--json`, `--page-size`), or the one-line reason it cannot run.
 */
import { parseArgs } from 'node:util';
import {
  ALERT_STATUS_FILTER_VALUES,
  type AlertStatusFilter,
  isAlertStatusFilter,
  isSnapshotCompletedFilter,
  parseTimestamp,
  SNAPSHOT_COMPLETED_FILTER_VALUES,
  type SnapshotCompletedFilter,
} from '@dbkit/core';

export type ApiResource = 'alerts' | 'snapshots' | 'config-server-snapshots' | 'config' | 'status';
export const API_RESOURCES: readonly ApiResource[] = [
  'alerts',
  'snapshots',
  'config-server-snapshots',
  'config',
  'status',
];

/** Resources whose one action is implied: `dbkit status GROUP` is `status show`. */
const DEFAULT_ACTION: Partial<Record<ApiResource, string>> = { status: 'show' };

export function isApiResource(value: string): value is ApiResource {
  return (API_RESOURCES as readonly string[]).includes(value);
}

export type ApiAction =
  | { readonly kind: 'alerts list'; readonly group: string; readonly status?: AlertStatusFilter }
  | { readonly kind: 'alerts get'; readonly group: string; readonly alert: string }
  | {
      readonly kind: 'alerts ack';
      readonly group: string;
      readonly alert: string;
      /** Until when; undefined takes the acknowledgement away (`--clear`). */
      readonly until: string | undefined;
      readonly comment?: string;
    }
  | { readonly kind: 'status'; readonly group: string }
  | {
      readonly kind: 'snapshots list';
      readonly group: string;
      readonly cluster: string;
      readonly completed?: SnapshotCompletedFilter;
    }
  | { readonly kind: 'snapshots get'; readonly group: string; readonly cluster: string; readonly snapshot: string }
  | {
      readonly kind: 'snapshots set-expiry';
      readonly group: string;
      readonly cluster: string;
      readonly snapshot: string;
      readonly expires: string;
    }
  | {
      readonly kind: 'snapshots keep';
      readonly group: string;
      readonly cluster: string;
      readonly snapshot: string;
      readonly keep: boolean;
    }
  | { readonly kind: 'config-server-snapshots list'; readonly group: string; readonly host: string }
  | {
      readonly kind: 'config-server-snapshots get';
      readonly group: string;
      readonly host: string;
      readonly snapshot: string;
    }
  | { readonly kind: 'config pull'; readonly group: string; readonly out?: string }
  | {
      readonly kind: 'config push';
      readonly group: string;
      readonly file: string;
      readonly force: boolean;
      readonly allowUnsafe: boolean;
      /** Wait for the deployment to reach the pushed version; undefined: do not wait. */
      readonly wait?: { readonly timeoutMs: number };
    };

/** `--base-url`, `--public-key`, `--private-key` as given on the command line (the environment fills the gaps). */
export interface ConnectionFlags {
  readonly baseUrl?: string;
  readonly publicKey?: string;
  readonly privateKey?: string;
}

export interface ApiCommand {
  readonly command: 'api';
  readonly action: ApiAction;
  readonly connection: ConnectionFlags;
  /** Print JSON (the items as an array, or the object) instead of a table. */
  readonly json: boolean;
  /** Items per page when listing (1–500); undefined: the client's default (100). */
  readonly pageSize: number | undefined;
  /** Every request on stderr (method, path, status, time; never a credential). */
  readonly verbose: boolean;
  /** `--color` / `--no-color` for `config push`'s code frames; undefined: decide from the environment. */
  readonly color: boolean | undefined;
}

export type ApiParse =
  | { readonly ok: true; readonly value: ApiCommand | { readonly command: 'help'; readonly topic: ApiResource } }
  | { readonly ok: false; readonly error: string };

const CONNECTION = {
  'base-url': { type: 'string' },
  'public-key': { type: 'string' },
  'private-key': { type: 'string' },
  verbose: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;
const JSON_OPTION = { json: { type: 'boolean' } } as const;
const LIST = { ...CONNECTION, ...JSON_OPTION, 'page-size': { type: 'string' } } as const;

type Values = { readonly [name: string]: string | boolean | undefined };

/** One action: its positionals (as printed in messages), its options, and how its values become an `ApiAction`. */
interface ActionSpec {
  readonly positionals: readonly string[];
  readonly options: Readonly<Record<string, { readonly type: 'string' | 'boolean'; readonly short?: string }>>;
  readonly build: (p: readonly string[], values: Values) => ApiAction | string;
}

const str = (values: Values, name: string): string | undefined => {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
};

const ACTIONS: Readonly<Record<ApiResource, Readonly<Record<string, ActionSpec>>>> = {
  alerts: {
    list: {
      positionals: ['GROUP'],
      options: { ...LIST, status: { type: 'string' } },
      build: ([group = ''], values) => {
        const status = str(values, 'status');
        if (status === undefined) return { kind: 'alerts list', group };
        if (!isAlertStatusFilter(status)) {
          return `--status takes ${ALERT_STATUS_FILTER_VALUES.join(', ')}, not "${status}"`;
        }
        return { kind: 'alerts list', group, status };
      },
    },
    get: {
      positionals: ['GROUP', 'ALERT'],
      options: { ...CONNECTION, ...JSON_OPTION },
      build: ([group = '', alert = '']) => ({ kind: 'alerts get', group, alert }),
    },
    ack: {
      positionals: ['GROUP', 'ALERT'],
      options: {
        ...CONNECTION,
        ...JSON_OPTION,
        until: { type: 'string' },
        comment: { type: 'string' },
        clear: { type: 'boolean' },
      },
      build: ([group = '', alert = ''], values) => {
        const until = str(values, 'until');
        const comment = str(values, 'comment');
        if (values.clear === true) {
          if (until !== undefined) return 'give --until or --clear, not both';
          return { kind: 'alerts ack', group, alert, until: undefined, ...(comment === undefined ? {} : { comment }) };
        }
        if (until === undefined)
          return 'alerts ack needs --until ISO-TIME (or --clear to take the acknowledgement away)';
        if (parseTimestamp(until) === undefined) {
          return `--until takes an ISO 8601 time such as 2026-12-01T09:00:00Z or a date, not "${until}"`;
        }
        return { kind: 'alerts ack', group, alert, until, ...(comment === undefined ? {} : { comment }) };
      },
    },
  },
  snapshots: {
    list: {
      positionals: ['GROUP', 'CLUSTER'],
      options: { ...LIST, completed: { type: 'string' } },
      build: ([group = '', cluster = ''], values) => {
        const completed = str(values, 'completed');
        if (completed === undefined) return { kind: 'snapshots list', group, cluster };
        if (!isSnapshotCompletedFilter(completed)) {
          return `--completed takes ${SNAPSHOT_COMPLETED_FILTER_VALUES.join(', ')}, not "${completed}"`;
        }
        return { kind: 'snapshots list', group, cluster, completed };
      },
    },
    get: {
      positionals: ['GROUP', 'CLUSTER', 'SNAPSHOT'],
      options: { ...CONNECTION, ...JSON_OPTION },
      build: ([group = '', cluster = '', snapshot = '']) => ({ kind: 'snapshots get', group, cluster, snapshot }),
    },
    'set-expiry': {
      positionals: ['GROUP', 'CLUSTER', 'SNAPSHOT', 'ISO-TIME'],
      options: { ...CONNECTION, ...JSON_OPTION },
      build: ([group = '', cluster = '', snapshot = '', expires = '']) => ({
        kind: 'snapshots set-expiry',
        group,
        cluster,
        snapshot,
        expires,
      }),
    },
    keep: {
      positionals: ['GROUP', 'CLUSTER', 'SNAPSHOT'],
      options: { ...CONNECTION, ...JSON_OPTION, no: { type: 'boolean' } },
      build: ([group = '', cluster = '', snapshot = ''], values) => ({
        kind: 'snapshots keep',
        group,
        cluster,
        snapshot,
        keep: values.no !== true,
      }),
    },
  },
  'config-server-snapshots': {
    list: {
      positionals: ['GROUP', 'HOST'],
      options: LIST,
      build: ([group = '', host = '']) => ({ kind: 'config-server-snapshots list', group, host }),
    },
    get: {
      positionals: ['GROUP', 'HOST', 'SNAPSHOT'],
      options: { ...CONNECTION, ...JSON_OPTION },
      build: ([group = '', host = '', snapshot = '']) => ({
        kind: 'config-server-snapshots get',
        group,
        host,
        snapshot,
      }),
    },
  },
  config: {
    pull: {
      positionals: ['GROUP'],
      options: { ...CONNECTION, out: { type: 'string', short: 'o' } },
      build: ([group = ''], values) => {
        const out = str(values, 'out');
        if (out === '') return '--out needs a file name';
        return out === undefined ? { kind: 'config pull', group } : { kind: 'config pull', group, out };
      },
    },
    push: {
      positionals: ['GROUP', 'FILE'],
      options: {
        ...CONNECTION,
        force: { type: 'boolean' },
        'allow-unsafe': { type: 'boolean' },
        color: { type: 'boolean' },
        'no-color': { type: 'boolean' },
        wait: { type: 'boolean' },
        timeout: { type: 'string' },
      },
      build: ([group = '', file = ''], values) => {
        if (values.color === true && values['no-color'] === true) return 'give --color or --no-color, not both';
        const timeout = str(values, 'timeout');
        if (timeout !== undefined && values.wait !== true) return '--timeout goes with --wait';
        const timeoutMs = timeout === undefined ? DEFAULT_WAIT_MS : durationMs(timeout);
        if (timeoutMs === undefined) return `--timeout takes a duration such as 90s, 10m or 1h, not "${timeout}"`;
        return {
          kind: 'config push',
          group,
          file,
          force: values.force === true,
          allowUnsafe: values['allow-unsafe'] === true,
          ...(values.wait === true ? { wait: { timeoutMs } } : {}),
        };
      },
    },
  },
  status: {
    show: {
      positionals: ['GROUP'],
      options: { ...CONNECTION, ...JSON_OPTION },
      build: ([group = '']) => ({ kind: 'status', group }),
    },
  },
};

/** How long `config push --wait` waits unless told: dbkit's choice, room for a rolling upgrade of a few members. */
export const DEFAULT_WAIT_MS = 10 * 60_000;

/** `90s`, `10m`, `1h`, or a bare number of seconds, in milliseconds; undefined when it is none of those. */
export function durationMs(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  if (!match) return undefined;
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(match[2] ?? 's') as 'ms' | 's' | 'm' | 'h'];
  const value = Number(match[1]) * unit;
  return value > 0 && Number.isFinite(value) ? value : undefined;
}

/** `dbkit snapshots list GROUP CLUSTER [options]`, for messages. */
export function usageOf(resource: ApiResource, action: string): string {
  const spec = ACTIONS[resource][action];
  const named = DEFAULT_ACTION[resource] === action ? resource : `${resource} ${action}`;
  return `dbkit ${named} ${spec?.positionals.join(' ') ?? ''}`.trimEnd();
}

function pageSizeOf(value: string | undefined): number | string | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 500) {
    return `--page-size takes an integer from 1 to 500, not "${value}"`;
  }
  return Number(value);
}

/**
 * Parses what follows the resource name. `describe` turns node:util's errors into dbkit's words (shared with
 * `validate`), so every usage error reads the same.
 */
export function parseApiCommand(
  resource: ApiResource,
  args: readonly string[],
  describe: (error: unknown) => string,
): ApiParse {
  const fail = (error: string): ApiParse => ({ ok: false, error: `${error}; run dbkit ${resource} --help for usage` });
  const implied = DEFAULT_ACTION[resource];
  const [action, ...rest] =
    implied !== undefined &&
    args[0] !== undefined &&
    !Object.hasOwn(ACTIONS[resource], args[0]) &&
    !/^(-h|--help|help)$/.test(args[0])
      ? [implied, ...args]
      : args;
  const actions = Object.keys(ACTIONS[resource]);
  const names = actions.length === 1 ? actions[0] : `${actions.slice(0, -1).join(', ')} or ${actions.at(-1)}`;
  if (action === undefined || action === '--help' || action === '-h' || action === 'help') {
    if (action === undefined && implied !== undefined) return fail(`missing GROUP: ${usageOf(resource, implied)}`);
    if (action === undefined) return fail(`dbkit ${resource} needs a subcommand: ${names}`);
    return { ok: true, value: { command: 'help', topic: resource } };
  }
  const spec = ACTIONS[resource][action];
  if (spec === undefined) return fail(`unknown subcommand ${resource} ${action} (use ${names})`);

  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({ args: [...rest], options: spec.options, allowPositionals: true, strict: true });
  } catch (error) {
    return fail(describe(error));
  }
  const { values, positionals } = parsed;
  if (values.help === true) return { ok: true, value: { command: 'help', topic: resource } };
  const usage = usageOf(resource, action);
  if (positionals.length < spec.positionals.length) {
    const missing = spec.positionals.slice(positionals.length).join(' ');
    return fail(`missing ${missing}: ${usage}`);
  }
  if (positionals.length > spec.positionals.length) {
    return fail(`unexpected argument ${positionals[spec.positionals.length]}: ${usage}`);
  }
  const empty = spec.positionals.find((_, index) => positionals[index] === '');
  if (empty !== undefined) return fail(`${empty} is empty: ${usage}`);
  const pageSize = pageSizeOf(str(values, 'page-size'));
  if (typeof pageSize === 'string') return fail(pageSize);
  const built = spec.build(positionals, values);
  if (typeof built === 'string') return fail(built);
  const flag = (name: string) => str(values, name);
  const baseUrl = flag('base-url');
  const publicKey = flag('public-key');
  const privateKey = flag('private-key');
  return {
    ok: true,
    value: {
      command: 'api',
      action: built,
      connection: {
        ...(baseUrl === undefined ? {} : { baseUrl }),
        ...(publicKey === undefined ? {} : { publicKey }),
        ...(privateKey === undefined ? {} : { privateKey }),
      },
      json: values.json === true,
      pageSize,
      verbose: values.verbose === true,
      color: values.color === true ? true : values['no-color'] === true ? false : undefined,
    },
  };
}
