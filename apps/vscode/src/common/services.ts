/**
 * The extension's side of the service: the connections and their commands, the explorer view, and the deployed
 * config (open, plan against it, publish). Each part registers its own commands.
 */
import * as vscode from 'vscode';
import type { ServiceConnection } from '../lib/connections.js';
import { Command } from '../lib/constants.js';
import { ConnectionStore } from './connections.js';
import { DraftStore } from './drafts.js';
import { registerExplorer } from './explorer.js';

/** What the service commands need from the rest of the extension. */
export interface ServiceContext {
  readonly context: vscode.ExtensionContext;
  readonly output: vscode.LogOutputChannel;
  readonly connections: ConnectionStore;
  /** The drafts of deployed configs, kept by saving and sent by Publish. */
  readonly drafts: DraftStore;
}

/** A command's argument when it runs from the explorer: the node's connection (absent from the palette). */
export type ConnectionArgument = { readonly connection: ServiceConnection } | undefined;

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

/** Asks which connection, when there are several; offers to add one when there is none. */
export async function pickConnection(
  connections: ConnectionStore,
  placeHolder: string,
): Promise<ServiceConnection | undefined> {
  const list = connections.list();
  if (list.length === 0) {
    const add = 'Add Service Connection…';
    const choice = await vscode.window.showInformationMessage('dbkit: no service connection yet.', add);
    return choice === add ? connections.add() : undefined;
  }
  if (list.length === 1) return list[0];
  const picked = await vscode.window.showQuickPick(
    list.map((connection) => ({ label: connection.label, description: connection.baseUrl, connection })),
    { placeHolder },
  );
  return picked?.connection;
}
