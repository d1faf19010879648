/**
 * The API commands: connection from flags and the environment (a usage error, exit 2, when something is missing),
 * then the command, then every failure as one line: 1 when the service refused, 2 when it could not be reached or
 * something else answers at the address.
 */
import type { Io } from '../io.js';
import { palette, useColor } from '../output/color.js';
import { runAlerts } from './alertsCommand.js';
import type { ApiCommand } from './args.js';
import { runConfigPull } from './configPullCommand.js';
import { runConfigPush } from './configPushCommand.js';
import { runConfigServerSnapshots } from './configServerSnapshotsCommand.js';
import { connect, describeFailure, formatFailure, redacting, resolveConnection } from './connection.js';
import type { ApiContext } from './context.js';
import { runSnapshots } from './snapshotsCommand.js';
import { runStatus } from './statusCommand.js';

export async function runApi(command: ApiCommand, io: Io): Promise<number> {
  const resolved = resolveConnection(command.connection, io.env);
  if (!resolved.ok) {
    io.stderr.write(`dbkit: ${resolved.error}\n`);
    return 2;
  }
  const connection = resolved.value;
  const out = redacting(io.stdout, connection.privateKey);
  const err = redacting(io.stderr, connection.privateKey);
  const ctx: ApiContext = {
    client: connect(connection, { verbose: command.verbose, log: err }),
    io,
    out,
    err,
    command,
    palette: palette(useColor(command.color, io.env, io.stdout.isTTY === true)),
  };
  try {
    return await dispatch(command, ctx);
  } catch (error) {
    const failure = describeFailure(error, connection, command.action.group);
    if (failure === undefined) throw error;
    err.write(formatFailure(failure, palette(useColor(command.color, io.env, io.stderr.isTTY === true))));
    return failure.code;
  }
}

function dispatch(command: ApiCommand, ctx: ApiContext): Promise<number> {
  const action = command.action;
  switch (action.kind) {
    case 'alerts list':
    case 'alerts get':
    case 'alerts ack':
      return runAlerts(action, ctx);
    case 'status':
      return runStatus(action, ctx);
    case 'snapshots list':
    case 'snapshots get':
    case 'snapshots set-expiry':
    case 'snapshots keep':
      return runSnapshots(action, ctx);
    case 'config-server-snapshots list':
    case 'config-server-snapshots get':
      return runConfigServerSnapshots(action, ctx);
    case 'config pull':
      return runConfigPull(action, ctx);
    case 'config push':
      return runConfigPush(action, ctx);
    default:
      return action satisfies never;
  }
}
