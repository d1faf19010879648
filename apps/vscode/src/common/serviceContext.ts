/**
 * What the service's parts (the explorer, the deployed config) share: the context they are given, a command's
 * connection argument, and the question "which connection?". Apart from `services.ts`, which registers them.
 */
import * as vscode from 'vscode';
import type { ServiceConnection } from '../lib/connections.js';
import type { ConnectionStore } from './connections.js';
import type { DraftStore } from './drafts.js';

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
