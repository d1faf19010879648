/**
 * The deployed config, from the editor: open it as a `dbkit:` document, pull it into a file, compare with it
 * ("Compare with…"'s third choice), keep a draft of it, and publish to it. Saving keeps a draft (`deployedFs.ts`);
 * Publish validates with the language server, shows the plan from the stored revision with a modal confirmation,
 * sends `version` = stored + 1 (`nextRevision`, the rule `dbkit config push` and the playground follow), then marks
 * a refused revision, offers to compare on a 409, or follows the agents until they reach the goal. What each step
 * decides is in `lib/publish.ts`.
 */
import type { DbkitClient } from '@dbkit/client';
import { formatGoalProgress } from '@dbkit/core';
import {
  factsOf,
  failureOf,
  nextRevision,
  type ServiceDiagnostic,
  type TextReplacement,
} from '@dbkit/language-server/internal/publish';
import * as vscode from 'vscode';
import type { Diagnostic } from 'vscode-languageclient';
import type { ConnectionFailure } from '../lib/connectionFailure.js';
import type { ServiceConnection } from '../lib/connections.js';
import { Command, DEPLOYED_SCHEME, LANGUAGE_ID, VALIDATE_REQUEST } from '../lib/constants.js';
import { DEPLOYED_FILE, deployedDocumentName, storedRevisionName } from '../lib/deployed.js';
import { draftLabel } from '../lib/drafts.js';
import {
  afterAnswer,
  afterPlan,
  afterValidation,
  afterWatch,
  type PublishAnswer,
  type PublishTarget,
  type WatchEnd,
} from '../lib/publish.js';
import { applySeverityOverrides } from '../lib/severity.js';
import { automationConfigAt, type CompareCommand, type DeployedRevisions, type OldRevision } from './compare.js';
import { DeployedFileSystem, type DraftSaved } from './deployedFs.js';
import { DraftDecorations } from './drafts.js';
import type { PlanDocuments } from './planDocuments.js';
import type { ServerHost } from './server.js';
import { type ConnectionArgument, pickConnection, type ServiceContext } from './serviceContext.js';

/** How long the progress notification follows the agents before saying where they stand. */
const WATCH_TIMEOUT_MS = 600_000;
const WATCH_INTERVAL_MS = 1_000;
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
      deployed.discardCommand(argument),
    ),
  );
}

/** A revision to publish: the document's uri, its text, and the connection it goes to. */
interface PublishRequest {
  readonly uri: vscode.Uri;
  readonly text: string;
  readonly connection: ServiceConnection;
}

/** How a publish ended: the version now stored, its text and the edit that made the document say it; or why not. */
type Published =
  | {
      readonly published: true;
      readonly version: number;
      readonly text: string;
      readonly edits: readonly TextReplacement[];
    }
  | { readonly published: false; readonly reason: string };

class Deployed implements DeployedRevisions, vscode.Disposable {
  readonly fs: DeployedFileSystem;
  /** The service's diagnostics of a refused revision, at their places. */
  private readonly markers = vscode.languages.createDiagnosticCollection('dbkit service');
  /** The documents being published, so a second save waits for no second modal. */
  private readonly publishing = new Set<string>();
  private readonly disposables: vscode.Disposable[];

