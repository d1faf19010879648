/**
 * The Node entry: `dbkit-language-server --stdio` (default when no transport is named), `--node-ipc`, or
 * `--socket=<port>`, as vscode-languageserver reads them from the command line.
 */
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { createServer } from './server/createServer.js';

const transports = ['--stdio', '--node-ipc', '--socket', '--pipe', '--clientProcessId'];
if (!process.argv.some((arg) => transports.some((t) => arg.startsWith(t)))) process.argv.push('--stdio');

createServer(createConnection(ProposedFeatures.all));
