/**
 * The flags of `dbkit-server`, read without side effects so that they are unit-tested.
 */
import { parseOrigin } from './plugins/cors.js';

/** Where the command keeps its state unless told otherwise: the service must not forget acknowledged writes. */
export const DEFAULT_DATA_DIR = '.dbkit-data';

export type CliOptions = {
  readonly port: number;
  readonly host: string;
  readonly seed: number;
  readonly dataDir?: string;
  readonly databaseUrl?: string;
  readonly admin: boolean;
  readonly realm?: string;
  readonly specLiteralChallenge: boolean;
  /** How long a simulated agent takes per move; undefined: the service's default. */
  readonly agentStepMs?: number;
  /** The origins whose pages may call the API from a browser, as a browser sends them; empty: no CORS. */
  readonly cors: readonly string[];
  readonly help: boolean;
  /** `--version`: print the package's version and exit. */
  readonly version: boolean;
};

type Parsed = { ok: true; value: CliOptions } | { ok: false; message: string };

/** The options while the flags are read; a whole number that is not (yet) valid is in `problems` instead. */
type Draft = {
  port: number;
  host: string;
  seed: number;
  dataDir: string | undefined;
  databaseUrl: string | undefined;
  admin: boolean;
  realm: string | undefined;
  specLiteralChallenge: boolean;
  agentStepMs: number | undefined;
  cors: string[];
  help: boolean;
  version: boolean;
};

/** The options a whole number is read into. */
type IntegerKey = 'port' | 'seed' | 'agentStepMs';

/**
 * How a flag reads its value: `integer` a whole number from `min` to `max`; `text` a value `pattern` accepts (any
 * non-empty one without it); `switch` no value, `set` is what it means; `origins` a comma-separated list of origins.
 * `value` names the value in the usage; `help` is its lines there.
 */
type Flag = { readonly name: string; readonly alias?: string; readonly value?: string; readonly help: string } & (
  | { readonly kind: 'integer'; readonly key: IntegerKey; readonly min: number; readonly max: number }
  | {
      readonly kind: 'text';
      readonly key: 'host' | 'dataDir' | 'realm' | 'databaseUrl';
      readonly pattern?: RegExp;
      /** The line for a missing or refused value. */
      readonly refusal: string;
    }
  | { readonly kind: 'switch'; readonly set: Partial<Draft> }
  | { readonly kind: 'origins' }
);

/** Every flag, in the order the usage lists them. */
const FLAGS: readonly Flag[] = [
  {
    name: '--port',
    value: 'N',
    kind: 'integer',
    key: 'port',
    min: 0,
    max: 65535,
    help: 'port to listen on (default: $PORT, else 8080; 0 picks a free one)',
  },
  {
    name: '--host',
    value: 'H',
    kind: 'text',
    key: 'host',
    refusal: '--host needs an address, e.g. --host 127.0.0.1.',
    help: 'address to listen on (default 127.0.0.1)',
  },
  {
    name: '--seed',
    value: 'N',
    kind: 'integer',
    key: 'seed',
    min: 0,
    max: 2 ** 32 - 1,
    help: 'seed of the generated projects, keys, snapshots and alerts (default 1)',
  },
  {
    name: '--data',
    value: 'DIR',
    kind: 'text',
    key: 'dataDir',
    refusal: '--data needs a folder, e.g. --data .dbkit-data.',
    help: 'keep state in DIR (state file + fsynced journal; default .dbkit-data); --seed fills a new DIR',
  },
  {
    name: '--in-memory',
    kind: 'switch',
    set: { dataDir: undefined },
    help: 'keep nothing: every start begins from the seed',
  },
  {
    name: '--database-url',
    value: 'URL',
    kind: 'text',
    key: 'databaseUrl',
    pattern: /^postgres(ql)?:\/\//,
    refusal: '--database-url needs a postgres:// URL, e.g. postgres://dbkit@127.0.0.1:5432/dbkit.',
    help: `keep state in PostgreSQL instead (also $DBKIT_DATABASE_URL), e.g. postgres://user@127.0.0.1/dbkit;
several instances may share it (give them the same $DBKIT_NONCE_SECRET)`,
  },
  {
    name: '--admin',
    kind: 'switch',
    set: { admin: true },
    help: 'enable the admin API under /__dbkit/ (reset, clock, faults, request log); loopback only',
  },
  {
    name: '--realm',
    value: 'R',
    kind: 'text',
    key: 'realm',
    // Printable ASCII without quotes.
    pattern: /^[\x20\x21\x23-\x7e]+$/,
    refusal: '--realm needs printable ASCII without quotes, e.g. --realm dbkit.',
    help: 'Digest realm (default "dbkit")',
  },
  {
    name: '--spec-literal-challenge',
    kind: 'switch',
    set: { specLiteralChallenge: true },
    help: `challenge with the spec's wording (op="auth") instead of the real service's (qop="auth")`,
  },
  {
    name: '--agent-step-ms',
    value: 'N',
    kind: 'integer',
    key: 'agentStepMs',
    min: 0,
    max: 24 * 60 * 60 * 1000,
    help: `how long a simulated agent takes per move, in milliseconds (default 2000; 0: at once);
instances sharing a database must use the same value`,
  },
  {
    name: '--cors',
    value: 'ORIGIN',
    kind: 'origins',
    help: `let pages from ORIGIN call the API from a browser (repeat or comma-separate; scheme://host[:port],
https://*.vscode-cdn.net for VS Code for the Web's extensions, * for any; default: none)`,
  },
  { name: '--version', alias: '-v', kind: 'switch', set: { version: true }, help: 'print the version and exit' },
  { name: '--help', alias: '-h', kind: 'switch', set: { help: true }, help: 'this text' },
];

