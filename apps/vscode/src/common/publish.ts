/**
 * Publish, one revision at a time: validate with the language server, show the plan from the stored revision with a
 * modal confirmation, send `version` = stored + 1 (`nextRevision`, the rule `dbkit config push` and the playground
 * follow), then mark a refused revision, offer to compare on a 409, or follow the agents until they reach the goal.
 * What each step decides is in `lib/publish.ts`; which document goes to which connection is `deployed.ts`.
 */
import type { DbkitClient, StoredConfig } from '@dbkit/client';
import { formatGoalProgress } from '@dbkit/core';
import {
  factsOf,
  failureOf,
  type NextRevision,
  nextRevision,
  type ServiceDiagnostic,
  type TextReplacement,
} from '@dbkit/language-server/internal/publish';
import * as vscode from 'vscode';
import type { Diagnostic } from 'vscode-languageclient';
import type { ConnectionFailure } from '../lib/connectionFailure.js';
import type { ServiceConnection } from '../lib/connections.js';
import { Command, DEPLOYED_SCHEME, VALIDATE_REQUEST } from '../lib/constants.js';
import { storedRevisionName } from '../lib/deployed.js';
import {
  type AnswerDecision,
  afterAnswer,
  afterPlan,
  afterValidation,
  afterWatch,
  type PublishAnswer,
  type PublishTarget,
  type WatchEnd,
} from '../lib/publish.js';
import { applySeverityOverrides } from '../lib/severity.js';
import type { CompareCommand } from './compare.js';
import type { DeployedFileSystem } from './deployedFs.js';
import type { ServerHost } from './server.js';
import type { ServiceContext } from './serviceContext.js';

/** How long the progress notification follows the agents before saying where they stand. */
const WATCH_TIMEOUT_MS = 600_000;
const WATCH_INTERVAL_MS = 1_000;

/** What publishing needs from the rest of the extension. */
export interface PublishDependencies {
  readonly host: ServerHost;
  readonly compare: CompareCommand;
}

/** A revision to publish: the document's uri, its text, and the connection it goes to. */
export interface PublishRequest {
  readonly uri: vscode.Uri;
  readonly text: string;
  readonly connection: ServiceConnection;
}

/** How a publish ended: the version now stored, its text and the edit that made the document say it; or why not. */
export type Published =
  | {
      readonly published: true;
      readonly version: number;
      readonly text: string;
      readonly edits: readonly TextReplacement[];
    }
  | { readonly published: false; readonly reason: string };

/** What the user confirmed: the client, the stored revision it plans from, and the revision it sends. */
interface Confirmed {
  readonly client: DbkitClient;
  readonly stored: StoredConfig;
  readonly next: NextRevision;
  readonly allowUnsafeTransition: boolean;
}

/** What the service answered, and the connection's words for a failure that is not about the document. */
interface Sent {
  readonly answer: PublishAnswer;
  readonly failed: ConnectionFailure | undefined;
}

/** Publishes revisions and keeps the service's diagnostics of a refused one on its documents. */
export class Publisher implements vscode.Disposable {
  /** The service's diagnostics of a refused revision, at their places. */
  private readonly markers = vscode.languages.createDiagnosticCollection('dbkit service');
  /** The documents being published, so a second save waits for no second modal. */
  private readonly publishing = new Set<string>();
  private readonly disposables: vscode.Disposable[];

