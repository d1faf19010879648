/**
 * The deployed config, from the editor: open it as a `dbkit:` document, pull it into a file, compare with it
 * ("Compare with…"'s third choice), keep a draft of it, and publish to it. Saving keeps a draft (`deployedFs.ts`),
 * Discard Draft drops it (`draftCommands.ts`); Publish sends the editor's document or the explorer's connection's
 * draft through `publish.ts`, then makes the documents say the version now stored.
 */
import { nextRevision } from '@dbkit/language-server/internal/publish';
import * as vscode from 'vscode';
import type { ServiceConnection } from '../lib/connections.js';
import { Command, DEPLOYED_SCHEME, LANGUAGE_ID } from '../lib/constants.js';
import { DEPLOYED_FILE, deployedDocumentName, storedRevisionName } from '../lib/deployed.js';
import { draftLabel } from '../lib/drafts.js';
import { automationConfigAt, type CompareCommand, type DeployedRevisions, type OldRevision } from './compare.js';
import { DeployedFileSystem } from './deployedFs.js';
import { discardDraft, offerPublish } from './draftCommands.js';
import { DraftDecorations } from './drafts.js';
import type { PlanDocuments } from './planDocuments.js';
import { Publisher } from './publish.js';
import { applyReplacements } from './replacements.js';
import type { ServerHost } from './server.js';
import { type ConnectionArgument, pickConnection, type ServiceContext } from './serviceContext.js';

const PULL_FILTERS = { 'Automation configs': ['json'], 'All files': ['*'] };

/** What the deployed config needs from the rest of the extension. */
export interface DeployedDependencies {
  readonly host: ServerHost;
  readonly plans: PlanDocuments;
  readonly compare: CompareCommand;
}

/**
 * Registers the `dbkit:` file system, the commands Open Deployed Config, Pull Deployed Config to File…, Publish to
 * Service… and Discard Draft…, the drafts' decorations, and the deployed revisions as "Compare with…"'s third choice.
 */
export function registerDeployed(services: ServiceContext, deps: DeployedDependencies): void {
  const deployed = new Deployed(services, deps);
  deps.compare.offerDeployed(deployed);
  services.context.subscriptions.push(
    deployed,
    vscode.workspace.registerFileSystemProvider(DEPLOYED_SCHEME, deployed.fs, { isCaseSensitive: true }),
    vscode.commands.registerCommand(Command.openDeployedConfig, (argument?: ConnectionArgument) =>
      deployed.open(argument),
    ),
    vscode.commands.registerCommand(Command.pullDeployedConfig, (argument?: ConnectionArgument) =>
      deployed.pull(argument),
    ),
    vscode.commands.registerCommand(Command.publish, (argument?: vscode.Uri | ConnectionArgument) =>
      deployed.publishCommand(argument),
    ),
    vscode.commands.registerCommand(Command.discardDraft, (argument?: vscode.Uri | ConnectionArgument) =>
      discardDraft(services, deployed.fs, argument),
    ),
  );
}

class Deployed implements DeployedRevisions, vscode.Disposable {
  readonly fs: DeployedFileSystem;
  private readonly publisher: Publisher;
  private readonly disposables: vscode.Disposable[];

  constructor(
    private readonly services: ServiceContext,
    private readonly deps: DeployedDependencies,
  ) {
    this.fs = new DeployedFileSystem(services.connections, services.drafts);
    this.publisher = new Publisher(services, deps, this.fs);
    const decorations = new DraftDecorations(services.drafts, (uri) => this.fs.connectionOf(uri));
    this.disposables = [
      this.fs,
      this.publisher,
      decorations,
      vscode.window.registerFileDecorationProvider(decorations),
      this.fs.onDidSaveDraft((saved) => offerPublish(services, saved, (uri) => void this.publishCommand(uri))),
    ];
  }

  // "Compare with…"'s third choice.

  connectionsFor(uri: vscode.Uri): readonly ServiceConnection[] {
    const own = this.fs.connectionOf(uri);
    const all = this.services.connections.list();
    return own === undefined ? all : [own, ...all.filter((c) => c.id !== own.id)];
  }

  nameOf(uri: vscode.Uri): string | undefined {
    const connection = this.fs.connectionOf(uri);
    return connection === undefined ? undefined : deployedDocumentName(connection);
  }

  add(): Promise<ServiceConnection | undefined> {
    return this.services.connections.add();
  }

  async stored(connection: ServiceConnection): Promise<OldRevision | undefined> {
    const read = await this.read(connection);
    if (!read.ok) {
      void this.services.connections.showFailure(read.failure, connection);
      return undefined;
    }
    return {
      name: storedRevisionName(connection, read.stored.version),
      text: read.stored.text,
      version: read.stored.version,
    };
  }

  // The commands.

  async open(argument: ConnectionArgument): Promise<void> {
    const connection = await this.connectionFrom(argument, 'Open the deployed config of which connection?');
    if (connection === undefined) return;
    // Read first: a failure is then told in the connection's words, not in VS Code's "cannot open <uri>".
    const read = await this.read(connection);
    if (!read.ok) {
      void this.services.connections.showFailure(read.failure, connection);
      return;
    }
    let document: vscode.TextDocument;
    try {
      document = await vscode.workspace.openTextDocument(this.fs.uriFor(connection));
    } catch (error) {
      void vscode.window.showErrorMessage(`dbkit: the deployed config did not open: ${messageOf(error)}`);
      return;
    }
    if (document.languageId !== LANGUAGE_ID) {
      document = await vscode.languages.setTextDocumentLanguage(document, LANGUAGE_ID);
    }
    await vscode.window.showTextDocument(document, { preview: false });
    const draft = this.services.drafts.info(connection);
    this.services.output.info(
      `dbkit: opened ${document.uri.toString()} (${draft === undefined ? `stored version ${read.stored.version}` : draftLabel(draft, new Date())})`,
    );
  }