const FLAG_BY_NAME: ReadonlyMap<string, Flag> = new Map(
  FLAGS.flatMap((flag) =>
    [flag.name, ...(flag.alias === undefined ? [] : [flag.alias])].map((name) => [name, flag] as const),
  ),
);

/** Where the help column starts in the usage. */
const HELP_COLUMN = 28;

/** The flags' usage: one line per flag (and its help's further lines), the help in one column. */
function usageOf(flags: readonly Flag[]): string {
  const indent = ' '.repeat(HELP_COLUMN);
  return flags
    .map((flag) => {
      const [first, ...rest] = flag.help.split('\n');
      const synopsis = `  ${flag.name}${flag.value === undefined ? '' : ` ${flag.value}`}`;
      return [synopsis.padEnd(HELP_COLUMN) + first, ...rest.map((line) => indent + line)].join('\n');
    })
    .join('\n');
}

export const USAGE = `Usage: dbkit-server [--port N] [--host H] [--seed N] [--data DIR | --in-memory] [--admin] [--realm R] [--spec-literal-challenge] [--agent-step-ms N] [--cors ORIGIN]

${usageOf(FLAGS)}`;

function integer(name: string, text: string | undefined, min: number, max: number): number | string {
  if (text === undefined || !/^\d+$/.test(text))
    return `${name} needs a whole number, got ${JSON.stringify(text ?? '')}.`;
  const value = Number(text);
  return value < min || value > max ? `${name} must be from ${min} to ${max}, got ${value}.` : value;
}

/** Reads `flag`'s value into `draft`; returns the line saying what is wrong with it, if it is refused at once. */
function readFlag(
  draft: Draft,
  problems: Partial<Record<IntegerKey, string>>,
  flag: Flag,
  value: string | undefined,
): string | undefined {
  switch (flag.kind) {
    case 'integer': {
      const read = integer(flag.name, value, flag.min, flag.max);
      if (typeof read === 'string') problems[flag.key] = read;
      else {
        draft[flag.key] = read;
        delete problems[flag.key];
      }
      return undefined;
    }
    case 'text':
      if (!value || (flag.pattern !== undefined && !flag.pattern.test(value))) return flag.refusal;
      draft[flag.key] = value;
      return undefined;
    case 'switch':
      Object.assign(draft, flag.set);
      return undefined;
    case 'origins':
      for (const text of (value ?? '').split(',')) {
        const origin = parseOrigin(text.trim());
        if (!origin.ok) return `--cors: ${origin.error}`;
        if (!draft.cors.includes(origin.origin)) draft.cors.push(origin.origin);
      }
      return undefined;
    default:
      return flag satisfies never;
  }
}

/** The first whole number that is not valid, in the order port, seed, agent step. */
function integerProblem(problems: Partial<Record<IntegerKey, string>>): string | undefined {
  return problems.port ?? problems.seed ?? problems.agentStepMs;
}

export function parseArguments(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): Parsed {
  const fromEnv = env.PORT === undefined || env.PORT === '' ? 8080 : integer('PORT', env.PORT, 0, 65535);
  const draft: Draft = {
    port: typeof fromEnv === 'number' ? fromEnv : 8080,
    host: '127.0.0.1',
    seed: 1,
    dataDir: DEFAULT_DATA_DIR,
    databaseUrl: env.DBKIT_DATABASE_URL || undefined,
    admin: false,
    realm: undefined,
    specLiteralChallenge: false,
    agentStepMs: undefined,
    cors: [],
    help: false,
    version: false,
  };
  const problems: Partial<Record<IntegerKey, string>> = typeof fromEnv === 'string' ? { port: fromEnv } : {};
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] ?? '';
    const [name, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    const flag = FLAG_BY_NAME.get(name);
    if (flag === undefined) return { ok: false, message: `unknown argument ${JSON.stringify(arg)}.` };
    // A switch takes no value: what follows it is the next argument.
    const value = flag.kind === 'switch' ? undefined : (inline ?? argv[++index]);
    const problem = readFlag(draft, problems, flag, value) ?? integerProblem(problems);
    if (problem !== undefined) return { ok: false, message: problem };
  }
  const problem = integerProblem(problems);
  if (problem !== undefined) return { ok: false, message: problem };
  return { ok: true, value: optionsOf(draft) };
}

function optionsOf(draft: Draft): CliOptions {
  const { port, host, seed, admin, specLiteralChallenge, cors, help, version } = draft;
  const { dataDir, realm, databaseUrl, agentStepMs } = draft;
  return {
    port,
    host,
    seed,
    admin,
    specLiteralChallenge,
    cors,
    help,
    version,
    ...(dataDir === undefined ? {} : { dataDir }),
    ...(realm === undefined ? {} : { realm }),
    ...(databaseUrl === undefined ? {} : { databaseUrl }),
    ...(agentStepMs === undefined ? {} : { agentStepMs }),
  };
}
