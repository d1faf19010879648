/**
 * The extension's side of the service: the connections and their commands, the explorer view, and the deployed
 * config (open, plan against it, publish). Each part registers its own commands.
 */
import * as vscode from 'vscode';
import { Command } from '../lib/constants.js';
import { ConnectionStore } from './connections.js';
import { DraftStore } from './drafts.js';
import { registerExplorer } from './explorer.js';
import { type ConnectionArgument, pickConnection, type ServiceContext } from './serviceContext.js';

/** Creates the connection store and registers the connection commands; the explorer and deployed config plug in. */
export function activateServices(context: vscode.ExtensionContext, output: vscode.LogOutputChannel): ServiceContext {
  const connections = new ConnectionStore(context, output);
  const drafts = new DraftStore(context);
  const services: ServiceContext = { context, output, connections, drafts };
  context.subscriptions.push(
    connections,
    drafts,
    vscode.commands.registerCommand(Command.addConnection, () => connections.add()),
    vscode.commands.registerCommand(Command.editConnection, async (argument?: ConnectionArgument) => {
      const connection = argument?.connection ?? (await pickConnection(connections, 'Edit which connection?'));
      if (connection === undefined) return;
      const edited = await connections.edit(connection);
      // Its draft follows it to another address, project or public key.
      if (edited !== undefined) await drafts.move(connection, edited);
    }),
    vscode.commands.registerCommand(Command.removeConnection, async (argument?: ConnectionArgument) => {
      const connection = argument?.connection ?? (await pickConnection(connections, 'Remove which connection?'));
      if (connection !== undefined && (await connections.remove(connection))) await drafts.discard(connection);
    }),
  );
  // Drafts of connections removed while the extension was not running (another window) go at start-up.
  void drafts.prune(connections.list());
  registerExplorer(services);
  return services;
}
