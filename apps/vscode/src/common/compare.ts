/**
 * "dbkit: Compare with…": the plan from a deployed revision (the file's Git HEAD version, a file the user picks, or
 * the revision stored on a service) to the automation config in the active editor, unsaved edits included. The
 * server makes the plan (`dbkit/plan`: core's `planTransition`, rendered as `dbkit plan` prints it); this opens it
 * read-only beside the editor, with its diagnostics in the Problems panel. Every failure is one message saying what,
 * why and what to do.
 */
import { nextRevision } from '@dbkit/language-server/internal/publish';
import type { PlanParams, PlanResult } from '@dbkit/language-server/server';
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import {
  type HeadAvailability,
  headAvailability,
  planSummary,
  readFailure,
  unreadableMessage,
} from '../lib/compare.js';
import type { ServiceConnection } from '../lib/connections.js';
import { DEPLOYED_SCHEME, LANGUAGE_ID, PLAN_REQUEST } from '../lib/constants.js';
import type { ClientSettings } from '../lib/settings.js';
import { applySeverityOverrides } from '../lib/severity.js';
import { type GitLookup, gitFacts, showHead } from './git.js';
import type { PlanDocuments } from './planDocuments.js';
import type { ServerHost } from './server.js';

/** The deployed revision: its name in the plan, its text, and its uri when it is a file of its own. */
export interface OldRevision {
  readonly name: string;
  readonly text: string;
  readonly uri?: vscode.Uri;
  /** A stored revision's version: the compared text is planned as Publish would send it, one version above. */
  readonly version?: number;
}

/** The new revision: the compared document's uri, its name in the plan, and its text (unsaved edits included). */
export interface NewRevision {
  readonly uri: vscode.Uri;
  readonly name: string;
  readonly text: string;
}

/** The revisions stored on the services, offered as the third choice (`registerDeployed` provides them). */
export interface DeployedRevisions {
  /** The connections to offer for a document: a deployed document's own first. */
  connectionsFor(uri: vscode.Uri): readonly ServiceConnection[];
  /** A deployed document's name in plans and messages; undefined for any other document. */
  nameOf(uri: vscode.Uri): string | undefined;
  /** Asks for a connection when there is none yet. */
  add(): Promise<ServiceConnection | undefined>;
  /** The stored revision of the connection's project; undefined once the user has been told why not. */
  stored(connection: ServiceConnection): Promise<OldRevision | undefined>;
}

interface Choice extends vscode.QuickPickItem {
  readonly id: 'head' | 'file' | 'deployed';
  /** For `deployed`: the connection; none when there is no connection yet. */
  readonly connection?: ServiceConnection;
}

/** A plan shown beside its document: how to read the old revision again, and the pending replan. */
interface Followed {
  readonly old: () => Promise<OldRevision | undefined>;
  /** The old revision's own document (a file compared with), whose edits replan too. */
  readonly oldUri?: vscode.Uri;
  readonly planUri: vscode.Uri;
  timer?: ReturnType<typeof setTimeout>;
}

/** How long the plan waits after the last keystroke before it is made again (as the playground's compare view). */
const REPLAN_DELAY_MS = 300;

