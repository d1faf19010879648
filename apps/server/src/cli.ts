/**
 * The flags of `dbkit-server`, read without side effects so that they are unit-tested.
 */
import { parseOrigin } from './plugins/cors.js';

export const USAGE = `Usage: dbkit-server [--port N] [--host H] [--seed N] [--data DIR | --in-memory] [--admin] [--realm R] [--spec-literal-challenge] [--agent-step-ms N] [--cors ORIGIN]

  --port N                  port to listen on (default: $PORT, else 8080; 0 picks a free one)
  --host H                  address to listen on (default 127.0.0.1)
  --seed N                  seed of the generated projects, keys, snapshots and alerts (default 1)
  --data DIR                keep state in DIR (state file + fsynced journal; default .dbkit-data); --seed fills a new DIR
  --in-memory               keep nothing: every start begins from the seed
  --database-url URL        keep state in PostgreSQL instead (also $DBKIT_DATABASE_URL), e.g. postgres://user@127.0.0.1/dbkit;
                            several instances may share it (give them the same $DBKIT_NONCE_SECRET)
  --admin                   enable the admin API under /__dbkit/ (reset, clock, faults, request log); loopback only
  --realm R                 Digest realm (default "dbkit")
  --spec-literal-challenge  challenge with the spec's wording (op="auth") instead of the real service's (qop="auth")
  --agent-step-ms N         how long a simulated agent takes per move, in milliseconds (default 2000; 0: at once);
                            instances sharing a database must use the same value
  --cors ORIGIN             let pages from ORIGIN call the API from a browser (repeat or comma-separate; scheme://host[:port],
                            https://*.vscode-cdn.net for VS Code for the Web's extensions, * for any; default: none)
  --version                 print the version and exit
  --help                    this text`;

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

function integer(name: string, text: string | undefined, min: number, max: number): number | string {
  if (text === undefined || !/^\d+$/.test(text))
    return `${name} needs a whole number, got ${JSON.stringify(text ?? '')}.`;
  const value = Number(text);
  return value < min || value > max ? `${name} must be from ${min} to ${max}, got ${value}.` : value;
}

export function parseArguments(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): Parsed {
  let port: number | string = env.PORT === undefined || env.PORT === '' ? 8080 : integer('PORT', env.PORT, 0, 65535);
  let host = '127.0.0.1';
  let seed: number | string = 1;
  let dataDir: string | undefined = DEFAULT_DATA_DIR;
  let realm: string | undefined;
  let databaseUrl: string | undefined = env.DBKIT_DATABASE_URL || undefined;
  let admin = false;
  let specLiteralChallenge = false;
  let agentStepMs: number | string | undefined;
  const cors: string[] = [];
  let help = false;
  let version = false;
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] ?? '';
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    const value = () => inline ?? argv[++index];
    switch (flag) {
      case '--port':
        port = integer('--port', value(), 0, 65535);
        break;
      case '--host': {
        const h = value();
        if (!h) return { ok: false, message: '--host needs an address, e.g. --host 127.0.0.1.' };
        host = h;
        break;
      }
      case '--seed':
        seed = integer('--seed', value(), 0, 2 ** 32 - 1);
        break;
      case '--data': {
        const d = value();
        if (!d) return { ok: false, message: '--data needs a folder, e.g. --data .dbkit-data.' };
        dataDir = d;
        break;
      }
      case '--realm': {
        const r = value();
        if (!r || !/^[\x20-\x7e]+$/.test(r) || r.includes('"')) {
          return { ok: false, message: '--realm needs printable ASCII without quotes, e.g. --realm dbkit.' };
        }
        realm = r;
        break;
      }
      case '--database-url': {
        const u = value();
        if (!u || !/^postgres(ql)?:\/\//.test(u)) {
          return {
            ok: false,
            message: '--database-url needs a postgres:// URL, e.g. postgres://dbkit@127.0.0.1:5432/dbkit.',
          };
        }
        databaseUrl = u;
        break;
      }
      case '--in-memory':
        dataDir = undefined;
        break;
      case '--admin':
        admin = true;
        break;
      case '--spec-literal-challenge':
        specLiteralChallenge = true;
        break;
      case '--agent-step-ms':
        agentStepMs = integer('--agent-step-ms', value(), 0, 24 * 60 * 60 * 1000);
        break;
      case '--cors': {
        for (const text of (value() ?? '').split(',')) {
          const origin = parseOrigin(text.trim());
          if (!origin.ok) return { ok: false, message: `--cors: ${origin.error}` };
          if (!cors.includes(origin.origin)) cors.push(origin.origin);
        }
        break;
      }
      case '--help':
      case '-h':
        help = true;
        break;
      case '--version':
      case '-v':
        version = true;
        break;
      default:
        return { ok: false, message: `unknown argument ${JSON.stringify(arg)}.` };
    }
    if (typeof port === 'string') return { ok: false, message: port };
    if (typeof seed === 'string') return { ok: false, message: seed };
    if (typeof agentStepMs === 'string') return { ok: false, message: agentStepMs };
  }
  if (typeof port === 'string') return { ok: false, message: port };
  if (typeof seed === 'string') return { ok: false, message: seed };
  if (typeof agentStepMs === 'string') return { ok: false, message: agentStepMs };
  return {
    ok: true,
    value: {
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
    },
  };
}