  async pull(argument: ConnectionArgument): Promise<void> {
    const connection = await this.connectionFrom(argument, 'Pull the deployed config of which connection?');
    if (connection === undefined) return;
    const read = await this.read(connection);
    if (!read.ok) {
      void this.services.connections.showFailure(read.failure, connection);
      return;
    }
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const target = await vscode.window.showSaveDialog({
      title: `dbkit: pull version ${read.stored.version} of ${connection.label} to…`,
      saveLabel: 'Pull',
      filters: PULL_FILTERS,
      ...(folder === undefined ? {} : { defaultUri: vscode.Uri.joinPath(folder, DEPLOYED_FILE) }),
    });
    if (target === undefined) return;
    try {
      // The stored text byte for byte: unknown fields, number spellings and layout as the service keeps them.
      await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(read.stored.text));
    } catch (error) {
      void vscode.window.showErrorMessage(
        `dbkit: cannot write ${vscode.workspace.asRelativePath(target, false)} (${messageOf(error)}). Choose another place and pull again.`,
      );
      return;
    }
    const name = vscode.workspace.asRelativePath(target, false);
    this.services.output.info(`dbkit: pulled version ${read.stored.version} of ${connection.label} into ${name}`);
    const openIt = 'Open';
    const choice = await vscode.window.showInformationMessage(
      `dbkit: pulled version ${read.stored.version} of ${connection.label} into ${name}.`,
      openIt,
    );
    if (choice === openIt) await vscode.window.showTextDocument(target, { preview: false });
  }

  /**
   * The Publish command on `argument`: the editor title's document, the explorer's connection (its open deployed
   * document, else its draft), or the active editor. A document is published as the editor shows it, unsaved edits
   * included.
   */
  async publishCommand(argument: vscode.Uri | ConnectionArgument): Promise<void> {
    if (argument !== undefined && !(argument instanceof vscode.Uri)) {
      await this.publishConnection(argument.connection);
      return;
    }
    const document = await automationConfigAt(argument);
    if (document === undefined) {
      void vscode.window.showWarningMessage(
        'dbkit: Publish needs an automation config in the editor. Open one (language "Automation Config"), or open the deployed config (dbkit: Open Deployed Config), then publish again.',
      );
      return;
    }
    if (document.uri.scheme === DEPLOYED_SCHEME) {
      const connection = this.fs.connectionOf(document.uri);
      if (connection === undefined) {
        void vscode.window.showErrorMessage(
          'dbkit: the connection of this deployed config is gone. Add it again (dbkit: Add Service Connection…), then reopen the deployed config.',
        );
        return;
      }
      const outcome = await this.publisher.publish({ uri: document.uri, text: document.getText(), connection });
      if (outcome.published) await this.settle(connection, outcome.version);
      return;
    }
    const name = this.deps.compare.nameOf(document.uri);
    const connection = await pickConnection(this.services.connections, `Publish ${name} to which connection?`);
    if (connection === undefined) return;
    const versionBefore = document.version;
    const wasDirty = document.isDirty;
    const outcome = await this.publisher.publish({ uri: document.uri, text: document.getText(), connection });
    if (!outcome.published) return;
    this.fs.changed(connection);
    // As `dbkit config push` rewrites its file: the document says the version now stored, so the next publish from
    // it builds on it (and a stale one gets a 409).
    if (outcome.edits.length === 0 || document.isClosed || document.version !== versionBefore) return;
    if ((await applyReplacements(document, outcome.edits)) && !wasDirty) await document.save();
  }

  /** Publish from the explorer: the connection's open deployed document, else its draft. */
  private async publishConnection(connection: ServiceConnection): Promise<void> {
    const [document] = this.fs.documentsOf(connection);
    const text = document?.getText() ?? (await this.services.drafts.text(connection));
    if (text === undefined) {
      void vscode.window.showInformationMessage(
        `dbkit: ${connection.label} has no draft to publish. Open its deployed config, edit it and save: the save keeps a draft, which Publish sends.`,
      );
      return;
    }
    const uri = document?.uri ?? this.fs.uriFor(connection);
    const outcome = await this.publisher.publish({ uri, text, connection });
    if (outcome.published) await this.settle(connection, outcome.version);
  }

  /**
   * After a publish of the deployed config: the draft goes, and each open deployed document of the connection says
   * the version now stored and is saved, which leaves it clean (its text is the stored revision) or, when the user
   * typed on while it was sent, keeps what they typed as the next draft, built on that version.
   */
  private async settle(connection: ServiceConnection, version: number): Promise<void> {
    await this.services.drafts.discard(connection);
    for (const document of this.fs.documentsOf(connection)) {
      // The text says `version - 1` (or nothing): made to say `version`.
      await applyReplacements(document, nextRevision(document.getText(), version - 1).edits);
      if (document.isDirty) await document.save();
    }
  }

  /** The connection's client and stored revision, or why not in one line. */
  private read(connection: ServiceConnection) {
    return this.services.connections.readStored(connection);
  }

  private async connectionFrom(
    argument: ConnectionArgument,
    placeHolder: string,
  ): Promise<ServiceConnection | undefined> {
    return argument?.connection ?? (await pickConnection(this.services.connections, placeHolder));
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