export class CompareCommand implements vscode.Disposable {
  private deployed: DeployedRevisions | undefined;
  /** The plans shown, by the compared document's uri: each follows edits of either side. */
  private readonly followed = new Map<string, Followed>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly host: ServerHost,
    private readonly plans: PlanDocuments,
    private readonly settings: () => ClientSettings,
    private readonly output: vscode.LogOutputChannel,
  ) {
    this.subscriptions = [
      vscode.workspace.onDidChangeTextDocument((event) => this.changed(event.document.uri)),
      vscode.workspace.onDidCloseTextDocument((document) => this.unfollow(document.uri.toString())),
    ];
  }

  dispose(): void {
    for (const key of [...this.followed.keys()]) this.unfollow(key);
    for (const subscription of this.subscriptions) subscription.dispose();
  }

  /** Adds the service's stored revisions to the choices. */
  offerDeployed(deployed: DeployedRevisions): void {
    this.deployed = deployed;
  }

  /** Runs the command on `uri` (from a menu) or the active editor's document. */
  async run(uri?: vscode.Uri): Promise<void> {
    const document = await this.target(uri);
    if (document === undefined) return;
    const name = this.nameOf(document.uri);
    // Git is asked while the pick is already shown: the Git extension may still be reading the repository.
    const git = gitFacts(document.uri);
    const connections = this.deployed?.connectionsFor(document.uri);
    const choice = await pickRevision(name, git, connections, document.uri.scheme === DEPLOYED_SCHEME);
    if (choice === undefined) return;
    let old: OldRevision | undefined;
    if (choice.id === 'deployed') {
      const connection = choice.connection ?? (await this.deployed?.add());
      if (connection === undefined) return;
      await this.runDeployed(document.uri, connection);
      return;
    }
    if (choice.id === 'head') {
      const { facts, repository } = await git;
      const head = headAvailability(facts);
      if (!head.available || repository === undefined) {
        void vscode.window.showWarningMessage(
          `dbkit: no Git HEAD version of ${name}: ${head.available ? 'git did not answer' : head.reason}. ${head.available ? 'Try again, or choose “A file…”.' : head.hint}`,
        );
        return;
      }
      try {
        old = { name: head.name, text: await showHead(repository, document.uri) };
      } catch (error) {
        this.output.warn(`git show HEAD:${name}: ${error instanceof Error ? error.message : String(error)}`);
        void vscode.window.showErrorMessage(
          `dbkit: git could not show ${head.name} (is the file committed?). Commit it, or choose “A file…” to compare with a file instead.`,
        );
        return;
      }
    } else {
      old = await this.pickFile(document.uri);
      if (old === undefined) return;
    }
    const shown = old;
    await this.follow(document.uri, async () => shown, shown.uri);
  }

  /**
   * Compares the document at `uri` (as the editor shows it) with the revision stored on the connection's service:
   * the third choice, and what a refused publish (409) offers.
   */
  async runDeployed(uri: vscode.Uri, connection: ServiceConnection): Promise<void> {
    const document = await this.target(uri);
    if (document === undefined) return;
    // The stored revision is read again at each replan: someone may publish meanwhile.
    await this.follow(document.uri, async () => this.deployed?.stored(connection));
  }

  /**
   * Plans `uri`'s document against `old()` now, then again after each pause in editing either side, while the plan
   * is open. A stored revision is compared with the text Publish would send (the next version).
   */
  private async follow(uri: vscode.Uri, old: () => Promise<OldRevision | undefined>, oldUri?: vscode.Uri) {
    this.unfollow(uri.toString());
    const made = await this.replan(uri, old, true);
    if (made === undefined || !made.ok) return;
    this.followed.set(uri.toString(), { old, planUri: this.plans.uriFor(uri), ...(oldUri ? { oldUri } : {}) });
  }

  private async replan(uri: vscode.Uri, old: () => Promise<OldRevision | undefined>, first: boolean) {
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    const revision = document === undefined ? undefined : await old();
    if (document === undefined || revision === undefined) return undefined;
    const text =
      revision.version === undefined ? document.getText() : nextRevision(document.getText(), revision.version).text;
    return this.plan({ uri, name: this.nameOf(uri), text }, revision, first, first);
  }

  /** An edit of a compared document, or of the file it is compared with: replan once the typing pauses. */
  private changed(uri: vscode.Uri): void {
    const key = uri.toString();
    for (const [target, followed] of this.followed) {
      if (target !== key && followed.oldUri?.toString() !== key) continue;
      if (!this.planShown(followed.planUri)) {
        this.unfollow(target);
        continue;
      }
      clearTimeout(followed.timer);
      followed.timer = setTimeout(() => {
        void this.replan(vscode.Uri.parse(target), followed.old, false);
      }, REPLAN_DELAY_MS);
    }
  }

  /** Whether the plan is still in a tab: a closed plan stops following. */
  private planShown(planUri: vscode.Uri): boolean {
    return vscode.window.tabGroups.all.some((group) =>
      group.tabs.some(
        (tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === planUri.toString(),
      ),
    );
  }

  private unfollow(key: string): void {
    clearTimeout(this.followed.get(key)?.timer);
    this.followed.delete(key);
  }

  /** A document's name in plans and messages: its workspace path, or what a deployed document is called. */
  nameOf(uri: vscode.Uri): string {
    return this.deployed?.nameOf(uri) ?? vscode.workspace.asRelativePath(uri, false);
  }

  /** The automation config to compare (the one named by a menu, else the active editor's), or a warning. */
  private async target(uri: vscode.Uri | undefined): Promise<vscode.TextDocument | undefined> {
    const document = await automationConfigAt(uri);
    if (document === undefined) {
      void vscode.window.showWarningMessage(
        'dbkit: Compare with… needs an automation config in the editor. Open one (language "Automation Config"), then run the command again.',
      );
    }
    return document;
  }

  private async pickFile(source: vscode.Uri): Promise<OldRevision | undefined> {
    const [picked] =
      (await vscode.window.showOpenDialog({
        title: 'dbkit: the deployed revision to compare with',
        openLabel: 'Compare',
        canSelectFiles: true,
        canSelectFolders: false,
        canSelectMany: false,
        defaultUri: vscode.Uri.joinPath(source, '..'),
        filters: { 'Automation configs': ['json'], 'All files': ['*'] },
      })) ?? [];
    if (picked === undefined) return undefined;
    const name = vscode.workspace.asRelativePath(picked, false);
    // A file open in an editor is compared as it is shown, unsaved edits included.
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === picked.toString());
    if (open !== undefined) return { name, text: open.getText(), uri: picked };
    try {
      return { name, text: new TextDecoder('utf-8').decode(await vscode.workspace.fs.readFile(picked)), uri: picked };
    } catch (error) {
      const code = error instanceof vscode.FileSystemError ? error.code : (error as { code?: string }).code;
      const message = error instanceof Error ? error.message : String(error);
      void vscode.window.showErrorMessage(unreadableMessage(name, readFailure(code, message)));
      return undefined;
    }
  }

  /**
   * Makes the plan from `old` to `revision` and shows it beside the editor, its diagnostics in the Problems panel;
   * resolves with the server's answer (undefined once the user has been told there is none). `notify: false` leaves
   * telling the user about the answer to the caller (Publish asks with a modal instead); `reveal: false` refreshes a
   * plan already shown without moving the focus to it.
   */
  async plan(revision: NewRevision, old: OldRevision, notify = true, reveal = true): Promise<PlanResult | undefined> {
    const { name } = revision;
    const client = await this.host.client();
    if (client === undefined) {
      void vscode.window.showWarningMessage(
        this.settings().enable
          ? 'dbkit: the language server is not running, so there is no plan. See the dbkit output, or run "dbkit: Restart Language Server".'
          : 'dbkit is disabled (setting dbkit.enable): turn it on to compare revisions.',
      );
      return undefined;
    }
    const planUri = this.plans.uriFor(revision.uri);
    const params: PlanParams = {
      from: { name: old.name, text: old.text, ...(old.uri ? { uri: old.uri.toString() } : {}) },
      to: { name, text: revision.text, uri: revision.uri.toString() },
      planUri: planUri.toString(),
    };
    let result: PlanResult;
    try {
      result = await client.sendRequest<PlanResult>(PLAN_REQUEST, params);
    } catch (error) {
      this.output.error(`${PLAN_REQUEST}: ${error instanceof Error ? error.message : String(error)}`);
      void vscode.window.showErrorMessage(
        'dbkit: the language server did not answer with a plan. See the dbkit output, then try again.',
      );
      return undefined;
    }
    if (!result.ok) {
      if (notify) {
        void vscode.window.showErrorMessage(result.error.startsWith('dbkit') ? result.error : `dbkit: ${result.error}`);
      }
      return result;
    }
    const shown = {
      text: result.text,
      planDiagnostics: await this.diagnostics(client, result.planDiagnostics),
      revisionDiagnostics: await Promise.all(
        result.revisionDiagnostics.map(async (r) => ({
          uri: vscode.Uri.parse(r.uri),
          diagnostics: await this.diagnostics(client, r.diagnostics),
        })),
      ),
    };
    await this.plans.show(planUri, shown, reveal);
    const summary = planSummary(old.name, name, result.counts);
    this.output.info(summary);
    if (notify && result.counts.errors > 0) {
      // Not awaited: the command is done once the plan shows; the notification waits for the user on its own.
      const show = 'Show Problems';
      void vscode.window.showWarningMessage(summary, show).then((picked) => {
        if (picked === show) void vscode.commands.executeCommand('workbench.actions.view.problems');
      });
    }
    return result;
  }

  private async diagnostics(
    client: BaseLanguageClient,
    diagnostics: Extract<PlanResult, { ok: true }>['planDiagnostics'],
  ): Promise<vscode.Diagnostic[]> {
    const converted = await client.protocol2CodeConverter.asDiagnostics(diagnostics);
    return applySeverityOverrides(converted, this.settings().severityOverrides);
  }
}

