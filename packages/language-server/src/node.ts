/**
 * The Node entry: `dbkit-language-server --stdio` (default when no transport is named), `--node-ipc`, or
 * `--socket=<port>`, as vscode-languageserver reads them from the command line.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { createServer } from './server/createServer.js';

/**
 * V8's full collection, which Node exposes only with `--expose-gc`: an editor starts the server without it, so the
 * flag is set at start-up and the function read from a fresh context (where V8 installs it). Undefined if that fails.
 * Two collections in a row: the second gives back what the first left in V8's pools
 * (docs/decisions/language-server.md, "Garbage is collected when the server is quiet").
 */
function garbageCollector(): (() => void) | undefined {
  let gc: unknown = (globalThis as { gc?: unknown }).gc;
  try {
    if (typeof gc !== 'function') {
      setFlagsFromString('--expose-gc');
      gc = runInNewContext('gc');
    }
  } catch {
    return undefined;
  }
  if (typeof gc !== 'function') return undefined;
  const collect = gc as () => void;
  return () => {
    collect();
    collect();
  };
}

const transports = ['--stdio', '--node-ipc', '--socket', '--pipe', '--clientProcessId'];
if (!process.argv.some((arg) => transports.some((t) => arg.startsWith(t)))) process.argv.push('--stdio');

createServer(createConnection(ProposedFeatures.all), { collectGarbage: garbageCollector() });