  constructor(
    private readonly services: ServiceContext,
    private readonly deps: PublishDependencies,
    private readonly fs: DeployedFileSystem,
  ) {
    this.disposables = [
      this.markers,
      // A marker points at the text that was sent: once the document changes, it would point at the wrong place.
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.contentChanges.length > 0) this.markers.delete(event.document.uri);
      }),
    ];
  }

  /** Publishes one document at a time: a second Publish while the first one asks gets no second modal. */
  async publish(request: PublishRequest): Promise<Published> {
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

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }

  /** Validate, plan and confirm, send, then answer: the steps of `lib/publish.ts`. */
  private async steps(request: PublishRequest): Promise<Published> {
    const { uri, connection } = request;
    const target: PublishTarget = {
      name: this.deps.compare.nameOf(uri),
      connectionLabel: connection.label,
      deployed: uri.scheme === DEPLOYED_SCHEME,
    };
    const invalid = await this.validateStep(request, target);
    if (invalid !== undefined) return invalid;
    const confirmed = await this.planAndConfirm(request, target);
    if ('published' in confirmed) return confirmed;
    const sent = await this.send(request, confirmed);
    return this.answer(request, confirmed, afterAnswer(target, sent.answer, sent.failed?.message), sent.failed);
  }

  /** 1. Validate: errors stop it. */
  private async validateStep(request: PublishRequest, target: PublishTarget): Promise<Published | undefined> {
    const counts = await this.validate(request.uri, request.text);
    if (typeof counts === 'string') return this.not(counts);
    const validation = afterValidation(target, counts);
    if (validation.kind === 'stop') {
      if (validation.showProblems) await vscode.commands.executeCommand('workbench.actions.view.problems');
      return this.not(validation.message);
    }
    return undefined;
  }

  /** 2. Plan from the stored revision, and ask. */
  private async planAndConfirm(request: PublishRequest, target: PublishTarget): Promise<Confirmed | Published> {
    const { uri, text, connection } = request;
    const read = await this.services.connections.readStored(connection);
    if (!read.ok) {
      void this.services.connections.showFailure(read.failure, connection);
      return { published: false, reason: read.message };
    }
    const { client, stored } = read;
    const next = nextRevision(text, stored.version);
    // The plan of what will be sent: the text with its next version, so no version warning about the editor's.
    const plan = await this.deps.compare.plan(
      { uri, name: target.name, text: next.text },
      { name: storedRevisionName(connection, stored.version), text: stored.text },
      false,
    );
    if (plan === undefined) {
      return this.not('dbkit: there is no plan from the stored revision, so nothing was published.');
    }
    const decision = afterPlan(target, { stored: stored.version, next: next.version }, plan);
    if (decision.kind === 'stop') return this.not(decision.message);
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
    return { client, stored, next, allowUnsafeTransition: decision.allowUnsafeTransition };
  }

  /** 3. Send, and read the service's answer. */
  private async send(request: PublishRequest, confirmed: Confirmed): Promise<Sent> {
    const { text, connection } = request;
    const { client, stored, next } = confirmed;
    try {
      await client.automationConfig.put(connection.groupId, next.text, {
        allowUnsafeTransition: confirmed.allowUnsafeTransition,
      });
      return { answer: { kind: 'published', from: stored.version, to: next.version }, failed: undefined };
    } catch (error) {
      const answer = failureOf(factsOf(error), {
        groupId: connection.groupId,
        base: next.base,
        sent: next.version,
        sentText: text,
        stored,
      });
      return { answer, failed: this.services.connections.failure(error, connection) };
    }
  }

  /** 4. Answer: follow the agents, mark the refused revision, offer to compare, or say what failed. */
  private answer(
    request: PublishRequest,
    confirmed: Confirmed,
    outcome: AnswerDecision,
    failed: ConnectionFailure | undefined,
  ): Published {
    const { uri, connection } = request;
    const { next } = confirmed;
    switch (outcome.kind) {
      case 'watch':
        this.markers.delete(uri);
        this.markers.delete(this.fs.uriFor(connection));
        this.services.output.info(outcome.message);
        this.fs.published(connection, { version: next.version, text: next.text });
        refreshExplorer();
        this.watch(confirmed.client, connection, outcome.version);
        return { published: true, version: next.version, text: next.text, edits: next.edits };
      case 'markers':
        this.mark(request, outcome);
        return { published: false, reason: outcome.message };
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
        return this.not(outcome.message);
      default:
        return outcome satisfies never;
    }
  }

  /** A refused revision: the service's diagnostics on the published document and the stored one, and a message. */
  private mark(request: PublishRequest, outcome: Extract<AnswerDecision, { kind: 'markers' }>): void {
    const codesBaseUrl = this.deps.host.settings().codesBaseUrl;
    const markers = (list: readonly ServiceDiagnostic[]) => list.map((d) => toDiagnostic(d, codesBaseUrl));
    this.markers.set(request.uri, markers(outcome.editor));
    if (outcome.stored.length > 0) this.markers.set(this.fs.uriFor(request.connection), markers(outcome.stored));
    const show = 'Show Problems';
    void vscode.window.showErrorMessage(outcome.message, show).then((choice) => {
      if (choice === show) void vscode.commands.executeCommand('workbench.actions.view.problems');
    });
    this.services.output.warn(outcome.message);
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

  /** Not published: the reason is told and logged. */
  private not(reason: string): Published {
    return { published: false, reason: this.tell('error', reason) };
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

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