/** The automation config named by a menu (`uri`), else the active editor's; undefined when it is not one. */
export async function automationConfigAt(uri: vscode.Uri | undefined): Promise<vscode.TextDocument | undefined> {
  if (uri instanceof vscode.Uri) {
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    const document = open ?? (await vscode.workspace.openTextDocument(uri).then(undefined, () => undefined));
    return document?.languageId === LANGUAGE_ID ? document : undefined;
  }
  const active = vscode.window.activeTextEditor?.document;
  return active?.languageId === LANGUAGE_ID ? active : undefined;
}

/**
 * The quick pick: "Git HEAD version of this file" (busy until git answers, then saying why when it is not
 * available), "A file…", and the deployed revision of each connection (`connections`, the document's own first and
 * active). Resolves with the choice, or undefined when the user closes it.
 */
async function pickRevision(
  name: string,
  git: Promise<GitLookup>,
  connections: readonly ServiceConnection[] | undefined,
  deployedFirst: boolean,
): Promise<Choice | undefined> {
  const quickPick = vscode.window.createQuickPick<Choice>();
  quickPick.title = `dbkit: Compare ${name} with…`;
  quickPick.placeholder =
    'The deployed revision to plan from (the editor’s text, unsaved edits included, is the new one)';
  const deployed = connections === undefined ? [] : deployedChoices(connections);
  // A deployed document has no Git HEAD: the service it came from is what it is compared with first.
  const withDeployed = (items: Choice[]) => (deployedFirst ? [...deployed, ...items] : [...items, ...deployed]);
  const sameChoice = (a: Choice | undefined, b: Choice) => a?.id === b.id && a?.connection?.id === b.connection?.id;
  quickPick.items = withDeployed(choices(undefined));
  if (deployedFirst && deployed[0] !== undefined) quickPick.activeItems = [deployed[0]];
  quickPick.busy = true;
  void git.then(({ facts }) => {
    const active = quickPick.activeItems[0];
    quickPick.items = withDeployed(choices(headAvailability(facts)));
    quickPick.activeItems = quickPick.items.filter((item) => sameChoice(active, item));
    quickPick.busy = false;
  });
  try {
    return await new Promise<Choice | undefined>((resolve) => {
      quickPick.onDidAccept(() => {
        resolve(quickPick.selectedItems[0]);
        quickPick.hide();
      });
      quickPick.onDidHide(() => resolve(undefined));
      quickPick.show();
    });
  } finally {
    quickPick.dispose();
  }
}

