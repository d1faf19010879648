/**
 * Where the service is and who calls it: flags first, then `DBKIT_BASE_URL`, `DBKIT_PUBLIC_KEY`,
 * `DBKIT_PRIVATE_KEY`. Every failure of a call becomes one line and an exit code: 1 when the service answered with an
 * error, 2 when it could not be reached or something else answers at the address. The private key is never part of
 * any of it.
 */
import { createClient, type DbkitClient, describeFailure as describeClientFailure } from '@dbkit/client';
import type { OutputStream } from '../io.js';
import type { Palette } from '../output/color.js';
import type { ConnectionFlags } from './args.js';

export interface Connection {
  readonly baseUrl: string;
  readonly publicKey: string;
  readonly privateKey: string;
}

type Env = { readonly [name: string]: string | undefined };

const SOURCES = [
  { field: 'baseUrl', flag: '--base-url', variable: 'DBKIT_BASE_URL', what: "the service's URL" },
  { field: 'publicKey', flag: '--public-key', variable: 'DBKIT_PUBLIC_KEY', what: 'the public key' },
  { field: 'privateKey', flag: '--private-key', variable: 'DBKIT_PRIVATE_KEY', what: 'the private key' },
] as const;

export function resolveConnection(
  flags: ConnectionFlags,
  env: Env,
): { readonly ok: true; readonly value: Connection } | { readonly ok: false; readonly error: string } {
  const value: Record<string, string> = {};
  const missing: string[] = [];
  for (const source of SOURCES) {
    const given = flags[source.field] ?? env[source.variable];
    if (given === undefined || given === '') missing.push(`${source.what} (${source.flag} or ${source.variable})`);
    else value[source.field] = given;
  }
  if (missing.length > 0) {
    return {
      ok: false,
      error: `missing ${missing.join(', ')}; e.g. export DBKIT_BASE_URL=http://127.0.0.1:8080 DBKIT_PUBLIC_KEY=… DBKIT_PRIVATE_KEY=… (npm run serve prints them)`,
    };
  }
  const baseUrl = value.baseUrl ?? '';
  let url: URL | undefined;
  try {
    url = new URL(baseUrl);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    return {
      ok: false,
      error: `the base URL must be http:// or https://, e.g. http://127.0.0.1:8080, not "${baseUrl}"`,
    };
  }
  if (url.username !== '' || url.password !== '') {
    return { ok: false, error: 'the base URL must not carry credentials: give the keys with their flags or variables' };
  }
  return {
    ok: true,
    value: {
      baseUrl: url.origin + url.pathname.replace(/\/+$/, ''),
      publicKey: value.publicKey ?? '',
      privateKey: value.privateKey ?? '',
    },
  };
}

/**
 * The client, with `--verbose` logging one line per HTTP exchange: method, path and query, status, milliseconds.
 * Headers are never logged (they carry the Digest answer).
 */
export function connect(connection: Connection, options: { verbose: boolean; log: OutputStream }): DbkitClient {
  const base = globalThis.fetch.bind(globalThis);
  const logged: typeof fetch = async (input, init) => {
    const started = performance.now();
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? 'GET';
    try {
      const response = await base(input, init);
      const ms = Math.round(performance.now() - started);
      options.log.write(`dbkit: ${method} ${url.pathname}${url.search} → ${response.status} (${ms} ms)\n`);
      return response;
    } catch (error) {
      options.log.write(`dbkit: ${method} ${url.pathname}${url.search} → no answer\n`);
      throw error;
    }
  };
  return createClient({
    baseUrl: connection.baseUrl,
    publicKey: connection.publicKey,
    privateKey: connection.privateKey,
    ...(options.verbose ? { fetch: logged } : {}),
  });
}

export interface Failure {
  readonly code: 1 | 2;
  /** What happened: sentences, the last ending with one full stop. */
  readonly message: string;
  /** `HTTP 401`, `HTTP 404, SNAPSHOT_NOT_FOUND`, `ECONNREFUSED`: printed inside the last sentence, for a search. */
  readonly reference?: string;
  /** What to do, in the CLI's words: its flags and variables. */
  readonly action?: string;
}

const KEYS = '--public-key and --private-key, or DBKIT_PUBLIC_KEY and DBKIT_PRIVATE_KEY';
const ADDRESS = '--base-url or DBKIT_BASE_URL';

/**
 * What a failed call prints and exits with; undefined for an error that is not the client's (a bug: it reaches
 * main's "internal error" line). The client words what happened; the CLI says where to fix it.
 * @param groupId the project the command was about, named when the key pair is rejected.
 */
export function describeFailure(error: unknown, connection: Connection, groupId?: string): Failure | undefined {
  const failure = describeClientFailure(error, connection.baseUrl, groupId === undefined ? {} : { groupId });
  if (failure === undefined) return undefined;
  const { message, reference, hint } = failure;
  const said = { message, ...(reference === undefined ? {} : { reference }) };
  switch (failure.kind) {
    case 'refused':
      return { code: 1, ...said, ...(hint === undefined ? {} : { action: hint }) };
    case 'unauthorized':
      return { code: 1, ...said, action: `Check the public and private key: ${KEYS}.` };
    case 'not-in-project':
      return { code: 1, ...said, action: `Check GROUP, or give a key pair of that project: ${KEYS}.` };
    case 'unreachable':
      return { code: 2, ...said, action: `Start the service (npm run serve) or check its address: ${ADDRESS}.` };
    case 'not-json':
      return { code: 2, ...said, action: `Give the service's address, without /api/public/v1.0: ${ADDRESS}.` };
    case 'timeout':
    case 'aborted':
      return { code: 2, ...said, ...(hint === undefined ? {} : { action: hint }) };
    default:
      return failure.kind satisfies never;
  }
}

/**
 * A failure's line on stderr: `dbkit: `, what happened with its reference dimmed inside the last sentence (like a
 * finding's code), then what to do in bold.
 * @example
 * formatFailure({ code: 1, message: 'The service could not find it: No group with ID g exists.',
 *   reference: 'HTTP 404, GROUP_NOT_FOUND' }, palette(false));
 * // 'dbkit: The service could not find it: No group with ID g exists (HTTP 404, GROUP_NOT_FOUND).\n'
 */
export function formatFailure(failure: Omit<Failure, 'code'>, p: Palette): string {
  const { message, reference, action } = failure;
  let said = message;
  if (reference !== undefined) {
    const dimmed = p.dim(`(${reference})`);
    said = message.endsWith('.') ? `${message.slice(0, -1)} ${dimmed}.` : `${message} ${dimmed}`;
  }
  return `dbkit: ${said}${action === undefined ? '' : ` ${p.bold(action)}`}\n`;
}

/** A stream that never lets the private key through, whatever reaches it (a second line of defence). */
export function redacting(stream: OutputStream, secret: string): OutputStream {
  // A short key would garble ordinary words; messages are built without it anyway.
  if (secret.length < 8) return stream;
  return {
    ...(stream.isTTY === undefined ? {} : { isTTY: stream.isTTY }),
    write: (text: string) => stream.write(text.split(secret).join('********')),
  };
}
