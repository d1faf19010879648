// @ts-check
// The command line of `dbkit-web`: `--port N` (or `PORT`), `--host H`, `--dir D`, `--help`. Pure: returns the
// options or one line saying what is wrong, never throws.

export const DEFAULT_PORT = 5178;
export const DEFAULT_HOST = '127.0.0.1';

export const USAGE = 'usage: dbkit-web [--port N] [--host HOST] [--dir DIST]   (PORT=N also chooses the port)';

/**
 * @typedef {{ port: number, host: string, dir: string | undefined }} Options
 * @typedef {{ ok: true, help: boolean, options: Options } | { ok: false, error: string }} ParseResult
 */

/** @param {string} text @param {string} source @returns {number | string} the port, or an error line */
function parsePort(text, source) {
  if (!/^\d{1,5}$/.test(text) || Number(text) > 65535)
    return `${source} must be a port number from 0 to 65535, not "${text}"`;
  return Number(text);
}

/**
 * @param {readonly string[]} argv the arguments after the script
 * @param {{ readonly PORT?: string | undefined }} env
 * @returns {ParseResult}
 */
export function parseArgs(argv, env) {
  /** @type {Options} */
  const options = { port: DEFAULT_PORT, host: DEFAULT_HOST, dir: undefined };
  if (env.PORT !== undefined && env.PORT !== '') {
    const port = parsePort(env.PORT, 'PORT');
    if (typeof port === 'string') return { ok: false, error: port };
    options.port = port;
  }
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = /** @type {string} */ (argv[i]);
    const eq = arg.indexOf('=');
    const name = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
    const inline = arg.startsWith('--') && eq > 0 ? arg.slice(eq + 1) : undefined;
    if (name === '--help' || name === '-h') {
      help = true;
      continue;
    }
    if (name !== '--port' && name !== '--host' && name !== '--dir')
      return { ok: false, error: `unknown option ${arg}; ${USAGE}` };
    const value = inline ?? argv[++i];
    if (value === undefined || value === '') return { ok: false, error: `${name} needs a value; ${USAGE}` };
    if (name === '--port') {
      const port = parsePort(value, '--port');
      if (typeof port === 'string') return { ok: false, error: port };
      options.port = port;
    } else if (name === '--host') options.host = value;
    else options.dir = value;
  }
  return { ok: true, help, options };
}