/** The pick's items; `head` undefined while git has not answered. */
function choices(head: HeadAvailability | undefined): Choice[] {
  if (head === undefined) {
    return [
      {
        id: 'head',
        label: '$(git-commit) Git HEAD version of this file',
        description: 'checking git…',
        detail: 'The last committed revision, as deployed.',
      },
      FILE_CHOICE,
    ];
  }
  return [
    head.available
      ? {
          id: 'head',
          label: '$(git-commit) Git HEAD version of this file',
          description: head.name,
          detail: 'The last committed revision, as deployed.',
        }
      : {
          id: 'head',
          label: '$(git-commit) Git HEAD version of this file',
          description: 'not available',
          detail: `${head.reason[0]?.toUpperCase()}${head.reason.slice(1)}. ${head.hint}`,
        },
    FILE_CHOICE,
  ];
}

/**
 * One choice per connection: "The deployed revision (<connection>)"; with no connection yet, one that offers to
 * add one.
 */
function deployedChoices(connections: readonly ServiceConnection[]): Choice[] {
  if (connections.length === 0) {
    return [
      {
        id: 'deployed',
        label: '$(cloud) The deployed revision…',
        description: 'no service connection yet',
        detail: 'The revision stored on a dbkit service: choose this to add a service connection.',
      },
    ];
  }
  return connections.map((connection) => ({
    id: 'deployed',
    label: `$(cloud) The deployed revision (${connection.label})`,
    description: connection.baseUrl,
    detail: `The revision stored on the service for project ${connection.groupId}: what its agents apply.`,
    connection,
  }));
}

const FILE_CHOICE: Choice = {
  id: 'file',
  label: '$(file) A file…',
  detail: 'Choose the deployed revision: another automation config on disk.',
};