  constructor(
    private readonly services: ServiceContext,
    private readonly deps: DeployedDependencies,
  ) {
    this.fs = new DeployedFileSystem(services.connections, services.drafts);
    const decorations = new DraftDecorations(services.drafts, (uri) => this.fs.connectionOf(uri));
    this.disposables = [
      this.fs,
      this.markers,
      decorations,
      vscode.window.registerFileDecorationProvider(decorations),
      this.fs.onDidSaveDraft((saved) => this.offerPublish(saved)),

      // A marker points at the text that was sent: once the document changes, it would point at the wrong place.
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.contentChanges.length > 0) this.markers.delete(event.document.uri);
      }),
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
      const outcome = await this.publish({ uri: document.uri, text: document.getText(), connection });
      if (outcome.published) await this.settle(connection, outcome.version);
      return;
    }
    const name = this.deps.compare.nameOf(document.uri);
    const connection = await pickConnection(this.services.connections, `Publish ${name} to which connection?`);
    if (connection === undefined) return;
    const versionBefore = document.version;
    const wasDirty = document.isDirty;
    const outcome = await this.publish({ uri: document.uri, text: document.getText(), connection });
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
    const outcome = await this.publish({ uri, text, connection });
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

  /** The Discard Draft command: after a confirmation, the draft goes and the open document shows the stored revision. */
  async discardCommand(argument: vscode.Uri | ConnectionArgument): Promise<void> {
    const connection =
      argument === undefined || argument instanceof vscode.Uri
        ? this.fs.connectionOf(argument ?? vscode.window.activeTextEditor?.document.uri ?? vscode.Uri.parse('none:'))
        : argument.connection;
    if (connection === undefined) {
      void vscode.window.showWarningMessage(
        'dbkit: Discard Draft works on a deployed config (dbkit: Open Deployed Config).',
      );
      return;
    }
    const info = this.services.drafts.info(connection);
    const documents = this.fs.documentsOf(connection);
    if (info === undefined && !documents.some((d) => d.isDirty)) {
      void vscode.window.showInformationMessage(
        `dbkit: ${connection.label} has no draft: the editor shows the stored revision.`,
      );
      return;
    }
    const discard = 'Discard Draft';
    const choice = await vscode.window.showWarningMessage(
      `Discard the draft of ${connection.label}?`,
      {
        modal: true,
        detail:
          'Your unpublished edits of the deployed config are lost, and the editor shows the stored revision again. The service is not changed.',
      },
      discard,
    );
    if (choice !== discard) return;
    const read = await this.read(connection);
    if (!read.ok) {
      void this.services.connections.showFailure(read.failure, connection);
      return;
    }
    await this.services.drafts.discard(connection);
    this.fs.published(connection, read.stored);
    for (const document of documents) {
      const whole = { offset: 0, length: document.getText().length, content: read.stored.text };
      await applyReplacements(document, [whole]);
      if (document.isDirty) await document.save();
    }
    this.services.output.info(`dbkit: discarded the draft of ${connection.label}`);
  }

  /** After a save kept a draft: a save by hand (Ctrl+S) offers Publish; auto-save says nothing. */
  private offerPublish(saved: DraftSaved): void {
    if (!saved.manual) return;
    const info = this.services.drafts.info(saved.connection);
    const publish = 'Publish…';
    void vscode.window
      .showInformationMessage(
        `dbkit: ${info === undefined ? 'draft saved' : draftLabel(info, new Date())}: the service still runs the stored revision of ${saved.connection.label}.`,
        publish,
      )
      .then((choice) => {
        if (choice === publish) void this.publishCommand(saved.uri);
      });
  }

  /** Publishes one document at a time: a second Publish while the first one asks gets no second modal. */
  private async publish(request: PublishRequest): Promise<Published> {
    const key = request.uri.toString();
    if (this.publishing.has(key)) {
      return {
        published: false,
        reason: this.tell('warning', 'dbkit: this document is being published already; finish that first.'),
      };
    }
    this.publishing.add(key);
    try {
      return await this.steps(request);
    } finally {
      this.publishing.delete(key);
    }
  }

  /** Validate, plan and confirm, send, then answer: the steps of `lib/publish.ts`. */
  private async steps(request: PublishRequest): Promise<Published> {
    const { uri, text, connection } = request;
    const deployed = uri.scheme === DEPLOYED_SCHEME;
    const name = this.deps.compare.nameOf(uri);
    const target: PublishTarget = { name, connectionLabel: connection.label, deployed };
    /** Not published: the reason is told and logged. */
    const not = (reason: string): Published => ({ published: false, reason: this.tell('error', reason) });

    // 1. Validate: errors stop it.
    const counts = await this.validate(uri, text);
    if (typeof counts === 'string') return not(counts);
    const validation = afterValidation(target, counts);
    if (validation.kind === 'stop') {
      if (validation.showProblems) await vscode.commands.executeCommand('workbench.actions.view.problems');
      return not(validation.message);
    }

    // 2. Plan from the stored revision, and ask.
    const read = await this.read(connection);
    if (!read.ok) {
      void this.services.connections.showFailure(read.failure, connection);
      return { published: false, reason: read.message };
    }
    const { client, stored } = read;
    const next = nextRevision(text, stored.version);
    // The plan of what will be sent: the text with its next version, so no version warning about the editor's.
    const plan = await this.deps.compare.plan(
      { uri, name, text: next.text },
      { name: storedRevisionName(connection, stored.version), text: stored.text },
      false,
    );
    if (plan === undefined) return not('dbkit: there is no plan from the stored revision, so nothing was published.');
    const decision = afterPlan(target, { stored: stored.version, next: next.version }, plan);
    if (decision.kind === 'stop') return not(decision.message);
    const picked = await vscode.window.showWarningMessage(
      decision.message,
      { modal: true, detail: decision.detail },
      decision.action,
    );
    if (picked !== decision.action) {
      const reason = 'dbkit: not published (cancelled). Your edits are kept: publish again when you are ready.';
      this.services.output.info(reason);
      return { published: false, reason };
    }

    // 3. Send.
    let answer: PublishAnswer;
    let failed: ConnectionFailure | undefined;
    try {
      await client.automationConfig.put(connection.groupId, next.text, {
        allowUnsafeTransition: decision.allowUnsafeTransition,
      });
      answer = { kind: 'published', from: stored.version, to: next.version };
    } catch (error) {
      answer = failureOf(factsOf(error), {
        groupId: connection.groupId,
        base: next.base,
        sent: next.version,
        sentText: text,
        stored,
      });
      failed = this.services.connections.failure(error, connection);
    }

    // 4. Answer.
    const outcome = afterAnswer(target, answer, failed?.message);
    switch (outcome.kind) {
      case 'watch':
        this.markers.delete(uri);
        this.markers.delete(this.fs.uriFor(connection));
        this.services.output.info(outcome.message);
        this.fs.published(connection, { version: next.version, text: next.text });
        refreshExplorer();
        this.watch(client, connection, outcome.version);
        return { published: true, version: next.version, text: next.text, edits: next.edits };
      case 'markers': {
        const codesBaseUrl = this.deps.host.settings().codesBaseUrl;
        const markers = (list: readonly ServiceDiagnostic[]) => list.map((d) => toDiagnostic(d, codesBaseUrl));
        this.markers.set(uri, markers(outcome.editor));
        if (outcome.stored.length > 0) this.markers.set(this.fs.uriFor(connection), markers(outcome.stored));
        const show = 'Show Problems';
        void vscode.window.showErrorMessage(outcome.message, show).then((choice) => {
          if (choice === show) void vscode.commands.executeCommand('workbench.actions.view.problems');
        });
        this.services.output.warn(outcome.message);
        return { published: false, reason: outcome.message };
      }
      case 'conflict':
        this.services.output.warn(outcome.message);
        void vscode.window.showWarningMessage(outcome.message, outcome.action).then((choice) => {
          if (choice === outcome.action) void this.deps.compare.runDeployed(uri, connection);
        });
        return { published: false, reason: outcome.message };
      case 'error':
        if (failed?.action !== undefined && outcome.message === failed.message) {
          void this.services.connections.showFailure(failed, connection);
          return { published: false, reason: failed.message };
        }
        return not(outcome.message);
      default:
        return outcome satisfies never;
    }
  }

  /** The document's errors and warnings as the Problems panel shows them (overrides applied), or why there are none. */
  private async validate(uri: vscode.Uri, text: string): Promise<{ errors: number; warnings: number } | string> {
    const client = await this.deps.host.client();
    if (client === undefined) {
      return 'dbkit: the language server is not running, so the document cannot be validated and nothing was published. Turn on dbkit.enable, or run "dbkit: Restart Language Server".';
    }
    let raw: Diagnostic[];
    try {
      raw = await client.sendRequest<Diagnostic[]>(VALIDATE_REQUEST, { uri: uri.toString(), text, force: true });
    } catch (error) {
      this.services.output.error(`${VALIDATE_REQUEST}: ${messageOf(error)}`);
      return 'dbkit: the language server did not validate the document, so nothing was published. See the dbkit output, then try again.';
    }
    const diagnostics = applySeverityOverrides(
      await client.protocol2CodeConverter.asDiagnostics(raw),
      this.deps.host.settings().severityOverrides,
    );
    return {
      errors: diagnostics.filter((d) => d.severity === vscode.DiagnosticSeverity.Error).length,
      warnings: diagnostics.filter((d) => d.severity === vscode.DiagnosticSeverity.Warning).length,
    };
  }

  /** The connection's client and stored revision, or why not in one line. */
  private read(connection: ServiceConnection) {
    return this.services.connections.readStored(connection);
  }

  /**
   * Follows the agents in a cancellable progress notification, each status read as core's one line, until the
   * goal, a stuck process, the timeout or the user's cancel; then one message saying how it ended.
   */
  private watch(client: DbkitClient, connection: ServiceConnection, version: number): void {
    void vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: `dbkit: applying version ${version} (${connection.label})`,
        cancellable: true,
      },
      async (progress, token) => {
        const abort = new AbortController();
        const cancel = token.onCancellationRequested(() => abort.abort());
        let end: WatchEnd;
        try {
          const outcome = await client.automation.waitForGoal(connection.groupId, {
            version,
            timeoutMs: WATCH_TIMEOUT_MS,
            intervalMs: WATCH_INTERVAL_MS,
            signal: abort.signal,
            onProgress: (goal) => progress.report({ message: formatGoalProgress(goal) }),
          });
          end = outcome.kind === 'timeout' ? outcome : { kind: outcome.kind, progress: outcome.progress };
        } catch (error) {
          end = abort.signal.aborted
            ? { kind: 'cancelled' }
            : {
                kind: 'failed',
                message:
                  this.services.connections.describe(error, connection) ??
                  `dbkit: the automation status could not be read: ${messageOf(error)}`,
              };
        } finally {
          cancel.dispose();
        }
        const shown = afterWatch(version, end, WATCH_TIMEOUT_MS);
        refreshExplorer();
        // Not awaited: the progress notification closes now, the message stays until the user reads it.
        this.tell(shown.level, shown.message);
      },
    );
  }

  /** Shows and logs one line (never a document's text); returns it. */
  private tell(level: 'info' | 'warning' | 'error', message: string): string {
    if (level === 'info') {
      this.services.output.info(message);
      void vscode.window.showInformationMessage(message);
    } else if (level === 'warning') {
      this.services.output.warn(message);
      void vscode.window.showWarningMessage(message);
    } else {
      this.services.output.error(message);
      void vscode.window.showErrorMessage(message);
    }
    return message;
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

/** A service diagnostic (LSP severities 1–4) as VS Code's, at its place; a dbkit code links to its page. */
function toDiagnostic(d: ServiceDiagnostic, codesBaseUrl: string): vscode.Diagnostic {
  const { start, end } = d.range;
  const diagnostic = new vscode.Diagnostic(
    new vscode.Range(start.line, start.character, end.line, end.character),
    typeof d.message === 'string' ? d.message : d.message.value,
    ((d.severity ?? 1) - 1) as vscode.DiagnosticSeverity,
  );
  if (typeof d.code === 'string' && /^DBK\d{3}$/.test(d.code)) {
    diagnostic.code = { value: d.code, target: vscode.Uri.parse(`${codesBaseUrl}${d.code}`) };
  } else if (d.code !== undefined) diagnostic.code = d.code;
  diagnostic.source = d.source ?? 'dbkit service';
  return diagnostic;
}

/** The explorer shows each project's version and automation status: both move with a publish. */
function refreshExplorer(): void {
  void vscode.commands.executeCommand(Command.refreshServices).then(undefined, () => undefined);
}

/** Applies offset edits to a document; true when there were none or they applied. */
async function applyReplacements(document: vscode.TextDocument, edits: readonly TextReplacement[]): Promise<boolean> {
  if (edits.length === 0 || document.isClosed) return true;
  const edit = new vscode.WorkspaceEdit();
  for (const e of edits) {
    edit.replace(
      document.uri,
      new vscode.Range(document.positionAt(e.offset), document.positionAt(e.offset + e.length)),
      e.content,
    );
  }
  return vscode.workspace.applyEdit(edit);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
